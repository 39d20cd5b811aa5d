import { createHash } from 'node:crypto';

/**
 * A job id derived from `key` (a UUID-shaped SHA-256 prefix): enqueuing the same work twice (a retry of the enqueue,
 * the sweep of accepted files) creates one job, since pg-boss inserts ignore a known id.
 */
export function jobIdOf(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}
