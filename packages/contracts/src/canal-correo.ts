import { z } from 'zod';
import { MSG_CORREO } from './messages-correo.ts';

/** Most allowed senders of one tenant's e-mail channel (brief). */
export const CORREO_MAX_REMITENTES = 20;
/** Most rows of the inbox log per page. */
export const CORREO_ENTRANTES_MAX_PAGINA = 50;
export const CORREO_ENTRANTES_PAGINA_DEFECTO = 20;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/**
 * An allowed sender: trimmed, lower-cased, a plain address (`local@domain.tld`, no display name), at most 254
 * characters (RFC 5321 path limit).
 */
export const ZRemitente = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .superRefine((v, ctx) => {
    if (v.length > 254 || !EMAIL.test(v)) ctx.addIssue({ code: 'custom', message: MSG_CORREO.remitenteInvalido(v.slice(0, 80)) });
  });

/** GET /api/canales/correo `data`: the inbound address `radicar+TOKEN@DOMAIN` and the channel's settings. */
export const ZCanalCorreo = z.object({
  direccion: z.string(),
  remitentes: z.array(z.string()),
  envioAutomatico: z.boolean(),
  activo: z.boolean(),
  actualizadoEn: z.string(),
});
export type TCanalCorreo = z.infer<typeof ZCanalCorreo>;

/** PUT /api/canales/correo body: the whole allow-list (de-duplicated after normalising) and both switches. */
export const ZCanalCorreoUpdateRequest = z.object({
  remitentes: z
    .array(ZRemitente)
    .max(CORREO_MAX_REMITENTES, MSG_CORREO.remitentesMaximo(CORREO_MAX_REMITENTES))
    .transform((list) => [...new Set(list)]),
  envioAutomatico: z.boolean(),
  activo: z.boolean(),
});
export type TCanalCorreoUpdateRequest = z.input<typeof ZCanalCorreoUpdateRequest>;

/** Outcome of one message in the inbox log. */
export const ESTADOS_CORREO = ['PROCESADO', 'PARCIAL', 'RECHAZADO'] as const;
export type TEstadoCorreo = (typeof ESTADOS_CORREO)[number];

/** What happened to one attachment (or one ZIP entry, named `zip/entry`). */
/** YA_RADICADO: the document of its formato already holds it; `cuv` is the document's when approved. */
export const RESULTADOS_ARCHIVO_CORREO = ['RADICADO', 'ESPERANDO_PAR', 'RECHAZADO', 'IGNORADO', 'YA_RADICADO'] as const;
export type TResultadoArchivoCorreo = (typeof RESULTADOS_ARCHIVO_CORREO)[number];

/**
 * One line of a message's detail: the file, what happened, the document it went to (formato, id, its status and
 * CUV after the batch), the refusal code and Spanish text, and the finding codes of the document.
 */
export const ZDetalleArchivoCorreo = z.object({
  archivo: z.string(),
  resultado: z.enum(RESULTADOS_ARCHIVO_CORREO),
  formato: z.string().nullable(),
  fevRipsId: z.number().nullable(),
  estadoDocumento: z.string().nullable(),
  cuv: z.string().nullable(),
  codigo: z.string().nullable(),
  mensaje: z.string().nullable(),
  hallazgos: z.array(z.string()),
});
export type TDetalleArchivoCorreo = z.infer<typeof ZDetalleArchivoCorreo>;

/** One row of GET /api/canales/correo/entrantes. */
export const ZCorreoEntrante = z.object({
  id: z.number(),
  remitente: z.string(),
  asunto: z.string(),
  estado: z.enum(ESTADOS_CORREO),
  motivo: z.string().nullable(),
  detalle: z.array(ZDetalleArchivoCorreo),
  respuestaEnviada: z.boolean(),
  recibidoEn: z.string(),
});
export type TCorreoEntrante = z.infer<typeof ZCorreoEntrante>;

/** GET /api/canales/correo/entrantes query: 1-based page, page size at most CORREO_ENTRANTES_MAX_PAGINA. */
export const ZCorreoEntrantesQuery = z.object({
  pagina: z.coerce.number().int().min(1).max(1_000_000).default(1),
  tamanoPagina: z.coerce.number().int().min(1).max(CORREO_ENTRANTES_MAX_PAGINA).default(CORREO_ENTRANTES_PAGINA_DEFECTO),
});
export type TCorreoEntrantesQuery = z.input<typeof ZCorreoEntrantesQuery>;

/** GET /api/canales/correo/entrantes `data`: newest first. */
export const ZCorreoEntrantesData = z.object({
  items: z.array(ZCorreoEntrante),
  total: z.number(),
  pagina: z.number(),
  tamanoPagina: z.number(),
  totalPaginas: z.number(),
});
export type TCorreoEntrantesData = z.infer<typeof ZCorreoEntrantesData>;
