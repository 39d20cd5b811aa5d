import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_JSON_BODY_BYTES } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import type { TConfig } from '../config.ts';
import { frameworkErrorReply } from '../plugins/errors.ts';
import { rolesDeRuta, type TAcceso } from '../plugins/roles.ts';

/** A registered route: its method, path, schema (request and response) and who may call it (plugins/roles.ts). */
export type TRouteInfo = { method: string; url: string; schema?: { response?: Record<string, unknown> }; roles?: TAcceso; anonimo?: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: TRouteInfo[];
  }
}

/** Fastify's trustProxy for a hop count: the nearest `hops` addresses of the chain are proxies (proxy-addr). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

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
 * The Fastify instance of every role: its log (secrets redacted), body limit, trusted proxies, time-outs and zod
 * schemas, and `app.routeTable`, every route as registered (tests walk it: each API route declares its response).
 */
export function createServer(config: TConfig): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordValidator'] },
    bodyLimit: MAX_JSON_BODY_BYTES,
    // X-Forwarded-For is believed only from configured proxies (TRUST_PROXY; docs/decisions/009): otherwise any client
    // could pick the IP every per-IP limit is keyed on.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // An aborted MUV fetch to the in-process simulator leaves a keep-alive socket; close() must not wait on it.
    forceCloseConnections: true,
    frameworkErrors: frameworkErrorReply,
    // Time-outs of every request (docs/decisions/028): the whole request with its body, its headers, an idle
    // keep-alive connection, a silent socket. Node checks them every second (its default is every 30 s).
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    http: { headersTimeout: config.http.headersTimeoutMs, requestTimeout: config.http.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    clientErrorHandler: clientErrorReply,
  });
  const routeTable: TRouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema as TRouteInfo['schema'], roles: rolesDeRuta(route), anonimo: route.config?.anonimo === true });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** This server's own base URL (the port it listens on, else PORT): the in-process simulators are called through it. */
export function selfUrl(app: FastifyInstance, config: TConfig): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  return `http://127.0.0.1:${port}`;
}
