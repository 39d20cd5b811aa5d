import type { TRol } from '@radica/contracts/enums';
import type { TSqlRows } from '../../db/client.ts';
import { sessionRole } from './repository.ts';

/**
 * Is a login's session (its refresh-token family) still open? Logout, a password reset or change, and refresh-token
 * reuse revoke the family; an access token carries its family as `sid`, and every authenticated call asks this
 * (ASVS 7.4.1/7.4.3: revocation ends access at once, not when the 15-minute token expires).
 *
 * The same query reads the user's role: an open session answers the role the server enforces now, so a role
 * change counts on the caller's next call; a removed user's sessions are closed.
 *
 * An open answer is remembered for `cacheMs` (default 1 000 ms, SESSION_CHECK_CACHE_MS), so a busy session costs one
 * indexed query a second per process; concurrent checks of one session share that query. A revocation made by this
 * process is seen at once (`forget`); one made by another process within `cacheMs` (a role change too). A closed
 * answer is final (a revoked family never reopens). docs/decisions/008-session-revocation.md.
 */
export type TSessionCheck = {
  /** The role of the session's user while the session is open; null once it is closed (or its user removed). */
  rolDe: (sessionId: string) => Promise<TRol | null>;
  /** This process revoked these sessions: refuse their access tokens from now on. */
  forget: (sessionIds: Iterable<string>) => void;
};

/** Most sessions remembered per process (about 100 bytes each); the map is cleared when full. */
const MAX_REMEMBERED = 50_000;

export function createSessionCheck(o: { rows: TSqlRows; cacheMs: number; now?: () => number }): TSessionCheck {
  const now = o.now ?? Date.now;
  const open = new Map<string, { at: number; rol: TRol }>();
  const closed = new Map<string, true>();
  const inflight = new Map<string, Promise<TRol | null>>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= MAX_REMEMBERED) map.clear();
    map.set(key, value);
  };
  async function ask(sessionId: string): Promise<TRol | null> {
    const rol = await sessionRole(o.rows, sessionId);
    if (rol) remember(open, sessionId, { at: now(), rol });
    else remember(closed, sessionId, true);
    return rol;
  }
  return {
    async rolDe(sessionId) {
      if (closed.has(sessionId)) return null;
      const hit = open.get(sessionId);
      if (hit !== undefined && now() - hit.at < o.cacheMs) return hit.rol;
      let pending = inflight.get(sessionId);
      if (!pending) {
        pending = ask(sessionId).finally(() => inflight.delete(sessionId));
        inflight.set(sessionId, pending);
      }
      return pending;
    },
    forget(sessionIds) {
      for (const id of sessionIds) {
        open.delete(id);
        remember(closed, id, true);
      }
    },
  };
}
