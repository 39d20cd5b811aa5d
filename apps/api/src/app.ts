import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { configureZodSpanish } from '@radica/contracts/common';
import { MAX_JSON_BODY_BYTES } from '@radica/contracts/enums';
import type { TConfig } from './config.ts';
import type { TDeps, TPayments } from './deps.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createTokenKit } from './lib/tokens.ts';
import { createSessionCheck } from './modules/auth/session-check.ts';
import { createApiKeyCheck } from './modules/integraciones/api-key-check.ts';
import { createAnalysisPool } from './modules/documents/analysis-pool.ts';
import { registerRequestGuards } from './plugins/request-guards.ts';
import { createCipher, loadOrCreateSecretFile, parseKey } from './lib/secrets.ts';
import { createMuvClient } from './integrations/muv/client.ts';
import { createWompiClient } from './integrations/wompi/client.ts';
import { frameworkErrorReply, registerErrorHandler } from './plugins/errors.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerRoles, rolesDeRuta, type TAcceso } from './plugins/roles.ts';
import { registerOperatorAuth } from './plugins/operator.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { createMetrics, muvOutcome } from './lib/metrics.ts';
import { pgBossQueueStats } from './modules/jobs/queue-stats.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerMultipart } from './plugins/multipart.ts';
import { registerSpa } from './plugins/spa.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { providerRoutes } from './modules/providers/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { geographyRoutes } from './modules/geography/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { cuvRoutes } from './modules/cuv/routes.ts';
import { integracionesRoutes } from './modules/integraciones/routes.ts';
import { canalCorreoRoutes } from './modules/canal-correo/routes.ts';
import { registerInboundMail } from './modules/canal-correo/inbound.ts';
import { defineCanalCorreoJobs, QUEUE_CORREO_BARRIDO } from './modules/canal-correo/service.ts';
import { backupRoutes } from './modules/backups/routes.ts';
import { ripsRoutes } from './modules/rips/routes.ts';
import { notasRoutes } from './modules/notas/routes.ts';
import { defineBackupJob, QUEUE_COPIA } from './modules/backups/schedule.ts';
import { avisosRoutes } from './modules/avisos/routes.ts';
import { usuariosRoutes } from './modules/usuarios/routes.ts';
import { whatsappRoutes } from './modules/whatsapp/routes.ts';
import { defineWhatsappQueue } from './modules/whatsapp/service.ts';
import { defineBillingJobs, QUEUE_VENTAS_VENCIDAS } from './modules/billing/jobs.ts';
import { defineAvisosQueues, publicarEspera, publicarResultado, QUEUE_RESUMEN } from './modules/avisos/service.ts';
import { WHATSAPP_TEMPLATE_PARAMS } from './modules/avisos/mensajes.ts';
import { WHATSAPP_CODE_TEMPLATE_PARAMS } from './modules/whatsapp/respuestas.ts';
import { createWhatsappClient } from './integrations/whatsapp/client.ts';
import { recoverInterruptedSends } from './modules/documents/claims.ts';
import { programarEsperasVencidas } from './modules/documents/espera.ts';
import { productRoutes } from './modules/products/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { repsRoutes } from './modules/reps/routes.ts';
import { loadRepsSeedIfEmpty } from './modules/reps/service.ts';
import { ensurePromoCoupon } from './modules/billing/coupons.ts';
import { startJobQueue } from './modules/jobs/queue.ts';
import { runSendJob } from './modules/documents/send-job.ts';
import { CANAL_LOCK_KEY_BASE, createTenantSlots } from './modules/jobs/tenant-slots.ts';
import type { Socket } from 'node:net';
import { MSG } from '@radica/contracts/messages';
import { canalSftpRoutes } from './modules/canal-sftp/routes.ts';
import { createCanalSftp } from './modules/canal-sftp/server.ts';
import { createArbol } from './modules/canal-sftp/tree.ts';
import { defineCanalSftpJobs, QUEUE_SFTP_BARRIDO } from './modules/canal-sftp/processing.ts';
import { sftpInfoRemota } from './modules/canal-sftp/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: TDeps;
    routeTable: TRouteInfo[];
  }
}

/** A registered route: its method, path, schema (request and response) and who may call it (plugins/roles.ts). */
export type TRouteInfo = { method: string; url: string; schema?: { response?: Record<string, unknown> }; roles?: TAcceso; anonimo?: boolean };

/** This source folder, also in the compiled build (scripts/build.mjs keeps `import.meta.dirname`, decision 032). */
const HERE = import.meta.dirname;

/**
 * Parts the entry point hands in (the composition root: server.ts, the operator commands, the tests). The ministry's
 * local simulator lives in apps/muv-simulator, which the API does not import (issue 10 §5): it is injected here.
 */
export type TAppParts = {
  muvSimulator?: FastifyPluginAsync<{ stateFile?: string | null; controlHooks?: boolean }>;
  /** The payment gateway's local simulator (apps/wompi-simulator), mounted under /_sim/wompi when WOMPI_SIMULATOR is on. */
  wompiSimulator?: FastifyPluginAsync<TWompiSimulatorOptions>;
  /** The WhatsApp Cloud API's local simulator (apps/whatsapp-simulator), mounted under /_sim/whatsapp by default. */
  whatsappSimulator?: FastifyPluginAsync<{
    accessToken: string;
    phoneNumberId: string;
    templates: Record<string, number>;
    controlHooks?: boolean;
    webhookUrl?: () => string;
    appSecret?: string;
    verifyToken?: string;
  }>;
};

/** What the API hands the payment simulator (its plugin options, as apps/wompi-simulator declares them). */
export type TWompiSimulatorOptions = {
  publicKey: string;
  privateKey: string;
  eventsSecret: string;
  integritySecret: string;
  eventsUrl: () => string | null;
  stateFile?: string | null;
  controlHooks?: boolean;
};

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

/** Fastify's trustProxy for a hop count: the nearest `hops` addresses of the chain are proxies (proxy-addr). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Build the API (DESIGN.md): opens the database and runs migrations, wires services, registers plugins and
 * modules, mounts the MUV simulator under /_sim/muv when configured and serves the built SPA. Does not listen.
 */
/**
 * A client error before a request reaches a route (Node's 'clientError'): a request not complete within
 * HTTP_REQUEST_TIMEOUT_MS (its headers within HTTP_HEADERS_TIMEOUT_MS) answers 408 with the catalogue's text, malformed
 * HTTP 400; then the socket closes (docs/decisions/028). A socket already gone is left alone.
 */
function clientErrorReply(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = timeout ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ success: false, code: timeout ? 'REQUEST_TIMEOUT' : 'HTTP_MALFORMED', message: timeout ? MSG.http408 : MSG.httpMalformed });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${timeout ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

/**
 * Build the app for the process's roles (config.roles; DESIGN.md "Processes for many providers"; docs/decisions/026):
 * opens the database and brings it up to date (under the migration lock, or refusing when MIGRATE_ON_START=false),
 * wires services and the job queue (every role enqueues), and then per role:
 * - api: every HTTP route, the simulators when configured, the built SPA;
 * - worker: runs every queue's jobs, pg-boss cron (daily summary, backups), the maintenance of sends and jobs;
 * - ingest: the SFTP server, the inbound SMTP server and the IMAP poll (their accepted work becomes jobs).
 * Every role answers /ping and /health/ready. Does not listen; the worker and the channel servers start once it does.
 */
export async function buildApp(config: TConfig, parts: TAppParts = {}): Promise<FastifyInstance> {
  configureZodSpanish();
  const roles = new Set(config.roles);
  const api = roles.has('api');
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordValidator'] },
    bodyLimit: MAX_JSON_BODY_BYTES,
    // X-Forwarded-For is believed only from configured proxies (issue 9): otherwise any client could pick the IP
    // every per-IP limit is keyed on.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // An aborted MUV fetch to the in-process simulator leaves a keep-alive socket; close() must not wait on it.
    forceCloseConnections: true,
    frameworkErrors: frameworkErrorReply,
    // Time-outs of every request (issue 23 §6): the whole request with its body, its headers, an idle keep-alive
    // connection, a silent socket. Node checks them every second (its default is every 30 s).
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, requestTimeout: config.http.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    clientErrorHandler: clientErrorReply,
  });
  // Every route as registered (method, path, schema): tests walk it (each API route declares its response schema).
  const routeTable: TRouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema as TRouteInfo['schema'], roles: rolesDeRuta(route), anonimo: route.config?.anonimo === true });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteDataDir: config.pgliteDataDir,
    migrations: config.migrateOnStart ? 'apply' : 'require',
    pgliteSnapshot: config.pgliteSnapshot,
    log: app.log,
  });
  app.addHook('onClose', async () => database.close());

  const metrics = createMetrics();
  const secretsDir = config.dataDir;
  const key = config.encryptionKey ? parseKey(config.encryptionKey) : loadOrCreateSecretFile(join(secretsDir, 'secret.key'), 32);
  const jwtSecret = config.jwtSecret ? Buffer.from(config.jwtSecret) : loadOrCreateSecretFile(join(secretsDir, 'jwt-secret'), 48);

  const selfUrl = () => {
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    return `http://127.0.0.1:${port}`;
  };
  const wompiKeys = config.wompiKeys ?? simulatorWompiKeys(config.dataDir);
  const whatsappSim = config.whatsapp.simulator && parts.whatsappSimulator
    ? {
        token: `sim_${loadOrCreateSecretFile(join(config.dataDir, 'whatsapp-sim', 'token'), 24).toString('hex')}`,
        phoneNumberId: '100000000000001',
        // The assistant's webhook secrets (issue 28), generated like the token unless the environment gives them.
        verifyToken: config.whatsapp.verifyToken ?? `vt_${loadOrCreateSecretFile(join(config.dataDir, 'whatsapp-sim', 'verify-token'), 16).toString('hex')}`,
        appSecret: config.whatsapp.appSecret ?? loadOrCreateSecretFile(join(config.dataDir, 'whatsapp-sim', 'app-secret'), 32).toString('hex'),
      }
    : null;
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
      baseUrl: () => config.muvBaseUrl ?? `${selfUrl()}/_sim/muv`,
      timeoutMs: config.muvTimeoutMs,
      retries: config.muvRetries,
      retryBaseMs: config.muvRetryBaseMs,
      observe: (operation, outcome, ms) => metrics.muvRequest(operation, muvOutcome(outcome), ms / 1000),
    }),
    sendSlots: createTenantSlots({
      connectionString: database.kind === 'postgresql' ? config.databaseUrl : null,
      slots: config.muvTenantConcurrency,
      maxHeld: config.jobsConcurrency + 10,
      onError: (err) => app.log.warn({ err: err.message }, 'send slot connection closed'),
    }),
    canalLocks: createTenantSlots({
      connectionString: database.kind === 'postgresql' ? config.databaseUrl : null,
      slots: 1,
      keyBase: CANAL_LOCK_KEY_BASE,
      name: 'radica-canal-lock',
      maxHeld: 10,
      onError: (err) => app.log.warn({ err: err.message }, 'channel lock connection closed'),
    }),
    payments: {
      client: createWompiClient({
        baseUrl: () => config.wompiBaseUrl ?? `${selfUrl()}/_sim/wompi/v1`,
        publicKey: wompiKeys.publicKey,
        privateKey: wompiKeys.privateKey,
        timeoutMs: config.wompiTimeoutMs,
      }),
      keys: wompiKeys,
      browserBaseUrl: config.wompiBaseUrl ?? '/_sim/wompi/v1',
      environment: !config.wompiBaseUrl ? 'simulator' : wompiKeys.publicKey.startsWith('pub_test_') ? 'sandbox' : 'production',
    },
    analysis: createAnalysisPool({
      threads: config.uploadWorkers,
      warm: api,
      observe: metrics.uploadAnalysis,
      onWorkerFailure: (pool, err) => {
        app.log.error({ err, pool }, 'worker thread could not start');
        metrics.workerStartFailure(pool);
      },
    }),
    metrics,
    whatsapp:
      config.whatsapp.baseUrl && config.whatsapp.phoneNumberId && config.whatsapp.token
        ? createWhatsappClient({ ...config.whatsapp, baseUrl: () => config.whatsapp.baseUrl!, phoneNumberId: config.whatsapp.phoneNumberId, token: config.whatsapp.token })
        : whatsappSim
          ? createWhatsappClient({ ...config.whatsapp, baseUrl: () => `${selfUrl()}/_sim/whatsapp`, phoneNumberId: whatsappSim.phoneNumberId, token: whatsappSim.token })
          : null,
    whatsappEntrante: config.whatsapp.verifyToken && config.whatsapp.appSecret
      ? { verifyToken: config.whatsapp.verifyToken, appSecret: config.whatsapp.appSecret }
      : whatsappSim
        ? { verifyToken: whatsappSim.verifyToken, appSecret: whatsappSim.appSecret }
        : null,
    log: app.log,
  };
  app.addHook('onClose', async () => deps.analysis.close());
  app.addHook('onClose', async () => deps.sendSlots.close());
  app.addHook('onClose', async () => deps.canalLocks.close());
  app.decorate('deps', deps);

  await registerSecurityHeaders(app, { googleClientId: config.googleClientId, paymentGatewayUrl: config.wompiBaseUrl });
  await app.register(cookie);
  deps.limites = await registerRateLimits(app, deps);
  await registerMultipart(app);
  registerErrorHandler(app);
  registerRequestGuards(app);
  registerAuth(app, deps.tokens, deps.sessions, deps.apiKeys);
  registerRoles(app);
  registerOperatorAuth(app, config);
  registerMetrics(app, metrics, config);
  if (api) await registerOpenApi(app, { publicUrl: config.publicUrl ?? '/' });

  // The job queue (docs/decisions/005, 027): every role enqueues; only the worker role runs jobs. Queues are defined
  // in every role (a producer creates the queue it sends to).
  deps.jobs = await startJobQueue({
    deps,
    runSend: (job, meta) => runSendJob(deps, job, meta),
    // The worker's beat: claims whose lease lapsed (a dead process's sends) go back to their status (decision 011);
    // waits for the ministry whose retry is overdue and unqueued get it queued (docs/decisions/048).
    maintain: async () => {
      await recoverInterruptedSends(deps);
      await programarEsperasVencidas(deps);
    },
  });
  metrics.setQueueSource(() => pgBossQueueStats(deps.dbRows));
  defineAvisosQueues(deps);
  // The WhatsApp assistant's inbound messages (issue 28): one job per message.
  defineWhatsappQueue(deps);
  defineBackupJob(deps);
  defineBillingJobs(deps);
  deps.avisos = {
    publicarResultado: (tenantId, fevRipsId) => publicarResultado(deps, tenantId, fevRipsId),
    publicarEspera: (tenantId, fevRipsId, desde) => publicarEspera(deps, tenantId, fevRipsId, desde),
  };

  // The SFTP channel (issue 16): its server listens in the ingest role, its files are filed by jobs (any worker), the
  // settings (api) read its host key's fingerprint from the database. Stopped before the database closes.
  const arbolSftp = createArbol(deps.db, config.dataDir);
  defineCanalSftpJobs(deps, arbolSftp);
  defineCanalCorreoJobs(deps);
  const canalSftp = config.sftp.enabled && roles.has('ingest') ? createCanalSftp(deps, arbolSftp) : null;
  if (canalSftp) {
    app.addHook('onListen', async () => {
      await canalSftp.start().catch((err: unknown) => app.log.error({ err }, 'sftp: the SFTP server could not start'));
    });
    app.addHook('preClose', async () => canalSftp.close());
  }
  await app.register(async (scope) => {
    await systemRoutes(scope, deps);
    if (!api) return;
    await authRoutes(scope, deps);
    await geographyRoutes(scope, deps);
    await providerRoutes(scope, deps);
    await repsRoutes(scope, deps);
    await documentRoutes(scope, deps);
    await productRoutes(scope, deps);
    await billingRoutes(scope, deps);
    await mailRoutes(scope, deps);
    await chatRoutes(scope, deps);
    await cuvRoutes(scope, deps);
    await integracionesRoutes(scope, deps);
    await canalSftpRoutes(scope, deps, canalSftp ?? sftpInfoRemota(deps));
    await canalCorreoRoutes(scope, deps);
    await backupRoutes(scope, deps);
    await avisosRoutes(scope, deps);
    await usuariosRoutes(scope, deps);
    await whatsappRoutes(scope, deps);
    await ripsRoutes(scope, deps);
    await notasRoutes(scope, deps);
  });

  if (api && config.muvSimulator) {
    if (!parts.muvSimulator) throw new Error('MUV_SIMULATOR está activo pero el punto de entrada no entregó el simulador del Ministerio.');
    await app.register(parts.muvSimulator, {
      prefix: '/_sim/muv',
      stateFile: config.pgliteDataDir === 'memory' ? null : join(config.dataDir, 'muv-simulator.json'),
      controlHooks: config.muvSimulatorControl,
    });
  }

  if (api && config.wompiSimulator && parts.wompiSimulator) {
    await app.register(parts.wompiSimulator, {
      prefix: '/_sim/wompi',
      ...wompiKeys,
      eventsUrl: () => `${selfUrl()}/api/payment/webhook`,
      stateFile: config.pgliteDataDir === 'memory' ? null : join(config.dataDir, 'wompi-simulator.json'),
      controlHooks: config.wompiSimulatorControl,
    });
  } else if (api && config.wompiSimulator) app.log.warn('WOMPI_SIMULATOR is on but the entry point gave no simulator: payments will fail');
  if (api && whatsappSim && parts.whatsappSimulator) {
    await app.register(parts.whatsappSimulator, {
      prefix: '/_sim/whatsapp',
      accessToken: whatsappSim.token,
      phoneNumberId: whatsappSim.phoneNumberId,
      templates: { [config.whatsapp.template]: WHATSAPP_TEMPLATE_PARAMS, [config.whatsapp.codeTemplate]: WHATSAPP_CODE_TEMPLATE_PARAMS },
      controlHooks: config.whatsapp.simulatorControl,
      webhookUrl: () => `${selfUrl()}/api/whatsapp/webhook`,
      appSecret: whatsappSim.appSecret,
      verifyToken: whatsappSim.verifyToken,
    });
  }
  if (api) {
    await ensurePromoCoupon(deps, config.promoCouponCode);
    // A fresh install searches REPS providers at once: the bundled extract fills an empty table (issue 13).
    if (config.repsSeed) await loadRepsSeedIfEmpty(deps);
    await registerSpa(app, config.webDistDir ?? join(HERE, '../../web/dist'));
  }

  if (roles.has('worker')) {
    // With PGlite this process owns the database: every claim left is a dead process's. With shared PostgreSQL only
    // lapsed leases (SEND_LEASE_S without a heartbeat) are; the worker's maintenance keeps checking every 10 s.
    const recovered = await recoverInterruptedSends(deps, { all: database.kind === 'pglite' });
    if (recovered) app.log.warn({ recovered }, 'documents left mid-send by a previous process were recovered');
    // The worker starts once the process listens (the in-process simulator must answer), then the cron schedules.
    app.addHook('onListen', async () => {
      await deps.jobs?.startWorker();
      await scheduleDailyJobs(deps);
    });
  }
  app.addHook('preClose', async () => deps.jobs?.stop());
  // The e-mail channel's SMTP server and IMAP poll (issue 16) start once the ingest process listens and stop with it.
  if (roles.has('ingest')) registerInboundMail(app, deps);
  else app.decorate('inboundSmtpPort', async () => null);
  return app;
}

/**
 * pg-boss cron (Bogotá) of the periodic jobs: the summary of sends every 15 min from ALERTAS_RESUMEN_HORA (once a day
 * per tenant), the channels' sweeps and the abandoned sales' every minute, the backup at BACKUP_HOUR.
 */
async function scheduleDailyJobs(deps: TDeps): Promise<void> {
  const jobs = deps.jobs;
  if (!jobs) return;
  await jobs.schedule(QUEUE_RESUMEN, `*/15 ${deps.config.alertasResumenHora}-23 * * *`);
  await jobs.schedule(QUEUE_SFTP_BARRIDO, '* * * * *');
  await jobs.schedule(QUEUE_CORREO_BARRIDO, '* * * * *');
  await jobs.schedule(QUEUE_VENTAS_VENCIDAS, '* * * * *');
  if (deps.config.backupSchedule) await jobs.schedule(QUEUE_COPIA, `0 ${deps.config.backupHour} * * *`);
  else await jobs.boss.unschedule(QUEUE_COPIA).catch(() => undefined);
}
