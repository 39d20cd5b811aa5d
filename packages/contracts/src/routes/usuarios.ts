import { z } from 'zod';
import { ZLoginData } from '../auth.ts';
import { ZEnvelope, ZMessageEnvelope } from '../common.ts';
import {
  ACCESO,
  ZAceptarInvitacionRequest,
  ZCambioRolRequest,
  ZConfirmarWhatsappRequest,
  ZConsultarInvitacionRequest,
  ZInvitacion,
  ZInvitacionInfo,
  ZInvitacionRequest,
  ZMiUsuario,
  ZUsuarioCambio,
  ZUsuarioIdParams,
  ZUsuariosData,
  ZVincularWhatsappRequest,
} from '../usuarios.ts';
import { ruta } from '../route.ts';

const admin = { roles: ACCESO.administracion } as const;
const yo = { roles: ACCESO.lectura } as const;

/**
 * Users and roles: Configuración › Usuarios for administrators, the signed-in user's own record and WhatsApp link, and
 * the invitation link's calls (no session: the token is the credential). The WhatsApp Cloud API's webhook.
 */
export const usuarios = {
  listar: ruta({ method: 'GET', path: '/api/usuarios', ...admin, response: ZEnvelope(ZUsuariosData) }),
  yo: ruta({ method: 'GET', path: '/api/usuarios/yo', ...yo, response: ZEnvelope(ZMiUsuario) }),
  cambiarRol: ruta({ method: 'PATCH', path: '/api/usuarios/:id', ...admin, params: ZUsuarioIdParams, body: ZCambioRolRequest, response: ZEnvelope(ZUsuarioCambio) }),
  eliminar: ruta({ method: 'DELETE', path: '/api/usuarios/:id', ...admin, params: ZUsuarioIdParams, response: ZEnvelope(ZUsuarioCambio) }),
  invitar: ruta({ method: 'POST', path: '/api/usuarios/invitaciones', ...admin, body: ZInvitacionRequest, response: ZEnvelope(ZInvitacion) }),
  reenviarInvitacion: ruta({ method: 'POST', path: '/api/usuarios/invitaciones/:id/reenviar', ...admin, params: ZUsuarioIdParams, response: ZEnvelope(ZInvitacion) }),
  cancelarInvitacion: ruta({ method: 'DELETE', path: '/api/usuarios/invitaciones/:id', ...admin, params: ZUsuarioIdParams, response: ZEnvelope(ZInvitacion) }),
  vincularWhatsapp: ruta({ method: 'POST', path: '/api/usuarios/yo/whatsapp', ...yo, body: ZVincularWhatsappRequest, response: ZEnvelope(ZMiUsuario) }),
  confirmarWhatsapp: ruta({ method: 'POST', path: '/api/usuarios/yo/whatsapp/confirmar', ...yo, body: ZConfirmarWhatsappRequest, response: ZEnvelope(ZMiUsuario) }),
  desvincularWhatsapp: ruta({ method: 'DELETE', path: '/api/usuarios/yo/whatsapp', ...yo, response: ZEnvelope(ZMiUsuario) }),
  consultarInvitacion: ruta({ method: 'POST', path: '/api/usuarios/invitaciones/consultar', roles: 'publico', body: ZConsultarInvitacionRequest, response: ZEnvelope(ZInvitacionInfo) }),
  aceptarInvitacion: ruta({ method: 'POST', path: '/api/usuarios/invitaciones/aceptar', roles: 'publico', body: ZAceptarInvitacionRequest, response: ZEnvelope(ZLoginData) }),
  /** Meta's verification handshake: the answer is the challenge as plain text. */
  verificarWebhookWhatsapp: ruta({
    method: 'GET',
    path: '/api/whatsapp/webhook',
    roles: 'publico',
    query: z.object({
      'hub.mode': z.string().max(40).optional(),
      'hub.verify_token': z.string().max(500).optional(),
      'hub.challenge': z.string().max(500).optional(),
    }),
    response: z.string(),
    respuesta: 'texto',
  }),
  /** A notification, signed with `X-Hub-Signature-256` over the raw body (checked before the JSON is parsed). */
  webhookWhatsapp: ruta({ method: 'POST', path: '/api/whatsapp/webhook', roles: 'publico', cuerpo: 'firmado', response: ZMessageEnvelope }),
};
