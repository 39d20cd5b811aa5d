import { HttpError } from '../../../lib/http';

/**
 * The Spanish text of a call the server refused because the tenant has no provider configuration (HTTP 412
 * CONFIG_REQUIRED: 'No se encontró configuración del prestador. Por favor, configura tu información.'), else null.
 */
export function configRequiredMessage(error: unknown): string | null {
  return error instanceof HttpError && error.code === 'CONFIG_REQUIRED' ? error.message : null;
}
