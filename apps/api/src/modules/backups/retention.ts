import { PLANES } from '@radica/contracts/plans';
import { BACKUP_KINDS, type TBackupKind } from '@radica/contracts/backups';
import type { TPlanTenant } from '@radica/contracts/products';
import { instanteBogota, relojBogota } from '@radica/contracts/bogota';

// Backup names and the schedule use Bogotá's wall clock (contracts/bogota.ts).
const NAME = /^radica-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(pglite|pg_dump)\.rbk$/;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The file name of a backup taken at `at`: `radica-YYYYMMDD-HHmmss-{kind}.rbk`, in Bogotá time. */
export function backupFileName(at: Date, kind: TBackupKind): string {
  const b = relojBogota(at);
  const day = `${b.getUTCFullYear()}${pad(b.getUTCMonth() + 1)}${pad(b.getUTCDate())}`;
  const time = `${pad(b.getUTCHours())}${pad(b.getUTCMinutes())}${pad(b.getUTCSeconds())}`;
  return `radica-${day}-${time}-${kind}.rbk`;
}

/** When and of what kind the backup named `name` was taken; null for any other file (never touched by retention). */
export function parseBackupFileName(name: string): { at: Date; kind: TBackupKind } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const at = instanteBogota(Date.UTC(y, mo - 1, d, h, mi, s));
  // Reject impossible dates (20261331): Date.UTC would roll them over.
  if (backupFileName(at, m[7] as TBackupKind) !== name || !BACKUP_KINDS.includes(m[7] as TBackupKind)) return null;
  return { at, kind: m[7] as TBackupKind };
}

/**
 * Days of backups to keep (seed 002 §1, §9: Profesional 7, Business 30). One snapshot holds every tenant, so it is kept
 * as long as the longest promise among the tenants with an active plan (docs/spec-deviations.md); with no active plan
 * at all, the Profesional promise (7) still applies.
 */
export function retentionDays(activePlans: readonly (TPlanTenant | null)[]): number {
  let days: number = PLANES.profesional.backupDays;
  for (const plan of activePlans) if (plan) days = Math.max(days, PLANES[plan].backupDays);
  return days;
}

/**
 * The backup files (of `names`, from BACKUP_DIR) retention deletes at `now`: those taken more than `days` days before
 * `now`, judged by the time in their name. The newest backup is always kept, however old, so a stopped schedule never
 * leaves the directory empty. Names that are not Radica backups are never returned.
 */
export function backupsToDelete(names: readonly string[], now: Date, days: number): string[] {
  const backups = names
    .map((name) => ({ name, parsed: parseBackupFileName(name) }))
    .filter((b): b is { name: string; parsed: { at: Date; kind: TBackupKind } } => b.parsed !== null)
    .sort((a, b) => b.parsed.at.getTime() - a.parsed.at.getTime());
  const cutoff = now.getTime() - days * DAY_MS;
  return backups
    .slice(1)
    .filter((b) => b.parsed.at.getTime() < cutoff)
    .map((b) => b.name);
}

/**
 * Milliseconds from `now` until the next `hour`:00 in Bogotá (strictly later than `now`), for the daily backup
 * (BACKUP_HOUR).
 */
export function msUntilNextRun(now: Date, hour: number): number {
  const local = relojBogota(now).getTime();
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  let next = dayStart + hour * 3_600_000;
  if (next <= local) next += DAY_MS;
  return next - local;
}
