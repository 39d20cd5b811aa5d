import pg from 'pg';

/** First int4 key of Radica's send-slot advisory locks (the second is the tenant id); "RDS" + slot. */
const SLOT_KEY_BASE = 0x52445300;
/** Wait between attempts to take a slot (ms), with jitter. */
const RETRY_MS = 250;

/** Run `fn` while holding one of the tenant's send slots. */
export type TTenantSlots = {
  run: <T>(tenantId: number, fn: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/**
 * Per-tenant bound on concurrent sends to the ministry across every worker process (issue 4 "per-tenant concurrency
 * toward the ministry (1 by default, configurable)"). On PostgreSQL a send holds one of `slots` session advisory
 * locks `(SLOT_KEY_BASE + slot, tenantId)` on a connection of its own for as long as it runs; a process that dies
 * loses its locks with its connections, so nothing is left held. Waiting sends retry every ~250 ms. `maxHeld` bounds
 * the connections one process holds (sends of other tenants beyond it wait for a connection). With PGlite
 * (`connectionString` null) the database has one process, whose work loops already give the bound: `run` just runs.
 */
export function createTenantSlots(o: { connectionString: string | null; slots: number; maxHeld?: number; onError?: (err: Error) => void }): TTenantSlots {
  if (!o.connectionString) return { run: (_tenantId, fn) => fn(), close: async () => {} };
  const pool = new pg.Pool({ connectionString: o.connectionString, max: o.maxHeld ?? 20, idleTimeoutMillis: 30_000, application_name: 'radica-send-slot' });
  pool.on('error', (err) => o.onError?.(err));
  // A slot's connection is held, idle, for the whole send: if the server cuts it, the client emits 'error' outside any
  // query. Listened to here so the process survives (issue 9); the send goes on and the broken client is discarded.
  pool.on('connect', (client) => client.on('error', (err) => o.onError?.(err)));
  const slots = Math.max(1, o.slots);
  let closed = false;
  return {
    async run(tenantId, fn) {
      const client = await pool.connect();
      try {
        let slot = -1;
        while (slot < 0) {
          if (closed) throw new Error('tenant slots closed');
          for (let s = 0; s < slots && slot < 0; s++) {
            const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', [SLOT_KEY_BASE + s, tenantId]);
            if (rows[0]?.ok) slot = s;
          }
          if (slot < 0) await new Promise((r) => setTimeout(r, RETRY_MS + Math.random() * RETRY_MS));
        }
        try {
          return await fn();
        } finally {
          // A lost connection already released the lock with it (pg-pool discards the dead client on release).
          await client.query('select pg_advisory_unlock($1::int, $2::int)', [SLOT_KEY_BASE + slot, tenantId]).catch((err: Error) => o.onError?.(err));
        }
      } finally {
        client.release();
      }
    },
    async close() {
      closed = true;
      await pool.end();
    },
  };
}
