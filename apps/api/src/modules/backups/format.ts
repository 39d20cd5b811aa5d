import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import type { TBackupKind } from '@radica/contracts/backups';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { loadOrCreateSecretFile, parseKey } from '../../lib/secrets.ts';

/**
 * The .rbk file (docs/decisions/NNN-backups.md): a 46-byte header, the snapshot encrypted with
 * AES-256-GCM, and the 16-byte GCM tag at the end. The header is the GCM additional data, so the tag authenticates
 * the whole file.
 *
 *   magic 'RADICABK' (8) · version 1 (1) · kind 1 pglite | 2 pg_dump (1) · key id (8) · salt (16) · iv (12)
 *
 * The file key is HKDF-SHA256(master key, salt, 'radica-backup'); the master key is the one of secrets at rest
 * (ENCRYPTION_KEY or DATA_DIR/secret.key). The key id (HMAC of a fixed label under the master key) only tells a wrong
 * key apart from a damaged file.
 */
const MAGIC = Buffer.from('RADICABK', 'ascii');
const VERSION = 1;
const KIND_CODES: Record<TBackupKind, number> = { pglite: 1, pg_dump: 2 };
const KEY_ID_BYTES = 8;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Length of the header in bytes. */
export const HEADER_BYTES = MAGIC.length + 2 + KEY_ID_BYTES + SALT_BYTES + IV_BYTES;

const keyId = (master: Buffer) => createHmac('sha256', master).update('radica-backup-key-id').digest().subarray(0, KEY_ID_BYTES);
const fileKey = (master: Buffer, salt: Buffer) => Buffer.from(hkdfSync('sha256', master, salt, 'radica-backup', 32));

/**
 * The master key of this installation for backups: ENCRYPTION_KEY, else DATA_DIR/secret.key. With `create` (the
 * backup side, like the server's start) a missing file is generated; without it (restore) null is returned, since a
 * new key could never open an existing backup.
 */
export function backupMasterKey(config: Pick<TConfig, 'encryptionKey' | 'dataDir'>, opts: { create: boolean }): Buffer | null {
  if (config.encryptionKey) return parseKey(config.encryptionKey);
  const path = join(config.dataDir, 'secret.key');
  if (!opts.create && !existsSync(path)) return null;
  return loadOrCreateSecretFile(path, 32);
}

/**
 * A Transform that turns the snapshot's bytes into a .rbk stream: the header first, the ciphertext, the tag last.
 * `master` is the 32-byte master key.
 */
export function encryptStream(master: Buffer, kind: TBackupKind): Transform {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION, KIND_CODES[kind]]), keyId(master), salt, iv]);
  const cipher = createCipheriv('aes-256-gcm', fileKey(master, salt), iv);
  cipher.setAAD(header);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!started) {
        started = true;
        this.push(header);
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(header);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

type THeader = { kind: TBackupKind; salt: Buffer; iv: Buffer; header: Buffer; tag: Buffer; bodyBytes: number };

/** Read and check the header and tag of `path`; throws AppError BACKUP_INVALID (Spanish) when it is not a usable .rbk. */
async function readHeader(path: string, master: Buffer): Promise<THeader> {
  if (!existsSync(path)) throw new AppError('BACKUP_INVALID', MSG_BACKUPS.archivoNoExiste(path));
  const size = (await stat(path)).size;
  if (size < HEADER_BYTES + TAG_BYTES) throw new AppError('BACKUP_INVALID', MSG_BACKUPS.noEsCopia(path));
  const fh = await open(path, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    await fh.read(header, 0, HEADER_BYTES, 0);
    const tag = Buffer.alloc(TAG_BYTES);
    await fh.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new AppError('BACKUP_INVALID', MSG_BACKUPS.noEsCopia(path));
    let at = MAGIC.length;
    const version = header[at++]!;
    if (version !== VERSION) throw new AppError('BACKUP_INVALID', MSG_BACKUPS.versionDesconocida(version));
    const code = header[at++]!;
    const kind = (Object.keys(KIND_CODES) as TBackupKind[]).find((k) => KIND_CODES[k] === code);
    if (!kind) throw new AppError('BACKUP_INVALID', MSG_BACKUPS.copiaAlterada);
    const id = header.subarray(at, (at += KEY_ID_BYTES));
    // A damaged key id fails here too; the message then blames the key, which the operator checks first anyway.
    if (!timingSafeEqual(id, keyId(master))) throw new AppError('BACKUP_INVALID', MSG_BACKUPS.claveNoCorresponde);
    const salt = header.subarray(at, (at += SALT_BYTES));
    const iv = header.subarray(at, (at += IV_BYTES));
    return { kind, salt, iv, header, tag, bodyBytes: size - HEADER_BYTES - TAG_BYTES };
  } finally {
    await fh.close();
  }
}

/** A decipher of the body of `h`, with its tag set: `final()` throws unless every byte (header included) is intact. */
function decipherOf(master: Buffer, h: THeader) {
  const d = createDecipheriv('aes-256-gcm', fileKey(master, h.salt), h.iv);
  d.setAAD(h.header);
  d.setAuthTag(h.tag);
  return d;
}

/** The ciphertext bytes of `path` as a stream (between the header and the tag). */
const bodyStream = (path: string, h: THeader): Readable =>
  h.bodyBytes === 0 ? Readable.from([]) : createReadStream(path, { start: HEADER_BYTES, end: HEADER_BYTES + h.bodyBytes - 1 });

/** GCM's "Unsupported state or unable to authenticate data" becomes the catalogue's Spanish refusal. */
const asTampered = (err: unknown) =>
  err instanceof AppError ? err : new AppError('BACKUP_INVALID', MSG_BACKUPS.copiaAlterada, { causa: (err as Error).message });

/**
 * Check the whole of the .rbk at `path` with `master` without writing anything: header, key, and the GCM tag over
 * every byte (one full read). Returns its kind. Throws AppError BACKUP_INVALID with a Spanish message when the file
 * is missing, not a backup, of another key, or altered in any byte ("refuse a tampered file").
 */
export async function verifyBackup(path: string, master: Buffer): Promise<{ kind: TBackupKind; bodyBytes: number }> {
  const h = await readHeader(path, master);
  const d = decipherOf(master, h);
  try {
    await pipeline(bodyStream(path, h), d, async (plain: AsyncIterable<Buffer>) => {
      for await (const chunk of plain) void chunk;
    });
  } catch (err) {
    throw asTampered(err);
  }
  return { kind: h.kind, bodyBytes: h.bodyBytes };
}

/**
 * The decrypted snapshot of `path` as a stream; it errors (AppError BACKUP_INVALID) at its end when the tag does not
 * match. Callers verify first (verifyBackup) so that nothing is written from a file that fails; this second check
 * covers a file changed in between.
 */
export async function decryptedStream(path: string, master: Buffer): Promise<{ kind: TBackupKind; stream: Readable }> {
  const h = await readHeader(path, master);
  const d = decipherOf(master, h);
  const source = bodyStream(path, h);
  source.on('error', (err) => d.destroy(err));
  const out = new Transform({
    transform: (chunk: Buffer, _enc, done) => done(null, chunk),
  });
  source.pipe(d).on('error', (err) => out.destroy(asTampered(err))).pipe(out);
  return { kind: h.kind, stream: out };
}
