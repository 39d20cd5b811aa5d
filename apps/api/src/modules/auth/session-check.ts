import type { TSqlRows } from '../../db/client.ts';
import { sessionIsOpen } from './repository.ts';

/**
 * Is a login's session (its refresh-token family) still open? Logout, a password reset or change, and refresh-token
 * reuse revoke the family; an access token carries its family as `sid`, and every authenticated call asks this
 * (issue 9, ASVS 7.4.1/7.4.3: revocation ends access at once, not when the 15-minute token expires).
 *
 * An open answer is remembered for `cacheMs` (default 1 000 ms, SESSION_CHECK_CACHE_MS), so a busy session costs one
 * indexed query a second per process; concurrent checks of one session share that query. A revocation made by this
 * process is seen at once (`forget`); one made by another process within `cacheMs`. A closed answer is final (a
 * revoked family never reopens). docs/decisions/008-session-revocation.md.
 */
export type TSessionCheck = {
  isOpen: (sessionId: string) => Promise<boolean>;
  /** This process revoked these sessions: refuse their access tokens from now on. */
  forget: (sessionIds: Iterable<string>) => void;
};

/** Most sessions remembered per process (about 100 bytes each); the map is cleared when full. */
const MAX_REMEMBERED = 50_000;

export function createSessionCheck(o: { rows: TSqlRows; cacheMs: number; now?: () => number }): TSessionCheck {
  const now = o.now ?? Date.now;
  const open = new Map<string, number>();
  const closed = new Map<string, true>();
  const inflight = new Map<string, Promise<boolean>>();
  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= MAX_REMEMBERED) map.clear();
    map.set(key, value);
  };
  async function ask(sessionId: string): Promise<boolean> {
    const isOpen = await sessionIsOpen(o.rows, sessionId);
    if (isOpen) remember(open, sessionId, now());
    else remember(closed, sessionId, true);
    return isOpen;
  }
  return {
    async isOpen(sessionId) {
      if (closed.has(sessionId)) return false;
      const checkedAt = open.get(sessionId);
      if (checkedAt !== undefined && now() - checkedAt < o.cacheMs) return true;
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
