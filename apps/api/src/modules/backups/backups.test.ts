import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import {
  PAR2_JSON,
  PAR2_XML,
  PROVIDER_CONFIG,
  client,
  fileForm,
  freePort,
  operatorHeaders,
  registerAndLogin,
  sample,
  startTestApp,
  uploadPar1Copy,
  type TTestApp,
} from '../../../test/helpers.ts';
import { runCli, tableDigests } from '../../../test/backups-kit.ts';
import { verifyBackup } from './format.ts';
import { applyRetention } from './service.ts';
import { runDailyBackup } from './schedule.ts';
import { backupFileName } from './retention.ts';
import { cargarHostKey } from '../canal-sftp/service.ts';

/**
 * on the embedded database: backup through the running server (the CLI as a process) → wipe (a new,
 * empty DATA_DIR) → restore (CLI) → the app on the restored data finds every document, file and ministry answer
 * byte-identical. Then the refusals: tampered file, non-empty target, running server; and the operator endpoint's
 * attacks.
 */
const KEY = randomBytes(32).toString('base64');
const backupDir = mkdtempSync(join(tmpdir(), 'radica-bk-'));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The app on the PGlite files of `dataDir` (as `npm start` keeps them), with this suite's key and BACKUP_DIR. */
const startOn = (dataDir: string) =>
  startTestApp({ databaseUrl: null, dataDir, pgliteDataDir: join(dataDir, 'db'), encryptionKey: KEY, backupDir, backupSchedule: false });

let source: TTestApp;
let restored: TTestApp | null = null;
let before: Awaited<ReturnType<typeof tableDigests>>;
let backupFile = '';
const restoredDir = mkdtempSync(join(tmpdir(), 'radica-restored-'));
let approvedId = 0;
let cuv = '';
let huellaSftp = '';

beforeAll(async () => {
  source = await startOn(mkdtempSync(join(tmpdir(), 'radica-src-')));
  const { c } = await registerAndLogin(source.url, 'copias@example.co', '901019681');
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  // An approved document (the ministry's answer with its CUV) and one left unsent.
  approvedId = await uploadPar1Copy(c, 'BKP001');
  const sent = await c.post(`/api/FevRips/${approvedId}/enviar`);
  expect(sent.body.data.exitoso).toBe(true);
  cuv = (await c.get(`/api/FevRips/${approvedId}/detail`)).body.data.cuv;
  expect(cuv).toMatch(/^[0-9a-f]{96}$/i);
  await uploadPar1Copy(c, 'BKP003');
  // A second tenant (the snapshot holds every tenant) with the real par2 pair, sent as it is.
  const { c: other } = await registerAndLogin(source.url, 'otra-ips@example.co', '891856372');
  await other.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  const x2 = await other.post('/api/FevRips/subir-archivo', fileForm(PAR2_XML, sample(PAR2_XML)));
  expect(x2.status, JSON.stringify(x2.body)).toBe(200);
  const par2 = x2.body.data.fevRipsId as number;
  expect((await other.post('/api/FevRips/subir-archivo', fileForm(PAR2_JSON, sample(PAR2_JSON), par2))).status).toBe(200);
  const par2Sent = await other.post(`/api/FevRips/${par2}/enviar`);
  expect(par2Sent.status, JSON.stringify(par2Sent.body)).toBe(200);
  // The SFTP host key (claves_servidor): a restore keeps the fingerprint SFTP clients trusted.
  huellaSftp = (await cargarHostKey(source.app.deps)).huella;
  before = await tableDigests(source.app);
}, 120_000);

afterAll(async () => {
  await restored?.close();
  await source?.close().catch(() => {});
});

describe('backup → wipe → restore with the embedded database', () => {
  it('npm run backup, while the server runs, asks it for the snapshot and prints the file and its size', async () => {
    const port = Number(new URL(source.url).port);
    const res = await runCli('backup', [], { DATA_DIR: source.config.dataDir, PORT: String(port), ENCRYPTION_KEY: KEY, BACKUP_DIR: backupDir });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const m = /^Copia de seguridad creada: (\S+) \((.+)\)\n$/.exec(res.stdout);
    expect(m, res.stdout).not.toBeNull();
    backupFile = m![1]!;
    expect(backupFile.startsWith(backupDir)).toBe(true);
    expect(backupFile).toMatch(/radica-\d{8}-\d{6}-pglite\.rbk$/);
    expect(readdirSync(backupDir).filter((n) => n.endsWith('.partial'))).toEqual([]);
    // Encrypted at rest: neither the CUV nor the invoice's own text appears in the file.
    const bytes = readFileSync(backupFile);
    expect(bytes.includes(Buffer.from(cuv))).toBe(false);
    expect(bytes.includes(Buffer.from('BKP001'))).toBe(false);
    expect((await verifyBackup(backupFile, Buffer.from(KEY, 'base64'))).kind).toBe('pglite');
  }, 120_000);

  it('restores into a new, empty DATA_DIR; the app on it holds every row byte-identical and serves the documents', async () => {
    await source.close();
    const port = await freePort();
    const res = await runCli('restore', [backupFile], { DATA_DIR: restoredDir, PORT: String(port), ENCRYPTION_KEY: KEY });
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe(`${MSG_BACKUPS.restaurada(3, 2)}\n`);
    expect(res.code).toBe(0);

    restored = await startOn(restoredDir);
    const after = await tableDigests(restored.app);
    expect(Object.keys(after).length).toBeGreaterThan(10);
    expect(before).toMatchObject({ fev_rips: { rows: 3 }, fev_rips_files: { rows: 6 }, tenants: { rows: 2 } });
    expect(before.muv_attempts!.rows).toBeGreaterThanOrEqual(2);
    expect(after).toEqual(before);
    // The things a provider cares about, read through the API: status, CUV, files' bytes, the ministry's raw answer.
    const c = client(restored.url);
    const login = await c.post('/api/Auth/login', { email: 'copias@example.co', password: 'Clave-Segura-2026', rememberMe: false });
    expect(login.status).toBe(200);
    c.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
    const detail = (await c.get(`/api/FevRips/${approvedId}/detail`)).body.data;
    expect(detail).toMatchObject({ estado: 'APROBADO', cuv, formato: 'BKP001' });
    const list = await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    expect(list.body.data.totalRecords).toBe(2);
    const files = await restored.app.deps.dbRows<{ nombre: string; content: Buffer; sha256: string }>(
      sql`select f.* from fev_rips_files f join fev_rips d on d.id = f.fev_rips_id where d.formato = 'FECE214626'`,
      { prepared: false },
    );
    const stored = new Map(files.map((f) => [sha(Buffer.from(f.content)), f.sha256]));
    for (const name of [PAR2_XML, PAR2_JSON]) expect(stored.get(sha(sample(name))), name).toBe(sha(sample(name)));
    expect(stored.size).toBe(2);
    const attempts = await restored.app.deps.dbRows<{ n: number }>(sql`select count(*)::int as n from muv_attempts`, { prepared: false });
    expect(Number(attempts[0]!.n)).toBeGreaterThanOrEqual(2);
    // The SFTP server on the restored data serves the same host key: clients see the fingerprint they trusted.
    expect(before).toMatchObject({ claves_servidor: { rows: 1 } });
    expect((await cargarHostKey(restored.app.deps)).huella).toBe(huellaSftp);
  }, 180_000);

  it('refuses to restore while the server runs, then into the existing database once it is stopped', async () => {
    const running = await runCli('restore', [backupFile], { DATA_DIR: restoredDir, PORT: new URL(restored!.url).port, ENCRYPTION_KEY: KEY });
    expect(running.code).toBe(1);
    expect(running.stderr.trim()).toBe(MSG_BACKUPS.servidorEnMarcha(`http://127.0.0.1:${new URL(restored!.url).port}`));
    await restored!.close();
    restored = null;
    const digestsBefore = readdirSync(join(restoredDir, 'db')).length;
    const full = await runCli('restore', [backupFile], { DATA_DIR: restoredDir, PORT: String(await freePort()), ENCRYPTION_KEY: KEY });
    expect(full.code).toBe(1);
    expect(full.stderr.trim()).toBe(MSG_BACKUPS.baseEmbebidaExiste(join(restoredDir, 'db')));
    expect(readdirSync(join(restoredDir, 'db')).length).toBe(digestsBefore);
  }, 60_000);

  it('refuses a tampered backup, another key and a missing key, writing nothing', async () => {
    const bytes = readFileSync(backupFile);
    const tampered = join(backupDir, 'alterada.rbk');
    const copy = Buffer.from(bytes);
    copy[Math.floor(copy.length / 2)] = copy[Math.floor(copy.length / 2)]! ^ 0x40;
    writeFileSync(tampered, copy);
    const port = String(await freePort());
    const cases: [Record<string, string>, string][] = [
      [{ ENCRYPTION_KEY: KEY }, MSG_BACKUPS.copiaAlterada],
      [{ ENCRYPTION_KEY: randomBytes(32).toString('base64') }, MSG_BACKUPS.claveNoCorresponde],
    ];
    for (const [env, message] of cases) {
      const dir = mkdtempSync(join(tmpdir(), 'radica-bad-'));
      const res = await runCli('restore', [env.ENCRYPTION_KEY === KEY ? tampered : backupFile], { DATA_DIR: dir, PORT: port, ...env });
      expect(res.code).toBe(1);
      expect(res.stderr.trim()).toBe(message);
      expect(existsSync(join(dir, 'db'))).toBe(false);
    }
    const noKey = mkdtempSync(join(tmpdir(), 'radica-nokey-'));
    const res = await runCli('restore', [backupFile], { DATA_DIR: noKey, PORT: port });
    expect(res.stderr.trim()).toBe(MSG_BACKUPS.sinClave(noKey));
    expect(readdirSync(noKey)).toEqual([]);
    expect((await runCli('restore', [], { DATA_DIR: noKey, PORT: port })).code).toBe(2);
  }, 60_000);

  it('npm run backup with no server running opens the embedded database itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'radica-bk-direct-'));
    const res = await runCli('backup', [], { DATA_DIR: restoredDir, PORT: String(await freePort()), ENCRYPTION_KEY: KEY, BACKUP_DIR: dir });
    expect(res.code, res.stderr).toBe(0);
    const [name] = readdirSync(dir);
    expect(res.stdout).toContain(join(dir, name!));
    expect((await verifyBackup(join(dir, name!), Buffer.from(KEY, 'base64'))).kind).toBe('pglite');
  }, 60_000);
});

describe('POST /api/admin/backup (operator) and the daily job', () => {
  let t: TTestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'radica-bk-op-'));
    t = await startTestApp({ databaseUrl: null, backupDir: dir, backupSchedule: false });
  });
  afterAll(async () => t?.close());

  it('answers 401 without the operator secret or with a forged one, and writes nothing', async () => {
    const c = client(t.url);
    expect((await c.post('/api/admin/backup', {})).status).toBe(401);
    const forged = await c.post('/api/admin/backup', {}, { 'x-radica-operator': randomBytes(32).toString('base64') });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe(MSG_MINISTERIO.operadorNoAutorizado);
    // A user's session is not the operator.
    const { c: user } = await registerAndLogin(t.url, 'usuario@example.co', '901019681');
    expect((await user.post('/api/admin/backup', {})).status).toBe(401);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses unknown fields and malformed JSON with 400', async () => {
    const c = client(t.url);
    const res = await c.post('/api/admin/backup', { destino: '/etc' }, operatorHeaders(t.url));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    const raw = await fetch(`${t.url}/api/admin/backup`, { method: 'POST', headers: { 'content-type': 'application/json', ...operatorHeaders(t.url) }, body: '{"a":' });
    expect(raw.status).toBe(400);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('two calls at once: one backup, the other 409 with a Spanish message', async () => {
    const c = client(t.url);
    const [a, b] = await Promise.all([c.post('/api/admin/backup', {}, operatorHeaders(t.url)), c.post('/api/admin/backup', {}, operatorHeaders(t.url))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({ success: false, code: 'BACKUP_IN_PROGRESS', message: MSG_BACKUPS.copiaEnCurso });
    const ok = a.status === 200 ? a : b;
    expect(ok.body.data).toMatchObject({ tipo: 'pglite', archivo: expect.stringContaining(dir) });
    expect(readdirSync(dir)).toEqual([ok.body.data.archivo.slice(dir.length + 1)]);
  }, 60_000);

  it('the daily job backs up and keeps 7 days, or 30 as soon as a tenant holds the Business plan', async () => {
    const now = new Date();
    const daysAgo = (d: number) => backupFileName(new Date(now.getTime() - d * 86_400_000), 'pglite');
    // The previous test's backup may carry this very second's name (names have second precision): start empty.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const d of [3, 10, 40]) writeFileSync(join(dir, daysAgo(d)), 'x');
    writeFileSync(join(dir, 'notas-del-operador.txt'), 'no borrar');
    const before = new Set(readdirSync(dir));
    // Business tenant: 30 days.
    const email = 'business@example.co';
    await registerAndLogin(t.url, email, '901019681', 'Clave-Segura-2026', []);
    const grant = await client(t.url).post('/api/admin/grant', { email, modulos: ['ministerio'], plan: 'business' }, operatorHeaders(t.url));
    expect(grant.status).toBe(200);
    await runDailyBackup(t.app.deps, now);
    const afterBusiness = readdirSync(dir);
    expect(afterBusiness).not.toContain(daysAgo(40));
    expect(afterBusiness).toEqual(expect.arrayContaining([daysAgo(3), daysAgo(10), 'notas-del-operador.txt']));
    expect(afterBusiness.filter((n) => !before.has(n))).toHaveLength(1);
    // Without Business (the purchase ends): 7 days.
    await t.app.deps.dbRows(sql`update purchases set activo = false where plan = 'business'`, { prepared: false });
    expect(await applyRetention(t.app.deps, now)).toEqual({ deleted: [daysAgo(10)], days: 7 });
    expect(readdirSync(dir)).toContain(daysAgo(3));
  }, 60_000);
});
