import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_SESSION_COOKIE } from '@radica/contracts/chat';
import { chatSessionCookie, getChatSessionId, randomSessionId, readChatSessionId } from './chat-session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${CHAT_SESSION_COOKIE}=; Max-Age=0; Path=/`;
});

describe('chat session id (seed 001 §3, §9: a random id per browser session, a 30-day cookie)', () => {
  it('writes a 30-day cookie on every path, SameSite=Lax, Secure over HTTPS', () => {
    expect(chatSessionCookie('abc-12345', false)).toBe(
      `${CHAT_SESSION_COOKIE}=abc-12345; Max-Age=2592000; Path=/; SameSite=Lax`,
    );
    expect(chatSessionCookie('abc-12345', true)).toMatch(/; SameSite=Lax; Secure$/);
  });

  it('reads its cookie among others and ignores a malformed value', () => {
    expect(readChatSessionId(`a=1; ${CHAT_SESSION_COOKIE}=sesion_123-x; b=2`)).toBe('sesion_123-x');
    expect(readChatSessionId(`${CHAT_SESSION_COOKIE}=<script>`)).toBeNull();
    expect(readChatSessionId(`${CHAT_SESSION_COOKIE}=corto`)).toBeNull();
    expect(readChatSessionId('otra=1')).toBeNull();
  });

  it('creates a UUID once and reuses it', () => {
    const id = getChatSessionId();
    expect(id).toMatch(UUID);
    expect(getChatSessionId()).toBe(id);
    expect(readChatSessionId()).toBe(id);
  });

  it('builds a UUID v4 from getRandomValues where randomUUID does not exist (plain HTTP)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(randomSessionId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
