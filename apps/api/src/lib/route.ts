import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';
import type { TRuta } from '@radica/contracts/routes';
import { bearerToken } from '../plugins/auth.ts';

type TEntrada<S> = S extends z.ZodType ? z.output<S> : unknown;
type TSalida<S> = S extends z.ZodType ? z.input<S> : unknown;

/** The request of a table route: params, query and body as its schemas parse them. */
export type TPeticion<R extends TRuta> = FastifyRequest<{ Params: TEntrada<R['params']>; Querystring: TEntrada<R['query']>; Body: TEntrada<R['body']> }>;

/** A table route's handler: answers what the entry's response schema serializes, or sends the reply itself (files). */
export type TManejador<R extends TRuta> = (req: TPeticion<R>, reply: FastifyReply) => Promise<TSalida<R['response']> | FastifyReply> | FastifyReply;

export type TOpcionesRuta = {
  /** Run after the authentication the entry implies: the module check, per-user or per-address limits. */
  preHandler?: preHandlerHookHandler | readonly preHandlerHookHandler[];
  /** Route config besides `roles`/`anonimo` (which come from the entry): the per-IP limit of perIpLimit. */
  config?: Record<string, unknown>;
  bodyLimit?: number;
  /** An operator route checks the secret before its body is read (a streamed import), not after validation. */
  operadorAlRecibir?: boolean;
  /** An operator route that checks the secret in its handler (GET /metrics also takes it as a Bearer token). */
  autenticacionPropia?: boolean;
};

/**
 * The authentication an entry implies, run before the route's own preHandlers: a role route without `anonimo` needs a
 * session (or an API key when the entry says `claves`); with `anonimo`, a caller with a token is authenticated as
 * everywhere (a bad token is 401, never a silent downgrade) and one without is let through; an operator route needs the
 * operator secret (plugins/operator.ts); a public route nothing. plugins/roles.ts then checks the role.
 */
function autenticacion(app: FastifyInstance, entry: TRuta, o: TOpcionesRuta): preHandlerHookHandler[] {
  if (entry.roles === 'publico') return [];
  if (entry.roles === 'operador') return o.operadorAlRecibir || o.autenticacionPropia ? [] : [app.requireOperator];
  if (entry.anonimo) {
    const opcional = async (request: FastifyRequest) => {
      if (bearerToken(request)) await app.requireAuth(request);
    };
    return [opcional];
  }
  return [entry.claves ? app.requireAuthOrKey : app.requireAuth];
}

/**
 * Register one route of the table (@radica/contracts/routes, docs/decisions/053): method, path, the request and
 * response schemas (a special body, `entry.cuerpo`, gets no body schema: the handler reads it), `config.roles` and the
 * authentication from the entry; `opciones` add limits and checks. The path and who may call it cannot differ from
 * what the web and the tests read in the table.
 */
export function route<R extends TRuta>(app: FastifyInstance, entry: R, handler: TManejador<R>): void;
export function route<R extends TRuta>(app: FastifyInstance, entry: R, opciones: TOpcionesRuta, handler: TManejador<R>): void;
export function route<R extends TRuta>(app: FastifyInstance, entry: R, a: TOpcionesRuta | TManejador<R>, b?: TManejador<R>): void {
  const opciones = typeof a === 'function' ? {} : a;
  const handler = (typeof a === 'function' ? a : b) as TManejador<R>;
  const preHandler = [...autenticacion(app, entry, opciones), ...[opciones.preHandler ?? []].flat()];
  const onRequest: onRequestHookHandler[] = entry.roles === 'operador' && opciones.operadorAlRecibir ? [app.requireOperator] : [];
  app.route({
    method: entry.method,
    url: entry.path,
    ...(opciones.bodyLimit ? { bodyLimit: opciones.bodyLimit } : {}),
    ...(onRequest.length ? { onRequest } : {}),
    ...(preHandler.length ? { preHandler } : {}),
    config: { ...opciones.config, roles: entry.roles, ...(entry.anonimo ? { anonimo: true } : {}) },
    schema: {
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body && !entry.cuerpo ? { body: entry.body } : {}),
      response: { 200: entry.response, ...entry.otras },
    },
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
