import { z } from 'zod';
import { ZEsperaMinisterio, ZHallazgo } from './documents.ts';
import { EJEMPLO_PAQUETE_DATA, EJEMPLO_PAQUETE_JSON } from './ejemplos.ts';

/**
 * The integrators' API channel: API keys managed in /settings (tab 'Integraciones'), the
 * one call that files a package, and its status call. A key authenticates `Authorization: Bearer <key>` on the
 * documents calls (no X-Validator: the key names its tenant) and on nothing else.
 */

/** Every key starts with this, so a key is told from a session token at a glance (and by secret scanners). */
export const API_KEY_PREFIX = 'rk_live_';
/** Radica: the longest and the default validity of a key, in days. */
export const API_KEY_MAX_DIAS = 730;
export const API_KEY_DIAS_DEFECTO = 365;
/** Radica: most active keys per tenant. */
export const API_KEY_MAX_ACTIVAS = 20;
/** Radica: the `Idempotency-Key` header: 1–100 visible ASCII characters. */
export const ZIdempotencyKey = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,100}$/, 'El encabezado Idempotency-Key debe tener entre 1 y 100 caracteres visibles.');

/** POST /api/integraciones/claves body. */
export const ZApiKeyCreateRequest = z.object({
  nombre: z
    .string({ error: 'Escribe un nombre para la clave.' })
    .trim()
    .min(1, 'Escribe un nombre para la clave.')
    .max(80, 'El nombre de la clave admite hasta 80 caracteres.'),
  diasVigencia: z.coerce
    .number()
    .int()
    .min(1, 'La vigencia de la clave es de al menos 1 día.')
    .max(API_KEY_MAX_DIAS, `La vigencia de la clave es de máximo ${API_KEY_MAX_DIAS} días.`)
    .default(API_KEY_DIAS_DEFECTO),
});
export type TApiKeyCreateRequest = z.input<typeof ZApiKeyCreateRequest>;

/** A key as lists show it: never the key itself, only its first characters (`prefijo`). Dates ISO 8601. */
export const ZApiKey = z.object({
  id: z.number(),
  nombre: z.string(),
  prefijo: z.string(),
  creadaEn: z.string(),
  expiraEn: z.string(),
  ultimoUso: z.string().nullable(),
  revocadaEn: z.string().nullable(),
  activa: z.boolean(),
  /** Who created it (its creator's name) and whether it waits for an administrator's confirmation. */
  creadaPor: z.string().default(''),
  suspendida: z.boolean().default(false),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** POST /api/integraciones/claves `data`: the new key, with `clave` shown this once. */
export const ZApiKeyCreated = ZApiKey.extend({ clave: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** GET /api/integraciones/claves `data`. */
export const ZApiKeysData = z.object({ claves: z.array(ZApiKey) });
export type TApiKeysData = z.infer<typeof ZApiKeysData>;

/**
 * POST /api/v1/paquetes as JSON, the way the ministry's own API takes a package (reference §1.2 FevRipsApiLocalDTO):
 * `xmlFevFile` the base64 of the XML bytes, `rips` the RIPS object; either may be null for the package types that
 * travel with one file. `enviar` true sends it to the ministry at once and answers its result; 'async' (
 * the Business plan's asynchronous sending) queues the send and answers 202 at once: the result arrives by the result
 * webhook and GET /api/v1/paquetes/{id}. As multipart the files are the parts `xml` and `rips` and `enviar` a field
 * ('true' / 'false' / 'async').
 */
export const ZPaqueteJsonRequest = z
  .object({
    xmlFevFile: z.string().max(30_000_000).nullable().optional(),
    rips: z.record(z.string(), z.unknown()).nullable().optional(),
    enviar: z.union([z.boolean(), z.literal('async')]).default(false),
  })
  .meta({ examples: [EJEMPLO_PAQUETE_JSON] });
export type TPaqueteJsonRequest = z.input<typeof ZPaqueteJsonRequest>;

/**
 * A filed package (POST /api/v1/paquetes and GET /api/v1/paquetes/{id} `data`): the document, its channel and MUV
 * endpoint, Radica's local findings, the outcome of a send made by this call (`envio`, null when not asked), and the
 * ministry's result once there is one (`resultado`).
 */
export const ZPaqueteData = z.object({
  id: z.number(),
  formato: z.string(),
  tipoDocumento: z.string(),
  estado: z.string(),
  canal: z.string(),
  servicioCarga: z.string().nullable(),
  hallazgos: z.array(ZHallazgo),
  /**
   * The send of this filing: its result (`exitoso`, `mensaje`), or, with `enCola` true (enviar=async, or a
   * send still waiting in the queue), that it is queued: `exitoso` is false until the result arrives.
   */
  envio: z.object({ exitoso: z.boolean(), mensaje: z.string(), enCola: z.boolean().optional() }).nullable(),
  /**
   * Radica (docs/decisions/047): the ministry answered with no verdict (TOT003, a 5xx, a time-out…) and Radica retries
   * by itself: the ministry's words and the next retry. Null when the document is not waiting.
   */
  esperaMinisterio: ZEsperaMinisterio.nullable().optional(),
  resultado: z
    .object({
      cuv: z.string().nullable(),
      /** Radica: the CUV was recovered from a re-send the ministry answered RVG18 (the package was validated before). */
      cuvRecuperado: z.boolean().optional(),
      fechaRadicacion: z.string().nullable(),
      procesoId: z.number().nullable(),
      errores: z.array(ZHallazgo),
      notificaciones: z.array(ZHallazgo),
    })
    .nullable(),
}).meta({ examples: [EJEMPLO_PAQUETE_DATA] });
export type TPaqueteData = z.infer<typeof ZPaqueteData>;
