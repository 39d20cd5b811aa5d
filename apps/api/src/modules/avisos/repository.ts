import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { alertaEnvios, alertasConfig, webhookEntregas, webhooks } from '../../db/schema-canales.ts';
import { fevRips } from '../../db/schema-documents.ts';
import { users } from '../../db/schema-accounts.ts';

/**
 * The queries of result webhooks and rejection alerts. Every function takes the tenant and scopes its rows
 * by it, except {@link tenantsWithDailySummary}, which is how the daily summary finds whom to write to.
 */
export type TWebhookRow = typeof webhooks.$inferSelect;
export type TEntregaRow = typeof webhookEntregas.$inferSelect;
export type TAlertasRow = typeof alertasConfig.$inferSelect;
export type TAlertaEnvioRow = typeof alertaEnvios.$inferSelect;

export function listWebhooks(db: TDb, tenantId: number, opts: { soloActivos?: boolean } = {}): Promise<TWebhookRow[]> {
  const where = opts.soloActivos ? and(eq(webhooks.tenantId, tenantId), eq(webhooks.activo, true)) : eq(webhooks.tenantId, tenantId);
  return db.select().from(webhooks).where(where).orderBy(asc(webhooks.id));
}

export async function countActiveWebhooks(db: TDb, tenantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks).where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.activo, true)));
  return row?.n ?? 0;
}

export async function insertWebhook(db: TDb, tenantId: number, values: { url: string; secretoCifrado: string }): Promise<TWebhookRow> {
  const [row] = await db.insert(webhooks).values({ ...values, tenantId }).returning();
  return row!;
}

/** Deactivates the tenant's webhook `id` (its log stays). Undefined when it is not the tenant's or already removed. */
export async function deactivateWebhook(db: TDb, tenantId: number, id: number): Promise<TWebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ activo: false })
    .where(and(eq(webhooks.id, id), eq(webhooks.tenantId, tenantId), eq(webhooks.activo, true)))
    .returning();
  return row;
}

export async function findWebhook(db: TDb, tenantId: number, id: number): Promise<TWebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.tenantId, tenantId)));
  return row;
}

/** One delivery row per webhook for an event; an event already recorded for a webhook is not recorded twice. */
export async function insertEntregas(
  db: TDb,
  tenantId: number,
  rows: Array<{ webhookId: number; fevRipsId: number | null; eventoId: string; evento: string; payload: unknown }>,
): Promise<TEntregaRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookEntregas)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoNothing()
    .returning();
}

export async function findEntrega(db: TDb, tenantId: number, id: number): Promise<TEntregaRow | undefined> {
  const [row] = await db.select().from(webhookEntregas).where(and(eq(webhookEntregas.id, id), eq(webhookEntregas.tenantId, tenantId)));
  return row;
}

/** Records an attempt's outcome; `intentos` grows atomically. */
export async function recordEntregaAttempt(
  db: TDb,
  tenantId: number,
  id: number,
  outcome: { estado: 'PENDIENTE' | 'ENTREGADO' | 'FALLIDO'; httpStatus: number | null; error: string | null; at: Date },
): Promise<void> {
  await db
    .update(webhookEntregas)
    .set({
      estado: outcome.estado,
      intentos: sql`${webhookEntregas.intentos} + 1`,
      ultimoHttpStatus: outcome.httpStatus,
      ultimoError: outcome.error,
      ultimoIntentoEn: outcome.at,
      ...(outcome.estado === 'ENTREGADO' ? { entregadoEn: outcome.at } : {}),
    })
    .where(and(eq(webhookEntregas.id, id), eq(webhookEntregas.tenantId, tenantId)));
}

/** The latest deliveries of the tenant, newest first, with the webhook's URL and the document's formato and status. */
export function listEntregas(db: TDb, tenantId: number, limit: number) {
  return db
    .select({
      entrega: webhookEntregas,
      url: webhooks.url,
      formato: fevRips.formato,
      estadoDocumento: fevRips.estado,
    })
    .from(webhookEntregas)
    .innerJoin(webhooks, eq(webhooks.id, webhookEntregas.webhookId))
    .leftJoin(fevRips, and(eq(fevRips.id, webhookEntregas.fevRipsId), eq(fevRips.tenantId, tenantId)))
    .where(eq(webhookEntregas.tenantId, tenantId))
    .orderBy(desc(webhookEntregas.id))
    .limit(limit);
}

export async function findAlertas(db: TDb, tenantId: number): Promise<TAlertasRow | undefined> {
  const [row] = await db.select().from(alertasConfig).where(eq(alertasConfig.tenantId, tenantId));
  return row;
}

export async function upsertAlertas(
  db: TDb,
  tenantId: number,
  values: Pick<TAlertasRow, 'correos' | 'whatsapp' | 'alertarNoAprobado' | 'alertarError' | 'resumenDiario'>,
): Promise<TAlertasRow> {
  const [row] = await db
    .insert(alertasConfig)
    .values({ ...values, tenantId, actualizadoEn: new Date() })
    .onConflictDoUpdate({ target: alertasConfig.tenantId, set: { ...values, actualizadoEn: new Date() } })
    .returning();
  return row!;
}

/** One row per recipient; a message already recorded under the same `clave` for that recipient is not recorded twice. */
export async function insertAlertaEnvios(
  db: TDb,
  tenantId: number,
  rows: Array<{ fevRipsId: number | null; tipo: 'alerta' | 'resumen' | 'seguridad'; canal: 'correo' | 'whatsapp'; destino: string; clave: string }>,
): Promise<TAlertaEnvioRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(alertaEnvios)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoNothing()
    .returning();
}

export async function findAlertaEnvio(db: TDb, tenantId: number, id: number): Promise<TAlertaEnvioRow | undefined> {
  const [row] = await db.select().from(alertaEnvios).where(and(eq(alertaEnvios.id, id), eq(alertaEnvios.tenantId, tenantId)));
  return row;
}

export async function recordAlertaAttempt(
  db: TDb,
  tenantId: number,
  id: number,
  outcome: { estado: 'PENDIENTE' | 'ENVIADO' | 'FALLIDO'; error: string | null; at: Date },
): Promise<void> {
  await db
    .update(alertaEnvios)
    .set({
      estado: outcome.estado,
      intentos: sql`${alertaEnvios.intentos} + 1`,
      ultimoError: outcome.error,
      ...(outcome.estado === 'ENVIADO' ? { enviadoEn: outcome.at } : {}),
    })
    .where(and(eq(alertaEnvios.id, id), eq(alertaEnvios.tenantId, tenantId)));
}

export function listAlertaEnvios(db: TDb, tenantId: number, limit: number): Promise<TAlertaEnvioRow[]> {
  return db.select().from(alertaEnvios).where(eq(alertaEnvios.tenantId, tenantId)).orderBy(desc(alertaEnvios.id)).limit(limit);
}

/** Tenants that asked for the daily summary and have not had `dia`'s yet. */
export async function tenantsWithDailySummary(db: TDb, dia: string): Promise<number[]> {
  const rows = await db
    .select({ tenantId: alertasConfig.tenantId })
    .from(alertasConfig)
    .where(and(eq(alertasConfig.resumenDiario, true), sql`${alertasConfig.ultimoResumen} is distinct from ${dia}`));
  return rows.map((r) => r.tenantId);
}

/** Claims `dia`'s summary of the tenant (true once across processes: a conditional update). */
export async function claimDailySummary(db: TDb, tenantId: number, dia: string): Promise<boolean> {
  const rows = await db
    .update(alertasConfig)
    .set({ ultimoResumen: dia })
    .where(and(eq(alertasConfig.tenantId, tenantId), sql`${alertasConfig.ultimoResumen} is distinct from ${dia}`))
    .returning({ tenantId: alertasConfig.tenantId });
  return rows.length > 0;
}

/** The tenant's documents by status whose last change fell in [desde, hasta): the summary's counts. */
export async function countStatusesBetween(db: TDb, tenantId: number, desde: Date, hasta: Date): Promise<Record<string, number>> {
  const rows = await db
    .select({ estado: fevRips.estado, n: count() })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), sql`${fevRips.fechaModificacion} >= ${desde}`, sql`${fevRips.fechaModificacion} < ${hasta}`))
    .groupBy(fevRips.estado);
  return Object.fromEntries(rows.map((r) => [r.estado, Number(r.n)]));
}

/** The e-mails of the tenant's administrators (not removed): whom a security alert always reaches. */
export async function administratorEmails(db: TDb, tenantId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.rol, 'administrador'), sql`${users.eliminadoEn} is null`));
  return rows.map((r) => r.email);
}
