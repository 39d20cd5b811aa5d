import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { lookup as lookupCallback, type LookupAddress } from 'node:dns';
import { Agent, fetch as undiciFetch } from 'undici';
import ipaddr from 'ipaddr.js';
import { Webhook } from 'standardwebhooks';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { findEntrega, findWebhook, recordEntregaAttempt } from './repository.ts';

/**
 * Result webhooks' mechanism (docs/decisions/024): the destination check, the Standard Webhooks signature
 * and one delivery attempt. The job queue retries a failed attempt with exponential backoff (avisos/service.ts).
 */

/** A new signing secret in Standard Webhooks' form: `whsec_` + base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * The signature headers of one attempt (Standard Webhooks v1): `webhook-id` (the event id, the same on every retry),
 * `webhook-timestamp` (unix seconds of this attempt) and `webhook-signature` = `v1,` + base64 HMAC-SHA256 over
 * `{id}.{timestamp}.{body}` with the secret's bytes.
 */
export function signatureHeaders(secret: string, eventoId: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': eventoId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventoId, at, body),
  };
}

/**
 * Throws AppError WEBHOOK_URL_INVALID unless `url` may receive results: https, no credentials in it, and a host that
 * resolves only to public unicast addresses (no loopback, private, link-local or reserved ranges: the server must not
 * be turned against its own network). WEBHOOK_ALLOW_LOCAL (development, tests) lifts the https and address rules.
 * `resolve: false` checks a host name's form only (deliveries: their connection checks the addresses).
 */
export async function checkWebhookUrl(deps: Pick<TDeps, 'config'>, raw: string, opts: { resolve?: boolean } = {}): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('WEBHOOK_URL_INVALID', MSG_AVISOS.webhookUrlInvalida);
  }
  if (url.username || url.password || !['https:', 'http:'].includes(url.protocol))
    throw new AppError('WEBHOOK_URL_INVALID', MSG_AVISOS.webhookUrlInvalida);
  if (deps.config.webhookAllowLocal) return url;
  if (url.protocol !== 'https:') throw new AppError('WEBHOOK_URL_INVALID', MSG_AVISOS.webhookHttpsRequerido);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A delivery skips the lookup: its connection checks every address it resolves (publicOnly).
  if (opts.resolve === false && !ipaddr.isValid(host)) return url;
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    // The address is well formed: its host name does not resolve (this was 'Escribe la dirección completa…').
    throw new AppError('WEBHOOK_URL_INVALID', MSG_AVISOS.webhookHostNoResuelve(host));
  }
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a))) throw new AppError('WEBHOOK_URL_INVALID', MSG_AVISOS.webhookDestinoPrivado);
  return url;
}

/**
 * The IPv4 address an IPv6 address stands for (`https://[::7f00:1]/` is 127.0.0.1): IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated by RFC 4291 but still routed by some stacks), RFC 6145
 * (::ffff:0:a.b.c.d), RFC 6052 NAT64 with the well-known /96 prefix (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::/48);
 * null for any other IPv6 address. `::` and `::1` are IPv6's own unspecified and loopback addresses, not IPv4.
 */
export function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const low = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 255, p[7]! >> 8, p[7]! & 255]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  switch (v6.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return low();
    case 'rfc6052':
      return zeros(2, 6) ? low() : null; // 64:ff9b::/96 only; the local-use 64:ff9b:1::/48 places it as its operator chooses
    case '6to4':
      return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 255, p[2]! >> 8, p[2]! & 255]);
    case 'unicast':
      return zeros(0, 6) ? low() : null; // ::a.b.c.d outside the ranges ipaddr names (:: and ::1 are named)
    default:
      return null;
  }
}

/**
 * True for a public unicast IPv4/IPv6 address. An IPv6 address that carries an IPv4 one ({@link embeddedIPv4}) is
 * judged as that IPv4; every other IPv6 address must be plain unicast (ipaddr.js names the rest: loopback, link-local,
 * unique-local, Teredo, documentation, multicast…).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v4 = embeddedIPv4(parsed as ipaddr.IPv6);
  return v4 ? v4.range() === 'unicast' : parsed.range() === 'unicast';
}

/**
 * The connections of webhook deliveries (decision 024): every address a host name resolves to is checked
 * again when the socket connects, so a name that resolved to a public address at the check and to a private one a
 * moment later (DNS rebinding) is refused at the connection itself. Literal IP hosts are checked by checkWebhookUrl.
 */
export const publicOnly = new Agent({
  connect: {
    lookup: (hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
      lookupCallback(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
        if (err) return callback(err, []);
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(Object.assign(new Error(MSG_AVISOS.webhookDestinoPrivado), { code: 'EPRIVATEADDRESS' }), []);
        const all = (options as { all?: boolean }).all;
        return all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family);
      });
    },
  },
});

/** The host of a stored webhook address, for the log's messages. */
const hostDe = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** Error codes of a connection that could not be opened or finished, as Node and undici name them. */
const CERTIFICADO = /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE)|ERR_TLS_CERT_ALTNAME_INVALID)/;

/**
 * A failed delivery's transport error in Spanish (the log showed undici's 'fetch failed'). Reads the error
 * and its `cause` chain (undici wraps the socket's error: TypeError 'fetch failed' → { code: 'ECONNREFUSED' | 'ENOTFOUND'
 * | 'UND_ERR_CONNECT_TIMEOUT' | … }); AbortSignal.timeout's TimeoutError is the response timeout. Never English: an
 * unknown code is named inside a Spanish sentence.
 */
export function describirErrorTransporte(err: unknown, host: string, timeoutMs: number): string {
  const t = MSG_AVISOS.transporte;
  const cadena: { name?: string; code?: string; message?: string }[] = [];
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++)
    cadena.push(e as { name?: string; code?: string; message?: string });
  if (cadena.some((e) => e.name === 'TimeoutError' || e.name === 'AbortError')) return t.tiempoRespuesta(Math.max(1, Math.round(timeoutMs / 1000)));
  const codigo = cadena.map((e) => e.code).find((c): c is string => typeof c === 'string') ?? '';
  if (codigo === 'EPRIVATEADDRESS') return MSG_AVISOS.webhookDestinoPrivado;
  if (codigo === 'ENOTFOUND' || codigo === 'ENODATA') return t.noResuelve(host);
  if (codigo === 'EAI_AGAIN') return t.dnsTemporal(host);
  if (codigo === 'ECONNREFUSED') return t.rechazada;
  if (['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(codigo)) return t.reiniciada;
  if (['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN'].includes(codigo)) return t.inalcanzable;
  if (['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'ECONNABORTED'].includes(codigo)) return t.tiempoConexion;
  if (['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'].includes(codigo)) return t.tiempoRespuesta(Math.max(1, Math.round(timeoutMs / 1000)));
  if (CERTIFICADO.test(codigo)) return t.certificado;
  if (codigo.startsWith('ERR_SSL') || codigo.startsWith('ERR_TLS') || codigo === 'EPROTO') return t.tls;
  return t.desconocido(codigo || 'sin código');
}

/**
 * One attempt of delivery `entregaId`: POSTs the stored event, signed, without following redirects, within
 * WEBHOOK_TIMEOUT_MS. A 2xx marks it ENTREGADO. Otherwise the attempt is recorded and, unless `last`, an Error is
 * thrown so the queue retries it later; on the last attempt it is FALLIDO. A removed webhook ends it as FALLIDO.
 */
export async function deliverWebhook(deps: Pick<TDeps, 'config' | 'db' | 'cipher'>, tenantId: number, entregaId: number, opts: { last: boolean }): Promise<void> {
  const entrega = await findEntrega(deps.db, tenantId, entregaId);
  if (!entrega || entrega.estado !== 'PENDIENTE') return;
  const webhook = await findWebhook(deps.db, tenantId, entrega.webhookId);
  const at = new Date();
  if (!webhook?.activo) {
    await recordEntregaAttempt(deps.db, tenantId, entregaId, { estado: 'FALLIDO', httpStatus: null, error: 'El webhook fue eliminado.', at });
    return;
  }
  const body = JSON.stringify(entrega.payload);
  let status: number | null = null;
  let error: string;
  try {
    const url = await checkWebhookUrl(deps, webhook.url, { resolve: false });
    const res = await undiciFetch(url, {
      method: 'POST',
      redirect: 'manual',
      // Public addresses only, checked again at connect time (DNS rebinding); local ones only when allowed.
      ...(deps.config.webhookAllowLocal ? {} : { dispatcher: publicOnly }),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Radica-Webhooks/1.0',
        ...signatureHeaders(deps.cipher.decrypt(webhook.secretoCifrado), entrega.eventoId, body, at),
      },
      body,
      signal: AbortSignal.timeout(deps.config.webhookTimeoutMs),
    });
    status = res.status;
    await res.body?.cancel().catch(() => {});
    if (res.ok) {
      await recordEntregaAttempt(deps.db, tenantId, entregaId, { estado: 'ENTREGADO', httpStatus: status, error: null, at });
      return;
    }
    error = status >= 300 && status < 400 ? `${MSG_AVISOS.transporte.redirigida} (HTTP ${status})` : `El sistema respondió HTTP ${status}.`;
  } catch (err) {
    error = err instanceof AppError ? err.message : describirErrorTransporte(err, hostDe(webhook.url), deps.config.webhookTimeoutMs);
  }
  await recordEntregaAttempt(deps.db, tenantId, entregaId, { estado: opts.last ? 'FALLIDO' : 'PENDIENTE', httpStatus: status, error, at });
  if (!opts.last) throw new Error(`webhook delivery ${entregaId} failed: ${error}`);
}
