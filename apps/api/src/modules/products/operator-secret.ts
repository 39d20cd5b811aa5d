import { createHash, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { loadOrCreateSecretFile } from '../../lib/secrets.ts';

/** File name of the operator secret under DATA_DIR (generated at first start, mode 0600). */
export const OPERATOR_SECRET_FILE = 'operator-secret';

/** Path of the operator secret of a data directory. */
export const operatorSecretPath = (dataDir: string) => join(dataDir, OPERATOR_SECRET_FILE);

/** Load (or create) the operator secret; returns its text form (base64), which the CLI sends as-is. */
export function loadOperatorSecret(dataDir: string): string {
  return loadOrCreateSecretFile(operatorSecretPath(dataDir), 32).toString('base64');
}

/** Constant-time comparison of a presented secret with the expected one (both hashed to equal length first). */
export function isOperatorSecret(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
