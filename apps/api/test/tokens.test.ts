import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenKit } from '../src/modules/auth/tokens.ts';

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('a remembered token stops being accepted at its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const kit = createTokenKit(randomBytes(32), 60);
    const { token } = await kit.signAccess({ userId: 7, tenantId: 3, validator: '901019681' });
    expect(await kit.verifyAccess(token)).toEqual({ userId: 7, tenantId: 3, validator: '901019681' });
    vi.setSystemTime(new Date('2026-11-21T10:00:59Z'));
    expect(await kit.verifyAccess(token)).toEqual({ userId: 7, tenantId: 3, validator: '901019681' });
    vi.setSystemTime(new Date('2026-11-21T10:01:01Z'));
    expect(await kit.verifyAccess(token)).toBeNull();
  });

  it('a token with another signature, or from another key, is refused even after the genuine one was verified', async () => {
    const kit = createTokenKit(randomBytes(32), 900);
    const { token } = await kit.signAccess({ userId: 1, tenantId: 1, validator: '900' });
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
