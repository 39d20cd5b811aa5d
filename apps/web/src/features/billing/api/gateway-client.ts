import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { ZWompiError } from '@radica/contracts/wompi';
import type { TPaymentConfig } from '@radica/contracts/payments';

/**
 * The browser's calls to the payment gateway (Wompi protocol, https://docs.wompi.co): straight to `config.baseUrl`
 * with the public key, never through our API and without our cookies, so card data only reaches the gateway.
 */

/** A failed gateway call; `message` is Spanish and ready to show. */
export class GatewayError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
  }
}

/**
 * The text of a gateway error body `{ error: { type, reason?, messages? } }`: its field messages as sentences, else
 * its reason, else its type; undefined when the body is not that shape.
 */
export function describeGatewayError(body: unknown): string | undefined {
  const parsed = ZWompiError.safeParse(body);
  if (!parsed.success) return undefined;
  const { type, reason, messages } = parsed.data.error;
  const fieldMessages = Object.values(messages ?? {})
    .flat()
    .map((m) => m.trim())
    .filter(Boolean);
  // Sentences joined with a space; a message without its own full stop gets one when another follows.
  if (fieldMessages.length > 0)
    return fieldMessages
      .map((m, i) => (i < fieldMessages.length - 1 && !/[.!?]$/.test(m) ? `${m}.` : m))
      .join(' ');
  return reason || type;
}

export type TGatewayConfig = Pick<TPaymentConfig, 'baseUrl' | 'publicKey'>;

/**
 * Call `{baseUrl}{path}` and return the parsed JSON body. `authorize` sends `Authorization: Bearer {publicKey}`.
 * Throws GatewayError: status 0 with 'La pasarela de pagos no respondió…' when it cannot be reached, otherwise the
 * error body's text or 'Error HTTP: {status}'.
 */
export async function gatewayRequest(
  config: TGatewayConfig,
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; authorize?: boolean; signal?: AbortSignal } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.authorize) headers.Authorization = `Bearer ${config.publicKey}`;
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'omit',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new GatewayError(0, MSG_PAGOS.pasarelaNoDisponible);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    throw new GatewayError(
      response.status,
      describeGatewayError(body) ?? MSG_PAGOS.errorHttp(response.status),
    );
  }
  return body;
}

/** `{ data }` of a gateway answer. */
export function gatewayData(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>).data : undefined;
}
