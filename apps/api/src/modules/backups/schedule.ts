import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TBackupData } from '@radica/contracts/backups';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { applyRetention, createBackup } from './service.ts';
import { parseBackupFileName } from './retention.ts';

/** Advisory lock key of the daily backup on PostgreSQL ("RDBK"): one process of many takes each day's backup. */
const BACKUP_LOCK_KEY = 0x5244424b;
/** A backup this recent means another process already ran today's job. */
const RECENT_MS = 3_600_000;

/**
 * The server's backup (operator endpoint, daily job): createBackup on this process's database. A failure other than
 * "already running" is logged with its detail and answered with the catalogue's generic message (5xx never leak
 * internals).
 */
export async function runBackup(deps: Pick<TDeps, 'config' | 'dbKind' | 'dumpDatabase' | 'log'>): Promise<TBackupData> {
  try {
    return await createBackup({ config: deps.config, dbKind: deps.dbKind, dumpDataDir: deps.dumpDatabase });
  } catch (err) {
    if (err instanceof AppError && err.code === 'BACKUP_IN_PROGRESS') throw err;
    deps.log.error({ err: (err as Error).message }, 'backup failed');
    throw new AppError('BACKUP_FAILED', MSG_BACKUPS.copiaFallida);
  }
}

/** True when BACKUP_DIR holds a backup taken in the hour before `now` (another process just took today's). */
function hasRecentBackup(backupDir: string, now: Date): boolean {
  const dir = resolve(backupDir);
  if (!existsSync(dir)) return false;
  const since = now.getTime() - RECENT_MS;
  return readdirSync(dir).some((n) => (parseBackupFileName(n)?.at.getTime() ?? 0) >= since);
}

/**
 * One run of the daily backup, the 'copia-diaria' pg-boss cron job at BACKUP_HOUR, Bogotá time (jobs/registry.ts;
 * BACKUP_SCHEDULE=false unschedules it): pg-boss's scheduler enqueues one job a day across every worker process, and
 * one worker runs it: backup, then retention. On PostgreSQL the run holds a session advisory lock so that of
 * several API processes only one backs up, and skips when BACKUP_DIR has a backup of the last hour (a process that
 * took the lock a moment later). Errors are logged, never thrown (the timer must keep going).
 */
export async function runDailyBackup(deps: Pick<TDeps, 'config' | 'db' | 'dbKind' | 'dumpDatabase' | 'log'>, now = new Date()): Promise<void> {
  let lock: pg.Client | null = null;
  try {
    if (deps.dbKind === 'postgresql') {
      lock = new pg.Client({ connectionString: deps.config.databaseUrl!, application_name: 'radica-backup-lock' });
      lock.on('error', () => {});
      await lock.connect();
      const { rows } = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int) as ok', [BACKUP_LOCK_KEY]);
      if (!rows[0]?.ok || hasRecentBackup(deps.config.backupDir, now)) return;
    }
    const data = await runBackup(deps);
    deps.log.info({ archivo: data.archivo, bytes: data.bytes }, 'daily backup written');
    const { deleted, days } = await applyRetention(deps, now);
    if (deleted.length) deps.log.info({ deleted, days }, MSG_BACKUPS.retencionBorradas(deleted.length, days));
  } catch (err) {
    deps.log.error({ err: (err as Error).message }, 'daily backup failed');
  } finally {
    // Ending the session releases the advisory lock.
    await lock?.end().catch(() => {});
  }
}

