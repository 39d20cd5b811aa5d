import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTenantSlots } from './tenant-slots.ts';

/**
 * The per-tenant bound toward the ministry across processes (MUV_TENANT_CONCURRENCY; docs/decisions/027): two slot
 * sets on one PostgreSQL server stand for two worker processes. Each attempt asks for every slot in one query
 * (docs/decisions/052): the bound still holds, every slot is used, and waiters hold no connection between attempts.
 */
describe.skipIf(!process.env.DATABASE_URL)('tenant send slots on PostgreSQL', () => {
  it('two processes never run more than the slots of one tenant at once, use them all, and another tenant is not held', async () => {
    const url = process.env.DATABASE_URL!;
    // A tenant id no other test uses: the locks are server-wide.
    const tenant = 900_000 + Math.floor(Math.random() * 90_000);
    const a = createTenantSlots({ connectionString: url, slots: 3, name: 'slots-test-a' });
    const b = createTenantSlots({ connectionString: url, slots: 3, name: 'slots-test-b' });
    let now = 0;
    let peak = 0;
    const task = () => async () => {
      peak = Math.max(peak, ++now);
      await new Promise((r) => setTimeout(r, 60));
      now--;
    };
    try {
      const started = performance.now();
      const other = b.run(tenant + 1, async () => performance.now() - started);
      await Promise.all([...Array.from({ length: 8 }, () => a.run(tenant, task())), ...Array.from({ length: 8 }, () => b.run(tenant, task()))]);
      expect(peak).toBe(3);
      // The other tenant's send did not wait behind this tenant's sixteen.
      expect(await other).toBeLessThan(1000);

      // While one process holds every slot, the other's eight waiting sends share one connection between attempts.
      const c0 = new pg.Client({ connectionString: url });
      await c0.connect();
      const hold = Array.from({ length: 3 }, () => a.run(tenant, () => new Promise((r) => setTimeout(r, 1500))));
      await new Promise((r) => setTimeout(r, 200));
      const waiting = Array.from({ length: 8 }, () => b.run(tenant, task()));
      let most = 0;
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const { rows } = await c0.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = 'slots-test-b' and state <> 'idle'`);
        most = Math.max(most, rows[0]!.n);
      }
      const { rows: opened } = await c0.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = 'slots-test-b'`);
      await c0.end();
      expect(most).toBeLessThanOrEqual(1);
      // The pool keeps what it opened earlier (the first burst's three holders and the other tenant's), no more.
      expect(opened[0]!.n).toBeLessThanOrEqual(4);
      await Promise.all([...hold, ...waiting]);
      // Every lock was given back: all three are free again.
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1`, [tenant]);
      await c.end();
      expect(rows[0]!.n).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
