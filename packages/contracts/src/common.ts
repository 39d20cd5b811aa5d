import { z } from 'zod';

/** The response envelope of every call: `{ success, data, message }` (seed 000 §3). */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data, message: z.string().optional() });

export type TEnvelope<T> = { success: boolean; data: T; message?: string };

/** A successful answer that only says something: `{ success: true, message }` (forgot-password, logout…). */
export const ZMessageEnvelope = z.object({ success: z.boolean(), message: z.string() });

/** `/ping` (seed 000 §7 notes: public). */
export const ZPingResponse = ZEnvelope(z.literal('pong'));

/** GET /api/info `data`: what the web app needs to know of the server. */
export const ZInfoData = z.object({
  name: z.string(),
  version: z.string(),
  database: z.enum(['pglite', 'postgresql']),
  mail: z.enum(['smtp', 'outbox']),
  ministry: z.enum(['remote', 'simulator']),
  maxUploadBytes: z.number(),
  /** Google Identity Services client id, or null when Google sign-in is disabled. */
  googleClientId: z.string().nullable(),
});
export type TInfoData = z.infer<typeof ZInfoData>;

/**
 * GET /health/ready `data`: whether this process can serve (a load balancer's readiness check): the
 * database answered within 2 s and has no pending migration. 503 otherwise; /ping stays the liveness check.
 */
export const ZHealthData = z.object({
  listo: z.boolean(),
  baseDatos: z.enum(['ok', 'sin_conexion']),
  migracionesPendientes: z.number().nullable(),
  roles: z.array(z.enum(['api', 'worker', 'ingest'])),
  /**
   * Redis of the rate limits (REDIS_URL): 'sin_conexion' while it does not answer (the limits count in PostgreSQL
   * meanwhile: the process is still ready); null when none is configured.
   */
  redis: z.enum(['ok', 'sin_conexion']).nullable(),
  /** Dependencies the process works without for now, by name ('redis'): 200, but the operator should look. */
  degradado: z.array(z.enum(['redis'])),
});
export type THealthData = z.infer<typeof ZHealthData>;

/** GET /api/dev/mail item: a message kept in the local outbox (operator only). */
export const ZOutboxMail = z.object({ to: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() });
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

/**
 * Spanish fallback for schema issues that carry no message of their own (wrong type, unexpected value).
 * Call once at start-up on each side (API and web). Messages set in the schemas take precedence.
 */
export function configureZodSpanish() {
  z.config({
    customError: (issue) => {
      const field = issue.path?.length ? ` (${issue.path.join('.')})` : '';
      return `Dato inválido${field}. Revisa los datos enviados.`;
    },
  });
}
