import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fevRips, muvAttempts } from '../../db/schema.ts';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { PROVIDER_CONFIG, client, registerAndLogin, startSimulator, startTestApp, uploadPar1Copy, waitFor, type TTestApp } from '../../../test/helpers.ts';
import { serverProcess } from '../../../test/compiled.ts';


type TClient = ReturnType<typeof client>;
const estados = async (c: TClient, prefix: string) => {
  const res = await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 100, estado: '', formato: prefix });
  return res.body.data.results.data as Array<{ id: number; estado: string; enviandose: boolean; intentosEnvio: number }>;
};

describe('bulk send as durable jobs', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let t: TTestApp;
  beforeAll(async () => {
    sim = await startSimulator(40);
    t = await startTestApp({ muvBaseUrl: sim.url, muvSimulator: false, jobsBatchSize: 3, sendLeaseS: 6 });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.app.close();
  });

  it('enqueues one job per sendable document, shows progress, sends each once, one at a time per tenant', async () => {
    const { c } = await registerAndLogin(t.url, 'masivo@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await uploadPar1Copy(c, `BLK${100 + i}`));
    const partial = await uploadPar1Copy(c, 'BLK199', { json: false });
    const before = await sim.stats();

    const desde = new Date(Date.now() - 1000).toISOString();
    const res = await c.post('/api/FevRips/envio-masivo', { ids: [...ids, partial], formatos: ['NOEXISTE9'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ encolados: 6, omitidos: 2 });
    // Each left-out document says why, in Spanish.
    expect(res.body.data.detalleOmitidos).toEqual(
      expect.arrayContaining([
        { id: partial, formato: 'BLK199', motivo: MSG_MINISTERIO.motivoOmision('PENDIENTE_RIPS') },
        { id: null, formato: 'NOEXISTE9', motivo: MSG_MINISTERIO.motivoOmision('NO_ENCONTRADO') },
      ]),
    );
    expect(MSG_MINISTERIO.motivoOmision('PENDIENTE_RIPS')).toBe('le falta un archivo');
    // The batch's summary: still running now, then every document approved.
    const resumen = () => c.post('/api/FevRips/envio-masivo/resultado', { ids, desde });
    expect((await resumen()).body.data.enCurso).toBeGreaterThan(0);
    // Progress is visible in the list, and a second click does not enqueue anything twice.
    const during = await estados(c, 'BLK1');
    expect(during.filter((d) => d.enviandose).length).toBeGreaterThan(0);
    const twice = await c.post('/api/FevRips/envio-masivo', { ids });
    expect(twice.body.data.encolados).toBeLessThan(6);

    await waitFor('all approved', async () => (await estados(c, 'BLK1')).filter((d) => ids.includes(d.id)).every((d) => d.estado === 'APROBADO'));
    await waitFor('batch over', async () => (await resumen()).body.data.enCurso === 0);
    expect((await resumen()).body.data).toEqual({ enCurso: 0, aprobados: 6, noAprobados: [], sinEnviar: 0, sinRespuesta: 0 });
    // An attacker: another tenant sees nothing of these ids; no session is 401; a malformed body is a Spanish 400.
    const { c: otro } = await registerAndLogin(t.url, 'masivo-otro@example.co', '901019681');
    expect((await otro.post('/api/FevRips/envio-masivo/resultado', { ids, desde })).body.data).toEqual({ enCurso: 0, aprobados: 0, noAprobados: [], sinEnviar: 0, sinRespuesta: 0 });
    expect((await client(t.url).post('/api/FevRips/envio-masivo/resultado', { ids, desde })).status).toBe(401);
    for (const body of [{ ids: [], desde }, { ids, desde: 'ayer' }, { ids: ['x'], desde }, {}]) {
      const bad = await c.post('/api/FevRips/envio-masivo/resultado', body);
      expect(bad.status).toBe(400);
      expect(typeof bad.body.message).toBe('string');
    }
    const after = await sim.stats();
    expect(after.aceptados - before.aceptados).toBe(6);
    expect(after.cargas - before.cargas).toBe(6);
    const rows = (await estados(c, 'BLK1')).filter((d) => ids.includes(d.id));
    expect(rows.every((d) => d.intentosEnvio === 1 && !d.enviandose)).toBe(true);
    // The detail's history says the send was scheduled in bulk.
    const historial = (await c.get(`/api/FevRips/${ids[0]}/detail`)).body.data.historial as Array<{ accion: string; descripcion: string }>;
    expect(historial.find((e) => e.accion === 'envio_programado')?.descripcion).toBe('Programó el envío · envío masivo');

    // Per-tenant concurrency 1: the tenant's uploads to the ministry never overlapped in time.
    const attempts = (await t.app.deps.db.select().from(muvAttempts).where(eq(muvAttempts.operation, 'CargarFevRips')))
      .filter((a) => ids.includes(a.fevRipsId ?? 0))
      .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
    expect(attempts).toHaveLength(6);
    for (let i = 1; i < attempts.length; i++) expect(attempts[i]!.startedAt.getTime()).toBeGreaterThanOrEqual(attempts[i - 1]!.finishedAt!.getTime());
  });

  it('a job whose document is claimed by a dead worker (lapsed lease) sends it once; one held by a live send is left alone', async () => {
    const { c } = await registerAndLogin(t.url, 'huerfano@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const id = await uploadPar1Copy(c, 'ORF100');
    const fresh = await uploadPar1Copy(c, 'ORF101');
    const old = new Date(Date.now() - 3_600_000);
    await t.app.deps.db.update(fevRips).set({ estado: 'ENPROCESO', estadoPrevio: 'EN_ESPERA', envioIniciadoAt: old }).where(eq(fevRips.id, id));
    // A claim whose lease is being renewed is a live send elsewhere: the job must leave it alone.
    await t.app.deps.db
      .update(fevRips)
      .set({ estado: 'ENPROCESO', estadoPrevio: 'EN_ESPERA', envioIniciadoAt: new Date(), envioLeaseHasta: new Date(Date.now() + 3_600_000) })
      .where(eq(fevRips.id, fresh));
    const before = await sim.stats();
    const [doc] = await t.app.deps.db.select().from(fevRips).where(eq(fevRips.id, id));
    await t.app.deps.jobs!.enqueueSends(doc!.tenantId, doc!.idUsuario, [id, fresh]);
    await waitFor('orphan approved', async () => (await estados(c, 'ORF10')).find((d) => d.id === id)?.estado === 'APROBADO');
    await waitFor('jobs done', async () => (await estados(c, 'ORF10')).every((d) => !d.enviandose));
    expect((await estados(c, 'ORF10')).find((d) => d.id === fresh)?.estado).toBe('ENPROCESO');
    expect((await sim.stats()).aceptados - before.aceptados).toBe(1);
  });
});



describe('a restart mid-batch resumes without sending anything twice or losing anything', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let child: ChildProcess | null = null;
  beforeAll(async () => {
    sim = await startSimulator(150);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await sim?.app.close();
  });

  it('SIGKILL of the API (embedded PGlite on disk) mid-batch, start again: every document APROBADO, each accepted once', async () => {
    const proc = await serverProcess({ MUV_BASE_URL: sim.url, MUV_SIMULATOR: 'false', JOBS_BATCH_SIZE: '4' });
    const { url, start } = proc;
    child = await start();
    const { c } = await registerAndLogin(url, 'reinicio-masivo@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const N = 12;
    const ids: number[] = [];
    for (let i = 0; i < N; i++) ids.push(await uploadPar1Copy(c, `RST${100 + i}`));
    const res = await c.post('/api/FevRips/envio-masivo', { ids });
    expect(res.body.data.encolados).toBe(N);

    await waitFor('a few accepted', async () => (await sim.stats()).aceptados >= 3);
    child!.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const mid = await sim.stats();
    expect(mid.aceptados).toBeLessThan(N);

    child = await start();
    const login = await client(url).post('/api/Auth/login', { email: 'reinicio-masivo@example.co', password: 'Clave-Segura-2026', rememberMe: false });
    c.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
    await waitFor('all approved after restart', async () => {
      const rows = await estados(c, 'RST1');
      return rows.length === N && rows.every((d) => d.estado === 'APROBADO' && !d.enviandose);
    }, 120_000);
    const end = await sim.stats();
    // Each package accepted exactly once; a resend of a package the ministry already took shows as RVG18 (rechazado).
    expect(end.aceptados).toBe(N);
    expect(end.cargas - end.aceptados).toBe(end.rechazados);
    expect(end.rechazados).toBeLessThanOrEqual(1);
    const cuvs = new Set((await c.post('/api/fevrips/informe-listado', { formatos: ids.map((_, i) => `RST${100 + i}`) })).body.data.datos.map((d: { cuv: string }) => d.cuv));
    expect(cuvs.size).toBe(N);
    child!.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = null;
  }, 240_000);
});

describe.skipIf(!process.env.DATABASE_URL)('two worker processes on one PostgreSQL database', () => {
  let simA: Awaited<ReturnType<typeof startSimulator>>;
  let simB: Awaited<ReturnType<typeof startSimulator>>;
  let a: TTestApp;
  let b: FastifyInstance | null = null;
  beforeAll(async () => {
    simA = await startSimulator(120);
    simB = await startSimulator(120);
    a = await startTestApp({ muvBaseUrl: simA.url, muvSimulator: false, jobsConcurrency: 1 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await simA?.app.close();
    await simB?.app.close();
  });

  it('keep the per-tenant bound together: one send at a time toward the ministry, whichever process runs it', async () => {
    const { c } = await registerAndLogin(a.url, 'dos-procesos@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    // A first send creates the tenant's queue, so the second process finds it as soon as its worker starts.
    const first = await uploadPar1Copy(c, 'DOS100');
    await c.post('/api/FevRips/envio-masivo', { ids: [first] });
    await waitFor('first approved', async () => (await estados(c, 'DOS1')).every((d) => d.estado === 'APROBADO'));
    // The second process: same database and secrets, its own ministry peer, so each side's share can be counted.
    const { buildApp } = await import('../../app.ts');
    b = await buildApp({ ...a.config, muvBaseUrl: simB.url, jobsConcurrency: 1, dataDir: mkdtempSync(join(tmpdir(), 'radica-test-b-')) });
    await b.listen({ port: 0, host: '127.0.0.1' });

    const ids: number[] = [];
    for (let i = 1; i <= 10; i++) ids.push(await uploadPar1Copy(c, `DOS${100 + i}`));
    expect((await c.post('/api/FevRips/envio-masivo', { ids })).body.data.encolados).toBe(10);
    await waitFor('all approved', async () => {
      const rows = (await estados(c, 'DOS1')).filter((d) => ids.includes(d.id));
      return rows.length === 10 && rows.every((d) => d.estado === 'APROBADO');
    });

    const [sa, sb] = [await simA.stats(), await simB.stats()];
    expect(sa.aceptados - 1 + sb.aceptados).toBe(10);
    expect(sb.aceptados).toBeGreaterThan(0);
    const attempts = (await a.app.deps.db.select().from(muvAttempts).where(eq(muvAttempts.operation, 'CargarFevRips')))
      .filter((x) => ids.includes(x.fevRipsId ?? 0))
      .sort((x, y) => x.startedAt.getTime() - y.startedAt.getTime());
    expect(attempts).toHaveLength(10);
    for (let i = 1; i < attempts.length; i++) expect(attempts[i]!.startedAt.getTime()).toBeGreaterThanOrEqual(attempts[i - 1]!.finishedAt!.getTime());
  }, 90_000);
});
