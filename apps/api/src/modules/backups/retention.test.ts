import { describe, expect, it } from 'vitest';
import { backupFileName, backupsToDelete, msUntilNextRun, parseBackupFileName, retentionDays } from './retention.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('backup file names', () => {
  it('names a backup by its Bogotá time (UTC−5) and parses the name back', () => {
    const at = new Date('2026-03-01T04:05:06Z'); // 23:05:06 on 28 Feb in Bogotá
    expect(backupFileName(at, 'pglite')).toBe('radica-20260228-230506-pglite.rbk');
    expect(backupFileName(at, 'pg_dump')).toBe('radica-20260228-230506-pg_dump.rbk');
    expect(parseBackupFileName('radica-20260228-230506-pg_dump.rbk')).toEqual({ at, kind: 'pg_dump' });
  });
  it('ignores every other file, impossible dates and partial backups', () => {
    for (const name of ['notas.txt', 'radica-20261331-000000-pglite.rbk', 'radica-20260230-120000-pglite.rbk', '.radica-20260228-230506-pglite.rbk.partial', 'radica-20260228-230506-mysql.rbk', 'radica-20260228-230506-pglite.rbk.bak'])
      expect(parseBackupFileName(name), name).toBeNull();
  });
});

describe('retention days (seed 002 §1, §9)', () => {
  it('keeps 7 days with Profesional tenants or none, 30 as soon as one tenant is Business', () => {
    expect(retentionDays([])).toBe(7);
    expect(retentionDays([null])).toBe(7);
    expect(retentionDays(['profesional'])).toBe(7);
    expect(retentionDays(['profesional', 'business'])).toBe(30);
    expect(retentionDays(['business'])).toBe(30);
  });
});

describe('backupsToDelete', () => {
  const now = new Date('2026-06-30T12:00:00Z');
  const daysAgo = (d: number, kind: 'pglite' | 'pg_dump' = 'pglite') => backupFileName(new Date(now.getTime() - d * DAY), kind);

  it('deletes backups older than the retention and keeps the ones inside it, whatever their kind', () => {
    const names = [daysAgo(0), daysAgo(1, 'pg_dump'), daysAgo(6.9), daysAgo(7.1), daysAgo(29), daysAgo(31, 'pg_dump'), 'leeme.txt', 'radica-otra-cosa.rbk'];
    expect(backupsToDelete(names, now, 7).sort()).toEqual([daysAgo(7.1), daysAgo(29), daysAgo(31, 'pg_dump')].sort());
    expect(backupsToDelete(names, now, 30)).toEqual([daysAgo(31, 'pg_dump')]);
  });
  it('keeps exactly-at-the-limit backups and always the newest one, however old', () => {
    expect(backupsToDelete([daysAgo(7)], now, 7)).toEqual([]);
    expect(backupsToDelete([daysAgo(40), daysAgo(50), daysAgo(60)], now, 7).sort()).toEqual([daysAgo(50), daysAgo(60)].sort());
    expect(backupsToDelete([], now, 7)).toEqual([]);
  });
  it('a tenant moving from Business to Profesional shortens the retention at the next run', () => {
    const names = [daysAgo(1), daysAgo(10), daysAgo(20)];
    expect(backupsToDelete(names, now, retentionDays(['business']))).toEqual([]);
    expect(backupsToDelete(names, now, retentionDays(['profesional'])).sort()).toEqual([daysAgo(10), daysAgo(20)].sort());
  });
});

describe('msUntilNextRun (BACKUP_HOUR, Bogotá)', () => {
  it('waits until the next hour:00 in Bogotá, tomorrow once it has passed today', () => {
    // 01:30 in Bogotá (06:30Z) → 02:00 Bogotá is 30 minutes away.
    expect(msUntilNextRun(new Date('2026-06-30T06:30:00Z'), 2)).toBe(30 * 60_000);
    // Exactly 02:00 Bogotá → the next run is tomorrow.
    expect(msUntilNextRun(new Date('2026-06-30T07:00:00Z'), 2)).toBe(DAY);
    // 23:00 Bogotá on 30 June (04:00Z on 1 July) → 02:00 Bogotá is 3 hours away.
    expect(msUntilNextRun(new Date('2026-07-01T04:00:00Z'), 2)).toBe(3 * HOUR);
    expect(msUntilNextRun(new Date('2026-07-01T04:00:00Z'), 0)).toBe(1 * HOUR);
  });
});
