import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
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

describe('PGLITE_SNAPSHOT', () => {
  it('a new embedded database is loaded from the dump instead of initdb; one that exists is kept', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'radica-snapshot-'));
    const source = await openDatabase({ databaseUrl: null, dataDir: scratch, pgliteDataDir: 'memory', migrations: 'none' });
    await source.rows(sql`create table marca (texto text)`);
    await source.rows(sql`insert into marca values ('del volcado')`);
    const file = join(scratch, 'dump.tar.gz');
    writeFileSync(file, Buffer.from(await (await source.dumpDataDir!()).arrayBuffer()));
    await source.close();
    expect(loadConfig({ PGLITE_SNAPSHOT: file }).pgliteSnapshot).toBe(file);

    const dataDir = mkdtempSync(join(tmpdir(), 'radica-from-snapshot-'));
    const open = () => openDatabase({ databaseUrl: null, dataDir, pgliteSnapshot: file, migrations: 'none' });
    const first = await open();
    expect(await first.rows(sql`select texto from marca`)).toEqual([{ texto: 'del volcado' }]);
    await first.rows(sql`insert into marca values ('después')`);
    await first.close();
    // Started again on the same DATA_DIR: its own database, not the dump again.
    const again = await open();
    expect(await again.rows(sql`select texto from marca order by texto`)).toEqual([{ texto: 'del volcado' }, { texto: 'después' }]);
    await again.close();
  }, 60_000);
});
