import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { TDeps } from '../deps.ts';
import { registerRequestGuards } from '../plugins/request-guards.ts';
import { registerErrorHandler } from '../plugins/errors.ts';
import { registerAuth } from '../plugins/auth.ts';
import { registerRoles } from '../plugins/roles.ts';
import { registerOperatorAuth } from '../plugins/operator.ts';
import { registerMetrics } from '../plugins/metrics.ts';
import { registerSecurityHeaders } from '../plugins/security-headers.ts';
import { registerOpenApi } from '../plugins/openapi.ts';
import { registerRateLimits } from '../plugins/rate-limits.ts';
import { registerMultipart } from '../plugins/multipart.ts';
import { pgBossQueueStats } from '../modules/jobs/queue-stats.ts';

/**
 * The plugins of every role, in order: security headers, cookies, rate limits (their health goes to deps.limites),
 * multipart, the error handler, request guards, authentication and roles, the operator's token, metrics (with the
 * queues' sizes); the OpenAPI document in the api role only.
 */
export async function registerCommonPlugins(app: FastifyInstance, deps: TDeps): Promise<void> {
  const { config } = deps;
  await registerSecurityHeaders(app, { googleClientId: config.googleClientId, paymentGatewayUrl: config.wompiBaseUrl });
  await app.register(cookie);
  deps.limites = await registerRateLimits(app, deps);
  await registerMultipart(app);
  registerErrorHandler(app);
  registerRequestGuards(app);
  registerAuth(app, deps.tokens, deps.sessions, deps.apiKeys);
  registerRoles(app);
  registerOperatorAuth(app, config);
  registerMetrics(app, deps.metrics, config);
  deps.metrics.setQueueSource(() => pgBossQueueStats(deps.dbRows));
  if (config.roles.includes('api')) await registerOpenApi(app, { publicUrl: config.publicUrl ?? '/' });
}
