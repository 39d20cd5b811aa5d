import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateLong, formatDateTime, formatFileDate, formatTime } from './format';

/** One date format across the app: the pages wrote '1/12/26, 21:38', '01/12/2026, 21:46' and ISO for the same kind of value. */
describe('the one date formatter', () => {
  it('writes instants in Bogotá time as dd/mm/aaaa, hh:mm (24 h) and calendar days as written', () => {
    expect(formatDateTime('2026-12-02T02:38:00Z')).toBe('01/12/2026, 21:38');
    expect(formatDateTime('2026-12-01')).toBe('01/12/2026');
    expect(formatDate('2026-12-02T02:38:00Z')).toBe('01/12/2026');
    expect(formatDate('1987-03-09')).toBe('09/03/1987');
    expect(formatDate(null, '—')).toBe('—');
    expect(formatDateTime('mañana', '—')).toBe('—');
    expect(formatTime('2026-12-02T02:38:00Z')).toBe('21:38');
    expect(formatTime(new Date('2026-12-01T14:05:00Z'))).toBe('09:05');
    expect(formatDateLong('2026-11-26')).toBe('26 de noviembre de 2026');
    expect(formatFileDate(new Date('2026-12-02T02:38:00Z'))).toBe('2026-12-01');
  });

  it('is the only place of the web app that formats a date (no Intl.DateTimeFormat or toLocale…String elsewhere)', () => {
    const root = join(import.meta.dirname, '..');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    })(root);
    const offenders = files
      .filter((f) => relative(root, f) !== join('lib', 'format.ts'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(root, f)}:${i + 1}` }))
          .filter(({ line }) => /Intl\.DateTimeFormat|\.toLocale(Date|Time)?String\(/.test(line))
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });
});
