import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_CONFIG, createTestDatabase, freePort, registerAndLogin, rememberDataDir, uploadPar1Copy, waitFor } from './helpers.ts';
import { ROOT, buildOnce } from './compiled.ts';

/**
 * The image's runtime layout outside Docker (docs/decisions/042, 043): exactly the paths the Dockerfile's runtime stage
 * copies from the build stage (read from the Dockerfile), no TypeScript source among them; `migrate`, `api`,
 * `worker` and `ingest` started from it with NODE_ENV=production on PostgreSQL with .env.example's trial settings;
 * then register, grant, configure the provider, upload a real pair, send, get the CUV. The packages are this
 * checkout's node_modules (linked), not `npm ci --omit=dev` (build.test.ts checks the bundles import only production
 * dependencies; `npm run check:image` installs them for real). Needs DATABASE_URL (skipped otherwise).
 */
function runtimeCopies(): string[] {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const runtime = dockerfile.split(/^FROM /m).at(-1)!;
  return runtime
    .split('\n')
    .filter((l) => /^COPY --from=build /.test(l))
    .flatMap((l) => l.replace(/^COPY --from=build /, '').trim().split(/\s+/).slice(0, -1))
    .map((src) => relative('/app', src));
}

describe.skipIf(!process.env.DATABASE_URL)('the runtime layout read from the Dockerfile, in production on PostgreSQL', () => {
  const layout = mkdtempSync(join(tmpdir(), 'radica-layout-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'radica-layout-data-'));
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    await buildOnce(['web', 'server', 'cli']);
    for (const path of runtimeCopies()) cpSync(join(ROOT, path), join(layout, path), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(layout, 'node_modules'), 'dir');
    db = await createTestDatabase({ empty: true });
    // .env.example's trial: the secrets filled in, MAIL_DEV_OUTBOX, MUV_SIMULATOR, WOMPI_SIMULATOR on
    env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      JWT_SECRET: randomBytes(48).toString('base64'),
      MAIL_DEV_OUTBOX: 'true',
      MUV_SIMULATOR: 'true',
      WOMPI_SIMULATOR: 'true',
      MIGRATE_ON_START: 'false',
      RATE_LIMIT_SCALE: '10',
    };
  }, 180_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await db?.drop();
  });

  it('holds no TypeScript source, only what the Dockerfile copies', () => {
    // node_modules is a link to the checkout's (not walked: hundreds of thousands of files).
    const files = readdirSync(layout)
      .filter((top) => top !== 'node_modules')
      .flatMap((top) => (statSync(join(layout, top)).isDirectory() ? (readdirSync(join(layout, top), { recursive: true }) as string[]).map((f) => join(top, f)) : [top]));
    expect(files.filter((f) => /\.(ts|tsx|mts)$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(existsSync(join(layout, 'apps/api/src'))).toBe(true); // data folders only (reps, geography)
    expect((readdirSync(join(layout, 'apps/api/src'), { recursive: true }) as string[]).filter((f) => /\.ts$/.test(f))).toEqual([]);
  });

  it('migrate, api, worker and ingest start in production; a real pair is sent to the simulator for a CUV', async () => {
    const migrate = spawnSync(process.execPath, ['scripts/start.mjs', 'migrate'], { cwd: layout, encoding: 'utf8', env: { PATH: env.PATH!, NODE_ENV: 'production', DATABASE_URL: db.url } });
    expect(migrate.status, migrate.stderr).toBe(0);
    const ports = { api: await freePort(), worker: await freePort(), ingest: await freePort() };
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const errs: Record<string, string> = {};
    for (const role of ['api', 'worker', 'ingest'] as const) {
      const child = spawn(process.execPath, ['scripts/start.mjs', role], {
        cwd: layout,
        env: { ...env, PORT: String(ports[role]), ...(role === 'api' ? {} : { MUV_BASE_URL: `${apiUrl}/_sim/muv` }), SFTP_PORT: '0', INBOUND_SMTP_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      errs[role] = '';
      // the log (stdout, JSON lines) and stderr: what a failed start says
      for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d: Buffer) => (errs[role] = (errs[role] + d.toString('utf8')).slice(-10_000)));
      children.push(child);
    }
    for (const role of ['api', 'worker', 'ingest'] as const)
      await waitFor(`${role} ready`, async () => {
        const c = children[['api', 'worker', 'ingest'].indexOf(role)]!;
        if (c.exitCode !== null) throw new Error(`${role} exited ${c.exitCode}: ${errs[role]}`);
        return fetch(`http://127.0.0.1:${ports[role]}/health/ready`).then((r) => r.status === 200, () => false);
      }, 90_000);
    rememberDataDir(apiUrl, dataDir);
    const { c } = await registerAndLogin(apiUrl, 'capas@ips.co', '901019681');
    expect((await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG)).status).toBe(200);
    const id = await uploadPar1Copy(c, 'LAY1001');
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect([200, 202], JSON.stringify(sent.body)).toContain(sent.status);
    const doc = await waitFor('approved', async () => {
      const d = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
      return d?.estado === 'APROBADO' ? d : null;
    }, 60_000);
    expect(String(doc.cuv ?? '')).toMatch(/^[0-9a-f]{96}$/i);
    for (const [role, err] of Object.entries(errs)) expect(err, role).not.toMatch(/ERR_MODULE_NOT_FOUND|ENOENT/);
  }, 240_000);
});
