import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACIENTE_COLUMNAS } from '@radica/contracts/rips';
import { PAR1_JSON, PROVIDER_CONFIG, client, createTestDatabase, registerAndLogin, sample, uploadPar1Copy, waitFor } from './helpers.ts';
import { COMPILED_TARGETS, ROOT, buildOnce, startCompiled, type TCompiledProcess } from './compiled.ts';

/**
 * What ships, run as it ships (docs/decisions/042): `npm start` (scripts/start.mjs → apps/api/dist/server.js) in a
 * child process, never `buildApp` on the sources. Every worker thread and data file the bundles read is used once:
 * the upload analysis, the spreadsheet export and import (XLSX and CSV), the patients CSV, the CUPS / CIE-10 /
 * municipality / country / REPS look-ups, a send to the MUV simulator for a CUV; after each the process still serves.
 * On PostgreSQL when DATABASE_URL is set (its own database), else the embedded PGlite.
 */
describe('the compiled build, started as npm start', () => {
  let srv: TCompiledProcess;
  let db: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  let c: ReturnType<typeof client>;
  const headers = () => ({ authorization: `Bearer ${c.token}`, 'x-validator': c.validator });
  const alive = async () => {
    expect(srv.child.exitCode, srv.stderr()).toBeNull();
    expect((await fetch(`${srv.url}/health/ready`)).status).toBe(200);
  };
  const form = (name: string, bytes: Uint8Array, fields: Record<string, string> = {}) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    f.append('archivo', new Blob([new Uint8Array(bytes)]), name);
    return f;
  };

  beforeAll(async () => {
    await buildOnce(COMPILED_TARGETS);
    if (process.env.DATABASE_URL) db = await createTestDatabase();
    srv = await startCompiled('server', {
      MUV_SIMULATOR: 'true',
      RATE_LIMIT_SCALE: '10',
      ...(db ? { DATABASE_URL: db.url } : {}),
    });
    c = (await registerAndLogin(srv.url, 'compilado@ips.co', '901019681', undefined, ['ministerio'])).c;
    expect((await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await srv?.stop('SIGKILL');
    await db?.drop();
  });

  it('serves the built SPA', async () => {
    expect(existsSync(join(ROOT, 'apps/web/dist/index.html'))).toBe(true);
    const res = await fetch(`${srv.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"');
  });

  it('uploads a real pair (analysis worker) and sends it to the simulator for a CUV', async () => {
    const id = await uploadPar1Copy(c, 'CMP1001');
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect([200, 202], JSON.stringify(sent.body)).toContain(sent.status);
    const doc = await waitFor('approved', async () => {
      const d = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
      return d?.estado === 'APROBADO' ? d : null;
    }, 60_000);
    expect(String(doc.cuv ?? '')).toMatch(/^[0-9a-f]{96}$/i);
    await alive();
  });

  it('exports a draft as XLSX and CSV and imports both back (spreadsheet worker); the server outlives every call', async () => {
    const f = new FormData();
    f.append('origen', 'json');
    f.append('archivo', new Blob([new Uint8Array(sample(PAR1_JSON))]), 'A01E5687.json');
    const created = await c.post('/api/rips/borradores', f);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    for (const formato of ['xlsx', 'csv']) {
      const res = await fetch(`${srv.url}/api/rips/borradores/${id}/hoja?formato=${formato}`, { headers: headers() });
      expect(res.status, formato).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.length, formato).toBeGreaterThan(100);
      const imported = await c.post('/api/rips/borradores', form(`hoja.${formato}`, bytes, { origen: 'hoja' }));
      expect(imported.status, `${formato}: ${JSON.stringify(imported.body)}`).toBe(200);
      await alive();
    }
  });

  it('imports a patients CSV (spreadsheet worker)', async () => {
    const csv = `${PACIENTE_COLUMNAS.join(';')}\r\nCC;20000001;1980-02-01;F;01;170;11001;02;170;Paciente uno\r\n`;
    const res = await c.post('/api/rips/pacientes/importar', form('pacientes.csv', Buffer.from(csv, 'utf8')));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await alive();
  });

  it('answers the reference searches from the data files: CUPS, CIE-10, municipalities, countries, DIVIPOLA, REPS', async () => {
    for (const [tipo, texto] of [['cups', '890201'], ['cie10', 'A09'], ['municipios', 'Bogot'], ['paises', 'Colom']] as const) {
      const res = await c.get(`/api/rips/referencias/${tipo}?texto=${encodeURIComponent(texto)}`);
      expect(res.status, `${tipo}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.items.length, tipo).toBeGreaterThan(0);
    }
    const geo = await c.get('/api/Geografia/autocomplete?texto=Medell');
    expect(geo.status, JSON.stringify(geo.body)).toBe(200);
    const reps = await c.get('/api/Auth/prestadores/autocomplete?texto=hospital');
    expect(reps.status, JSON.stringify(reps.body)).toBeLessThan(500);
    await alive();
  });

  it.runIf(process.env.DATABASE_URL)('npm run migrate in production needs DATABASE_URL only', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/start.mjs'), 'migrate'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATABASE_URL: db!.url },
    });
    // No refusal (pg may print a deprecation warning of its own on stderr: not ours to silence).
    expect(r.stderr).not.toMatch(/Configuración inválida|falló/);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Migraciones al día');
  });

  it('SIGTERM while a request is still arriving: that request is answered, then the process exits 0', async () => {
    const { request } = await import('node:http');
    const body = JSON.stringify({ email: 'compilado@ips.co', password: 'no-es-la-clave', rememberMe: false });
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(`${srv.url}/api/Auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      // half the body now, SIGTERM, the rest 300 ms later
      req.write(body.slice(0, 20));
      setTimeout(() => {
        srv.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    expect(await answered).toBe(401);
    expect(await srv.exited).toBe(0);
  });
});
