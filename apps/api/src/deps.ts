import type { TRol } from '@radica/contracts/enums';
import type { TConfig } from './config.ts';
import type { TDb, TSqlRows } from './db/client.ts';
import type { TMailer } from './modules/mail/mailer.ts';
import type { TTokenKit } from './lib/tokens.ts';
import type { TCipher } from './lib/secrets.ts';
import type { TMuvClient } from './integrations/muv/client.ts';
import type { TWompiClient } from './integrations/wompi/client.ts';
import type { TJobQueue } from './modules/jobs/queue.ts';
import type { TSessionCheck } from './modules/auth/session-check.ts';
import type { TApiKeyCheck } from './modules/integraciones/api-key-check.ts';
import type { TAnalysisPool } from './modules/documents/analysis-pool.ts';
import type { TMetrics } from './lib/metrics.ts';
import type { TWhatsappClient } from './integrations/whatsapp/client.ts';
import type { TTenantSlots } from './modules/jobs/tenant-slots.ts';
import type { TLimitsHealth } from './plugins/rate-limits.ts';

/** What services receive: the application's shared parts, never the HTTP request. */
export type TDeps = {
  config: TConfig;
  db: TDb;
  dbKind: 'pglite' | 'postgresql';
  /** Hand-written queries on hot paths (db/client.ts TSqlRows). */
  dbRows: TSqlRows;
  /** PGlite only: a consistent gzip dump of the embedded database (issue 16 backups; db/client.ts). */
  dumpDatabase?: () => Promise<Blob>;
  /** Committed migrations the database lacks (GET /health/ready answers 503 while any is pending). */
  pendingMigrations: () => Promise<number>;
  mailer: TMailer;
  tokens: TTokenKit;
  /** Is a login's session still open (revocation ends access at once; issue 9). */
  sessions: TSessionCheck;
  /** Who an API key stands for (issue 15); revocation and expiry take effect on the next call. */
  apiKeys: TApiKeyCheck;
  cipher: TCipher;
  /** HMAC key for e-mail codes. */
  codeKey: Buffer;
  muv: TMuvClient;
  /** The tenant's send slots toward the ministry (MUV_TENANT_CONCURRENCY across processes), held by sendDocument. */
  sendSlots: TTenantSlots;
  /** One received file or message of a tenant filed at a time, across processes (SFTP and e-mail channel jobs). */
  canalLocks: TTenantSlots;
  /** The payment gateway (Wompi protocol): the server's client, the merchant keys, what the browser is told. */
  payments: TPayments;
  /** Worker threads that parse and check uploads (issue 9: never on the event loop). */
  analysis: TAnalysisPool;
  /** Prometheus metrics of this app (GET /metrics; lib/metrics.ts). */
  metrics: TMetrics;
  /** What the rate limits tell the readiness check (plugins/rate-limits.ts); set by buildApp. */
  limites?: TLimitsHealth;
  /** Durable jobs (pg-boss; docs/decisions/027); set by buildApp once the queue has started. */
  jobs?: TJobQueue;
  /** WhatsApp Cloud API of rejection alerts (issue 15); null when this installation has none. */
  whatsapp: TWhatsappClient | null;
  /**
   * The WhatsApp assistant's inbound webhook (issue 28): the verify token of Meta's handshake and the app secret that
   * signs deliveries; null when this installation receives no WhatsApp messages.
   */
  whatsappEntrante: { verifyToken: string; appSecret: string } | null;
  /**
   * Tells webhooks and alerts that a send ended (issue 15); set by buildApp. Never throws (documents/claims.ts awaits it
   * after the status is stored).
   */
  avisos?: {
    publicarResultado: (tenantId: number, fevRipsId: number) => Promise<void>;
    /** A wait for the ministry began (docs/decisions/047): its webhook event and the delayed alert. */
    publicarEspera: (tenantId: number, fevRipsId: number, desde: Date) => Promise<void>;
  };
  log: { info: (o: object, msg?: string) => void; warn: (o: object, msg?: string) => void; error: (o: object, msg?: string) => void };
};

/**
 * The authenticated caller, from the access token (plugins/auth.ts); `sessionId` is the login's refresh family. `rol`
 * (issue 28) is the role the server enforces: the user's, read with the session check; an API key's is Facturador, and
 * `apiKeyId` names the key (the audit records it).
 */
export type TAuthContext = { userId: number; tenantId: number; validator: string; sessionId: string; rol: TRol; apiKeyId?: number };

/** The payment gateway as the app uses it (issue 11). `browserBaseUrl` is what the browser calls for card tokens. */
export type TPayments = {
  client: TWompiClient;
  keys: { publicKey: string; privateKey: string; eventsSecret: string; integritySecret: string };
  browserBaseUrl: string;
  environment: 'simulator' | 'sandbox' | 'production';
};
