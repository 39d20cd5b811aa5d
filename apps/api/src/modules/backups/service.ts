import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readdir, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import type { TBackupData, TBackupKind } from '@radica/contracts/backups';
import type { TConfig } from '../../config.ts';
import { acquireLock, openDatabase, type TDb } from '../../db/client.ts';
import { secureDataDir } from '../../lib/data-dir.ts';
import { AppError } from '../../lib/errors.ts';
import { plansInForce } from '../products/service.ts';
import { backupMasterKey, decryptedStream, encryptStream, verifyBackup } from './format.ts';
import { backupFileName, backupsToDelete, retentionDays } from './retention.ts';
import { spawnPgDump, spawnPgRestore } from './pg-tools.ts';
import { countRestored, userRelationCount } from './repository.ts';

/** What a backup needs: where to write, the database kind, and (PGlite) the running instance's consistent dump. */
export type TBackupSource = {
  config: Pick<TConfig, 'backupDir' | 'databaseUrl' | 'encryptionKey' | 'dataDir'>;
  dbKind: 'pglite' | 'postgresql';
  dumpDataDir?: () => Promise<Blob>;
};

/** One backup at a time per process (the daily job and an operator call may meet). */
let running = false;

const spawnFailure = (err: unknown, missing: string) =>
  (err as NodeJS.ErrnoException).code === 'ENOENT' ? new AppError('BACKUP_FAILED', missing) : err;

/**
 * Write one encrypted snapshot of the database into BACKUP_DIR: PostgreSQL → `pg_dump
 * --format=custom` of DATABASE_URL; PGlite → the instance's gzip data-directory dump (consistent: taken between
 * transactions). Streamed through the .rbk cipher (format.ts) into a hidden `.…partial` file (mode 0600) that is
 * renamed once complete, so an interrupted backup never looks like one. Returns the absolute path, size, kind, time.
 * Throws AppError BACKUP_IN_PROGRESS when this process is already writing one, BACKUP_FAILED (detail in the message:
 * pg_dump's stderr, a missing program) when the snapshot cannot be taken.
 */
export async function createBackup(src: TBackupSource, now = new Date()): Promise<TBackupData> {
  if (running) throw new AppError('BACKUP_IN_PROGRESS', MSG_BACKUPS.copiaEnCurso);
  running = true;
  try {
    const kind: TBackupKind = src.dbKind === 'postgresql' ? 'pg_dump' : 'pglite';
    const dir = resolve(src.config.backupDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const key = backupMasterKey(src.config, { create: true })!;
    const name = backupFileName(now, kind);
    const path = join(dir, name);
    const partial = join(dir, `.${name}.partial`);
    const sink = () => createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    try {
      if (kind === 'pg_dump') {
        const dump = spawnPgDump(src.config.databaseUrl!);
        const [, ended] = await Promise.all([
          pipeline(dump.child.stdout, encryptStream(key, kind), sink()),
          dump.done.catch((err) => Promise.reject(spawnFailure(err, MSG_BACKUPS.pgDumpNoInstalado))),
        ]);
        if (ended.code !== 0) throw new AppError('BACKUP_FAILED', MSG_BACKUPS.pgDumpFallo(ended.stderr || `código ${ended.code}`));
      } else {
        if (!src.dumpDataDir) throw new Error('PGlite backup without dumpDataDir');
        const blob = await src.dumpDataDir();
        await pipeline(Readable.fromWeb(blob.stream() as import('node:stream/web').ReadableStream), encryptStream(key, kind), sink());
      }
      if (existsSync(path)) throw new AppError('BACKUP_IN_PROGRESS', MSG_BACKUPS.copiaEnCurso);
      await rename(partial, path);
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    const { size } = await stat(path);
    return { archivo: path, bytes: size, tipo: kind, creadaEn: now.toISOString() };
  } finally {
    running = false;
  }
}

/** Where the embedded database of `config` lives (DATA_DIR/db unless a test points elsewhere). */
export const pgliteDir = (config: Pick<TConfig, 'dataDir' | 'pgliteDataDir'>) =>
  resolve(config.pgliteDataDir && config.pgliteDataDir !== 'memory' ? config.pgliteDataDir : join(config.dataDir, 'db'));

/**
 * Restore the .rbk `file` into an EMPTY database ("`npm run restore -- FILE` restores it into an empty
 * database"): with DATABASE_URL through pg_restore (one transaction), else by loading the PGlite dump into DATA_DIR/db,
 * which must not exist yet (the server stopped: the caller checks). The whole file is verified (key, GCM tag) before
 * anything is written. Then the database is opened as the server does (pending migrations run) and counted.
 * Throws AppError BACKUP_KEY_MISSING, BACKUP_INVALID (not a backup, other key, altered; another kind than the target),
 * RESTORE_TARGET_NOT_EMPTY, BACKUP_FAILED (pg_restore's error), each with a Spanish message.
 */
export async function restoreBackup(
  config: Pick<TConfig, 'databaseUrl' | 'encryptionKey' | 'dataDir' | 'pgliteDataDir'>,
  file: string,
): Promise<{ documentos: number; cuentas: number }> {
  const key = backupMasterKey(config, { create: false });
  if (!key) throw new AppError('BACKUP_KEY_MISSING', MSG_BACKUPS.sinClave(resolve(config.dataDir)));
  const { kind } = await verifyBackup(file, key);
  if (config.databaseUrl) {
    if (kind !== 'pg_dump') throw new AppError('BACKUP_INVALID', MSG_BACKUPS.tipoNoCorresponde(kind, 'PostgreSQL (DATABASE_URL)'));
    await restorePostgres(config.databaseUrl, file, key);
  } else {
    if (kind !== 'pglite') throw new AppError('BACKUP_INVALID', MSG_BACKUPS.tipoNoCorresponde(kind, 'la base embebida (sin DATABASE_URL)'));
    await restorePglite(pgliteDir(config), file, key);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteDataDir: config.pgliteDataDir });
  try {
    return await countRestored(database.db);
  } finally {
    await database.close();
  }
}

async function restorePostgres(databaseUrl: string, file: string, key: Buffer) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const used = await userRelationCount(client);
    if (used > 0) throw new AppError('RESTORE_TARGET_NOT_EMPTY', MSG_BACKUPS.basePostgresNoVacia(used));
  } finally {
    await client.end();
  }
  const { stream } = await decryptedStream(file, key);
  const restore = spawnPgRestore(databaseUrl);
  // pg_restore may exit early (an error) and close its stdin: that EPIPE is reported through its exit code instead.
  restore.child.stdin.on('error', () => {});
  const [piped, ended] = await Promise.allSettled([
    pipeline(stream, restore.child.stdin),
    restore.done.catch((err) => Promise.reject(spawnFailure(err, MSG_BACKUPS.pgRestoreNoInstalado))),
  ]);
  if (ended.status === 'rejected') throw ended.reason;
  if (piped.status === 'rejected' && piped.reason instanceof AppError) throw piped.reason;
  if (ended.value.code !== 0) throw new AppError('BACKUP_FAILED', MSG_BACKUPS.pgRestoreFallo(ended.value.stderr || `código ${ended.value.code}`));
}

async function restorePglite(dir: string, file: string, key: Buffer) {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new AppError('RESTORE_TARGET_NOT_EMPTY', MSG_BACKUPS.baseEmbebidaExiste(dir));
  const release = acquireLock(`${dir}.lock`);
  try {
    const { stream } = await decryptedStream(file, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    try {
      const db = await PGlite.create({ dataDir: dir, loadDataDir: new Blob(chunks.map((c) => new Uint8Array(c))), extensions: { pg_trgm } });
      await db.close();
      // PGlite writes the unpacked files 0666: owner-only like the rest of DATA_DIR (docs/decisions/031).
      secureDataDir(dir, () => {});
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  } finally {
    release();
  }
}

/**
 * Retention: delete the backups of
 * BACKUP_DIR older than the longest retention any tenant's active plan promises (retention.ts). Returns the names
 * deleted and the days kept.
 */
export async function applyRetention(deps: { db: TDb; config: Pick<TConfig, 'backupDir'> }, now = new Date()): Promise<{ deleted: string[]; days: number }> {
  const days = retentionDays(await plansInForce(deps));
  const dir = resolve(deps.config.backupDir);
  if (!existsSync(dir)) return { deleted: [], days };
  const deleted = backupsToDelete(await readdir(dir), now, days);
  for (const name of deleted) await unlink(join(dir, name)).catch(() => {});
  return { deleted, days };
}

/** A size for people: 1,5 MB, 820 kB, 312 B (es-CO decimal comma). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toLocaleString('es-CO', { maximumFractionDigits: 1 })} ${units[unit]}`;
}
