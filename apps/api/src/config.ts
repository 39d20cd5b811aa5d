import { join } from 'node:path';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';

/**
 * Runtime configuration, parsed once from the environment (CONVENTIONS.md: nothing else reads process.env).
 * Every knob has a safe default so `npm start` works with no environment at all.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin used in links and to decide whether cookies are Secure. */
  PUBLIC_URL: z.string().url().optional(),
  /** PostgreSQL connection string. Unset → embedded PGlite under DATA_DIR/db. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * A dump of a PGlite data directory (PGlite's dumpDataDir, gzip tar) that a NEW embedded database is loaded from
   * instead of initdb; the pending migrations then run as usual. Ignored with DATABASE_URL or once DATA_DIR/db holds a database.
   * The tests start each server from a migrated one (initdb and every migration cost seconds per start).
   */
  PGLITE_SNAPSHOT: z.string().optional(),
  /**
   * 32-byte key, base64 or hex, for AES-256-GCM of secrets at rest. Unset → generated file DATA_DIR/secret.key
   * (refused in production: every node must share it).
   */
  ENCRYPTION_KEY: z.string().optional(),
  /** HMAC key for access tokens. Unset → generated file DATA_DIR/jwt-secret (refused in production). */
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * The operator secret (`x-radica-operator` of `npm run admin`, GET /metrics). Unset → generated file
   * DATA_DIR/operator-secret, which differs per machine: set it when several processes serve the operator's calls.
   */
  OPERATOR_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  REFRESH_TOKEN_REMEMBER_TTL_S: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  /** SMTP URL for nodemailer (smtp://user:pass@host:587). Unset → local outbox, read by the operator only. */
  SMTP_URL: z.string().optional(),
  /** With NODE_ENV=production and no SMTP_URL the server refuses to start unless this is 'true' (a trial install). */
  MAIL_DEV_OUTBOX: z.enum(['true', 'false']).default('false'),
  /**
   * Which peers may set X-Forwarded-For (Fastify trustProxy): unset/'false' → none, the socket address is the client;
   * a number → that many proxy hops; otherwise a comma-separated list of proxy IPs or CIDRs (10.0.0.0/8,127.0.0.1).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? '').trim();
      if (text === '' || text === 'false') return false as const;
      if (/^\d+$/.test(text)) return Number(text);
      if (text === 'true') {
        ctx.addIssue({ code: 'custom', message: "'true' confiaría en cualquier cliente; indica el número de proxies o sus IP/CIDR" });
        return z.NEVER;
      }
      return text.split(',').map((p) => p.trim()).filter(Boolean);
    }),
  MAIL_FROM: z.string().default('Radica <no-reply@radica.local>'),
  /** Ministry FEV-RIPS API base URL. Unset → the in-process simulator at {self}/_sim/muv over HTTP. */
  MUV_BASE_URL: z.string().url().optional(),
  MUV_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  MUV_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /**
   * Seconds between the automatic retries of a send the ministry answered with no verdict (TOT003, a 5xx, the local
   * API's error text, a time-out; docs/decisions/047): comma-separated, the last one repeated until MUV_TRANSIENT_MAX_S.
   */
  MUV_TRANSIENT_RETRY_S: z
    .string()
    .default('120,300,900,1800,3600')
    .transform((v, ctx) => {
      const list = v.split(',').map((x) => x.trim()).filter(Boolean).map(Number);
      if (list.length === 0 || list.length > 50 || list.some((n) => !Number.isInteger(n) || n < 1 || n > 86_400)) {
        ctx.addIssue({ code: 'custom', message: 'una lista de 1 a 50 segundos enteros entre 1 y 86400, separados por comas (p. ej. 120,300,900)' });
        return z.NEVER;
      }
      return list;
    }),
  /** How long a document may wait for the ministry's verdict before it is left in ERROR for the user (s; default 24 h). */
  MUV_TRANSIENT_MAX_S: z.coerce.number().int().min(1).max(7 * 86_400).default(86_400),
  /** A document waiting this long for the ministry alerts the tenant (its alert settings, like ERROR; s; default 1 h). */
  MUV_TRANSIENT_ALERT_S: z.coerce.number().int().min(1).max(7 * 86_400).default(3_600),
  /** Sends in flight toward the ministry per tenant, all processes together (every channel; docs/decisions/027). */
  MUV_TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(1),
  /**
   * The ministry's limit for one RIPS JSON in bytes (reference §9: 200 MB reported by operators; default 200 MiB, the
   * larger reading, so Radica never refuses what the ministry takes). A bigger RIPS is refused on upload in every
   * intake. Every intake already caps a file at MAX_UPLOAD_BYTES (10 MB, seed 001 §5): the smaller of the two applies,
   * so this one only bites if set below 10 MB (the ministry lowering its limit) or if the upload cap is ever raised.
   */
  MUV_MAX_RIPS_BYTES: z.coerce.number().int().min(1_048_576).max(2_147_483_647).default(209_715_200),
  /** `npm start` only: also run the worker role in the process (`false` leaves jobs to `npm run start:worker`). */
  JOBS_WORKER: z.enum(['true', 'false']).default('true'),
  /** Jobs of one queue a worker process runs at once (sends: toward the ministry, all tenants together). */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
  /** Seconds an idle worker waits before asking a queue again (a new job wakes it at once through NOTIFY). */
  JOBS_POLL_S: z.coerce.number().min(0.5).max(60).default(2),
  /** Kept for compatibility (jobs are fetched as capacity frees); seconds before pg-boss retries a job whose process died (a backstop). */
  JOBS_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  JOBS_EXPIRE_S: z.coerce.number().int().min(30).default(900),
  /** Seconds the web's single send waits for the ministry's answer before answering that the document is queued. */
  SEND_WAIT_S: z.coerce.number().min(0).max(300).default(25),
  /** Apply pending migrations at start under the migration lock (`false`: refuse to start until `npm run migrate`). */
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  /**
   * HTTP server time-outs (ms): the whole request, body included (then 408), its headers, an idle keep-alive
   * connection, and a socket with no traffic at all (docs/decisions/028).
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(65_000),
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** Redis for the shared rate-limit counters (redis://host:6379). Unset → PostgreSQL (or memory with PGlite). */
  REDIS_URL: z.string().url().optional(),
  /** Mount the MUV simulator under /_sim/muv (default: only when MUV_BASE_URL is unset, and never in production). */
  MUV_SIMULATOR: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** The simulator's test hooks (/_sim/muv/_control/*: injected failures, counters, reset). Tests only. */
  MUV_SIMULATOR_CONTROL: z.enum(['true', 'false']).default('false'),
  /**
   * The platform's own validator credentials for the public CUV lookup (ConsultarCUV "with the platform's
   * service credentials"). Without them the lookup is off, except on the simulator, which takes any user.
   */
  MUV_SERVICE_USER: z.string().trim().min(1).optional(),
  MUV_SERVICE_PASSWORD: z.string().min(1).optional(),
  MUV_SERVICE_NIT: z.string().trim().regex(/^\d{5,15}$/).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Google OAuth client id. Unset → Google sign-in hidden and its endpoints answer 400. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** JWKS of Google's ID-token signing keys; tests point it at a local JWKS. */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Lockout per (account, client): this many failed logins of one e-mail from one client within LOGIN_LOCKOUT_WINDOW_S → 429 for that client. */
  LOGIN_LOCKOUT_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCKOUT_WINDOW_S: z.coerce.number().int().min(1).default(15 * 60),
  /**
   * Failed logins of one e-mail from all clients together within the window → 429 for every client (slower back-off).
   * An SFTP account is never locked this way: at this many failures its tenant is alerted instead.
   */
  LOGIN_LOCKOUT_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  /** How long (ms) a process trusts that a session is still open before asking the database again. */
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Worker threads that parse and check uploads (0 → one fewer than the machine's CPUs, 1 to 4). */
  UPLOAD_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  /** Uploads the process reads and checks at once, all tenants together (0 → twice the worker threads). */
  UPLOAD_CONCURRENCY: z.coerce.number().int().min(0).max(256).default(0),
  /** Uploads of one tenant processed at once in one process; more wait (up to UPLOAD_TENANT_QUEUE), then 429. */
  UPLOAD_TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  UPLOAD_TENANT_QUEUE: z.coerce.number().int().min(0).max(1000).default(20),
  /** Uploads one user may make per minute. */
  UPLOAD_USER_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Multiplier of every rate limit (1 in production; load benches raise it to measure past the limits). */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1_000_000).default(1),
  /** Seconds a send's claim on a document lives without a heartbeat before another process may release it. */
  SEND_LEASE_S: z.coerce.number().int().min(5).max(3600).default(30),
  /** The payment gateway's API (Wompi protocol, `…/v1`). Unset → the in-process simulator at {self}/_sim/wompi/v1. */
  WOMPI_BASE_URL: z.string().url().optional(),
  /** Merchant keys of the gateway (required with WOMPI_BASE_URL; generated under DATA_DIR for the simulator). */
  WOMPI_PUBLIC_KEY: z.string().min(8).optional(),
  WOMPI_PRIVATE_KEY: z.string().min(8).optional(),
  WOMPI_EVENTS_SECRET: z.string().min(8).optional(),
  WOMPI_INTEGRITY_SECRET: z.string().min(8).optional(),
  /** Mount the payment simulator under /_sim/wompi (default: only when WOMPI_BASE_URL is unset, never in production). */
  WOMPI_SIMULATOR: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** The payment simulator's test hooks (/_sim/wompi/_control/*). Tests only, refused in production. */
  WOMPI_SIMULATOR_CONTROL: z.enum(['true', 'false']).default('false'),
  /** Per-call timeout of the gateway (ms). */
  WOMPI_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Code of the launch coupon (final price 1 500 COP, seed 002 §9), created at start when set. Never shipped to the browser. */
  PROMO_COUPON_CODE: z.string().trim().min(4).max(40).optional(),
  /** Mailbox that receives the Business plan's contact form. */
  SALES_EMAIL: z.string().email().default('ventas@radica.local'),
  /**
   * The chat's workflow webhook (seed 001 §7 "Chat", n8n-style): POST /api/chat forwards there when set; without it the
   * built-in help assistant answers. Never shipped to the browser.
   */
  CHAT_WEBHOOK_URL: z.string().url().optional(),
  /** Per-call timeout of the chat webhook (ms). */
  CHAT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Result webhooks: per-delivery timeout (ms), retries after the first attempt, first retry delay (s,
   * doubling), and whether http:// and private/local addresses are accepted (development and tests only).
   */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEBHOOK_RETRIES: z.coerce.number().int().min(0).max(20).default(8),
  WEBHOOK_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(30),
  WEBHOOK_ALLOW_LOCAL: z.enum(['true', 'false']).default('false'),
  /**
   * WhatsApp Cloud API for rejection alerts: base URL (https://graph.facebook.com), version, the business
   * phone number id, the access token and the approved template. Unset → the in-process simulator at /_sim/whatsapp
   * (never in production, where alerts then go by e-mail only).
   */
  WHATSAPP_API_URL: z.string().url().optional(),
  WHATSAPP_API_VERSION: z.string().regex(/^v\d+\.\d+$/).default('v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().min(1).optional(),
  WHATSAPP_TOKEN: z.string().min(8).optional(),
  WHATSAPP_TEMPLATE: z.string().trim().min(1).default('radica_alerta_rechazo'),
  WHATSAPP_TEMPLATE_LANG: z.string().trim().min(2).default('es'),
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The WhatsApp simulator's test hooks (/_sim/whatsapp/_control/*). Tests only. */
  WHATSAPP_SIMULATOR_CONTROL: z.enum(['true', 'false']).default('false'),
  /**
   * The WhatsApp assistant's inbound side: the verify token Meta's webhook set-up presents (GET
   * /api/whatsapp/webhook), the app secret that signs every delivery (X-Hub-Signature-256), the approved template that
   * carries a phone-link code (one body parameter), and the assistant's limits: messages per number per hour and per
   * company per day. With the simulator the token and secret are generated in DATA_DIR.
   */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  WHATSAPP_APP_SECRET: z.string().min(8).optional(),
  WHATSAPP_CODE_TEMPLATE: z.string().trim().min(1).default('radica_codigo_vinculacion'),
  WHATSAPP_LIMITE_NUMERO_HORA: z.coerce.number().int().min(1).max(10_000).default(30),
  WHATSAPP_LIMITE_EMPRESA_DIA: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** Hour (0–23, Bogotá) after which the day's summary of sends goes out to tenants that asked for it. */
  ALERTAS_RESUMEN_HORA: z.coerce.number().int().min(0).max(23).default(18),
  /** A refresh token re-presented this soon after its rotation is a concurrent tab, not reuse (docs/decisions/003). */
  REFRESH_RACE_GRACE_S: z.coerce.number().int().min(0).max(60).default(10),
  /** Load the bundled REPS extract into an empty provider table at start (default: yes, except NODE_ENV=test). */
  REPS_SEED: z.enum(['true', 'false']).optional(),
  /** Largest REPS file POST /api/admin/reps/import takes (MB); the national export is ~100 MB. */
  REPS_IMPORT_MAX_MB: z.coerce.number().int().min(1).max(4096).default(300),
  /** Where `npm run backup` and the daily job write encrypted backups. Unset → DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** The daily backup and its retention in the server process (default: on, except NODE_ENV=test). */
  BACKUP_SCHEDULE: z.enum(['true', 'false']).optional(),
  /** Hour of the day (0–23, Bogotá) of the daily backup. */
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(2),
  /**
   * The SFTP channel's server: on by default except NODE_ENV=test (tests turn it on with port 0); where it
   * listens (default localhost: open it with SFTP_HOST=0.0.0.0 or a TCP proxy); the host clients are told to use
   * (default: PUBLIC_URL's host, else SFTP_HOST); seconds an unpaired file waits before its INCOMPLETO report.
   */
  SFTP_ENABLED: z.enum(['true', 'false']).optional(),
  SFTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SFTP_HOST: z.string().default('127.0.0.1'),
  SFTP_PUBLIC_HOST: z.string().trim().min(1).optional(),
  SFTP_PAIR_WAIT_S: z.coerce.number().int().min(1).max(7 * 86_400).default(600),
  /**
   * Longest wait (ms) before an SFTP login's secret is checked once its account has many failures from all addresses
   * (auth/login.ts claimThrottledLoginAttempt): the account is slowed down, never locked.
   */
  SFTP_LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).max(20_000).default(3_000),
  /** The e-mail channel's SMTP server: on by default except NODE_ENV=test (tests turn it on with port 0). */
  INBOUND_SMTP_ENABLED: z.enum(['true', 'false']).optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  /** Default localhost: put a public MTA (TLS, SPF/DKIM) in front, or set 0.0.0.0 to receive directly. */
  INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  /** Domain of the inbound addresses `radicar+TOKEN@DOMAIN`. */
  INBOUND_MAIL_DOMAIN: z.string().trim().toLowerCase().regex(/^[a-z0-9.-]+$/).default('radica.local'),
  /** Largest inbound message in bytes, attachments included (default 20 MB). */
  INBOUND_MAX_BYTES: z.coerce.number().int().min(1024).max(209_715_200).default(20_971_520),
  /**
   * Automatic replies of the e-mail channel per hour (backscatter): to one address (all tenants
   * together) and from one tenant. Past them the message is still processed and logged, without a reply.
   */
  INBOUND_REPLY_MAX_PER_RECIPIENT_HOUR: z.coerce.number().int().min(0).default(60),
  INBOUND_REPLY_MAX_PER_TENANT_HOUR: z.coerce.number().int().min(0).default(300),
  /** A hosted mailbox polled instead of (or besides) the SMTP server: imaps://user:pass@host:993/INBOX. */
  IMAP_URL: z.string().url().optional(),
  IMAP_POLL_S: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Prometheus metrics on their own listener: with METRICS_PORT set, GET /metrics is served there without
   * a secret (an internal address) and not on PORT; unset, GET /metrics on PORT answers only the operator secret.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
});

/** The environment's schema (apps/api/src/config-docs.ts documents each variable for docs/operations.md). */
export const ENV_SCHEMA = ZEnv;
/** Name of an environment variable the configuration reads. */
export type TEnvVariable = keyof typeof ZEnv.shape;
/** Every environment variable the configuration reads (docs/operations.md lists them; tests check the deploy files). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(ZEnv.shape);
/** A process role (DESIGN.md "Processes for many providers"). */
export type TRole = 'api' | 'worker' | 'ingest';
export const ALL_ROLES: TRole[] = ['api', 'worker', 'ingest'];

export type TConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | null;
  databaseUrl: string | null;
  dataDir: string;
  encryptionKey: string | null;
  jwtSecret: string | null;
  /** OPERATOR_SECRET, or null for the generated DATA_DIR/operator-secret. */
  operatorSecret: string | null;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  refreshTokenRememberTtlS: number;
  smtpUrl: string | null;
  mailDevOutbox: boolean;
  mailFrom: string;
  trustProxy: false | number | string[];
  muvBaseUrl: string | null;
  muvTimeoutMs: number;
  muvRetries: number;
  /** MUV_TRANSIENT_RETRY_S: seconds between automatic retries of a send without a verdict (the last repeats). */
  muvTransientRetryS: number[];
  muvTransientMaxS: number;
  muvTransientAlertS: number;
  muvSimulator: boolean;
  muvSimulatorControl: boolean;
  /** Credentials of the public CUV lookup, or null when it is off (see MUV_SERVICE_USER). */
  muvServiceCredentials: { userValidator: string; passwordValidator: string; nit: string } | null;
  muvTenantConcurrency: number;
  /** MUV_MAX_RIPS_BYTES: the largest RIPS JSON the ministry takes (bytes); a bigger one is refused on upload. */
  muvMaxRipsBytes: number;
  jobsWorker: boolean;
  jobsConcurrency: number;
  jobsPollS: number;
  jobsBatchSize: number;
  jobsExpireS: number;
  sendWaitS: number;
  migrateOnStart: boolean;
  /** HTTP server time-outs (ms): whole request (408), headers, keep-alive idle, socket idle. */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number; connectionTimeoutMs: number };
  redisUrl: string | null;
  /**
   * What this process runs (docs/decisions/026): 'api' (HTTP), 'worker' (jobs, cron, maintenance), 'ingest' (SFTP,
   * inbound SMTP, IMAP). `npm start` runs all three; each `npm run start:ROLE` one.
   */
  roles: TRole[];
  logLevel: string;
  webDistDir: string | null;
  googleClientId: string | null;
  googleJwksUrl: string;
  loginLockoutMaxFailures: number;
  loginLockoutWindowS: number;
  loginLockoutAccountMaxFailures: number;
  /** SFTP_LOGIN_DELAY_MAX_MS: the longest slow-down of an SFTP login whose account sees many failures (ms). */
  sftpLoginDelayMaxMs: number;
  refreshRaceGraceS: number;
  sessionCheckCacheMs: number;
  uploadWorkers: number;
  uploadConcurrency: number;
  uploadTenantConcurrency: number;
  uploadTenantQueue: number;
  uploadUserPerMinute: number;
  sendLeaseS: number;
  wompiBaseUrl: string | null;
  wompiKeys: { publicKey: string; privateKey: string; eventsSecret: string; integritySecret: string } | null;
  wompiSimulator: boolean;
  wompiSimulatorControl: boolean;
  wompiTimeoutMs: number;
  promoCouponCode: string | null;
  salesEmail: string;
  chatWebhookUrl: string | null;
  chatTimeoutMs: number;
  webhookTimeoutMs: number;
  webhookRetries: number;
  webhookRetryDelayS: number;
  webhookAllowLocal: boolean;
  /** The WhatsApp Cloud API of alerts; `simulator` true mounts the local one (its token and phone id generated). */
  whatsapp: {
    baseUrl: string | null;
    version: string;
    phoneNumberId: string | null;
    token: string | null;
    template: string;
    templateLang: string;
    timeoutMs: number;
    simulator: boolean;
    simulatorControl: boolean;
    /** The assistant: webhook verify token and app secret (null: generated for the simulator, else no inbound). */
    verifyToken: string | null;
    appSecret: string | null;
    codeTemplate: string;
    limitePorNumeroHora: number;
    limitePorEmpresaDia: number;
  };
  alertasResumenHora: number;
  /**
   * The SFTP channel: server on/off, bind address and port (0: any free port), the host shown to users,
   * the wait for an unpaired file (s) and the largest upload (bytes, MAX_UPLOAD_BYTES).
   */
  sftp: { enabled: boolean; host: string; port: number; publicHost: string | null; pairWaitS: number; maxFileBytes: number };
  /** Load the bundled REPS seed into an empty reps_prestadores at start. */
  repsSeed: boolean;
  repsImportMaxBytes: number;
  /** Backups: directory of the .rbk files, whether the server runs the daily job, and its hour (Bogotá). */
  backupDir: string;
  backupSchedule: boolean;
  backupHour: number;
  /** The e-mail channel: SMTP server on/off, where it listens, the addresses' domain, size limit, IMAP. */
  inboundSmtpEnabled: boolean;
  inboundSmtpPort: number;
  inboundSmtpHost: string;
  inboundMailDomain: string;
  inboundMaxBytes: number;
  inboundReplyMaxPerRecipientHour: number;
  inboundReplyMaxPerTenantHour: number;
  imapUrl: string | null;
  imapPollS: number;
  /** The separate metrics listener (METRICS_PORT; 0 → any free port), or null: GET /metrics on PORT with the operator secret. */
  metricsPort: number | null;
  metricsHost: string;
  /** Tests pass 'memory' to use an in-memory PGlite; otherwise PGlite lives in dataDir/db. */
  pgliteDataDir?: 'memory' | string;
  /** PGLITE_SNAPSHOT: the dump (file) a new embedded database is loaded from instead of initdb; tests pass a migrated one (apps/api/test/db-templates.ts). */
  pgliteSnapshot: string | null;
  /** Base delay of MUV retries (ms); tests shorten it. */
  muvRetryBaseMs?: number;
  /** Multiplier of every per-route rate limit (1 in production; tests that are not about limits raise it). */
  rateLimitScale?: number;
};

/**
 * Parse `env` (default process.env) into a TConfig. Throws a readable Spanish error on invalid values, and in
 * production mode (NODE_ENV=production) when a development stand-in would be exposed: no SMTP_URL without
 * MAIL_DEV_OUTBOX=true, no MUV_BASE_URL without MUV_SIMULATOR=true, or the simulator's test hooks. A variable set to
 * the empty string counts as unset (`KEY=` lines of an env file: .env.example's). Every problem is named in the one
 * error, one line each (docs/decisions/043): an operator fixes them all in one pass.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const raw: Record<string, string | undefined> = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(raw);
  const problems: string[] = [];
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    problems.push(`Configuración inválida: ${detail}`);
  }
  // The checks read the raw strings, so that they also run (and are named) when a value above is invalid.
  problems.push(...envProblems(raw));
  if (problems.length || !parsed.success) throw new Error(problems.join('\n'));
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const muvSimulator = e.MUV_SIMULATOR ?? (!e.MUV_BASE_URL && !production);
  const wompiSimulator = e.WOMPI_SIMULATOR ?? (!e.WOMPI_BASE_URL && !production);
  return { ...coreConfig(e), ...servicesConfig(e, muvSimulator, wompiSimulator), ...channelsConfig(e), ...runtimeConfig(e, muvSimulator) };
}

type TEnv = z.infer<typeof ZEnv>;

/** Every Spanish problem of the settings that are missing or not allowed together (see loadConfig), from the raw strings. */
function envProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const production = raw.NODE_ENV === 'production';
  const flag = (name: string) => (raw[name] === undefined ? undefined : raw[name] === 'true');
  // Every node of a production install must share these: a generated file would differ per node.
  const missingSecrets = [
    !raw.ENCRYPTION_KEY && 'ENCRYPTION_KEY (32 bytes: `openssl rand -base64 32`)',
    !raw.JWT_SECRET && 'JWT_SECRET (at least 32 characters: `openssl rand -base64 48`)',
  ].filter(Boolean);
  if (production && missingSecrets.length)
    problems.push(
      `Configuración inválida: en producción (NODE_ENV=production) define ${missingSecrets.join(' y ')}, los mismos en todos los procesos y nodos. ` +
        'Guárdelas en el gestor de secretos del despliegue; sin ellas los tokens de un nodo no valen en otro y las contraseñas guardadas no se pueden descifrar.',
    );
  if (production && !raw.SMTP_URL && raw.MAIL_DEV_OUTBOX !== 'true')
    problems.push(
      'Configuración inválida: en producción (NODE_ENV=production) se necesita SMTP_URL para enviar los correos. ' +
        'Para una instalación de prueba sin correo define MAIL_DEV_OUTBOX=true (los códigos quedan en el buzón local, que solo lee el operador).',
    );
  const muvSimulator = flag('MUV_SIMULATOR') ?? (!raw.MUV_BASE_URL && !production);
  if (production && !raw.MUV_BASE_URL && !muvSimulator)
    problems.push('Configuración inválida: en producción define MUV_BASE_URL (la API FEV-RIPS del Ministerio) o, para una prueba, MUV_SIMULATOR=true.');
  if (production && raw.MUV_SIMULATOR_CONTROL === 'true')
    problems.push('Configuración inválida: MUV_SIMULATOR_CONTROL (ganchos de prueba del simulador) no se permite en producción.');
  const wompiSimulator = flag('WOMPI_SIMULATOR') ?? (!raw.WOMPI_BASE_URL && !production);
  const wompiKeyVars = [raw.WOMPI_PUBLIC_KEY, raw.WOMPI_PRIVATE_KEY, raw.WOMPI_EVENTS_SECRET, raw.WOMPI_INTEGRITY_SECRET];
  if (raw.WOMPI_BASE_URL && wompiKeyVars.some((k) => !k))
    problems.push(
      'Configuración inválida: con WOMPI_BASE_URL define también WOMPI_PUBLIC_KEY, WOMPI_PRIVATE_KEY, WOMPI_EVENTS_SECRET y WOMPI_INTEGRITY_SECRET (Wompi › Desarrolladores › Llaves).',
    );
  if (production && !raw.WOMPI_BASE_URL && !wompiSimulator)
    problems.push('Configuración inválida: en producción define WOMPI_BASE_URL y sus llaves o, para una prueba, WOMPI_SIMULATOR=true.');
  if (production && raw.WOMPI_SIMULATOR_CONTROL === 'true')
    problems.push('Configuración inválida: WOMPI_SIMULATOR_CONTROL (ganchos de prueba de la pasarela simulada) no se permite en producción.');
  if (raw.WHATSAPP_API_URL && (!raw.WHATSAPP_PHONE_NUMBER_ID || !raw.WHATSAPP_TOKEN))
    problems.push('Configuración inválida: con WHATSAPP_API_URL define también WHATSAPP_PHONE_NUMBER_ID y WHATSAPP_TOKEN (Meta › WhatsApp › Configuración de la API).');
  if (Boolean(raw.WHATSAPP_VERIFY_TOKEN) !== Boolean(raw.WHATSAPP_APP_SECRET))
    problems.push('Configuración inválida: el asistente de WhatsApp necesita WHATSAPP_VERIFY_TOKEN y WHATSAPP_APP_SECRET juntos (Meta › WhatsApp › Configuración › Webhook, y Configuración de la app › Básica › Clave secreta).');
  if (production && (raw.WHATSAPP_SIMULATOR_CONTROL === 'true' || raw.WEBHOOK_ALLOW_LOCAL === 'true'))
    problems.push('Configuración inválida: WHATSAPP_SIMULATOR_CONTROL y WEBHOOK_ALLOW_LOCAL son solo para desarrollo y pruebas.');
  return problems;
}

/** The server itself: environment, listening address, storage, secrets, sessions and outgoing mail. */
function coreConfig(e: TEnv) {
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? null,
    databaseUrl: e.DATABASE_URL || null,
    dataDir: e.DATA_DIR,
    pgliteSnapshot: e.PGLITE_SNAPSHOT ?? null,
    encryptionKey: e.ENCRYPTION_KEY ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    operatorSecret: e.OPERATOR_SECRET ?? null,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    refreshTokenRememberTtlS: e.REFRESH_TOKEN_REMEMBER_TTL_S,
    smtpUrl: e.SMTP_URL || null,
    mailDevOutbox: e.MAIL_DEV_OUTBOX === 'true',
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
  } satisfies Partial<TConfig>;
}

/** The outside services: the ministry (MUV), Wompi, the sales chat, tenants' webhooks and WhatsApp. */
function servicesConfig(e: TEnv, muvSimulator: boolean, wompiSimulator: boolean) {
  return {
    muvBaseUrl: e.MUV_BASE_URL ?? null,
    muvTimeoutMs: e.MUV_TIMEOUT_MS,
    muvRetries: e.MUV_RETRIES,
    muvTransientRetryS: e.MUV_TRANSIENT_RETRY_S,
    muvTransientMaxS: e.MUV_TRANSIENT_MAX_S,
    muvTransientAlertS: e.MUV_TRANSIENT_ALERT_S,
    muvSimulator,
    wompiBaseUrl: e.WOMPI_BASE_URL ?? null,
    wompiKeys: e.WOMPI_BASE_URL
      ? { publicKey: e.WOMPI_PUBLIC_KEY!, privateKey: e.WOMPI_PRIVATE_KEY!, eventsSecret: e.WOMPI_EVENTS_SECRET!, integritySecret: e.WOMPI_INTEGRITY_SECRET! }
      : null,
    wompiSimulator,
    wompiSimulatorControl: e.WOMPI_SIMULATOR_CONTROL === 'true',
    wompiTimeoutMs: e.WOMPI_TIMEOUT_MS,
    promoCouponCode: e.PROMO_COUPON_CODE ?? null,
    salesEmail: e.SALES_EMAIL,
    chatWebhookUrl: e.CHAT_WEBHOOK_URL ?? null,
    chatTimeoutMs: e.CHAT_TIMEOUT_MS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookRetries: e.WEBHOOK_RETRIES,
    webhookRetryDelayS: e.WEBHOOK_RETRY_DELAY_S,
    webhookAllowLocal: e.WEBHOOK_ALLOW_LOCAL === 'true',
    whatsapp: {
      baseUrl: e.WHATSAPP_API_URL ?? null,
      version: e.WHATSAPP_API_VERSION,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? null,
      token: e.WHATSAPP_TOKEN ?? null,
      template: e.WHATSAPP_TEMPLATE,
      templateLang: e.WHATSAPP_TEMPLATE_LANG,
      timeoutMs: e.WHATSAPP_TIMEOUT_MS,
      simulator: !e.WHATSAPP_API_URL && e.NODE_ENV !== 'production',
      simulatorControl: e.WHATSAPP_SIMULATOR_CONTROL === 'true',
      verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? null,
      appSecret: e.WHATSAPP_APP_SECRET ?? null,
      codeTemplate: e.WHATSAPP_CODE_TEMPLATE,
      limitePorNumeroHora: e.WHATSAPP_LIMITE_NUMERO_HORA,
      limitePorEmpresaDia: e.WHATSAPP_LIMITE_EMPRESA_DIA,
    },
  } satisfies Partial<TConfig>;
}

/** Alerts, REPS, backups and the channels that receive files (SFTP, inbound mail, IMAP), and metrics. */
function channelsConfig(e: TEnv) {
  return {
    alertasResumenHora: e.ALERTAS_RESUMEN_HORA,
    repsSeed: e.REPS_SEED ? e.REPS_SEED === 'true' : e.NODE_ENV !== 'test',
    repsImportMaxBytes: e.REPS_IMPORT_MAX_MB * 1_048_576,
    backupDir: e.BACKUP_DIR || join(e.DATA_DIR, 'backups'),
    backupSchedule: e.BACKUP_SCHEDULE ? e.BACKUP_SCHEDULE === 'true' : e.NODE_ENV !== 'test',
    backupHour: e.BACKUP_HOUR,
    sftp: {
      enabled: e.SFTP_ENABLED ? e.SFTP_ENABLED === 'true' : e.NODE_ENV !== 'test',
      host: e.SFTP_HOST,
      port: e.SFTP_PORT ?? (e.NODE_ENV === 'test' ? 0 : 2222),
      publicHost: e.SFTP_PUBLIC_HOST ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : null),
      pairWaitS: e.SFTP_PAIR_WAIT_S,
      maxFileBytes: MAX_UPLOAD_BYTES,
    },
    inboundSmtpEnabled: e.INBOUND_SMTP_ENABLED ? e.INBOUND_SMTP_ENABLED === 'true' : e.NODE_ENV !== 'test',
    inboundSmtpPort: e.INBOUND_SMTP_PORT,
    inboundSmtpHost: e.INBOUND_SMTP_HOST,
    inboundMailDomain: e.INBOUND_MAIL_DOMAIN,
    inboundMaxBytes: e.INBOUND_MAX_BYTES,
    inboundReplyMaxPerRecipientHour: e.INBOUND_REPLY_MAX_PER_RECIPIENT_HOUR,
    inboundReplyMaxPerTenantHour: e.INBOUND_REPLY_MAX_PER_TENANT_HOUR,
    imapUrl: e.IMAP_URL ?? null,
    imapPollS: e.IMAP_POLL_S,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
  } satisfies Partial<TConfig>;
}

/** Jobs, sends, HTTP time-outs, roles, logins and uploads: how this process runs. */
function runtimeConfig(e: TEnv, muvSimulator: boolean) {
  return {
    muvSimulatorControl: e.MUV_SIMULATOR_CONTROL === 'true',
    muvServiceCredentials:
      e.MUV_SERVICE_USER && e.MUV_SERVICE_PASSWORD && e.MUV_SERVICE_NIT
        ? { userValidator: e.MUV_SERVICE_USER, passwordValidator: e.MUV_SERVICE_PASSWORD, nit: e.MUV_SERVICE_NIT }
        : muvSimulator
          ? { userValidator: 'radica-consulta-cuv', passwordValidator: 'radica-consulta-cuv', nit: '900000000' }
          : null,
    muvTenantConcurrency: e.MUV_TENANT_CONCURRENCY,
    muvMaxRipsBytes: e.MUV_MAX_RIPS_BYTES,
    jobsWorker: e.JOBS_WORKER === 'true',
    jobsConcurrency: e.JOBS_CONCURRENCY,
    jobsPollS: e.JOBS_POLL_S,
    jobsBatchSize: e.JOBS_BATCH_SIZE,
    jobsExpireS: e.JOBS_EXPIRE_S,
    sendWaitS: e.SEND_WAIT_S,
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: Math.max(e.HTTP_CONNECTION_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
    },
    redisUrl: e.REDIS_URL ?? null,
    roles: e.JOBS_WORKER === 'true' ? [...ALL_ROLES] : ['api', 'ingest'],
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ?? null,
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    loginLockoutMaxFailures: e.LOGIN_LOCKOUT_MAX_FAILURES,
    loginLockoutWindowS: e.LOGIN_LOCKOUT_WINDOW_S,
    loginLockoutAccountMaxFailures: e.LOGIN_LOCKOUT_ACCOUNT_MAX_FAILURES,
    sftpLoginDelayMaxMs: e.SFTP_LOGIN_DELAY_MAX_MS,
    refreshRaceGraceS: e.REFRESH_RACE_GRACE_S,
    sessionCheckCacheMs: e.SESSION_CHECK_CACHE_MS,
    uploadWorkers: e.UPLOAD_WORKERS,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    uploadTenantConcurrency: e.UPLOAD_TENANT_CONCURRENCY,
    uploadTenantQueue: e.UPLOAD_TENANT_QUEUE,
    uploadUserPerMinute: e.UPLOAD_USER_PER_MINUTE,
    sendLeaseS: e.SEND_LEASE_S,
    rateLimitScale: e.RATE_LIMIT_SCALE,
  } satisfies Partial<TConfig>;
}
