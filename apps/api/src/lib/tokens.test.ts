import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createTokenKit } from './tokens.ts';
import { createSessionCheck } from '../modules/auth/session-check.ts';
import type { TSqlRows } from '../db/client.ts';

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('a remembered token stops being accepted at its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const kit = createTokenKit(randomBytes(32), 60);
    const { token } = await kit.signAccess({ userId: 7, tenantId: 3, validator: '901019681', sessionId: 's-1' });
    expect(await kit.verifyAccess(token)).toEqual({ userId: 7, tenantId: 3, validator: '901019681', sessionId: 's-1' });
    vi.setSystemTime(new Date('2026-11-21T10:00:59Z'));
    expect(await kit.verifyAccess(token)).toEqual({ userId: 7, tenantId: 3, validator: '901019681', sessionId: 's-1' });
    vi.setSystemTime(new Date('2026-11-21T10:01:01Z'));
    expect(await kit.verifyAccess(token)).toBeNull();
  });

  it('a token with another signature, or from another key, is refused even after the genuine one was verified', async () => {
    const kit = createTokenKit(randomBytes(32), 900);
    const { token } = await kit.signAccess({ userId: 1, tenantId: 1, validator: '900', sessionId: 's-2' });
    expect(await kit.verifyAccess(token)).not.toBeNull();
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await kit.verifyAccess(tampered)).toBeNull();
    const other = createTokenKit(randomBytes(32), 900);
    expect(await other.verifyAccess(token)).toBeNull();
    // A purpose token is not an access token.
    expect(await kit.verifyAccess(await kit.signPurpose('reset', 'a@b.co', 60))).toBeNull();
  });
});

describe('session check (revocation ends access at once)', () => {
  it('asks the database once per cache window, shares concurrent checks, and a closed session stays closed', async () => {
    let now = 1_000;
    const answers: Array<'administrador' | 'consulta' | null> = ['administrador', 'consulta', null];
    const queries: string[] = [];
    const check = createSessionCheck({
      cacheMs: 1_000,
      now: () => now,
      rows: (async (q: SQL) => {
        queries.push(new PgDialect().sqlToQuery(q).params.join());
        const rol = answers.shift();
        return rol ? [{ rol }] : [];
      }) as TSqlRows,
    });
    expect(await Promise.all([check.rolDe('f1'), check.rolDe('f1'), check.rolDe('f1')])).toEqual(['administrador', 'administrador', 'administrador']);
    expect(queries).toEqual(['f1']);
    now += 999;
    expect(await check.rolDe('f1')).toBe('administrador');
    expect(queries).toHaveLength(1);
    // A role changed elsewhere is read again once the window has passed.
    now += 2;
    expect(await check.rolDe('f1')).toBe('consulta');
    expect(queries).toHaveLength(2);
    // Revoked by this process: refused at once, without asking.
    check.forget(['f1']);
    expect(await check.rolDe('f1')).toBeNull();
    expect(queries).toHaveLength(2);
    // Revoked elsewhere: seen once the window has passed, then never asked again.
    expect(await check.rolDe('f2')).toBeNull();
    now += 10_000;
    expect(await check.rolDe('f2')).toBeNull();
    expect(queries).toEqual(['f1', 'f1', 'f2']);
  });
});
