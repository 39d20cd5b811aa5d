import type { TBaseDeps } from './deps-base.ts';
import type { TMailer } from './modules/mail/mailer.ts';
import type { TTokenKit } from './lib/tokens.ts';
import type { TCipher } from './lib/secrets.ts';
import type { TMuvClient } from './integrations/muv/client.ts';
import type { TWompiClient } from './integrations/wompi/client.ts';
import type { TJobQueue } from './modules/jobs/types.ts';
import type { TSessionCheck } from './modules/auth/session-check.ts';
import type { TApiKeyCheck } from './modules/integraciones/api-key-check.ts';
import type { TAnalysisPool } from './modules/documents/analysis-pool-type.ts';
import type { TMetrics } from './lib/metrics.ts';
import type { TWhatsappClient } from './integrations/whatsapp/client.ts';
import type { TTenantSlots } from './modules/jobs/tenant-slots.ts';
import type { TLimitsHealth } from './plugins/rate-limits.ts';

/** What services receive: the application's shared parts, never the HTTP request. */
export type TDeps = TBaseDeps & {
  /** PGlite only: a consistent gzip dump of the embedded database (backups; db/client.ts). */
  dumpDatabase?: () => Promise<Blob>;
  /** Committed migrations the database lacks (GET /health/ready answers 503 while any is pending). */
  pendingMigrations: () => Promise<number>;
  mailer: TMailer;
  tokens: TTokenKit;
  /** Is a login's session still open (revocation ends access at once). */
  sessions: TSessionCheck;
  /** Who an API key stands for; revocation and expiry take effect on the next call. */
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
  /** Worker threads that parse and check uploads (never on the event loop). */
  analysis: TAnalysisPool;
  /** Prometheus metrics of this app (GET /metrics; lib/metrics.ts). */
  metrics: TMetrics;
  /** What the rate limits tell the readiness check (plugins/rate-limits.ts); set by buildApp. */
  limites?: TLimitsHealth;
  /** Durable jobs (pg-boss; docs/decisions/027): started before the services, queues given by jobs/registry.ts. */
  jobs: TJobQueue;
  /** WhatsApp Cloud API of rejection alerts; null when this installation has none. */
  whatsapp: TWhatsappClient | null;
  /**
   * The WhatsApp assistant's inbound webhook: the verify token of Meta's handshake and the app secret that
   * signs deliveries; null when this installation receives no WhatsApp messages.
   */
  whatsappEntrante: { verifyToken: string; appSecret: string } | null;
  /**
   * Tells webhooks and alerts that a send ended (docs/decisions/024). Never throws (documents/claims.ts awaits it after
   * the status is stored).
   */
  avisos: TAvisos;
};

export type { TAuthContext, TBaseDeps, TLog } from './deps-base.ts';

/** The payment gateway as the app uses it. `browserBaseUrl` is what the browser calls for card tokens. */
export type TPayments = {
  client: TWompiClient;
  keys: { publicKey: string; privateKey: string; eventsSecret: string; integritySecret: string };
  browserBaseUrl: string;
  environment: 'simulator' | 'sandbox' | 'production';
};

/** What a send's end tells the webhooks and alerts (avisos/service.ts publicarResultado, publicarEspera). */
export type TAvisos = {
  publicarResultado: (tenantId: number, fevRipsId: number) => Promise<void>;
  /** A wait for the ministry began (docs/decisions/047): its webhook event and the delayed alert. */
  publicarEspera: (tenantId: number, fevRipsId: number, desde: Date) => Promise<void>;
};
