import { z } from 'zod';

/**
 * Every error code the API answers, with its HTTP status (DESIGN.md "Errors: one AppError(code, status, message)").
 * The API's AppError looks the status up here; the web matches on the typed code. Body of every error:
 * `{ success: false, message, code, data? }` (ZErrorResponse), `message` in Spanish from the catalogue.
 */
export const ERROR_STATUS = {
  // request shape (any route)
  VALIDATION: 400,
  BAD_REQUEST: 400,
  NUL_CHARACTER: 400,
  INVALID_ID: 400,
  BODY_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  NOT_FOUND: 404,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  /** A worker thread (upload analysis, spreadsheets) could not start; the next request tries again (decision 042). */
  TRABAJADOR_NO_DISPONIBLE: 503,
  // session and access (seed 000 §6, §8)
  UNAUTHENTICATED: 401,
  VALIDATOR_MISMATCH: 403,
  MODULE_REQUIRED: 403,
  OPERATOR_UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 429,
  NO_REFRESH_TOKEN: 401,
  REFRESH_INVALID: 401,
  REFRESH_REUSED: 401,
  /** A refused refresh of a session an administrator ended by lowering the role (`data.rol`: the role now). */
  SESION_CERRADA: 401,
  /** A removed user: their refresh, or their login with the right password (docs/decisions/039). */
  USUARIO_RETIRADO: 403,
  REFRESH_RACE: 409,
  // accounts and codes (seed 000 §5, §7)
  EMAIL_TAKEN: 409,
  EMAIL_NOT_VERIFIED: 400,
  EMAIL_MISMATCH: 400,
  CODE_EXPIRED: 400,
  CODE_WRONG: 400,
  CODE_INVALID: 400,
  CODE_TOO_MANY_ATTEMPTS: 429,
  RESET_CODE_INVALID: 400,
  PASSWORD_MANAGED_BY_GOOGLE: 400,
  GOOGLE_DISABLED: 400,
  GOOGLE_TOKEN_INVALID: 401,
  GOOGLE_EMAIL_MISMATCH: 400,
  GOOGLE_NOT_REGISTERED: 404,
  GOOGLE_ALREADY_REGISTERED: 409,
  // provider configuration (seed 000 §8)
  CONFIG_EXISTS: 409,
  CONFIG_REQUIRED: 412,
  // uploads (seed 001 §5)
  FILE_MISSING: 400,
  FILE_TOO_LARGE: 413,
  /** A RIPS over the ministry's size limit for one JSON (MUV_MAX_RIPS_BYTES): refused before it is filed or sent. */
  RIPS_EXCEDE_LIMITE_MINISTERIO: 413,
  UPLOAD_ONE_FILE: 413,
  UPLOAD_TOO_MANY_FIELDS: 413,
  UPLOAD_MALFORMED: 400,
  UPLOADS_BUSY: 429,
  EMPTY_FILE: 400,
  EXTENSION: 400,
  XML_DOCTYPE: 400,
  XML_INVALID: 400,
  XML_NO_FORMATO: 400,
  XML_ERROR: 400,
  JSON_INVALID: 400,
  JSON_NO_FORMATO: 400,
  JSON_ERROR: 400,
  IDENTITY_NOT_FOUND: 422,
  IDENTITY_MISMATCH: 422,
  FORMATO_MISMATCH: 409,
  FORMATO_EXISTS: 409,
  SLOT_FILLED: 409,
  DOCUMENT_CHANGED: 409,
  // document lifecycle and send (seed 001 §4)
  DOCUMENT_LOCKED: 409,
  DOCUMENT_APPROVED: 409,
  SEND_IN_PROGRESS: 409,
  SEND_NEEDS_FILES: 422,
  ANULAR_NO_PERMITIDO: 409,
  REACTIVAR_NO_PERMITIDO: 409,
  SIN_ARCHIVOS: 422,
  TIPO_ARCHIVO: 400,
  ARCHIVO_NO_EXISTE: 404,
  MUV_LOGIN_REJECTED: 422,
  MUV_UNAVAILABLE: 502,
  /** Radica (docs/decisions/047): the ministry answered no verdict; the document waits and Radica retries by itself. */
  MUV_SIN_RESPUESTA: 503,
  /** Radica: an automatic retry of a wait for the ministry that another send already took care of (a job's output). */
  REINTENTO_SUPERADO: 409,
  // bulk calls and reports (seed 001 §5, §7)
  SIN_SELECCION: 400,
  SIN_ESTADO_VALIDO: 422,
  DEMASIADOS_FORMATOS: 400,
  FORMATOS_REQUERIDOS: 400,
  FORMATO_REQUERIDO: 400,
  SYNC_NO_APROBADO: 409,
  CUV_DESCONOCIDO: 404,
  CUV_CONSULTA_NO_DISPONIBLE: 503,
  JOBS_OFF: 503,
  // purchase (seed 002 §7, §8)
  COUPON_INVALID: 400,
  COUPON_ALREADY_USED: 409,
  PLAN_NOT_SOLD: 400,
  PRICE_CHANGED: 409,
  ACCEPTANCE_REQUIRED: 400,
  GATEWAY_REJECTED: 422,
  GATEWAY_UNAVAILABLE: 502,
  SALE_NOT_FOUND: 404,
  EVENT_SIGNATURE_INVALID: 401,
  EVENT_MISMATCH: 422,
  // chat (seed 001 §5, §8)
  CHAT_EMPTY: 400,
  CHAT_SALES_NO_FILES: 400,
  CHAT_FILE_TOO_LARGE: 413,
  CHAT_TOO_MANY_FILES: 413,
  CHAT_FILE_TYPE: 415,
  CHAT_UNAVAILABLE: 502,
  // the integrators' API channel
  API_KEY_INVALID: 401,
  API_KEY_FORBIDDEN: 403,
  API_KEY_NOT_FOUND: 404,
  API_KEY_LIMIT: 409,
  IDEMPOTENCY_CONFLICT: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAQUETE_VACIO: 400,
  PAQUETE_BASE64: 400,
  // the SFTP channel
  SFTP_USUARIO_OCUPADO: 409,
  SFTP_CLAVE_INVALIDA: 400,
  // result webhooks and rejection alerts
  WEBHOOK_URL_INVALID: 400,
  WEBHOOK_NOT_FOUND: 404,
  WEBHOOK_LIMIT: 409,
  PLAN_BUSINESS_REQUIRED: 403,
  // users, roles and invitations
  ROL_REQUERIDO: 403,
  INVITACION_INVALIDA: 400,
  INVITACION_NO_ENCONTRADA: 404,
  INVITACION_PENDIENTE: 409,
  INVITACION_CORREO: 502,
  EMAIL_YA_USUARIO: 409,
  EMAIL_OTRA_EMPRESA: 409,
  PUESTOS_AGOTADOS: 409,
  ULTIMO_ADMINISTRADOR: 409,
  NO_AUTOELIMINAR: 409,
  API_KEY_SUSPENDED: 401,
  // the WhatsApp assistant
  WHATSAPP_NO_DISPONIBLE: 503,
  WHATSAPP_NUMERO_OCUPADO: 409,
  WHATSAPP_ENVIO_FALLIDO: 502,
  WHATSAPP_CODIGO_INCORRECTO: 400,
  WHATSAPP_CODIGO_VENCIDO: 400,
  WHATSAPP_FIRMA_INVALIDA: 401,
  WHATSAPP_VERIFICACION: 403,
  // the RIPS module
  BORRADOR_CAMBIO: 409,
  BORRADOR_RADICADO: 409,
  BORRADOR_SIN_XML: 422,
  BORRADOR_FORMATO_EXISTE: 409,
  BORRADOR_ESTRUCTURA: 422,
  HOJA_CON_ERRORES: 422,
  HOJA_ILEGIBLE: 400,
  // a patients import the database cut short after storing part of it (the same file can be imported again)
  IMPORTACION_INTERRUMPIDA: 503,
  HOJA_MUY_GRANDE: 413,
  SOLO_ADMINISTRADOR: 403,
  REGISTRO_EXISTE: 409,
  // notes built from an invoice (docs/decisions/051)
  NOTA_FACTURA_NO_APROBADA: 409,
  NOTA_SOBRE_NOTA: 422,
  NOTA_FACTURA_SIN_ARCHIVOS: 422,
  NOTA_NO_CORRESPONDE: 422,
  NOTA_SERVICIOS_INVALIDOS: 422,
  NOTA_SERVICIOS_JSON: 400,
  NOTA_EXISTE: 409,
  NOTA_NUM_REQUERIDO: 400,
  // operator
  MODULO_INVALIDO: 400,
  USUARIO_NO_ENCONTRADO: 404,
  // REPS import (operator)
  REPS_COLUMNAS_FALTANTES: 400,
  REPS_CSV_INVALIDO: 400,
  REPS_IMPORT_EN_CURSO: 409,
  // backups (operator)
  BACKUP_IN_PROGRESS: 409,
  BACKUP_FAILED: 500,
  BACKUP_INVALID: 400,
  BACKUP_KEY_MISSING: 400,
  RESTORE_TARGET_NOT_EMPTY: 409,
  RESTORE_SERVER_RUNNING: 409,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [TErrorCode, ...TErrorCode[]];

/** True when `code` is one of the API's error codes. */
export const isErrorCode = (code: unknown): code is TErrorCode => typeof code === 'string' && code in ERROR_STATUS;

/** The body of every error answer. */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  data: z.unknown().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
