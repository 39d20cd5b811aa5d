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
  /** Mount the MUV simulator under /_sim/muv (default: only when MUV_BASE_URL is unset). */
  MUV_SIMULATOR: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
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
  logLevel: string;
  webDistDir: string | null;
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
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ?? null,
  };
}
