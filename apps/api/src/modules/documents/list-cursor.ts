import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { AppError } from '../../lib/errors.ts';

/**
 * The list's page cursors (docs/decisions/052): a page read after (or before) a row by keyset, not by OFFSET, so page
 * 2 000 costs what page 1 does and rows filed meanwhile do not shift the pages a user walks through.
 *
 * A cursor is opaque to the client: `base64url(payload).base64url(HMAC-SHA256)` with the server's code key. The
 * payload names the company, a digest of the filters and page size it was made for, the page it leads to, the direction
 * and the boundary row (its creation time in microseconds since the epoch, exact, and its id: the list order).
 */
export type TListCursor = {
  /** 'siguiente': rows after the boundary (older); 'anterior': rows before it (newer). */
  direccion: 'siguiente' | 'anterior';
  /** The page number the cursor leads to. */
  pagina: number;
  /** The boundary row's fecha_creacion in microseconds since 1970 (decimal text: beyond a double's exact range). */
  creadoUs: string;
  id: number;
};

type TPayload = { v: 1; t: number; f: string; d: 's' | 'a'; p: number; c: string; i: number };

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(`radica-lista-cursor\0${body}`).digest();
/** A digest of the filters and page size (the request without pageIndex and cursor). */
export const filterDigest = (filtro: string) => createHash('sha256').update(filtro).digest('base64url').slice(0, 16);

/** The signed cursor of `c` for the company `tenantId` and the filters `filtro` (filterDigest's input). */
export function signCursor(key: Buffer, tenantId: number, filtro: string, c: TListCursor): string {
  const payload: TPayload = { v: 1, t: tenantId, f: filterDigest(filtro), d: c.direccion === 'siguiente' ? 's' : 'a', p: c.pagina, c: c.creadoUs, i: c.id };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/**
 * Reads a cursor the client sent back. A cursor whose signature fails (altered, forged, or from another install) or
 * made for another company is refused: AppError VALIDATION (400) with MSG_MINISTERIO.cursorInvalido. One made for
 * other filters, another page size or another page than `pagina` is ignored (null): the page is read by number.
 */
export function readCursor(key: Buffer, tenantId: number, filtro: string, pagina: number, token: string): TListCursor | null {
  const invalid = () => new AppError('VALIDATION', MSG_MINISTERIO.cursorInvalido);
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length) throw invalid();
  const expected = mac(key, body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let p: TPayload;
  try {
    p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TPayload;
  } catch {
    throw invalid();
  }
  if (p.v !== 1 || p.t !== tenantId || !/^\d{1,19}$/.test(String(p.c)) || !Number.isInteger(p.i) || !Number.isInteger(p.p) || (p.d !== 's' && p.d !== 'a')) throw invalid();
  if (p.f !== filterDigest(filtro) || p.p !== pagina) return null;
  return { direccion: p.d === 's' ? 'siguiente' : 'anterior', pagina: p.p, creadoUs: p.c, id: p.i };
}
