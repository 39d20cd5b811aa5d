import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from './admin-cli.ts';
import { DEMO, seedDemo } from './seed-demo.ts';
import { client, freePort, registerAndLogin, startTestApp } from '../../test/helpers.ts';
import { serverProcess } from '../../test/compiled.ts';
import { loadConfig } from '../config.ts';
import { readLocalServerPort } from '../lib/local-server.ts';

const portOf = (url: string) => Number(new URL(url).port);

describe('npm run admin -- grant EMAIL MODULE…', () => {
  it('goes through the running server while it owns the embedded database, and writes directly when none runs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'radica-admin-'));
    const overrides = { databaseUrl: null, pgliteDataDir: join(dataDir, 'db'), dataDir };
    const first = await startTestApp(overrides);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { c } = await registerAndLogin(first.url, 'operado@example.co', '901019681', undefined, []);
      expect(await runAdmin(['grant'], first.config)).toBe(2);
      // The server holds the PGlite lock: the command must reach it over HTTP with the operator secret.
      expect(await runAdmin(['grant', 'operado@example.co', 'ministerio'], { ...first.config, port: portOf(first.url) })).toBe(0);
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Módulos otorgados a operado@example\.co: ministerio \(vigentes hasta el \d{2}\/\d{2}\/\d{4}\)$/));
      // The term must be whole months between 1 and 120.
      expect(await runAdmin(['grant', 'operado@example.co', 'ministerio', '--meses', 'doce'], { ...first.config, port: portOf(first.url) })).toBe(2);
      expect(await runAdmin(['grant', 'operado@example.co', 'ministerio', '--meses', '0'], { ...first.config, port: portOf(first.url) })).toBe(2);
      expect((await c.get('/api/Auth/productos-comprados')).body.data.ministerio).toBe(true);
      expect(await runAdmin(['grant', 'nadie@example.co', 'ministerio'], { ...first.config, port: portOf(first.url) })).toBe(1);
      expect(err).toHaveBeenCalledWith('No existe un usuario con el correo nadie@example.co');
      await first.close();

      // No server: the command opens the embedded database itself.
      expect(await runAdmin(['grant', 'operado@example.co', 'marketing'], { ...first.config, port: 1 })).toBe(0);
      const second = await startTestApp({ ...overrides, encryptionKey: first.config.encryptionKey, jwtSecret: first.config.jwtSecret });
      try {
        const login = await client(second.url).post('/api/Auth/login', { email: 'operado@example.co', password: 'Clave-Segura-2026', rememberMe: false });
        const s = client(second.url);
        s.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
        const products = (await s.get('/api/Auth/productos-comprados')).body.data;
        expect(products).toMatchObject({ ministerio: true, marketing: true, facturacion: false });
        expect(products.productosDetalle).toHaveLength(2);
      } finally {
        await second.close();
      }
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  }, 90_000);
});

describe('npm run admin -- mail without the server\'s PORT', () => {
  it('finds the running server on the port it recorded, and otherwise says to pass its PORT (not to stop it)', async () => {
    const server = await serverProcess({});
    const child = await server.start();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await client(server.url).post('/api/Email/send-verification-code', { email: 'puerto@example.co' })).status).toBe(200);
      // The operator's shell has no PORT (3000 by default, or any other): nothing answers there.
      const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: server.dataDir }), port: await freePort() };
      expect(await runAdmin(['mail', 'puerto@example.co'], config)).toBe(0);
      expect(log.mock.calls.flat().join('\n')).toMatch(/Código de verificación Radica: \d{6}/);
      expect(readLocalServerPort(server.dataDir)).toBe(Number(new URL(server.url).port));

      // Without the recorded port (a server of an older version, or one still starting) the command cannot reach it
      // nor open the database it holds: it says which PORT to pass, with the command to run.
      rmSync(join(server.dataDir, 'servidor-local.json'));
      expect(await runAdmin(['mail', 'puerto@example.co'], config)).toBe(1);
      const said = err.mock.calls.flat().join('\n');
      expect(said).toContain(`No hay un servidor de Radica respondiendo en http://127.0.0.1:${config.port}`);
      expect(said).toContain(`(pid ${child.pid})`);
      expect(said).toContain('PORT=3100 npm run admin -- mail puerto@example.co');
      expect(said).not.toContain('Detén ese proceso');
    } finally {
      log.mockRestore();
      err.mockRestore();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }, 120_000);
});

describe('npm run seed:demo', () => {
  it('creates a demo tenant with every module and documents in every status, once', async () => {
    // An unavailable ministry leaves a document in ERROR only once its wait is over (MUV_TRANSIENT_MAX_S): none here.
    const t = await startTestApp({ muvTransientMaxS: 0 });
    try {
      const config = { ...t.config, port: portOf(t.url) };
      const result = await seedDemo(config);
      expect(result.created).toBe(true);
      const login = await client(t.url).post('/api/Auth/login', { email: DEMO.email, password: DEMO.password, rememberMe: false });
      expect(login.status).toBe(200);
      const c = client(t.url);
      c.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
      expect((await c.get('/api/Auth/productos-comprados')).body.data).toMatchObject({ ministerio: true, facturacion: true, marketing: true, automatizaciones: true });
      const all = await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 50, estado: '' });
      const anulados = await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 50, estado: 'ANULADO' });
      const estados = new Set([...all.body.data.results.data, ...anulados.body.data.results.data].map((d: { estado: string }) => d.estado));
      expect([...estados].sort()).toEqual(['ANULADO', 'APROBADO', 'ERROR', 'EN_ESPERA', 'NO_APROBADO', 'PENDIENTE_RIPS', 'PENDIENTE_XML', 'PROCESADO'].sort());
      expect((await seedDemo(config)).created).toBe(false);
    } finally {
      await t.close();
    }
  }, 90_000);
});
