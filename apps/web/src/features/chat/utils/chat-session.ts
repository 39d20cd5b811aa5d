import { CHAT_SESSION_COOKIE, CHAT_SESSION_DAYS } from '@radica/contracts/chat';

/** What ZChatSessionId (contracts) accepts: 8–100 letters, digits, '-' and '_'. */
const SESSION_ID = /^[A-Za-z0-9_-]{8,100}$/;
const SECONDS_PER_DAY = 86_400;

/** The chat session id kept in the `CHAT_SESSION_COOKIE` cookie of `cookieHeader`, or null when missing or malformed. */
export function readChatSessionId(cookieHeader: string = document.cookie): string | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CHAT_SESSION_COOKIE) continue;
    const value = rest.join('=');
    return SESSION_ID.test(value) ? value : null;
  }
  return null;
}

/**
 * The `document.cookie` assignment that keeps `id` for CHAT_SESSION_DAYS days (seed 001 §3, §9: a 30-day cookie),
 * on every path, SameSite=Lax, Secure over HTTPS.
 */
export function chatSessionCookie(id: string, isSecure: boolean): string {
  const maxAge = CHAT_SESSION_DAYS * SECONDS_PER_DAY;
  return `${CHAT_SESSION_COOKIE}=${id}; Max-Age=${maxAge}; Path=/; SameSite=Lax${isSecure ? '; Secure' : ''}`;
}

/**
 * A random UUID v4: `crypto.randomUUID` where the page is a secure context, else built from
 * `crypto.getRandomValues` (plain-HTTP hosts, where `randomUUID` does not exist).
 */
export function randomSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new chat session (seed 001 §2 "A reset creates a new session id"): a fresh id, written to the cookie. */
export function renewChatSessionId(): string {
  const id = randomSessionId();
  document.cookie = chatSessionCookie(id, window.location.protocol === 'https:');
  return id;
}

/** The browser's chat session id (seed 001 §3): the cookie's while it lives, else a new one. */
export function getChatSessionId(): string {
  return readChatSessionId() ?? renewChatSessionId();
}
