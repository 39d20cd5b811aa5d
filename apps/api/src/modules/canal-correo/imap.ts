import { ImapFlow } from 'imapflow';
import type { TDeps } from '../../deps.ts';
import { aceptarCorreo, canalDeDireccion } from './service.ts';
import type { TCanalCorreoRow } from './repository.ts';

/** Unseen messages handled per poll; more wait for the next one. */
const POR_SONDEO = 50;
/** A message that fails this many polls in a row is marked seen (and logged) so it does not block the rest. */
const MAX_INTENTOS = 3;

const ADDRESS = /radicar\+[a-z2-7]{26}@[a-z0-9.-]+/gi;

/** The `radicar+TOKEN@…` addresses a message's headers name (Delivered-To, X-Original-To, To, Cc…), distinct. */
export function direccionesEnCabeceras(headers: string): string[] {
  return [...new Set((headers.match(ADDRESS) ?? []).map((a) => a.toLowerCase()))];
}

/** The envelope sender the final MTA recorded (Return-Path), or null for `<>` / none. */
export function returnPath(headers: string): string | null | undefined {
  const m = /^return-path:\s*<?([^>\s]*)>?/im.exec(headers);
  if (!m) return undefined;
  return m[1] ? m[1].toLowerCase() : null;
}

/**
 * Polls a hosted mailbox: every `everyMs`, connects to
 * `url` (imaps://user:pass@host:993/INBOX; imap:// without TLS), takes up to POR_SONDEO unseen messages, routes each by
 * the `radicar+TOKEN` address in its headers, processes it like an SMTP delivery (procesarCorreo; envelope sender
 * from Return-Path, never from From) and marks it seen. A message over INBOUND_MAX_BYTES is processed from its headers
 * only (logged and replied as oversized). Not tested against a real IMAP server (report). Returns `stop`.
 */
export function startImapPolling(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'canalLocks' | 'jobs'>, url: string, everyMs: number, baseUrl: () => string): () => Promise<void> {
  const fallos = new Map<number, number>();
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    // One poll at a time across ingest nodes (the channel lock of key 0, no tenant): messages are marked seen, so
    // nodes polling one after another never take one twice.
    running = deps.canalLocks
      .run(0, () => sondear(deps, url, baseUrl, fallos))
      .catch((err: unknown) => deps.log.error({ err }, 'e-mail channel: IMAP poll failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

async function sondear(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'jobs'>, url: string, baseUrl: () => string, fallos: Map<number, number>) {
  const u = new URL(url);
  const client = new ImapFlow({
    host: u.hostname,
    port: Number(u.port) || (u.protocol === 'imaps:' ? 993 : 143),
    secure: u.protocol === 'imaps:',
    auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
    logger: false,
  });
  await client.connect();
  const lock = await client.getMailboxLock(decodeURIComponent(u.pathname.replace(/^\//, '')) || 'INBOX');
  try {
    const uids = ((await client.search({ seen: false }, { uid: true })) || []).slice(0, POR_SONDEO);
    if (!uids.length) return;
    const mensajes = await client.fetchAll(uids, { uid: true, size: true, headers: true }, { uid: true });
    for (const m of mensajes) {
      const headers = m.headers?.toString('utf8') ?? '';
      try {
        const canales: TCanalCorreoRow[] = [];
        for (const address of direccionesEnCabeceras(headers)) {
          const canal = await canalDeDireccion(deps, address);
          if (canal && !canales.some((c) => c.tenantId === canal.tenantId)) canales.push(canal);
        }
        if (canales.length) {
          const cabe = (m.size ?? 0) <= deps.config.inboundMaxBytes;
          const full = cabe ? await client.fetchOne(String(m.uid), { source: true }, { uid: true }) : false;
          const source = full ? full.source : undefined;
          // The envelope sender is Return-Path only (RFC 5321 §4.4: the final delivery adds it); none, or `<>`, is a
          // message without an envelope sender, never filed (the From header alone is not trusted).
          const remitenteSobre = returnPath(headers) ?? null;
          // Stored with its job before it is marked seen; a worker files it.
          await aceptarCorreo(deps, canales, remitenteSobre, cabe && source ? source : null);
        } else deps.log.warn({ uid: m.uid }, 'e-mail channel: IMAP message for no active address, marked seen');
        await client.messageFlagsAdd(String(m.uid), ['\\Seen'], { uid: true });
        fallos.delete(m.uid);
      } catch (err) {
        const n = (fallos.get(m.uid) ?? 0) + 1;
        fallos.set(m.uid, n);
        deps.log.error({ err, uid: m.uid, intento: n }, 'e-mail channel: an IMAP message could not be processed');
        if (n >= MAX_INTENTOS) {
          await client.messageFlagsAdd(String(m.uid), ['\\Seen'], { uid: true }).catch(() => undefined);
          fallos.delete(m.uid);
        }
      }
    }
  } finally {
    lock.release();
    await client.logout().catch(() => undefined);
  }
}
