import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { actualizarCanal, listarEntrantes, obtenerCanal, rotarDireccion } from './service.ts';

/**
 * Settings › Canales › correo, for a signed-in user only (an API key answers 403 API_KEY_FORBIDDEN, as the
 * key routes): GET/PUT /api/canales/correo, POST /api/canales/correo/rotar, GET /api/canales/correo/entrantes.
 */
export async function canalCorreoRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.integraciones;
  route(app, t.canalCorreo, async (req) => ({ success: true, data: await obtenerCanal(deps, authOf(req)) }));
  route(app, t.guardarCanalCorreo, async (req) => ({
    success: true,
    message: MSG_CORREO.canalActualizado,
    data: await actualizarCanal(deps, authOf(req), req.body),
  }));
  route(app, t.rotarCanalCorreo, async (req) => ({ success: true, message: MSG_CORREO.direccionRotada, data: await rotarDireccion(deps, authOf(req)) }));
  route(app, t.entrantesCanalCorreo, async (req) => ({ success: true, data: await listarEntrantes(deps, authOf(req), req.query) }));
}
