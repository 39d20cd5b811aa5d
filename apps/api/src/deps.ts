import type { TConfig } from './config.ts';
import type { TDb, TSqlRows } from './db/client.ts';
import type { TMailer } from './modules/mail/mailer.ts';
import type { TTokenKit } from './modules/auth/tokens.ts';
import type { TCipher } from './lib/secrets.ts';
import type { TMuvClient } from './integrations/muv/client.ts';
import type { TJobQueue } from './modules/jobs/queue.ts';

/** What services receive: the application's shared parts, never the HTTP request. */
export type TDeps = {
  config: TConfig;
  db: TDb;
  dbKind: 'pglite' | 'postgresql';
  /** Hand-written queries on hot paths (db/client.ts TSqlRows). */
  dbRows: TSqlRows;
  mailer: TMailer;
  tokens: TTokenKit;
  cipher: TCipher;
  /** HMAC key for e-mail codes. */
  codeKey: Buffer;
  muv: TMuvClient;
  /** Durable jobs (pg-boss); set by buildApp once the queue has started (issue 4 bulk sends). */
  jobs?: TJobQueue;
  log: { info: (o: object, msg?: string) => void; warn: (o: object, msg?: string) => void; error: (o: object, msg?: string) => void };
};

/** The authenticated caller, from the access token (plugins/auth.ts). */
export type TAuthContext = { userId: number; tenantId: number; validator: string };
