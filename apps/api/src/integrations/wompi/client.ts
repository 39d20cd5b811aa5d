import {
  ZWompiError,
  ZWompiMerchant,
  ZWompiTransaction,
  type TWompiMerchant,
  type TWompiTransaction,
  type TWompiTransactionRequest,
} from '@radica/contracts/wompi';

/**
 * HTTP client of the payment gateway (Wompi protocol, https://docs.wompi.co, API v1) as the server uses it: create a
 * transaction, read one, read the merchant. Real HTTP against `baseUrl()` (Wompi's sandbox or production, or our
 * simulator under /_sim/wompi/v1). The card never passes through here: the browser tokenizes it with the gateway.
 */

/** Why a gateway call failed: REJECTED = it answered 4xx (nothing was charged), UNAVAILABLE = 5xx or no answer. */
export class WompiError extends Error {
  constructor(
    readonly kind: 'REJECTED' | 'UNAVAILABLE',
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'WompiError';
  }
}

export type TWompiClient = {
  /** POST /transactions (private key). Returns the created transaction (status PENDING as a rule). Throws WompiError. */
  createTransaction: (body: TWompiTransactionRequest) => Promise<TWompiTransaction>;
  /** GET /transactions/{id}. Returns null on 404. Throws WompiError. */
  getTransaction: (id: string) => Promise<TWompiTransaction | null>;
  /** GET /merchants/{public_key}: the merchant and its acceptance tokens. Throws WompiError. */
  getMerchant: () => Promise<TWompiMerchant>;
};

/** The gateway's reason of a 4xx answer, as one line of text (its `error.reason` or the field messages). */
function rejectionReason(body: unknown, status: number): string {
  const parsed = ZWompiError.safeParse(body);
  if (!parsed.success) return `HTTP ${status}`;
  const { reason, messages, type } = parsed.data.error;
  if (reason) return reason;
  const fields = Object.entries(messages ?? {}).map(([field, texts]) => `${field}: ${texts.join(', ')}`);
  return fields.length ? fields.join('; ') : type;
}

export function createWompiClient(opts: {
  baseUrl: () => string;
  publicKey: string;
  privateKey: string;
  timeoutMs: number;
}): TWompiClient {
  async function call(path: string, init: { method: 'GET' | 'POST'; key?: string; body?: unknown }): Promise<{ status: number; body: unknown }> {
    const url = `${opts.baseUrl().replace(/\/$/, '')}${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: init.method,
        headers: {
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      throw new WompiError('UNAVAILABLE', String((err as Error).message ?? err));
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.status >= 500) throw new WompiError('UNAVAILABLE', `HTTP ${res.status}`, res.status);
    return { status: res.status, body };
  }

  const dataOf = <T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, body: unknown, what: string): T => {
    const parsed = schema.safeParse((body as { data?: unknown } | null)?.data);
    if (!parsed.success) throw new WompiError('UNAVAILABLE', `respuesta inesperada de la pasarela (${what})`);
    return parsed.data;
  };

  return {
    async createTransaction(body) {
      const res = await call('/transactions', { method: 'POST', key: opts.privateKey, body });
      if (res.status >= 400) throw new WompiError('REJECTED', rejectionReason(res.body, res.status), res.status);
      return dataOf(ZWompiTransaction, res.body, 'transactions');
    },
    async getTransaction(id) {
      const res = await call(`/transactions/${encodeURIComponent(id)}`, { method: 'GET' });
      if (res.status === 404) return null;
      if (res.status >= 400) throw new WompiError('REJECTED', rejectionReason(res.body, res.status), res.status);
      return dataOf(ZWompiTransaction, res.body, 'transactions/{id}');
    },
    async getMerchant() {
      const res = await call(`/merchants/${encodeURIComponent(opts.publicKey)}`, { method: 'GET' });
      if (res.status >= 400) throw new WompiError('REJECTED', rejectionReason(res.body, res.status), res.status);
      return dataOf(ZWompiMerchant, res.body, 'merchants');
    },
  };
}
