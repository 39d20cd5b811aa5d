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
 * Result webhooks' mechanism (issue 15; docs/decisions/024): the destination check, the Standard Webhooks signature
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
    throw new AppError('WEBHOOK_URL_INVALID', MSG_AVISOS.webhookUrlInvalida);
  }
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a))) throw new AppError('WEBHOOK_URL_INVALID', MSG_AVISOS.webhookDestinoPrivado);
  return url;
}

/** True for a public unicast IPv4/IPv6 address (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * The connections of webhook deliveries (issue 15, decision 024): every address a host name resolves to is checked
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

/**
 * One attempt of delivery `entregaId`: POSTs the stored event, signed, without following redirects, within
 * WEBHOOK_TIMEOUT_MS. A 2xx marks it ENTREGADO. Otherwise the attempt is recorded and, unless `last`, an Error is
 * thrown so the queue retries it later; on the last attempt it is FALLIDO. A removed webhook ends it as FALLIDO.
 */
export async function deliverWebhook(deps: TDeps, tenantId: number, entregaId: number, opts: { last: boolean }): Promise<void> {
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
    error = `El sistema respondió HTTP ${status}.`;
  } catch (err) {
    error = err instanceof AppError ? err.message : `No se pudo conectar: ${(err as Error).message}`;
  }
  await recordEntregaAttempt(deps.db, tenantId, entregaId, { estado: opts.last ? 'FALLIDO' : 'PENDIENTE', httpStatus: status, error, at });
  if (!opts.last) throw new Error(`webhook delivery ${entregaId} failed: ${error}`);
}
