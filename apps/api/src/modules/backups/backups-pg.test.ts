import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import { PROVIDER_CONFIG, client, createTestDatabase, freePort, registerAndLogin, startTestApp, uploadPar1Copy, type TTestApp } from '../../../test/helpers.ts';
import { runCli, tableDigests } from '../../../test/backups-kit.ts';
import { runDailyBackup } from './schedule.ts';

/**
 * on PostgreSQL (only when DATABASE_URL is set, as on CI): pg_dump of the app's database → a new
 * temporary database → pg_restore → the app on it holds every row byte-identical. Refusals: a non-empty target, a
 * tampered file. The daily job's advisory lock: two runs at once write one backup.
 */
const HAS_PG = Boolean(process.env.DATABASE_URL);
const KEY = randomBytes(32).toString('base64');

describe.skipIf(!HAS_PG)('backup → restore into a fresh PostgreSQL database', () => {
  const backupDir = mkdtempSync(join(tmpdir(), 'radica-bk-pg-'));
  const env = (databaseUrl: string, port: number) => ({ DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(join(tmpdir(), 'radica-pgcli-')), PORT: String(port), ENCRYPTION_KEY: KEY, BACKUP_DIR: backupDir });
  let source: TTestApp;
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  let restored: TTestApp | null = null;
  let backupFile = '';
  let cuv = '';
  let id = 0;

  beforeAll(async () => {
    source = await startTestApp({ encryptionKey: KEY, backupDir, backupSchedule: false });
    target = await createTestDatabase({ empty: true });
    const { c } = await registerAndLogin(source.url, 'copias-pg@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    id = await uploadPar1Copy(c, 'PGB001');
    expect((await c.post(`/api/FevRips/${id}/enviar`)).body.data.exitoso).toBe(true);
    cuv = (await c.get(`/api/FevRips/${id}/detail`)).body.data.cuv;
    await uploadPar1Copy(c, 'PGB002');
  }, 120_000);

  afterAll(async () => {
    await restored?.close();
    await source?.close();
    await target?.drop();
  });

  it('pg_dump → .rbk → pg_restore into an empty database; the app on it is byte-identical', async () => {
    const before = await tableDigests(source.app);
    const backup = await runCli('backup', [], env(source.config.databaseUrl!, await freePort()));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    backupFile = /^Copia de seguridad creada: (\S+) /.exec(backup.stdout)![1]!;
    expect(backupFile).toMatch(/radica-\d{8}-\d{6}-pg_dump\.rbk$/);
    expect(readFileSync(backupFile).includes(Buffer.from(cuv))).toBe(false);

    const restore = await runCli('restore', [backupFile], env(target.url, await freePort()));
    expect(restore.stderr.replace(/.*DeprecationWarning.*\n|.*trace-deprecation.*\n/g, '')).toBe('');
    expect(restore.stdout).toBe(`${MSG_BACKUPS.restaurada(2, 1)}\n`);
    restored = await startTestApp({ databaseUrl: target.url, encryptionKey: KEY, backupDir, backupSchedule: false });
    expect(await tableDigests(restored.app)).toEqual(before);
    const c = client(restored.url);
    const login = await c.post('/api/Auth/login', { email: 'copias-pg@example.co', password: 'Clave-Segura-2026', rememberMe: false });
    c.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
    expect((await c.get(`/api/FevRips/${id}/detail`)).body.data).toMatchObject({ estado: 'APROBADO', cuv });
    // New rows continue after the restored ones (sequences restored too).
    expect(await uploadPar1Copy(c, 'PGB003')).toBeGreaterThan(id);
  }, 180_000);

  it('refuses a non-empty target and a tampered file; the empty target stays empty', async () => {
    const full = await runCli('restore', [backupFile], env(source.config.databaseUrl!, await freePort()));
    expect(full.code).toBe(1);
    expect(full.stderr).toMatch(/La base de datos de destino no está vacía \(\d+ tablas o esquemas\)/);
    const empty = await createTestDatabase({ empty: true });
    try {
      const bytes = Buffer.from(readFileSync(backupFile));
      bytes[bytes.length - 20] = bytes[bytes.length - 20]! ^ 0x01;
      const tampered = join(backupDir, 'alterada.rbk');
      writeFileSync(tampered, bytes);
      const res = await runCli('restore', [tampered], env(empty.url, await freePort()));
      expect(res.code).toBe(1);
      expect(res.stderr.trim()).toBe(MSG_BACKUPS.copiaAlterada);
      const db = new pg.Client({ connectionString: empty.url });
      await db.connect();
      const { rows } = await db.query(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
      await db.end();
      expect(rows[0].n).toBe(0);
    } finally {
      await empty.drop();
    }
  }, 60_000);

  it('the daily job on two processes at once takes one backup (advisory lock)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'radica-bk-lock-'));
    const deps = { ...source.app.deps, config: { ...source.app.deps.config, backupDir: dir } };
    const otherDeps = { ...restored!.app.deps, config: { ...restored!.app.deps.config, databaseUrl: source.config.databaseUrl, backupDir: dir } };
    await Promise.all([runDailyBackup(deps), runDailyBackup(otherDeps)]);
    await runDailyBackup(otherDeps);
    expect(readdirSync(dir).filter((n) => n.endsWith('-pg_dump.rbk'))).toHaveLength(1);
  }, 60_000);
});
