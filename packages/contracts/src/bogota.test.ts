import { describe, expect, it } from 'vitest';
import { bogotaFecha, bogotaYmd, diaBogota, inicioDiaBogota, instanteBogota, relojBogota } from './bogota.ts';

describe('Bogotá time', () => {
  it('the calendar day is the day of Bogotá’s wall clock (UTC−5), not UTC’s', () => {
    expect(bogotaYmd(new Date('2026-12-02T02:30:00Z'))).toBe('20261201');
    expect(bogotaYmd(new Date('2026-12-02T04:59:59Z'))).toBe('20261201');
    expect(bogotaYmd(new Date('2026-12-02T05:00:00Z'))).toBe('20261202');
    expect(bogotaYmd(new Date('2027-01-01T03:00:00Z'))).toBe('20261231');
    expect(bogotaFecha(new Date('2027-01-01T03:00:00Z'))).toBe('31/12/2026');
    expect(diaBogota(new Date('2026-07-01T04:59:59.999Z'))).toBe('2026-06-30');
  });

  it('the wall clock and back keep milliseconds; a day begins at 05:00 UTC', () => {
    const at = new Date('2026-03-08T07:15:42.123Z');
    expect(relojBogota(at).toISOString()).toBe('2026-03-08T02:15:42.123Z');
    expect(instanteBogota(relojBogota(at)).toISOString()).toBe(at.toISOString());
    expect(inicioDiaBogota('2026-11-21').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(inicioDiaBogota('2026-11-21T23:00').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(Number.isNaN(inicioDiaBogota('ayer').getTime())).toBe(true);
    expect(Number.isNaN(relojBogota(new Date('x')).getTime())).toBe(true);
  });
});
