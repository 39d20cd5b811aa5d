import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { routes } from '@radica/contracts/routes';
import { ROL_NOMBRE } from '@radica/contracts/usuarios';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { keyedLimit, perIpLimit } from '../../plugins/rate-limits.ts';
import { loginReply } from '../auth/login-reply.ts';
import * as usuarios from './service.ts';

/**
 * Users and roles (table: routes.usuarios): Configuración › Usuarios for administrators, the signed-in user's own
 * record (every role), and the invitation link's public calls (no session, limited per client address).
 */
export async function usuariosRoutes(app: FastifyInstance, deps: TDeps) {
  administracionRoutes(app, deps);
  whatsappRoutes(app, deps);
  invitacionRoutes(app, deps);
}

/** The text of a role change or removal, with the API keys it suspended. */
const cambioMensaje = (primero: string, suspendidas: number) =>
  [primero, ...(suspendidas ? [MSG_USUARIOS.clavesSuspendidas(suspendidas)] : [])].join(' ');

/** The administrators' calls: the users, their roles, the invitations. */
function administracionRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.usuarios;
  // Each invitation sends a mail: a few a minute per administrator are plenty (mail flooding is bounded).
  const porAdmin = keyedLimit(app, {
    name: 'invitaciones:user',
    max: 20 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? `user:${req.auth.userId}` : null),
  });
  const baseUrl = (req: FastifyRequest) => deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
  route(app, t.listar, async (req) => ({ success: true, data: await usuarios.listarUsuarios(deps, authOf(req)) }));
  route(app, t.yo, async (req) => ({ success: true, data: await usuarios.miUsuario(deps, authOf(req)) }));
  route(app, t.cambiarRol, async (req) => {
    const data = await usuarios.cambiarRol(deps, authOf(req), req.params.id, req.body.rol);
    return { success: true, data, message: cambioMensaje(MSG_USUARIOS.rolCambiado(data.usuario.nombre, ROL_NOMBRE[data.usuario.rol]), data.clavesSuspendidas) };
  });
  route(app, t.eliminar, async (req) => {
    const data = await usuarios.eliminarUsuario(deps, authOf(req), req.params.id);
    return { success: true, data, message: cambioMensaje(MSG_USUARIOS.usuarioEliminado(data.usuario.nombre), data.clavesSuspendidas) };
  });
  route(app, t.invitar, { preHandler: porAdmin }, async (req) => {
    const data = await usuarios.invitar(deps, authOf(req), req.body, baseUrl(req));
    return { success: true, data, message: MSG_USUARIOS.invitacionEnviada(data.email) };
  });
  route(app, t.reenviarInvitacion, { preHandler: porAdmin }, async (req) => {
    const data = await usuarios.reenviarInvitacion(deps, authOf(req), req.params.id, baseUrl(req));
    return { success: true, data, message: MSG_USUARIOS.invitacionReenviada(data.email) };
  });
  route(app, t.cancelarInvitacion, async (req) => ({
    success: true,
    data: await usuarios.cancelarInvitacion(deps, authOf(req), req.params.id),
    message: MSG_USUARIOS.invitacionCancelada,
  }));
}

/** The signed-in user's WhatsApp link: every role; a code a few times an hour per user (each one is a message to a phone). */
function whatsappRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.usuarios;
  const codigosPorUsuario = keyedLimit(app, {
    name: 'whatsapp-codigo:user',
    max: 5 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 3_600_000,
    key: (req) => (req.auth ? `user:${req.auth.userId}` : null),
  });
  route(app, t.vincularWhatsapp, { preHandler: codigosPorUsuario }, async (req) => ({
    success: true,
    data: await usuarios.solicitarVinculoWhatsapp(deps, authOf(req), req.body.numero),
    message: MSG_USUARIOS.whatsappCodigoEnviado(req.body.numero),
  }));
  route(app, t.confirmarWhatsapp, { config: perIpLimit(deps.config, 20) }, async (req) => {
    const data = await usuarios.confirmarVinculoWhatsapp(deps, authOf(req), req.body.codigo);
    return { success: true, data, message: MSG_USUARIOS.whatsappVinculado(data.whatsapp.numero ?? '') };
  });
  route(app, t.desvincularWhatsapp, async (req) => ({
    success: true,
    data: await usuarios.desvincularWhatsapp(deps, authOf(req)),
    message: MSG_USUARIOS.whatsappDesvinculado,
  }));
}

/** The link's calls: no session (the token is the credential), per client address; 256 bits cannot be guessed anyway. */
function invitacionRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.usuarios;
  route(app, t.consultarInvitacion, { config: perIpLimit(deps.config, 30) }, async (req) => ({
    success: true,
    data: await usuarios.consultarInvitacion(deps, req.body.token),
  }));
  route(app, t.aceptarInvitacion, { config: perIpLimit(deps.config, 10) }, async (req, reply) => {
    const { login, empresa } = await usuarios.aceptarInvitacion(deps, req.body);
    return loginReply(deps, req, reply, login, MSG_USUARIOS.invitacionAceptada(empresa));
  });
}
