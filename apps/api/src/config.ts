import { z } from 'zod';

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
  /** 32-byte key, base64 or hex, for AES-256-GCM of secrets at rest. Unset → generated file DATA_DIR/secret.key. */
  ENCRYPTION_KEY: z.string().optional(),
  /** HMAC key for access tokens. Unset → generated file DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  REFRESH_TOKEN_REMEMBER_TTL_S: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  /** SMTP URL for nodemailer (smtp://user:pass@host:587). Unset → local outbox + GET /api/dev/mail. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Radica <no-reply@radica.local>'),
  /** Ministry FEV-RIPS API base URL. Unset → the in-process simulator at {self}/_sim/muv over HTTP. */
  MUV_BASE_URL: z.string().url().optional(),
  MUV_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  MUV_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Sends in flight toward the ministry per tenant from one worker process (issue 4 bulk sends). */
  MUV_TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(1),
  /** Run the bulk-send worker inside the API process (`false` when `npm run worker` runs it separately). */
  JOBS_WORKER: z.enum(['true', 'false']).default('true'),
  /** Jobs a worker loop takes per fetch, and seconds before pg-boss retries a job whose process died. */
  JOBS_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  JOBS_EXPIRE_S: z.coerce.number().int().min(30).default(900),
  /** Mount the MUV simulator under /_sim/muv (default: only when MUV_BASE_URL is unset). */
  MUV_SIMULATOR: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Google OAuth client id (issue 3). Unset → Google sign-in hidden and its endpoints answer 400. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** JWKS of Google's ID-token signing keys; tests point it at a local JWKS. */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Per-account lockout: this many failed logins of one e-mail within LOGIN_LOCKOUT_WINDOW_S → 429. */
  LOGIN_LOCKOUT_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_LOCKOUT_WINDOW_S: z.coerce.number().int().min(1).default(15 * 60),
  /** A refresh token re-presented this soon after its rotation is a concurrent tab, not reuse (docs/decisions/003). */
  REFRESH_RACE_GRACE_S: z.coerce.number().int().min(0).max(60).default(10),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | null;
  databaseUrl: string | null;
  dataDir: string;
  encryptionKey: string | null;
  jwtSecret: string | null;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  refreshTokenRememberTtlS: number;
  smtpUrl: string | null;
  mailFrom: string;
  muvBaseUrl: string | null;
  muvTimeoutMs: number;
  muvRetries: number;
  muvSimulator: boolean;
  muvTenantConcurrency: number;
  jobsWorker: boolean;
  jobsBatchSize: number;
  jobsExpireS: number;
  logLevel: string;
  webDistDir: string | null;
  googleClientId: string | null;
  googleJwksUrl: string;
  loginLockoutMaxFailures: number;
  loginLockoutWindowS: number;
  refreshRaceGraceS: number;
  /** Tests pass 'memory' to use an in-memory PGlite; otherwise PGlite lives in dataDir/db. */
  pgliteDataDir?: 'memory' | string;
  /** Base delay of MUV retries (ms); tests shorten it. */
  muvRetryBaseMs?: number;
  /** Multiplier of every per-route rate limit (1 in production; tests that are not about limits raise it). */
  rateLimitScale?: number;
};

/** Parse `env` (default process.env) into a TConfig. Throws a readable error on invalid values. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuración inválida: ${detail}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? null,
    databaseUrl: e.DATABASE_URL || null,
    dataDir: e.DATA_DIR,
    encryptionKey: e.ENCRYPTION_KEY ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    refreshTokenRememberTtlS: e.REFRESH_TOKEN_REMEMBER_TTL_S,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    muvBaseUrl: e.MUV_BASE_URL ?? null,
    muvTimeoutMs: e.MUV_TIMEOUT_MS,
    muvRetries: e.MUV_RETRIES,
    muvSimulator: e.MUV_SIMULATOR ?? !e.MUV_BASE_URL,
    muvTenantConcurrency: e.MUV_TENANT_CONCURRENCY,
    jobsWorker: e.JOBS_WORKER === 'true',
    jobsBatchSize: e.JOBS_BATCH_SIZE,
    jobsExpireS: e.JOBS_EXPIRE_S,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ?? null,
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    loginLockoutMaxFailures: e.LOGIN_LOCKOUT_MAX_FAILURES,
    loginLockoutWindowS: e.LOGIN_LOCKOUT_WINDOW_S,
    refreshRaceGraceS: e.REFRESH_RACE_GRACE_S,
  };
}
