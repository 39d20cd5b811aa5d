import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESO } from '@radica/contracts/usuarios';
import { ZEnvelope } from '@radica/contracts/common';
import {
  ZCanalCorreo,
  ZCanalCorreoUpdateRequest,
  ZCorreoEntrantesData,
  ZCorreoEntrantesQuery,
} from '@radica/contracts/canal-correo';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import type { TDeps } from '../../deps.ts';
import { authOf } from '../../plugins/auth.ts';
import { actualizarCanal, listarEntrantes, obtenerCanal, rotarDireccion } from './service.ts';

/**
 * Settings › Canales › correo (issue 16), for a signed-in user only (an API key answers 403 API_KEY_FORBIDDEN, as the
 * key routes): GET/PUT /api/canales/correo, POST /api/canales/correo/rotar, GET /api/canales/correo/entrantes.
 */
export async function canalCorreoRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Settings › Canales: administrators only (issue 28).
  const sesion = { preHandler: [app.requireAuth], config: { roles: ACCESO.administracion } };
  r.get('/api/canales/correo', { ...sesion, schema: { response: { 200: ZEnvelope(ZCanalCorreo) } } }, async (req) => ({
    success: true,
    data: await obtenerCanal(deps, authOf(req)),
  }));
  r.put(
    '/api/canales/correo',
    { ...sesion, schema: { body: ZCanalCorreoUpdateRequest, response: { 200: ZEnvelope(ZCanalCorreo) } } },
    async (req) => ({ success: true, message: MSG_CORREO.canalActualizado, data: await actualizarCanal(deps, authOf(req), req.body) }),
  );
  r.post('/api/canales/correo/rotar', { ...sesion, schema: { response: { 200: ZEnvelope(ZCanalCorreo) } } }, async (req) => ({
    success: true,
    message: MSG_CORREO.direccionRotada,
    data: await rotarDireccion(deps, authOf(req)),
  }));
  r.get(
    '/api/canales/correo/entrantes',
    { ...sesion, schema: { querystring: ZCorreoEntrantesQuery, response: { 200: ZEnvelope(ZCorreoEntrantesData) } } },
    async (req) => ({ success: true, data: await listarEntrantes(deps, authOf(req), req.query) }),
  );
}
