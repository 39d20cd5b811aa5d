import { HttpError } from '../../../lib/http';

/**
 * The Spanish text of a call the server refused because the tenant has no provider configuration (HTTP 412
 * CONFIG_REQUIRED: 'No se encontró configuración del prestador. Por favor, configura tu información.'), else null.
 */
export function configRequiredMessage(error: unknown): string | null {
  return error instanceof HttpError && error.code === 'CONFIG_REQUIRED' ? error.message : null;
}

/**
 * The Spanish text of a send the ministry refused because the validator's user or password is wrong (HTTP 422
 * MUV_LOGIN_REJECTED: MSG.muvLoginFailed), else null. Like a missing configuration, the fix is in
 * /settings?tab=ministerio, so the page keeps it visible instead of a 3 s toast.
 */
export function credentialsRejectedMessage(error: unknown): string | null {
  return error instanceof HttpError && error.code === 'MUV_LOGIN_REJECTED' ? error.message : null;
}

/**
 * The Spanish text of a send the ministry gave no verdict (HTTP 503 MUV_SIN_RESPUESTA, docs/decisions/047: TOT003, a
 * 5xx, a time-out…): the ministry's words and the next automatic retry. Not a failure of the document: a warning.
 */
export function sinRespuestaMessage(error: unknown): string | null {
  return error instanceof HttpError && error.code === 'MUV_SIN_RESPUESTA' ? error.message : null;
}
