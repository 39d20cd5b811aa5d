import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAR1_JSON, PAR1_XML, PROVIDER_CONFIG, SAMPLES, createTestDatabase, freePort, par1Copy, registerAndLogin, rememberDataDir, uploadPar1Copy, waitFor } from './helpers.ts';
import { ROOT, buildOnce } from './compiled.ts';

/**
 * The image's runtime layout outside Docker (docs/decisions/042, 043, 057): exactly the paths the Dockerfile's runtime
 * stage copies from the build stage, and the node_modules its deps stage installs, made by the deps stage's own
 * `npm ci` command (read from the Dockerfile; `--offline` first, from the npm cache CI's install filled). Not done
 * here: the deps stage's `npm rebuild ssh2` (needs a compiler; the image build checks the binding). In that layout,
 * with NODE_ENV=production on PostgreSQL and .env.example's trial settings: `migrate`, `api`, `worker` and `ingest`;
 * a real pair uploaded and sent to a CUV; a ZIP holding a pair mailed to the ingest role's SMTP server and filed; the
 * backup command (pg_dump); the radica-fevrips CLI from the build on the sample pairs. Needs DATABASE_URL (skipped
 * otherwise) and pg_dump on PATH.
 */

/** A stage of the Dockerfile: its lines, continuation lines joined. */
function stage(name: string): string[] {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const body = dockerfile.split(/^FROM /m).find((s) => new RegExp(`^\\S+ AS ${name}\\s*$`, 'm').test(s.split('\n')[0]!));
  if (!body) throw new Error(`no stage ${name} in the Dockerfile`);
  return body.split('\n');
}

/** The sources of the stage's `COPY [--from=FROM]` lines, relative to /app (without --from: the build context's). */
function copies(lines: string[], from: string | null): string[] {
  const prefix = from ? `COPY --from=${from} ` : 'COPY ';
  return lines
    .filter((l) => l.startsWith(prefix) && (from !== null || !l.startsWith('COPY --')))
    .flatMap((l) => l.slice(prefix.length).trim().split(/\s+/).slice(0, -1))
    .map((src) => (src.startsWith('/') ? relative('/app', src) : src));
}

/** The arguments of the deps stage's `npm ci` (the part of its RUN line from `npm ci` to the next `&&`). */
function depsInstallArgs(lines: string[]): string[] {
  const run = lines.find((l) => /^RUN .*\bnpm ci\b/.test(l));
  const command = run?.replace(/^RUN /, '').split('&&').map((c) => c.trim()).find((c) => c.startsWith('npm ci '));
  if (!command) throw new Error('no npm ci in the Dockerfile\'s deps stage');
  return command.split(/\s+/).slice(1);
}

/** The environment without what a parent npm sets for its own run (its workspace, lifecycle and package fields). */
function npmFreeEnv(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || keep.has(k.toLowerCase())));
}

describe.skipIf(!process.env.DATABASE_URL)('the runtime layout read from the Dockerfile, in production on PostgreSQL', () => {
  const layout = mkdtempSync(join(tmpdir(), 'radica-layout-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'radica-layout-data-'));
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;
  const ports = { api: 0, worker: 0, ingest: 0, smtp: 0 };
  const apiUrl = () => `http://127.0.0.1:${ports.api}`;

  beforeAll(async () => {
    await buildOnce(['web', 'server', 'cli']);
    const runtime = stage('runtime');
    // Modification times kept, as Docker's COPY keeps them: the radica-fevrips launcher compares them with its stamp.
    for (const path of copies(runtime, 'build')) cpSync(join(ROOT, path), join(layout, path), { recursive: true, preserveTimestamps: true });
    // The deps stage in a folder of its own: its manifests, its npm ci; then what the runtime stage takes from it.
    const deps = mkdtempSync(join(tmpdir(), 'radica-layout-deps-'));
    const depsStage = stage('deps');
    for (const path of copies(depsStage, null)) cpSync(join(ROOT, path), join(deps, path), { recursive: true });
    const args = depsInstallArgs(depsStage);
    const t0 = performance.now();
    let install = spawnSync('npm', [...args, '--offline'], { cwd: deps, encoding: 'utf8', env: npmFreeEnv() });
    const offline = install.status === 0;
    if (!offline) install = spawnSync('npm', args, { cwd: deps, encoding: 'utf8', env: npmFreeEnv() });
    expect(install.status, `npm ${args.join(' ')}: ${install.stderr}`).toBe(0);
    console.log(`runtime layout: npm ${args.join(' ')}${offline ? ' --offline' : ' (not in the npm cache: from the registry)'} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const path of copies(runtime, 'deps')) {
      mkdirSync(dirname(join(layout, path)), { recursive: true });
      renameSync(join(deps, path), join(layout, path)); // a move keeps the workspace links relative
    }
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
  }, 240_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await db?.drop();
  });

  it('holds no TypeScript source, only what the Dockerfile copies', () => {
    // node_modules is the production install (not walked: its packages ship their own .ts files).
    const files = readdirSync(layout)
      .filter((top) => top !== 'node_modules')
      .flatMap((top) => (statSync(join(layout, top)).isDirectory() ? (readdirSync(join(layout, top), { recursive: true }) as string[]).map((f) => join(top, f)) : [top]));
    expect(files.filter((f) => /\.(ts|tsx|mts)$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(existsSync(join(layout, 'apps/api/src'))).toBe(true); // data folders only (reps, geography)
    expect((readdirSync(join(layout, 'apps/api/src'), { recursive: true }) as string[]).filter((f) => /\.ts$/.test(f))).toEqual([]);
    // Production dependencies only: no compiler, test runner or bundler.
    for (const dev of ['typescript', 'vitest', 'esbuild', 'tsx']) expect(existsSync(join(layout, 'node_modules', dev)), dev).toBe(false);
  });

  it('migrate, api, worker and ingest start in production; a real pair is sent to the simulator for a CUV', async () => {
    const migrate = spawnSync(process.execPath, ['scripts/start.mjs', 'migrate'], { cwd: layout, encoding: 'utf8', env: { PATH: env.PATH!, NODE_ENV: 'production', DATABASE_URL: db.url } });
    expect(migrate.status, migrate.stderr).toBe(0);
    Object.assign(ports, { api: await freePort(), worker: await freePort(), ingest: await freePort(), smtp: await freePort() });
    const errs: Record<string, string> = {};
    for (const role of ['api', 'worker', 'ingest'] as const) {
      const child = spawn(process.execPath, ['scripts/start.mjs', role], {
        cwd: layout,
        env: { ...env, PORT: String(ports[role]), ...(role === 'api' ? {} : { MUV_BASE_URL: `${apiUrl()}/_sim/muv` }), SFTP_PORT: '0', INBOUND_SMTP_PORT: String(role === 'ingest' ? ports.smtp : 0) },
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
    rememberDataDir(apiUrl(), dataDir);
    const { c } = await registerAndLogin(apiUrl(), 'capas@ips.co', '901019681');
    expect((await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG)).status).toBe(200);
    const id = await uploadPar1Copy(c, 'LAY1001');
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect([200, 202], JSON.stringify(sent.body)).toContain(sent.status);
    const doc = await waitFor('approved', async () => {
      const d = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
      return d?.estado === 'APROBADO' ? d : null;
    }, 60_000);
    expect(String(doc.cuv ?? '')).toMatch(/^[0-9a-f]{96}$/i);

    // A ZIP holding a pair, mailed to the ingest role's SMTP server: inflated (the analysis pool's worker thread) and
    // filed as one document.
    const direccion = (await c.get('/api/canales/correo')).body.data.direccion as string;
    expect((await c.put('/api/canales/correo', { remitentes: ['facturacion@ips.co'], envioAutomatico: false, activo: true })).status).toBe(200);
    const pair = par1Copy('LAY1002');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: ports.smtp, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'facturacion@ips.co',
      to: direccion,
      subject: 'Par en ZIP',
      text: 'Adjunto',
      attachments: [{ filename: 'lote.zip', content: Buffer.from(zipSync({ 'lote/LAY1002.xml': pair.xml, 'lote/LAY1002.json': pair.json })) }],
    });
    const filed = await waitFor('the ZIP\'s pair filed', async () => {
      const found = (await c.post('/api/FevRips/search', { formato: 'LAY1002', pageSize: 10, estado: '' })).body.data?.results?.data as { formato: string }[] | undefined;
      return found?.filter((d) => d.formato === 'LAY1002').length ? found : null;
    }, 60_000);
    expect(filed.filter((d) => d.formato === 'LAY1002')).toHaveLength(1);
    for (const [role, err] of Object.entries(errs)) expect(err, role).not.toMatch(/ERR_MODULE_NOT_FOUND|ENOENT/);
  }, 240_000);

  it('the backup command makes an encrypted pg_dump of the database', () => {
    const backupDir = mkdtempSync(join(tmpdir(), 'radica-layout-backups-'));
    const backup = spawnSync(process.execPath, ['scripts/start.mjs', 'backup-cli'], { cwd: layout, encoding: 'utf8', env: { ...env, BACKUP_DIR: backupDir } });
    expect(backup.status, backup.stderr).toBe(0);
    const file = /^Copia de seguridad creada: (\S+) /.exec(backup.stdout)?.[1];
    expect(file, backup.stdout).toMatch(/radica-\d{8}-\d{6}-pg_dump\.rbk$/);
    expect(statSync(file!).size).toBeGreaterThan(1000);
    expect(readFileSync(file!).includes(Buffer.from('capas@ips.co'))).toBe(false); // encrypted
  }, 60_000);

  it('the radica-fevrips CLI from the build checks the sample pairs', () => {
    const bin = join(layout, 'packages/fevrips', (JSON.parse(readFileSync(join(layout, 'packages/fevrips/package.json'), 'utf8')) as { bin: Record<string, string> }).bin['radica-fevrips']!);
    const ok = spawnSync(process.execPath, [bin, 'check', join(SAMPLES, PAR1_XML), join(SAMPLES, PAR1_JSON), '--json'], { cwd: layout, encoding: 'utf8', env: { PATH: env.PATH! } });
    expect(ok.status, ok.stderr).toBe(0);
    const report = JSON.parse(ok.stdout) as { paquetes: { formato: string; endpoint: string; error: string | null; hallazgos: { clase: string }[] }[] };
    expect(report.paquetes).toMatchObject([{ formato: 'A01E5687', endpoint: 'CargarFevRips', error: null }]);
    expect(report.paquetes[0]!.hallazgos.filter((h) => h.clase === 'RECHAZADO')).toEqual([]);
    const bad = spawnSync(process.execPath, [bin, 'check', join(SAMPLES, 'invalido_rips_sintetico-Servicios-mayuscula-fecha-2024-05-32_nit520001_12222.json')], { cwd: layout, encoding: 'utf8', env: { PATH: env.PATH! } });
    expect(bad.status, bad.stdout + bad.stderr).toBe(1);
  }, 60_000);
});
