import { horaBogota, type TEsperaMinisterio } from '@radica/contracts/documents';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TEstado } from '@radica/contracts/enums';
import type { TDeps } from '../../deps.ts';
import { jobIdOf } from '../jobs/job-ids.ts';
import { withDbRetries } from '../../lib/db-retries.ts';
import { SIN_ESPERA } from './claims.ts';
import { findOverdueWaitsAllTenants, updateClaimed, type TClaim, type TDoc } from './repository.ts';

/**
 * Waiting for the ministry (docs/decisions/047): a send the ministry answered with no verdict (TOT003, a 5xx, the
 * local API's error text, a refused connection, a time-out) never changes the document's status to a verdict. The
 * document goes back to the status it had, shows the ministry's words and the next retry, and Radica sends it again by
 * itself: a send job delayed by MUV_TRANSIENT_RETRY_S (the n-th retry waits the n-th delay, the last one repeating),
 * run like every send (the tenant's slot, the fair order). The tenant hears of it: a `documento.sin_respuesta` webhook
 * when the wait begins, an alert after MUV_TRANSIENT_ALERT_S. After MUV_TRANSIENT_MAX_S the document is left in ERROR
 * (the seed's status for a send without answer, which the user may send again) and the usual ERROR event and alert
 * follow. A user's «Enviar» during the wait sends at once; its answer continues or ends the same wait.
 */

/** A retry of a wait: it sends only while the document still waits for this very retry (`desde`, `numero`). */
export type TReintento = { desde: string; numero: number };

/**
 * Record the ministry's answer without a verdict for the document held by `claim` (`doc` as it was when the send
 * began): release it to `estadoPrevio` with the wait's columns and schedule the next retry, or, past
 * MUV_TRANSIENT_MAX_S, leave it in ERROR. Returns the next retry's time (null when the wait ended in ERROR).
 */
export async function esperarMinisterio(
  deps: Pick<TDeps, 'config' | 'db' | 'log' | 'jobs' | 'avisos'>,
  ctx: { tenantId: number; userId: number },
  claim: TClaim,
  doc: Pick<TDoc, 'id' | 'reintentoDesde' | 'reintentoNumero'>,
  estadoPrevio: TEstado,
  texto: string,
): Promise<{ proximo: Date | null }> {
  const now = new Date();
  const desde = doc.reintentoDesde ?? now;
  const numero = doc.reintentoDesde ? doc.reintentoNumero + 1 : 1;
  const schedule = deps.config.muvTransientRetryS;
  const delayS = schedule[Math.min(numero - 1, schedule.length - 1)]!;
  const proximo = new Date(now.getTime() + delayS * 1000);
  const release = { estadoPrevio: null, envioIniciadoAt: null, envioLeaseHasta: null, fechaModificacion: now };
  if (proximo.getTime() - desde.getTime() > deps.config.muvTransientMaxS * 1000) {
    await withDbRetries(() => updateClaimed(deps.db, claim, { ...release, estado: 'ERROR', fechaEnvio: now, ...SIN_ESPERA }));
    deps.log.warn({ fevRipsId: doc.id, desde, texto }, 'ministry gave no verdict within MUV_TRANSIENT_MAX_S: document left in ERROR');
    // ERROR is a final status: webhooks and alerts hear of it.
    await deps.avisos.publicarResultado(ctx.tenantId, doc.id);
    return { proximo: null };
  }
  await withDbRetries(() =>
    updateClaimed(deps.db, claim, { ...release, estado: estadoPrevio, reintentoDesde: desde, reintentoTexto: texto, reintentoProximo: proximo, reintentoNumero: numero }),
  );
  const r = { desde: desde.toISOString(), numero };
  await scheduleRetry(deps, ctx, doc.id, r, delayS, retryJobId(ctx.tenantId, doc.id, r)).catch((err: Error) =>
    // The maintenance beat finds a wait whose retry is overdue and never queued (programarEsperasVencidas).
    deps.log.warn({ err: err.message, fevRipsId: doc.id }, 'retry of a wait for the ministry not queued yet'),
  );
  deps.log.info({ fevRipsId: doc.id, numero, proximo, texto }, 'ministry gave no verdict: retry scheduled');
  if (numero === 1) await deps.avisos.publicarEspera(ctx.tenantId, doc.id, desde);
  return { proximo };
}

/** The job id of retry `r`: queueing the same retry twice (a retried write, two processes) queues it once. */
const retryJobId = (tenantId: number, fevRipsId: number, r: TReintento, extra = '') => jobIdOf(`reintento-ministerio:${tenantId}:${fevRipsId}:${r.desde}:${r.numero}${extra}`);

/** Queue retry `r` of the document after `delayS` under job id `id`. */
async function scheduleRetry(deps: Pick<TDeps, 'jobs'>, ctx: { tenantId: number; userId: number }, fevRipsId: number, r: TReintento, delayS: number, id: string): Promise<void> {
  await withDbRetries(() => deps.jobs.enqueueSends(ctx.tenantId, ctx.userId, [fevRipsId], { startAfterS: delayS, reintento: r, ids: [id] }));
}

/**
 * The maintenance beat's catch-up (docs/decisions/048): waits whose next retry is more than a minute overdue and that
 * have no send queued (the enqueue was cut by a dropped connection, or its job failed for good) get it queued now.
 * Returns how many.
 */
export async function programarEsperasVencidas(deps: Pick<TDeps, 'db' | 'log' | 'jobs'>): Promise<number> {
  const overdue = await findOverdueWaitsAllTenants(deps.db, 60);
  // A new id per minute: the retry's own job may exist (failed for good) and pg-boss would skip its id; processes
  // catching up in the same minute queue it once.
  const minuto = Math.floor(Date.now() / 60_000);
  for (const w of overdue) {
    const r = { desde: w.reintentoDesde.toISOString(), numero: w.reintentoNumero };
    await scheduleRetry(deps, { tenantId: w.tenantId, userId: w.idUsuario }, w.id, r, 0, retryJobId(w.tenantId, w.id, r, `:vencida:${minuto}`));
  }
  if (overdue.length) deps.log.warn({ waits: overdue.length }, 'overdue retries of waits for the ministry queued');
  return overdue.length;
}

/** What a send answers while its document waits: the ministry's words and the next retry in Bogotá time, or that it gave up. */
export function mensajeEspera(deps: Pick<TDeps, 'config'>, texto: string, proximo: Date | null): string {
  return proximo ? MSG_MINISTERIO.envioSinRespuesta(texto, horaBogota(proximo)) : MSG_MINISTERIO.esperaAgotada(Math.round(deps.config.muvTransientMaxS / 3600));
}

/** The document's wait for the ministry as the API shows it (contracts ZEsperaMinisterio), or null. */
export function esperaDelDocumento(d: Pick<TDoc, 'reintentoDesde' | 'reintentoTexto' | 'reintentoProximo' | 'reintentoNumero'>): TEsperaMinisterio | null {
  if (!d.reintentoDesde) return null;
  return { desde: d.reintentoDesde.toISOString(), texto: d.reintentoTexto ?? '', proximoIntento: d.reintentoProximo?.toISOString() ?? null, intentos: Math.max(0, d.reintentoNumero - 1) };
}
