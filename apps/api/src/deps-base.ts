import type { TRol } from '@radica/contracts/enums';
import type { TConfig } from './config.ts';
import type { TDb, TSqlRows } from './db/client.ts';

/**
 * The parts every other part is built from: the configuration, the database and the log. The factories of deps.ts's
 * other parts (the job queue, the rate limits, the key check) take these, never TDeps, so that no module deps.ts
 * imports a type from imports deps.ts back (the `no-circular` rule counts type-only imports; docs/decisions/054).
 */
export type TBaseDeps = {
  config: TConfig;
  db: TDb;
  dbKind: TDbKind;
  /** Hand-written queries on hot paths (db/client.ts TSqlRows). */
  dbRows: TSqlRows;
  log: TLog;
};

/** Which database the app runs on: the embedded PGlite (one process) or a shared PostgreSQL. */
export type TDbKind = 'pglite' | 'postgresql';

/** The structured log services write to (Fastify's pino logger, or a test's). */
export type TLog = { info: (o: object, msg?: string) => void; warn: (o: object, msg?: string) => void; error: (o: object, msg?: string) => void };

/**
 * The authenticated caller, from the access token (plugins/auth.ts); `sessionId` is the login's refresh family. `rol` is
 * the role the server enforces (docs/decisions/039): the user's, read with the session check; an API key's
 * is Facturador, and `apiKeyId` names the key (the audit records it).
 */
export type TAuthContext = { userId: number; tenantId: number; validator: string; sessionId: string; rol: TRol; apiKeyId?: number };
