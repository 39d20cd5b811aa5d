import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type TDatabase } from './client.ts';

/**
 * The embedded PGlite runs in the event loop's thread and its statements resolve as microtasks: without a turn of the
 * loop between statements, a job or an import that awaits statement after statement keeps every request out until it
 * ends (docs/decisions/044). Exact, not timed: a timer due at once must run before such a chain is done.
 */
let database: TDatabase;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: mkdtempSync(join(tmpdir(), 'radica-client-')), pgliteDataDir: 'memory', migrations: 'none' });
}, 60_000);
afterAll(async () => database?.close());

describe('the database handle', () => {
  it('lets the event loop turn between awaited statements: a timer due now runs before 200 statements end', async () => {
    let done = 0;
    let seenAt: number | null = null;
    setTimeout(() => (seenAt = done), 0);
    // Let the timer come due, then run the chain without any awaits of our own in between.
    const until = Date.now() + 5;
    while (Date.now() < until) void 0;
    for (let i = 0; i < 200; i++) {
      await database.rows(sql`select ${i}::int as n`);
      await database.db.execute(sql`select 1`);
      done++;
    }
    expect(seenAt).not.toBeNull();
    expect(seenAt!).toBeLessThan(200);
  });
});
