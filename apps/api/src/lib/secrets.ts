import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Secrets at rest: AES-256-GCM with a 32-byte key. Ciphertext format `v1:<iv b64>:<tag b64>:<data b64>`.
 * Used for the ministry validator password.
 */
export type TCipher = { encrypt: (plain: string) => string; decrypt: (sealed: string) => string };

export function createCipher(key: Buffer): TCipher {
  if (key.length !== 32) throw new Error('La clave de cifrado debe tener 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    decrypt(sealed) {
      const [v, iv, tag, data] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Secreto cifrado con formato desconocido');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      d.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([d.update(Buffer.from(data, 'base64')), d.final()]).toString('utf8');
    },
  };
}

/** Parse a 32-byte key given as base64 or 64 hex characters. */
export function parseKey(value: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY debe ser de 32 bytes (base64 o 64 caracteres hex)');
  return key;
}

/** Read a random secret from `path`, creating it (mode 0600) with `bytes` random bytes if missing. */
export function loadOrCreateSecretFile(path: string, bytes: number): Buffer {
  if (existsSync(path)) return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  mkdirSync(dirname(path), { recursive: true });
  const secret = randomBytes(bytes);
  writeFileSync(path, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
  return secret;
}
