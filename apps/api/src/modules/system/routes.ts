import type { FastifyInstance } from 'fastify';
import type { THealthData } from '@radica/contracts/common';
import { routes } from '@radica/contracts/routes';
import { MSG } from '@radica/contracts/messages';
import { sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';

/** How long a readiness answer about migrations is reused (ms): the check reads the migrations table. */
const MIGRATIONS_CACHE_MS = 2_000;
/** The database must answer `select 1` within this (ms) for the process to be ready. */
const DB_PING_TIMEOUT_MS = 2_000;

/**
 * Whether this process can serve (GET /health/ready): the database answers within DB_PING_TIMEOUT_MS and no committed
 * migration is pending (re-read at most every MIGRATIONS_CACHE_MS); also whether Redis (REDIS_URL) answers, reported
 * as `degradado` without making the process unready. Never throws.
 */
function createReadiness(deps: TDeps) {
  let migrations: { at: number; pending: number } | null = null;
  return async (): Promise<THealthData> => {
    const roles = deps.config.roles;
    // Redis down is not unreadiness: the limits count in PostgreSQL meanwhile (docs/decisions/046); it is reported.
    const redis = deps.limites?.redis?.() ?? null;
    const degradado = redis === 'sin_conexion' ? (['redis'] as const) : [];
    const sinBase = { listo: false, baseDatos: 'sin_conexion' as const, migracionesPendientes: null, roles, redis, degradado: [...degradado] };
    const within = <T>(p: Promise<T>) =>
      Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), DB_PING_TIMEOUT_MS).unref())]);
    try {
      await within(deps.dbRows(sql`select 1 as uno`));
    } catch {
      return sinBase;
    }
    try {
      if (!migrations || Date.now() - migrations.at > MIGRATIONS_CACHE_MS) migrations = { at: Date.now(), pending: await within(deps.pendingMigrations()) };
    } catch {
      return sinBase;
    }
    return { listo: migrations.pending === 0, baseDatos: 'ok', migracionesPendientes: migrations.pending, roles, redis, degradado: [...degradado] };
  };
}

/**
 * Public health and information calls (seed 000 §7 notes: /ping and /api/info are public). /ping is the liveness
 * check (the process answers); /health/ready the readiness check (503 while the database is unreachable or has
 * pending migrations). Every role serves both.
 */
export async function systemRoutes(app: FastifyInstance, deps: TDeps) {
  route(app, routes.sistema.ping, async () => ({ success: true, data: 'pong' as const }));
  const readiness = createReadiness(deps);
  route(app, routes.sistema.listo, async (_req, reply) => {
    const data = await readiness();
    if (!data.listo) reply.code(503);
    return { success: data.listo, data, ...(data.listo ? {} : { message: MSG.notReady }) };
  });
  if (!deps.config.roles.includes('api')) return;
  route(app, routes.sistema.info, async () => ({
    success: true,
    data: {
      name: 'Radica',
      version: '0.1.0',
      database: deps.dbKind,
      mail: deps.mailer.kind,
      ministry: deps.config.muvBaseUrl ? ('remote' as const) : ('simulator' as const),
      maxUploadBytes: MAX_UPLOAD_BYTES,
      googleClientId: deps.config.googleClientId,
    },
  }));
}
