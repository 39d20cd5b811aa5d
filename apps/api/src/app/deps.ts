import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TAvisos, TDeps, TPayments } from '../deps.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { createTokenKit } from '../lib/tokens.ts';
import { createSessionCheck } from '../modules/auth/session-check.ts';
import { createApiKeyCheck } from '../modules/integraciones/api-key-check.ts';
import { createAnalysisPool } from '../modules/documents/analysis-pool.ts';
import { createCipher, loadOrCreateSecretFile, parseKey } from '../lib/secrets.ts';
import { createMuvClient } from '../integrations/muv/client.ts';
import { createWompiClient } from '../integrations/wompi/client.ts';
import { createWhatsappClient, type TWhatsappClient } from '../integrations/whatsapp/client.ts';
import { createMetrics, muvOutcome, type TMetrics } from '../lib/metrics.ts';
import { CANAL_LOCK_KEY_BASE, createTenantSlots } from '../modules/jobs/tenant-slots.ts';
import type { TJobQueue } from '../modules/jobs/types.ts';
import { publicarEspera, publicarResultado } from '../modules/avisos/service.ts';
import { selfUrl } from './server.ts';

/** The WhatsApp simulator's credentials and webhook secrets, generated once per data directory. */
export type TWhatsappSim = { token: string; phoneNumberId: string; verifyToken: string; appSecret: string };

/** Where the simulator's merchant keys live, generated once per data directory (they sign its events). */
function simulatorWompiKeys(dataDir: string): TPayments['keys'] {
  const key = (name: string, prefix: string) => `${prefix}${loadOrCreateSecretFile(join(dataDir, 'wompi-sim', name), 24).toString('hex')}`;
  return {
    publicKey: key('public', 'pub_test_'),
    privateKey: key('private', 'prv_test_'),
    eventsSecret: key('events', 'test_events_'),
    integritySecret: key('integrity', 'test_integrity_'),
  };
}

/**
 * The WhatsApp simulator's credentials when it is on and the entry point gave it (the assistant's webhook secrets are
 * generated like the token unless the environment gives them); null otherwise.
 */
export function whatsappSimulatorKeys(config: TConfig, given: boolean): TWhatsappSim | null {
  if (!config.whatsapp.simulator || !given) return null;
  const dir = join(config.dataDir, 'whatsapp-sim');
  return {
    token: `sim_${loadOrCreateSecretFile(join(dir, 'token'), 24).toString('hex')}`,
    phoneNumberId: '100000000000001',
    verifyToken: config.whatsapp.verifyToken ?? `vt_${loadOrCreateSecretFile(join(dir, 'verify-token'), 16).toString('hex')}`,
    appSecret: config.whatsapp.appSecret ?? loadOrCreateSecretFile(join(dir, 'app-secret'), 32).toString('hex'),
  };
}

/** The payment gateway: the configured Wompi, or the in-process simulator (keys from the data directory). */
function payments(config: TConfig, self: () => string): TPayments {
  const keys = config.wompiKeys ?? simulatorWompiKeys(config.dataDir);
  return {
    client: createWompiClient({
      baseUrl: () => config.wompiBaseUrl ?? `${self()}/_sim/wompi/v1`,
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      timeoutMs: config.wompiTimeoutMs,
    }),
    keys,
    browserBaseUrl: config.wompiBaseUrl ?? '/_sim/wompi/v1',
    environment: !config.wompiBaseUrl ? 'simulator' : keys.publicKey.startsWith('pub_test_') ? 'sandbox' : 'production',
  };
}

/** The WhatsApp Cloud API client of alerts: the configured one, the simulator's, or none. */
function whatsappClient(config: TConfig, sim: TWhatsappSim | null, self: () => string): TWhatsappClient | null {
  const w = config.whatsapp;
  if (w.baseUrl && w.phoneNumberId && w.token) return createWhatsappClient({ ...w, baseUrl: () => w.baseUrl!, phoneNumberId: w.phoneNumberId, token: w.token });
  if (sim) return createWhatsappClient({ ...w, baseUrl: () => `${self()}/_sim/whatsapp`, phoneNumberId: sim.phoneNumberId, token: sim.token });
  return null;
}

/** The tenant slots toward the ministry and the channels' per-tenant locks (across processes on PostgreSQL). */
function tenantSlots(app: FastifyInstance, config: TConfig, database: TDatabase): Pick<TDeps, 'sendSlots' | 'canalLocks'> {
  const connectionString = database.kind === 'postgresql' ? config.databaseUrl : null;
  return {
    sendSlots: createTenantSlots({
      connectionString,
      slots: config.muvTenantConcurrency,
      maxHeld: config.jobsConcurrency + 10,
      onError: (err) => app.log.warn({ err: err.message }, 'send slot connection closed'),
    }),
    canalLocks: createTenantSlots({
      connectionString,
      slots: 1,
      keyBase: CANAL_LOCK_KEY_BASE,
      name: 'radica-canal-lock',
      maxHeld: 10,
      onError: (err) => app.log.warn({ err: err.message }, 'channel lock connection closed'),
    }),
  };
}

/**
 * Every shared part services receive (TDeps), built once the database is open and the job queue started, so that
 * `jobs` and `avisos` are never missing. Secrets come from the environment or the data directory. Closes the pools
 * and slot connections with the app.
 */
export function buildDeps(app: FastifyInstance, o: { config: TConfig; database: TDatabase; jobs: TJobQueue; whatsappSim: TWhatsappSim | null }): TDeps {
  const { config, database } = o;
  const metrics: TMetrics = createMetrics();
  const key = config.encryptionKey ? parseKey(config.encryptionKey) : loadOrCreateSecretFile(join(config.dataDir, 'secret.key'), 32);
  const jwtSecret = config.jwtSecret ? Buffer.from(config.jwtSecret) : loadOrCreateSecretFile(join(config.dataDir, 'jwt-secret'), 48);
  const self = () => selfUrl(app, config);
  const sim = o.whatsappSim;
  // The avisos call services with the finished deps (a send's end is told after buildDeps returns).
  const avisos: TAvisos = {
    publicarResultado: (tenantId, fevRipsId) => publicarResultado(deps, tenantId, fevRipsId),
    publicarEspera: (tenantId, fevRipsId, desde) => publicarEspera(deps, tenantId, fevRipsId, desde),
  };
  const deps: TDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    dbRows: database.rows,
    dumpDatabase: database.dumpDataDir,
    pendingMigrations: database.pendingMigrations,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db }),
    tokens: createTokenKit(jwtSecret, config.accessTokenTtlS),
    sessions: createSessionCheck({ rows: database.rows, cacheMs: config.sessionCheckCacheMs }),
    apiKeys: createApiKeyCheck(database.db),
    cipher: createCipher(key),
    codeKey: jwtSecret,
    muv: createMuvClient({
      baseUrl: () => config.muvBaseUrl ?? `${self()}/_sim/muv`,
      timeoutMs: config.muvTimeoutMs,
      retries: config.muvRetries,
      retryBaseMs: config.muvRetryBaseMs,
      observe: (operation, outcome, ms) => metrics.muvRequest(operation, muvOutcome(outcome), ms / 1000),
    }),
    ...tenantSlots(app, config, database),
    payments: payments(config, self),
    analysis: createAnalysisPool({
      threads: config.uploadWorkers,
      warm: config.roles.includes('api'),
      observe: metrics.uploadAnalysis,
      onWorkerFailure: (pool, err) => {
        app.log.error({ err, pool }, 'worker thread could not start');
        metrics.workerStartFailure(pool);
      },
    }),
    metrics,
    jobs: o.jobs,
    avisos,
    whatsapp: whatsappClient(config, sim, self),
    whatsappEntrante:
      config.whatsapp.verifyToken && config.whatsapp.appSecret
        ? { verifyToken: config.whatsapp.verifyToken, appSecret: config.whatsapp.appSecret }
        : sim
          ? { verifyToken: sim.verifyToken, appSecret: sim.appSecret }
          : null,
    log: app.log,
  };
  app.addHook('onClose', async () => deps.analysis.close());
  app.addHook('onClose', async () => deps.sendSlots.close());
  app.addHook('onClose', async () => deps.canalLocks.close());
  return deps;
}
