import { existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '@radica/contracts/messages';
import { configureZodSpanish } from '@radica/contracts/common';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { muvSimulatorPlugin } from '@radica/muv-simulator/plugin';
import type { TConfig } from './config.ts';
import type { TDeps } from './deps.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createTokenKit } from './modules/auth/tokens.ts';
import { createCipher, loadOrCreateSecretFile, parseKey } from './lib/secrets.ts';
import { createMuvClient } from './integrations/muv/client.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerAuth } from './plugins/auth.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { providerRoutes } from './modules/providers/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { geographyRoutes } from './modules/geography/routes.ts';
import { recoverInterruptedSends } from './modules/documents/service.ts';
import { productRoutes } from './modules/products/routes.ts';
import { startJobQueue } from './modules/jobs/queue.ts';
import { runBulkSendJob } from './modules/documents/bulk-send.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: TDeps;
  }
}

const HERE = dirname(fileURLToPath(import.meta.url));
/** With shared PostgreSQL another process may be mid-send; only sends older than this are recovered. */
const SEND_LEASE_MS = 5 * 60_000;

/**
 * Build the API (DESIGN.md): opens the database and runs migrations, wires services, registers plugins and
 * modules, mounts the MUV simulator under /_sim/muv when configured and serves the built SPA. Does not listen.
 */
export async function buildApp(config: TConfig): Promise<FastifyInstance> {
  configureZodSpanish();
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordValidator'] },
    bodyLimit: 1_048_576,
    trustProxy: true,
    // An aborted MUV fetch to the in-process simulator leaves a keep-alive socket; close() must not wait on it.
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteDataDir: config.pgliteDataDir });
  app.addHook('onClose', async () => database.close());

  const secretsDir = config.dataDir;
  const key = config.encryptionKey ? parseKey(config.encryptionKey) : loadOrCreateSecretFile(join(secretsDir, 'secret.key'), 32);
  const jwtSecret = config.jwtSecret ? Buffer.from(config.jwtSecret) : loadOrCreateSecretFile(join(secretsDir, 'jwt-secret'), 48);

  const selfUrl = () => {
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    return `http://127.0.0.1:${port}`;
  };
  const deps: TDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    dbRows: database.rows,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db }),
    tokens: createTokenKit(jwtSecret, config.accessTokenTtlS),
    cipher: createCipher(key),
    codeKey: jwtSecret,
    muv: createMuvClient({
      baseUrl: () => config.muvBaseUrl ?? `${selfUrl()}/_sim/muv`,
      timeoutMs: config.muvTimeoutMs,
      retries: config.muvRetries,
      retryBaseMs: config.muvRetryBaseMs,
    }),
    log: app.log,
  };
  app.decorate('deps', deps);

  // Google Identity Services (https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid#content_security_policy)
  // is allowed only when Google sign-in is configured.
  const gsi = config.googleClientId ? ['https://accounts.google.com/gsi/'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', ...(gsi.length ? ['https://*.googleusercontent.com'] : [])],
        'connect-src': ["'self'", ...gsi],
        'script-src': ["'self'", ...(gsi.length ? ['https://accounts.google.com/gsi/client'] : [])],
        'frame-src': ["'self'", ...gsi],
        'style-src': ["'self'", 'https:', "'unsafe-inline'", ...gsi],
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => ({ statusCode: 429, success: false, message: MSG.http429, code: 'RATE_LIMITED' }) });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  registerErrorHandler(app);
  registerAuth(app, deps.tokens);

  await app.register(async (scope) => {
    await systemRoutes(scope, deps);
    await authRoutes(scope, deps);
    await geographyRoutes(scope, deps);
    await providerRoutes(scope, deps);
    await documentRoutes(scope, deps);
    await productRoutes(scope, deps);
  });

  if (config.muvSimulator) {
    await app.register(muvSimulatorPlugin, {
      prefix: '/_sim/muv',
      stateFile: config.pgliteDataDir === 'memory' ? null : join(config.dataDir, 'muv-simulator.json'),
    });
  }

  const webDist = resolve(config.webDistDir ?? join(HERE, '../../web/dist'));
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (hasWeb && req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/_sim/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: MSG.http404, code: 'NOT_FOUND' });
  });

  const recovered = await recoverInterruptedSends(deps, database.kind === 'pglite' ? 0 : SEND_LEASE_MS);
  if (recovered) app.log.warn({ recovered }, 'documents left mid-send by a previous process were recovered');

  // Bulk sends as durable jobs (issue 4; docs/decisions/005-bulk-send-jobs.md). The worker starts once the API
  // listens (the in-process simulator must answer), unless JOBS_WORKER=false (`npm run worker` runs it instead).
  deps.jobs = await startJobQueue({
    deps,
    runSend: (job) => runBulkSendJob(deps, job),
    tenantConcurrency: config.muvTenantConcurrency,
    batchSize: config.jobsBatchSize,
    expireInSeconds: config.jobsExpireS,
  });
  app.addHook('preClose', async () => deps.jobs?.stop());
  if (config.jobsWorker) app.addHook('onListen', async () => deps.jobs?.startWorker());
  return app;
}
