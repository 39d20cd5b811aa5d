import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, not importable under isolatedModules). */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with explicit parameters: OWASP Password Storage Cheat Sheet, first option
 * (m = 19 MiB, t = 2, p = 1). Output is a PHC string.
 */
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** Verify a password against a PHC string; a malformed hash counts as a mismatch. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}
