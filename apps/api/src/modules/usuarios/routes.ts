import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLoginData } from '@radica/contracts/auth';
import { ZEnvelope } from '@radica/contracts/common';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import {
  ACCESO,
  ROL_NOMBRE,
  ZAceptarInvitacionRequest,
  ZCambioRolRequest,
  ZConsultarInvitacionRequest,
  ZInvitacion,
  ZInvitacionInfo,
  ZInvitacionRequest,
  ZMiUsuario,
  ZUsuarioCambio,
  ZUsuarioIdParams,
  ZUsuariosData,
  ZConfirmarWhatsappRequest,
  ZVincularWhatsappRequest,
} from '@radica/contracts/usuarios';
import type { TDeps } from '../../deps.ts';
import { authOf } from '../../plugins/auth.ts';
import { keyedLimit, perIpLimit } from '../../plugins/rate-limits.ts';
import { loginReply } from '../auth/login-reply.ts';
import * as usuarios from './service.ts';

/**
 * Users and roles (issue 28 §1): Configuración › Usuarios for administrators (GET /api/usuarios, PATCH/DELETE
 * /api/usuarios/{id}, POST /api/usuarios/invitaciones, POST …/invitaciones/{id}/reenviar, DELETE …/invitaciones/{id}),
 * the signed-in user's own record (GET /api/usuarios/yo, every role), and the invitation link's public calls
 * (POST …/invitaciones/consultar and …/aceptar: no session, limited per client address).
 */
export async function usuariosRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preHandler: [app.requireAuth], config: { roles: ACCESO.administracion } };
  // Each invitation sends a mail: a few a minute per administrator are plenty (issue 9 "mail flooding").
  const porAdmin = keyedLimit(app, {
    name: 'invitaciones:user',
    max: 20 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? `user:${req.auth.userId}` : null),
  });
  const baseUrl = (req: FastifyRequest) => deps.config.publicUrl ?? `${req.protocol}://${req.host}`;

  r.get('/api/usuarios', { ...admin, schema: { response: { 200: ZEnvelope(ZUsuariosData) } } }, async (req) => ({
    success: true,
    data: await usuarios.listarUsuarios(deps, authOf(req)),
  }));
  r.get(
    '/api/usuarios/yo',
    { preHandler: [app.requireAuth], config: { roles: ACCESO.lectura }, schema: { response: { 200: ZEnvelope(ZMiUsuario) } } },
    async (req) => ({ success: true, data: await usuarios.miUsuario(deps, authOf(req)) }),
  );
  r.patch(
    '/api/usuarios/:id',
    { ...admin, schema: { params: ZUsuarioIdParams, body: ZCambioRolRequest, response: { 200: ZEnvelope(ZUsuarioCambio) } } },
    async (req) => {
      const data = await usuarios.cambiarRol(deps, authOf(req), req.params.id, req.body.rol);
      const message = [MSG_USUARIOS.rolCambiado(data.usuario.nombre, ROL_NOMBRE[data.usuario.rol]), ...(data.clavesSuspendidas ? [MSG_USUARIOS.clavesSuspendidas(data.clavesSuspendidas)] : [])];
      return { success: true, data, message: message.join(' ') };
    },
  );
  r.delete(
    '/api/usuarios/:id',
    { ...admin, schema: { params: ZUsuarioIdParams, response: { 200: ZEnvelope(ZUsuarioCambio) } } },
    async (req) => {
      const data = await usuarios.eliminarUsuario(deps, authOf(req), req.params.id);
      const message = [MSG_USUARIOS.usuarioEliminado(data.usuario.nombre), ...(data.clavesSuspendidas ? [MSG_USUARIOS.clavesSuspendidas(data.clavesSuspendidas)] : [])];
      return { success: true, data, message: message.join(' ') };
    },
  );

  r.post(
    '/api/usuarios/invitaciones',
    { ...admin, preHandler: [app.requireAuth, porAdmin], schema: { body: ZInvitacionRequest, response: { 200: ZEnvelope(ZInvitacion) } } },
    async (req) => {
      const data = await usuarios.invitar(deps, authOf(req), req.body, baseUrl(req));
      return { success: true, data, message: MSG_USUARIOS.invitacionEnviada(data.email) };
    },
  );
  r.post(
    '/api/usuarios/invitaciones/:id/reenviar',
    { ...admin, preHandler: [app.requireAuth, porAdmin], schema: { params: ZUsuarioIdParams, response: { 200: ZEnvelope(ZInvitacion) } } },
    async (req) => {
      const data = await usuarios.reenviarInvitacion(deps, authOf(req), req.params.id, baseUrl(req));
      return { success: true, data, message: MSG_USUARIOS.invitacionReenviada(data.email) };
    },
  );
  r.delete(
    '/api/usuarios/invitaciones/:id',
    { ...admin, schema: { params: ZUsuarioIdParams, response: { 200: ZEnvelope(ZInvitacion) } } },
    async (req) => ({ success: true, data: await usuarios.cancelarInvitacion(deps, authOf(req), req.params.id), message: MSG_USUARIOS.invitacionCancelada }),
  );

  // The signed-in user's WhatsApp link (issue 28 §2): every role; a code a few times an hour per user (each one is a
  // message to a phone number).
  const yo = { preHandler: [app.requireAuth], config: { roles: ACCESO.lectura } };
  const codigosPorUsuario = keyedLimit(app, {
    name: 'whatsapp-codigo:user',
    max: 5 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 3_600_000,
    key: (req) => (req.auth ? `user:${req.auth.userId}` : null),
  });
  r.post(
    '/api/usuarios/yo/whatsapp',
    { ...yo, preHandler: [app.requireAuth, codigosPorUsuario], schema: { body: ZVincularWhatsappRequest, response: { 200: ZEnvelope(ZMiUsuario) } } },
    async (req) => ({
      success: true,
      data: await usuarios.solicitarVinculoWhatsapp(deps, authOf(req), req.body.numero),
      message: MSG_USUARIOS.whatsappCodigoEnviado(req.body.numero),
    }),
  );
  r.post(
    '/api/usuarios/yo/whatsapp/confirmar',
    { ...yo, config: { ...yo.config, ...perIpLimit(deps.config, 20) }, schema: { body: ZConfirmarWhatsappRequest, response: { 200: ZEnvelope(ZMiUsuario) } } },
    async (req) => {
      const data = await usuarios.confirmarVinculoWhatsapp(deps, authOf(req), req.body.codigo);
      return { success: true, data, message: MSG_USUARIOS.whatsappVinculado(data.whatsapp.numero ?? '') };
    },
  );
  r.delete('/api/usuarios/yo/whatsapp', { ...yo, schema: { response: { 200: ZEnvelope(ZMiUsuario) } } }, async (req) => ({
    success: true,
    data: await usuarios.desvincularWhatsapp(deps, authOf(req)),
    message: MSG_USUARIOS.whatsappDesvinculado,
  }));

  // The link's calls: no session (the token is the credential), per client address; 256 bits cannot be guessed anyway.
  r.post(
    '/api/usuarios/invitaciones/consultar',
    { config: { ...perIpLimit(deps.config, 30), roles: 'publico' }, schema: { body: ZConsultarInvitacionRequest, response: { 200: ZEnvelope(ZInvitacionInfo) } } },
    async (req) => ({ success: true, data: await usuarios.consultarInvitacion(deps, req.body.token) }),
  );
  r.post(
    '/api/usuarios/invitaciones/aceptar',
    { config: { ...perIpLimit(deps.config, 10), roles: 'publico' }, schema: { body: ZAceptarInvitacionRequest, response: { 200: ZEnvelope(ZLoginData) } } },
    async (req, reply) => {
      const { login, empresa } = await usuarios.aceptarInvitacion(deps, req.body);
      return loginReply(deps, req, reply, login, MSG_USUARIOS.invitacionAceptada(empresa));
    },
  );
}
