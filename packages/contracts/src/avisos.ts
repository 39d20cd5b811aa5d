import { z } from 'zod';
import { ZPaqueteData } from './integraciones.ts';
import { MSG_AVISOS } from './messages-avisos.ts';
import { EJEMPLO_EVENTO_WEBHOOK } from './ejemplos.ts';

/**
 * What Radica tells a tenant's systems and people when a document reaches a final status (
 * "Rejection alerts"): signed webhook deliveries with their log, and alert recipients (e-mail, WhatsApp) with theirs.
 */

/** The statuses that end a send and fire a `documento.resultado` event. */
export const ESTADOS_FINALES = ['APROBADO', 'NO_APROBADO', 'ERROR'] as const;
export type TEstadoFinal = (typeof ESTADOS_FINALES)[number];
/** The statuses that raise a rejection alert. */
export const ESTADOS_ALERTA = ['NO_APROBADO', 'ERROR'] as const;

/** Radica: most webhooks per tenant, most alert recipients per channel. */
export const WEBHOOKS_MAX = 5;
export const ALERTAS_MAX_DESTINOS = 10;

/** The event type of a final status, and of the test event 'Probar'. */
export const EVENTO_RESULTADO = 'documento.resultado';
export const EVENTO_PRUEBA = 'webhook.prueba';
/**
 * Radica (docs/decisions/047): a send the ministry answered with no verdict (TOT003, a 5xx, a time-out…); Radica
 * retries by itself. Once per wait, with `data.esperaMinisterio` (the ministry's words, the next retry).
 */
export const EVENTO_SIN_RESPUESTA = 'documento.sin_respuesta';

/**
 * The body Radica POSTs to a webhook, signed per Standard Webhooks (headers webhook-id, webhook-timestamp,
 * webhook-signature `v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`). `data` is what GET /api/v1/paquetes/{id}
 * answers (null for a test event).
 */
export const ZEventoWebhook = z
  .object({
    id: z.string(),
    tipo: z.enum([EVENTO_RESULTADO, EVENTO_SIN_RESPUESTA, EVENTO_PRUEBA]),
    creadoEn: z.string(),
    data: ZPaqueteData.nullable(),
  })
  .meta({ examples: [EJEMPLO_EVENTO_WEBHOOK] });
export type TEventoWebhook = z.infer<typeof ZEventoWebhook>;

/** POST /api/integraciones/webhooks body: an https URL (http only to the local machine in development). */
export const ZWebhookCreateRequest = z.object({
  url: z.string({ error: MSG_AVISOS.webhookUrlInvalida }).trim().max(500, MSG_AVISOS.webhookUrlInvalida).url(MSG_AVISOS.webhookUrlInvalida),
});
export type TWebhookCreateRequest = z.infer<typeof ZWebhookCreateRequest>;

/** A webhook as lists show it (never its secret). */
export const ZWebhook = z.object({ id: z.number(), url: z.string(), activo: z.boolean(), creadoEn: z.string() });
export type TWebhook = z.infer<typeof ZWebhook>;
/** POST /api/integraciones/webhooks `data`: with `secreto` (whsec_…) shown this once. */
export const ZWebhookCreated = ZWebhook.extend({ secreto: z.string() });
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

/** One delivery of an event to a webhook (the settings' delivery log). */
export const ZWebhookEntrega = z.object({
  id: z.number(),
  webhookId: z.number(),
  url: z.string(),
  eventoId: z.string(),
  evento: z.string(),
  fevRipsId: z.number().nullable(),
  formato: z.string().nullable(),
  estadoDocumento: z.string().nullable(),
  estado: z.enum(['PENDIENTE', 'ENTREGADO', 'FALLIDO']),
  intentos: z.number(),
  ultimoHttpStatus: z.number().nullable(),
  ultimoError: z.string().nullable(),
  creadoEn: z.string(),
  ultimoIntentoEn: z.string().nullable(),
  entregadoEn: z.string().nullable(),
});
export type TWebhookEntrega = z.infer<typeof ZWebhookEntrega>;

/** GET /api/integraciones/webhooks `data`: the webhooks and the latest deliveries (newest first). */
export const ZWebhooksData = z.object({ webhooks: z.array(ZWebhook), entregas: z.array(ZWebhookEntrega) });
export type TWebhooksData = z.infer<typeof ZWebhooksData>;

const ZCorreoAlerta = z.string().trim().toLowerCase().email(MSG_AVISOS.alertaCorreoInvalido).max(254, MSG_AVISOS.alertaCorreoInvalido);
/** A WhatsApp number in international form: 57 and the 10-digit mobile for Colombia; '+', spaces and dashes dropped. */
const ZNumeroWhatsapp = z
  .string()
  .transform((v) => v.replace(/[\s\-+()]/g, ''))
  .pipe(z.string().regex(/^[1-9]\d{7,14}$/, MSG_AVISOS.alertaWhatsappInvalido));

/** PUT /api/integraciones/alertas body (a Business feature). */
export const ZAlertasRequest = z.object({
  correos: z.array(ZCorreoAlerta).max(ALERTAS_MAX_DESTINOS, MSG_AVISOS.alertaMaxDestinos(ALERTAS_MAX_DESTINOS)),
  whatsapp: z.array(ZNumeroWhatsapp).max(ALERTAS_MAX_DESTINOS, MSG_AVISOS.alertaMaxDestinos(ALERTAS_MAX_DESTINOS)),
  alertarNoAprobado: z.boolean(),
  alertarError: z.boolean(),
  resumenDiario: z.boolean(),
});
export type TAlertasRequest = z.input<typeof ZAlertasRequest>;

/** One alert message to one recipient (the settings' alert log). */
export const ZAlertaEnvio = z.object({
  id: z.number(),
  tipo: z.enum(['alerta', 'resumen', 'seguridad']),
  canal: z.enum(['correo', 'whatsapp']),
  destino: z.string(),
  fevRipsId: z.number().nullable(),
  estado: z.enum(['PENDIENTE', 'ENVIADO', 'FALLIDO']),
  intentos: z.number(),
  ultimoError: z.string().nullable(),
  creadoEn: z.string(),
  enviadoEn: z.string().nullable(),
});
export type TAlertaEnvio = z.infer<typeof ZAlertaEnvio>;

/**
 * GET/PUT /api/integraciones/alertas `data`: the settings, whether the tenant's plan includes alerts (`disponible`:
 * Business), whether WhatsApp is configured on this installation, and the latest messages (newest first).
 */
export const ZAlertasData = z.object({
  disponible: z.boolean(),
  whatsappDisponible: z.boolean(),
  correos: z.array(z.string()),
  whatsapp: z.array(z.string()),
  alertarNoAprobado: z.boolean(),
  alertarError: z.boolean(),
  resumenDiario: z.boolean(),
  envios: z.array(ZAlertaEnvio),
});
export type TAlertasData = z.infer<typeof ZAlertasData>;
