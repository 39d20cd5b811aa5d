import type { FastifyInstance, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { ROL_NOMBRE, rolPermite, type TRol } from '@radica/contracts/usuarios';
import { AppError } from '../lib/errors.ts';
import { bearerToken } from './auth.ts';

/**
 * Who may call a route: the roles allowed, 'publico' (no session
 * needed: sign-in, the sales page's calls, webhooks from outside parties, which authenticate their own way), or
 * 'operador' (the operator secret of `npm run admin`, never a user). Every route under /api declares one as
 * `config.roles`; `config.anonimo` lets a role route also take callers without a session (the chat, a guest purchase):
 * a signed-in caller must still have one of the roles.
 */
export type TAcceso = readonly TRol[] | 'publico' | 'operador';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (plugins/roles.ts). Required on every route under /api. */
    roles?: TAcceso;
    /** With `roles`: callers without a session are let through too (the route authenticates optionally). */
    anonimo?: boolean;
  }
}

/** Paths that need no declaration: pages served by plugins (the OpenAPI viewer), the SPA and the local simulators. */
const SIN_DECLARACION = /^\/api\/docs(\/|$)/;

/** True for a route that must declare `config.roles`: every route under /api/ and /ping, except {@link SIN_DECLARACION}. */
export const debeDeclararRoles = (url: string) => (url.startsWith('/api/') || url === '/ping') && !SIN_DECLARACION.test(url);

/** The roles a route declared, as registered (the route table the tests walk keeps it). */
export const rolesDeRuta = (route: Pick<RouteOptions, 'config'>): TAcceso | undefined => (route.config as { roles?: TAcceso } | undefined)?.roles;

/** The Spanish list of roles: 'Administrador', 'Administrador o Facturador'. */
const nombres = (roles: readonly TRol[]) => {
  const n = roles.map((r) => ROL_NOMBRE[r]);
  return n.length <= 1 ? (n[0] ?? '') : `${n.slice(0, -1).join(', ')} o ${n.at(-1)}`;
};

/**
 * The check of a role route, run before its body is validated or read (a caller without the role never gets its body
 * parsed, and a refusal never depends on what was sent): authenticates the caller the way the route does (a session;
 * an API key too when the route takes `app.requireAuthOrKey`) unless it is `anonimo` and carries no token; then the
 * caller's role (plugins/auth.ts reads it with the session, so a role change counts on the next call) must be one of
 * `roles`, else 403 ROL_REQUERIDO naming the role needed. The route's own authentication preHandler then finds the
 * caller authenticated. A route that forgot its authentication is therefore authenticated all the same.
 */
function checkRoles(app: FastifyInstance, roles: readonly TRol[], o: { anonimo: boolean; keys: boolean }): preValidationHookHandler {
  return async function rolesPreValidation(request: FastifyRequest) {
    if (!request.auth) {
      if (o.anonimo && !bearerToken(request)) return;
      await (o.keys ? app.requireAuthOrKey : app.requireAuth)(request);
    }
    const rol = request.auth?.rol;
    if (!rolPermite(roles, rol)) throw new AppError('ROL_REQUERIDO', MSG_USUARIOS.rolRequerido(nombres(roles), rol ? ROL_NOMBRE[rol] : '—'));
  };
}

/**
 * The one hook of the roles (register after plugins/auth.ts and before any route): every route under /api must declare
 * `config.roles`, or the app refuses to start naming it (a new route cannot be left open by omission); a role route
 * gets {@link checkRoles} as its last preValidation hook.
 */
export function registerRoles(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const acceso = rolesDeRuta(route);
    if (acceso === undefined) {
      if (debeDeclararRoles(route.url)) throw new Error(`La ruta ${[route.method].flat().join(',')} ${route.url} no declara config.roles (plugins/roles.ts).`);
      return;
    }
    if (acceso === 'publico' || acceso === 'operador') return;
    if (acceso.length === 0) throw new Error(`La ruta ${route.url} declara config.roles vacío.`);
    const keys = [route.preHandler ?? []].flat().includes(app.requireAuthOrKey);
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...own, checkRoles(app, acceso, { anonimo: route.config?.anonimo === true, keys })];
  });
}
