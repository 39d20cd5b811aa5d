// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- bench/ and e2e/ type-check this file without apps/api/src/types
/// <reference path="../types/fs-native-extensions.d.ts" />
import { constants, existsSync, mkdirSync, openSync, closeSync, ftruncateSync, readFileSync, writeSync } from 'node:fs';
import { tryLock, unlock } from 'fs-native-extensions';
import { join, resolve, dirname } from 'node:path';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { secureDataDir } from '../lib/data-dir.ts';
import { yieldToEventLoop } from '../lib/event-loop.ts';

/** The database handle every repository uses: PGlite or node-postgres behind one drizzle type. */
export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Run a hand-written query on a hot path and return its rows as the driver types them (int4 number, bool boolean,
 * jsonb parsed, numeric and int8 as strings on node-postgres). On PostgreSQL the statement is prepared, named by a
 * hash of its text, and planned once per connection with a generic plan (the pool sets
 * plan_cache_mode=force_generic_plan; it applies to named statements only, so drizzle's queries are unaffected).
 * search speed: planning the list query cost twice its run. A statement run this way must therefore have a
 * generic plan that suits every parameter value (apps/api/test/list-plans.test.ts checks the list's); pass
 * `prepared: false` where the values decide the plan (an ILIKE pattern: trigram index or list order).
 */
export type TSqlRows = <T>(query: SQL, opts?: { prepared?: boolean }) => Promise<T[]>;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgresql';
  rows: TSqlRows;
  close: () => Promise<void>;
  /** How many committed migrations the database has not applied yet (GET /health/ready). */
  pendingMigrations: () => Promise<number>;
  /**
   * PGlite only: a consistent gzip tar of the whole data directory (PGlite's dumpDataDir), taken while no query or
   * transaction runs (backups). Undefined on PostgreSQL (pg_dump reads it instead).
   */
  dumpDataDir?: () => Promise<Blob>;
};

const dialect = new PgDialect();
const statementNames = new Map<string, string>();
/** Stable prepared-statement name of a query text. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `radica_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size > 1_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** The committed SQL migrations (`import.meta.dirname` is this source folder, also in the compiled build: decision 032). */
const MIGRATIONS_DIR = resolve(import.meta.dirname, '../../drizzle');

/** Session advisory lock under which migrations run on PostgreSQL ("RDMG"): one process migrates, the others wait. */
export const MIGRATION_LOCK_KEY = 0x52444d47;

/** Committed migrations newer than the newest one the database recorded (drizzle's own rule: folderMillis > created_at). */
async function countPending(rows: TSqlRows): Promise<number> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  let last = -1;
  try {
    const [row] = await rows<{ m: string | number | null }>(sql`select max(created_at) as m from drizzle.__drizzle_migrations`, { prepared: false });
    last = row?.m === null || row?.m === undefined ? -1 : Number(row.m);
  } catch (err) {
    // No migrations table yet: everything is pending.
    if ((err as { code?: string }).code !== '42P01' && !/does not exist/.test(String((err as Error).message))) throw err;
  }
  return files.filter((f) => f.folderMillis > last).length;
}

/** Thrown when MIGRATE_ON_START=false and the database lacks migrations. */
export const MSG_MIGRACIONES_PENDIENTES = (n: number) =>
  `La base de datos tiene ${n} migración(es) pendiente(s). Ejecuta \`npm run migrate\` (una vez, desde cualquier nodo) y vuelve a iniciar.`;

type TOpenOptions = {
  databaseUrl: string | null;
  dataDir: string;
  pgliteDataDir?: 'memory' | string;
  migrations?: 'apply' | 'require' | 'none';
  /** A PGlite dump file (PGLITE_SNAPSHOT) a new embedded database is loaded from instead of initdb. */
  pgliteSnapshot?: string | null;
  /** Where the data directory's permission fix is reported (default: a warning on stderr). */
  log?: { warn: (o: object, msg?: string) => void };
};

/**
 * Open the database and bring its schema up to date (`migrations`, default 'apply').
 * - `databaseUrl` set → PostgreSQL through `pg`; 'apply' runs the committed migrations under the session advisory
 *   lock MIGRATION_LOCK_KEY, so processes started at once migrate one after another (the later ones find nothing to
 *   do); 'require' refuses (throws MSG_MIGRACIONES_PENDIENTES) when any is pending; 'none' skips both.
 * - else PGlite: in memory when `pgliteDataDir` is 'memory', otherwise persisted in `{dataDir}/db`, guarded by an
 *   advisory lock on `{dataDir}/db.lock` ({@link acquireLock}) so a second open refuses it (PGlite does not lock its
 *   directory). One process owns it, so its migrations need no lock.
 * First makes `dataDir` owner-only (lib/data-dir.ts).
 * - `pgliteSnapshot` (PGLITE_SNAPSHOT; the tests' migrated dump): a new PGlite database is loaded from that file (a
 *   dumpDataDir tarball, PGlite's loadDataDir) instead of initdb; pending migrations still run. An existing one is kept.
 * Throws an Error with a Spanish explanation when another process holds the lock.
 */
export async function openDatabase(opts: TOpenOptions): Promise<TDatabase> {
  const mode = opts.migrations ?? 'apply';
  // DATA_DIR private before anything is written in it: umask 077, open modes of older installs fixed.
  secureDataDir(opts.dataDir, (fix) => {
    const msg = 'data directory: permissions tightened to owner-only (files 0600, folders 0700)';
    if (opts.log) opts.log.warn(fix, msg);
    else console.warn(`${msg}: ${JSON.stringify(fix)}`);
  });
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, mode) : openPglite(opts, mode);
}

/** PostgreSQL at `databaseUrl` (a pool of 10), its migrations applied, required or left alone per `mode`. */
async function openPostgres(databaseUrl: string, mode: 'apply' | 'require' | 'none'): Promise<TDatabase> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({ connectionString: databaseUrl, max: 10, application_name: 'radica' });
  // Named statements (TSqlRows) are planned once per connection. Set per session, not as a startup option, so an
  // `options` parameter in DATABASE_URL cannot drop it; the client runs it before any query handed to it.
  pool.on('connect', (client) => {
    // A checked-out client (a transaction between two queries) whose connection is cut emits 'error' with no pool
    // listener attached: without this one the process would crash. Its next query fails instead and
    // pg-pool drops the client when it is released.
    client.on('error', (err) => console.warn(`PostgreSQL: conexión en uso cerrada (${err.message})`));
    client.query('set plan_cache_mode = force_generic_plan').catch((err: Error) => console.warn(`PostgreSQL: plan_cache_mode (${err.message})`));
  });
  // An idle client that loses its connection (server restart, admin termination) emits 'error' on the pool;
  // without a listener that would crash the process. The pool drops the client and opens a new one on demand.
  pool.on('error', (err) => console.warn(`PostgreSQL: conexión inactiva cerrada (${err.message})`));
  const db = drizzle(pool, { schema });
  patchTransactions(pool, db, drizzle);
  const rows: TSqlRows = async <T>(query: SQL, opts?: { prepared?: boolean }) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await pool.query(opts?.prepared === false ? { text, values: params } : { name: statementName(text), text, values: params });
    return result.rows as T[];
  };
  await prepareSchema(pool, db, rows, mode);
  return { db: db as unknown as TDb, kind: 'postgresql', rows, close: () => pool.end(), pendingMigrations: () => countPending(rows) };
}

type TPgPool = import('pg').Pool;
type TPgDrizzle = import('drizzle-orm/node-postgres').NodePgDatabase<typeof schema>;

/** Makes `db.transaction` run on a client checked out of `pool` and always released (see below). */
function patchTransactions(pool: TPgPool, db: TPgDrizzle, drizzlePg: typeof import('drizzle-orm/node-postgres').drizzle): void {
  // drizzle-orm 0.45's node-postgres transaction sends `begin` outside its try/finally: when the connection drops
  // during `begin`, the client is never released, the pool shrinks by one and pool.end() waits forever (found by
  // the chaos test). Transactions therefore run on a client this function checks out and always releases;
  // drizzle's transaction on a single client (not a pool) releases nothing itself.
  const onClient = new WeakMap<object, TPgDrizzle>();
  db.transaction = (async (fn: Parameters<typeof db.transaction>[0], config?: Parameters<typeof db.transaction>[1]) => {
    const client = await pool.connect();
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) onClient.set(client, (clientDb = drizzlePg(client, { schema }) as unknown as TPgDrizzle));
      return await clientDb.transaction(fn as never, config);
    } finally {
      client.release();
    }
  }) as typeof db.transaction;
}

/** Applies the pending migrations under PostgreSQL's advisory lock (`apply`), or refuses a database with some (`require`); ends the pool on failure. */
async function prepareSchema(pool: TPgPool, db: TPgDrizzle, rows: TSqlRows, mode: 'apply' | 'require' | 'none'): Promise<void> {
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  try {
    if (mode === 'apply') {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1::int)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lock.query('select pg_advisory_unlock($1::int)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        }
      } finally {
        lock.release();
      }
    } else if (mode === 'require') {
      const pending = await countPending(rows);
      if (pending > 0) throw new Error(MSG_MIGRACIONES_PENDIENTES(pending));
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
}

/** The PGLITE_SNAPSHOT file as PGlite's loadDataDir takes it; a missing or unreadable file stops the start with its path. */
function readSnapshot(file: string): Blob {
  try {
    return new Blob([readFileSync(file)]);
  } catch (err) {
    throw new Error(`PGLITE_SNAPSHOT: no se pudo leer ${file} (${(err as Error).message})`, { cause: err });
  }
}

/** The embedded PGlite database: in memory, or in a data directory this process locks; migrated unless `mode` is none. */
async function openPglite(opts: TOpenOptions, mode: 'apply' | 'require' | 'none'): Promise<TDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm serves the list's formato "contains" filter (migration 0003).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  // PGlite turns bytea into hex text byte by byte in JavaScript (Array.from + map + join: ~2 s and hundreds of MB for a
  // 10 MB file, on the event loop). Node's own hex codec does the same in milliseconds (upload bench).
  const BYTEA_OID = 17;
  const byteaText = {
    serializers: { [BYTEA_OID]: (v: Uint8Array) => `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}` },
    parsers: { [BYTEA_OID]: (text: string) => Buffer.from(text.slice(2), 'hex') },
  };
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let release = () => {};
  let client;
  if (opts.pgliteDataDir === 'memory') {
    client = await PGlite.create({ extensions, ...byteaText, loadDataDir: opts.pgliteSnapshot ? readSnapshot(opts.pgliteSnapshot) : undefined });
  } else {
    const dir = resolve(opts.pgliteDataDir ?? join(opts.dataDir, 'db'));
    mkdirSync(dirname(dir), { recursive: true });
    release = acquireLock(`${dir}.lock`);
    try {
      const fresh = opts.pgliteSnapshot && !existsSync(join(dir, 'PG_VERSION'));
      client = await PGlite.create({ dataDir: dir, extensions, ...byteaText, loadDataDir: fresh ? readSnapshot(opts.pgliteSnapshot!) : undefined });
      // A first start's initdb writes its files 0666 whatever the umask: made 0600 at once (later files follow the umask).
      secureDataDir(dir, () => {});
    } catch (err) {
      release();
      throw err;
    }
  }
  yieldBeforeEachStatement(client);
  const db = drizzle(client, { schema });
  if (mode !== 'none') await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const pglite = client;
  const rows: TSqlRows = async <T>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await pglite.query<T>(text, params)).rows;
  };
  return {
    db: db as unknown as TDb,
    kind: 'pglite',
    rows,
    pendingMigrations: () => countPending(rows),
    close: async () => {
      await client.close();
      release();
    },
    // Inside the transaction lock, so no drizzle transaction is half done; dumpDataDir itself waits for the query lock.
    dumpDataDir: () => pglite._runExclusiveTransaction(() => pglite.dumpDataDir('gzip')),
  };
}

/** Another process holds the embedded database (its pid when the lock file names one): see {@link acquireLock}. */
export class EmbeddedDbLockedError extends Error {
  constructor(
    message: string,
    readonly pid: number | null,
  ) {
    super(message);
    this.name = 'EmbeddedDbLockedError';
  }
}

/**
 * PGlite runs in this thread and its statements resolve as microtasks: a chain of awaited statements (a job's, an
 * import's, pg-boss's) never lets the event loop take a request until it ends, however many statements it has. Each
 * statement outside a transaction (drizzle's, pg-boss's adapter, TSqlRows) therefore first lets the event loop turn
 * once (docs/decisions/044): a request waits at most for the statement being run, never for a whole chain. Statements
 * inside a transaction run as they are (the transaction holds the connection anyway; its start yields).
 */
function yieldBeforeEachStatement(client: { query: unknown; exec: unknown; transaction: unknown }): void {
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name] as (...args: unknown[]) => Promise<unknown>;
    client[name] = async (...args: unknown[]) => {
      await yieldToEventLoop();
      return original.apply(client, args);
    };
  }
}

/**
 * Takes the embedded database's lock: an exclusive advisory lock (fs-native-extensions: an
 * open-file-description lock on Linux, flock on macOS) on `lockPath`, held by this process's open descriptor. The
 * kernel drops it when the process dies, however it dies (kill -9 included), so a restart never finds a stale lock and
 * a reused pid means nothing. The file keeps the holder's pid for people (never read to decide) and is never deleted
 * (deleting a lock file lets two processes lock two different files of one name). A second open in this process is
 * refused too. Returns the release (idempotent, also run at exit).
 * @throws EmbeddedDbLockedError with a Spanish explanation when another open holds the lock.
 */
export function acquireLock(lockPath: string): () => void {
  const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o600);
  let granted: boolean;
  try {
    granted = tryLock(fd);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  if (!granted) {
    let holder = '';
    try {
      holder = readFileSync(lockPath, 'utf8').trim();
    } catch {
      /* unreadable: say nothing of the holder */
    }
    closeSync(fd);
    const pid = /^\d+$/.test(holder) ? Number(holder) : null;
    throw new EmbeddedDbLockedError(
      `La base de datos embebida ya está abierta por otro proceso (${pid ? `pid ${pid}, ` : ''}bloqueo ${lockPath}). ` +
        'Detén ese proceso o usa DATABASE_URL para PostgreSQL.',
      pid,
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      unlock(fd);
    } finally {
      closeSync(fd);
    }
  };
  process.once('exit', release);
  return release;
}
