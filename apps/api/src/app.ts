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
import { backupRoutes } from './modules/backups/routes.ts';
import { ripsRoutes } from './modules/rips/routes.ts';
import { startBackupSchedule } from './modules/backups/schedule.ts';
import { avisosRoutes } from './modules/avisos/routes.ts';
import { usuariosRoutes } from './modules/usuarios/routes.ts';
import { whatsappRoutes } from './modules/whatsapp/routes.ts';
import { defineWhatsappQueue } from './modules/whatsapp/service.ts';
import { defineAvisosQueues, enviarResumenesDiarios, publicarResultado } from './modules/avisos/service.ts';
import { WHATSAPP_TEMPLATE_PARAMS } from './modules/avisos/mensajes.ts';
import { WHATSAPP_CODE_TEMPLATE_PARAMS } from './modules/whatsapp/respuestas.ts';
import { createWhatsappClient } from './integrations/whatsapp/client.ts';
import { recoverInterruptedSends } from './modules/documents/claims.ts';
import { productRoutes } from './modules/products/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { repsRoutes } from './modules/reps/routes.ts';
import { loadRepsSeedIfEmpty } from './modules/reps/service.ts';
import { ensurePromoCoupon } from './modules/billing/coupons.ts';
import { startJobQueue } from './modules/jobs/queue.ts';
import { runBulkSendJob } from './modules/documents/bulk-send.ts';
import { canalSftpRoutes } from './modules/canal-sftp/routes.ts';
import { createCanalSftp } from './modules/canal-sftp/server.ts';

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
export async function buildApp(config: TConfig, parts: TAppParts = {}): Promise<FastifyInstance> {
  configureZodSpanish();
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordValidator'] },
    bodyLimit: MAX_JSON_BODY_BYTES,
    // X-Forwarded-For is believed only from configured proxies (issue 9): otherwise any client could pick the IP
    // every per-IP limit is keyed on.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // An aborted MUV fetch to the in-process simulator leaves a keep-alive socket; close() must not wait on it.
    forceCloseConnections: true,
    frameworkErrors: frameworkErrorReply,
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
    analysis: createAnalysisPool({ threads: config.uploadWorkers, observe: metrics.uploadAnalysis }),
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
  app.decorate('deps', deps);

  await registerSecurityHeaders(app, { googleClientId: config.googleClientId, paymentGatewayUrl: config.wompiBaseUrl });
  await app.register(cookie);
  await registerRateLimits(app);
  await registerMultipart(app);
  registerErrorHandler(app);
  registerRequestGuards(app);
  registerAuth(app, deps.tokens, deps.sessions, deps.apiKeys);
  registerRoles(app);
  registerOperatorAuth(app, config);
  registerMetrics(app, metrics, config);
  await registerOpenApi(app, { publicUrl: config.publicUrl ?? '/' });

  // The SFTP channel (issue 16): created here, listening once the API listens (not in `npm run worker` nor operator
  // commands, which never listen); stopped before the database closes.
  const canalSftp = config.sftp.enabled ? createCanalSftp(deps) : null;
  if (canalSftp) {
    app.addHook('onListen', async () => {
      await canalSftp.start().catch((err: unknown) => app.log.error({ err }, 'sftp: the SFTP server could not start'));
    });
    app.addHook('preClose', async () => canalSftp.close());
  }
  await app.register(async (scope) => {
    await systemRoutes(scope, deps);
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
    await canalSftpRoutes(scope, deps, canalSftp);
    await canalCorreoRoutes(scope, deps);
    await backupRoutes(scope, deps);
    await avisosRoutes(scope, deps);
    await usuariosRoutes(scope, deps);
    await whatsappRoutes(scope, deps);
    await ripsRoutes(scope, deps);
  });

  if (config.muvSimulator) {
    if (!parts.muvSimulator) throw new Error('MUV_SIMULATOR está activo pero el punto de entrada no entregó el simulador del Ministerio.');
    await app.register(parts.muvSimulator, {
      prefix: '/_sim/muv',
      stateFile: config.pgliteDataDir === 'memory' ? null : join(config.dataDir, 'muv-simulator.json'),
      controlHooks: config.muvSimulatorControl,
    });
  }

  if (config.wompiSimulator && parts.wompiSimulator) {
    await app.register(parts.wompiSimulator, {
      prefix: '/_sim/wompi',
      ...wompiKeys,
      eventsUrl: () => `${selfUrl()}/api/payment/webhook`,
      stateFile: config.pgliteDataDir === 'memory' ? null : join(config.dataDir, 'wompi-simulator.json'),
      controlHooks: config.wompiSimulatorControl,
    });
  } else if (config.wompiSimulator) app.log.warn('WOMPI_SIMULATOR is on but the entry point gave no simulator: payments will fail');
  if (whatsappSim && parts.whatsappSimulator) {
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
  await ensurePromoCoupon(deps, config.promoCouponCode);
  // A fresh install searches REPS providers at once: the bundled extract fills an empty table (issue 13).
  if (config.repsSeed) await loadRepsSeedIfEmpty(deps);

  await registerSpa(app, config.webDistDir ?? join(HERE, '../../web/dist'));

  // With PGlite this process owns the database: every claim left is a dead process's. With shared PostgreSQL only
  // lapsed leases (SEND_LEASE_S without a heartbeat) are; the queue's maintenance keeps checking every few seconds.
  const recovered = await recoverInterruptedSends(deps, { all: database.kind === 'pglite' });
  if (recovered) app.log.warn({ recovered }, 'documents left mid-send by a previous process were recovered');

  // Bulk sends as durable jobs (issue 4; docs/decisions/005-bulk-send-jobs.md). The worker starts once the API
  // listens (the in-process simulator must answer), unless JOBS_WORKER=false (`npm run worker` runs it instead).
  deps.jobs = await startJobQueue({
    deps,
    runSend: (job) => runBulkSendJob(deps, job),
    tenantConcurrency: config.muvTenantConcurrency,
    batchSize: config.jobsBatchSize,
    expireInSeconds: config.jobsExpireS,
    staleAfterS: config.sendLeaseS,
    maintain: () => recoverInterruptedSends(deps),
  });
  metrics.setQueueSource(() => pgBossQueueStats(deps.dbRows));
  // Result webhooks and rejection alerts (issue 15): their queues, the hook sends call, and the daily summary's beat.
  defineAvisosQueues(deps);
  // The WhatsApp assistant's inbound messages (issue 28): one job per message.
  defineWhatsappQueue(deps);
  deps.avisos = { publicarResultado: (tenantId, fevRipsId) => publicarResultado(deps, tenantId, fevRipsId) };
  const summaryBeat = setInterval(() => {
    enviarResumenesDiarios(deps).catch((err: unknown) => app.log.warn({ err: String((err as Error).message ?? err) }, 'daily summary failed'));
  }, 60_000);
  summaryBeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(summaryBeat);
    await deps.jobs?.stop();
  });
  if (config.jobsWorker) app.addHook('onListen', async () => deps.jobs?.startWorker());
  // The e-mail channel's SMTP server and IMAP poll (issue 16) start once the API listens and stop with it.
  registerInboundMail(app, deps);
  // The daily encrypted backup and its retention (issue 16; docs/decisions/021-backups.md), BACKUP_SCHEDULE=false to leave it to cron.
  if (config.backupSchedule) {
    let stopBackups: (() => Promise<void>) | null = null;
    app.addHook('onListen', async () => void (stopBackups = startBackupSchedule(deps)));
    app.addHook('preClose', async () => stopBackups?.());
  }
  return app;
}
