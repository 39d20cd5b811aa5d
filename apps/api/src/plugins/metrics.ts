import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TConfig } from '../config.ts';
import type { TMetrics } from '../lib/metrics.ts';
import { AppError } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { routes } from '@radica/contracts/routes';
import { OPERATOR_HEADER } from './operator.ts';

/** Route label of requests no route matched (404s): never the raw URL, which would make a series per path. */
const UNMATCHED = 'unmatched';

/**
 * Prometheus metrics (docs/decisions/034):
 * - every answered request is observed by method, route template and status (429s also count as rate-limit
 *   refusals);
 * - `GET /metrics` on the API's port answers only the operator secret (`x-radica-operator`, or
 *   `Authorization: Bearer <secret>` as Prometheus sends it); anything else 401;
 * - with METRICS_PORT set, the metrics are served instead on METRICS_HOST:METRICS_PORT (an internal address, no
 *   secret: the network is the boundary) and the API's port has no /metrics (404).
 * Needs registerOperatorAuth first.
 */
export function registerMetrics(app: FastifyInstance, metrics: TMetrics, config: Pick<TConfig, 'metricsPort' | 'metricsHost'>) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimitRefusal(route);
  });

  const send = async (reply: FastifyReply) => {
    const { contentType, text } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  };

  if (config.metricsPort === null) {
    route(app, routes.sistema.metricas, { autenticacionPropia: true }, async (request: FastifyRequest, reply) => {
      const header = request.headers[OPERATOR_HEADER];
      const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!app.isOperatorSecret(typeof header === 'string' ? header : bearer))
        throw new AppError('OPERATOR_UNAUTHORIZED', MSG_MINISTERIO.operadorNoAutorizado);
      return send(reply);
    });
    return;
  }

  // Not on the API's port (not even the SPA's fallback page): 404 as for any unknown API path.
  route(app, routes.sistema.metricas, { autenticacionPropia: true }, async (_request, reply) => reply.status(404).send({ success: false, message: MSG.http404, code: 'NOT_FOUND' }));

  // The separate listener: GET /metrics only, short time-outs, started and stopped with the app.
  let server: Server | null = null;
  app.decorate('metricsPort', () => {
    const a = server?.address();
    return a && typeof a === 'object' ? a.port : null;
  });
  app.addHook('onListen', async () => {
    const s = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      metrics.render().then(
        ({ contentType, text }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'metrics: render failed');
          res.writeHead(500).end();
        },
      );
    });
    s.requestTimeout = 10_000;
    s.headersTimeout = 5_000;
    s.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(config.metricsPort!, config.metricsHost, () => resolve());
    });
    server = s;
  });
  app.addHook('preClose', async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()).closeAllConnections());
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bound port of the separate metrics listener (METRICS_PORT 0 picks one), or null before it listens. */
    metricsPort?: () => number | null;
  }
}
