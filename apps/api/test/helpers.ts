import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Fastify, { type FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { muvSimulatorPlugin } from '@radica/muv-simulator/plugin';
import { wompiSimulatorPlugin } from '@radica/wompi-simulator/plugin';
import { whatsappSimulatorPlugin } from '@radica/whatsapp-simulator/plugin';
import { buildApp } from '../src/app.ts';
import { pgliteSnapshot, pgTemplate } from './db-templates.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { outbox, rememberDataDir } from './http-helpers.ts';

export * from './http-helpers.ts';

export type TTestApp = { app: FastifyInstance; url: string; close: () => Promise<void>; config: TConfig };

/**
 * A new database `radica_t_…` on the PostgreSQL server of DATABASE_URL (as on CI), and how to drop it (forcing out
 * any connection left). It is a copy of a migrated template (db-templates.ts), unless `empty` asks for a database with
 * no schema at all (tests of the migrations themselves).
 */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `radica_t_${randomBytes(6).toString('hex')}`;
  const templateName = opts.empty ? null : await pgTemplate(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(templateName ? `create database ${name} template ${templateName}` : `create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Build the real app on a fresh database and listen on a random port: PGlite in memory by default, or a new
 * PostgreSQL database (created and dropped here) when DATABASE_URL is set, as on CI.
 */
export async function startTestApp(overrides: Partial<TConfig> = {}): Promise<TTestApp> {
  const scratch = process.env.DATABASE_URL ? await createTestDatabase() : null;
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const config: TConfig = {
    ...base,
    whatsapp: { ...base.whatsapp, simulatorControl: true },
    webhookAllowLocal: true,
    webhookRetryDelayS: 1,
    databaseUrl: scratch?.url ?? null,
    pgliteDataDir: 'memory',
    dataDir: mkdtempSync(join(tmpdir(), 'radica-test-')),
    encryptionKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(32).toString('hex'),
    muvRetryBaseMs: 10,
    rateLimitScale: 100,
    muvSimulatorControl: true,
    wompiSimulatorControl: true,
    ...overrides,
  };
  // An embedded database (the default, or a test's own on-disk one) starts from the migrated snapshot.
  if (!config.databaseUrl && !('pgliteSnapshot' in overrides)) config.pgliteSnapshot = await pgliteSnapshot();
  const app = await buildApp(config, { muvSimulator: muvSimulatorPlugin, wompiSimulator: wompiSimulatorPlugin, whatsappSimulator: whatsappSimulatorPlugin });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  rememberDataDir(url, config.dataDir);
  return {
    app,
    url,
    config,
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}

/**
 * Insert $3 synthetic documents for tenant $1, user $2 (list-speed benches and plan tests): statuses in realistic
 * shares, creation spread back 3 minutes apart, filing date, CUV and proceso for approved ones. Formatos BN0000001….
 */
export const SYNTHETIC_DOCUMENTS_SQL = `insert into fev_rips (tenant_id, id_usuario, formato, tipo_documento, estado, total_factura, info_fev_rips, fecha_creacion, fecha_modificacion, fecha_radicacion, cuv, proceso_id, intentos_envio)
     select $1, $2, 'BN' || lpad(g::text, 7, '0'),
       (array['FV','FV','FV','NC','ND'])[1 + g % 5],
       (array['APROBADO','APROBADO','APROBADO','EN_ESPERA','PENDIENTE_RIPS','PENDIENTE_XML','NO_APROBADO','ANULADO','PROCESADO','ERROR'])[1 + g % 10],
       (100000 + g)::numeric,
       '{"cantidadUsuarios":1,"cantidadAtenciones":1,"totalFactura":100000,"totalValorServicios":100000,"modalidadPago":"04","identificacionAdquiriente":"860000000"}'::jsonb,
       now() - (g * interval '3 minutes'), now(),
       case when g % 10 < 3 then now() - (g * interval '3 minutes') + interval '1 hour' end,
       case when g % 10 < 3 then md5(g::text) || md5((g + 1)::text) || md5((g + 2)::text) end,
       case when g % 10 < 3 then g end,
       case when g % 10 < 3 then 1 else 0 end
     from generate_series(1, $3::int) g`;

/** Counters of the simulator's GET /_control/stats. */
export type TSimStats = {
  logins: number;
  cargas: number;
  aceptados: number;
  rechazados: number;
  consultas: number;
  paquetes: number;
  /** Per package (numFactura or numNota): its uploads, acceptances and re-sends answered RVG18. */
  porPaquete: Record<string, { cargas: number; aceptados: number; duplicados: number }>;
};

/** A standalone simulator (its own Fastify on a random port) so its counters survive the API's restarts. */
export async function startSimulator(latencyMs: number): Promise<{ app: FastifyInstance; url: string; stats: () => Promise<TSimStats> }> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(muvSimulatorPlugin, { prefix: '', latencyMs, controlHooks: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, url, stats: async () => (await fetch(`${url}/_control/stats`)).json() as Promise<TSimStats> };
}



/** The newest code of `digits` digits mailed to `email` with a subject matching `subject` (waits for background mail). */
export async function mailedCode(url: string, email: string, subject: RegExp, digits: number, timeoutMs = 3000): Promise<string | null> {
  const pattern = new RegExp(`\\b(\\d{${digits}})\\b`);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(url, email)).find((m) => subject.test(m.subject));
    const code = mail ? pattern.exec(mail.text)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > until) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A message the SMTP sink received: envelope sender and recipients, and the message as `parse` made it. */
export type TSunkMail<T> = { from: string; to: string[]; mail: T };

/**
 * A local SMTP server (smtp-server, no auth, no TLS) on a random port that keeps every message it receives, for
 * SMTP_URL in tests: `received` fills as mail arrives; `parse` turns the raw bytes into what tests read (default:
 * the raw text; mailparser's simpleParser for parsed mail).
 */
export async function startSmtpSink<T = string>(
  parse: (raw: Buffer) => T | Promise<T> = (raw) => raw.toString('utf8') as T,
): Promise<{ url: string; received: TSunkMail<T>[]; close: () => Promise<void> }> {
  const received: TSunkMail<T>[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void Promise.resolve(parse(Buffer.concat(chunks))).then((mail) => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), mail });
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

/** A buyer's billing data in Bogotá (create-sale's `billingData`), for purchase tests. */
export const testBillingData = (email: string) => ({
  firstName: 'Ana',
  lastName: 'Gómez',
  email,
  phone: '+57 3001234567',
  country: 'Colombia',
  address: 'Calle 1 # 2-3',
  city: 'Bogotá',
  region: 'Bogotá D.C.',
  codPais: '169',
  codDepartamento: '11',
  codCiudad: '11001',
});
