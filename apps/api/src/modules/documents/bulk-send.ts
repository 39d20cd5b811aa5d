import { and, eq, inArray, or } from 'drizzle-orm';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { MAX_FORMATOS, type TEnvioMasivoData } from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { fevRips, fevRipsFiles } from '../../db/schema.ts';
import { recoverInterruptedSends, sendDocument } from './service.ts';

/**
 * Statuses accepted by the bulk send (seed 001 §4: "procesado, enproceso, rechazado, error in either status field"),
 * plus EN_ESPERA (both files, never sent) and NO_APROBADO (Radica's rejected status). ENPROCESO documents are being
 * sent already and are skipped as such.
 */
export const ESTADOS_ENVIO_MASIVO = ['PROCESADO', 'ENPROCESO', 'RECHAZADO', 'ERROR', 'NO_APROBADO', 'EN_ESPERA'] as const;

/**
 * POST /api/FevRips/envio-masivo { ids?, formatos? } (Radica's addition, docs/spec-deviations.md): one durable job
 * per sendable document of the tenant (valid status, both files, no job queued or running for it, not being sent).
 * Throws AppError 400 'No hay documentos seleccionados' on an empty selection, 422 'No hay documentos con estado
 * válido para envío…' when nothing can be sent, 503 when the job queue is not running.
 */
export async function enqueueBulkSend(
  deps: TDeps,
  ctx: { tenantId: number; userId: number },
  input: { ids?: number[] | null; formatos?: string[] | null },
): Promise<TEnvioMasivoData> {
  const ids = [...new Set((input.ids ?? []).filter((n) => Number.isInteger(n) && n > 0))];
  const formatos = [...new Set((input.formatos ?? []).map((f) => String(f).trim()).filter(Boolean))];
  if (ids.length === 0 && formatos.length === 0) throw new AppError('SIN_SELECCION', 400, MSG_MINISTERIO.noHayDocumentosSeleccionados);
  if (ids.length + formatos.length > MAX_FORMATOS) throw new AppError('DEMASIADOS_FORMATOS', 400, MSG_MINISTERIO.demasiadosFormatos);
  if (!deps.jobs) throw new AppError('JOBS_OFF', 503, MSG_MINISTERIO.colaNoDisponible);
  const selected = or(...[...(ids.length ? [inArray(fevRips.id, ids)] : []), ...(formatos.length ? [inArray(fevRips.formato, formatos)] : [])]);
  const docs = await deps.db
    .select({ id: fevRips.id, formato: fevRips.formato, estado: fevRips.estado })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, ctx.tenantId), selected));
  const files = docs.length
    ? await deps.db
        .select({ fevRipsId: fevRipsFiles.fevRipsId, tipo: fevRipsFiles.tipo })
        .from(fevRipsFiles)
        .where(inArray(
          fevRipsFiles.fevRipsId,
          docs.map((d) => d.id),
        ))
    : [];
  const valid = docs.filter((d) => (ESTADOS_ENVIO_MASIVO as readonly string[]).includes(d.estado));
  if (valid.length === 0) throw new AppError('SIN_ESTADO_VALIDO', 422, MSG_MINISTERIO.sinEstadoValidoEnvio);
  const pending = await deps.jobs.pendingSends(
    ctx.tenantId,
    valid.map((d) => d.id),
    { fresh: true },
  );
  const omitidos: TEnvioMasivoData['detalleOmitidos'] = [];
  const toSend: number[] = [];
  for (const d of docs) {
    const complete = files.some((f) => f.fevRipsId === d.id && f.tipo === 'xml') && files.some((f) => f.fevRipsId === d.id && f.tipo === 'json');
    if (!(ESTADOS_ENVIO_MASIVO as readonly string[]).includes(d.estado)) omitidos.push({ id: d.id, formato: d.formato, motivo: `estado ${d.estado}` });
    else if (d.estado === 'ENPROCESO' || pending.has(d.id)) omitidos.push({ id: d.id, formato: d.formato, motivo: 'envío en curso' });
    else if (!complete) omitidos.push({ id: d.id, formato: d.formato, motivo: 'faltan archivos' });
    else toSend.push(d.id);
  }
  const found = new Set(docs.flatMap((d) => [String(d.id), d.formato]));
  for (const id of ids) if (!found.has(String(id))) omitidos.push({ id, formato: '', motivo: 'no encontrado' });
  for (const f of formatos) if (!found.has(f)) omitidos.push({ id: null, formato: f, motivo: 'no encontrado' });
  const encolados = await deps.jobs.enqueueSends(ctx.tenantId, ctx.userId, toSend);
  return { encolados, omitidos: omitidos.length, detalleOmitidos: omitidos };
}

/**
 * What one bulk-send job does: sendDocument (the atomic claim guarantees a document is never in two sends; an
 * interrupted send is recovered and a package the ministry already took answers RVG18 → CUV). Business refusals
 * (already approved, in progress, cancelled, missing files or configuration, ministry down → ERROR) end the job: the
 * document's status tells the user. Anything else (database gone mid-shutdown) throws so pg-boss retries the job.
 */
export async function runBulkSendJob(deps: TDeps, job: { tenantId: number; userId: number; fevRipsId: number }): Promise<void> {
  const ctx = { tenantId: job.tenantId, userId: job.userId };
  try {
    try {
      await sendDocument(deps, ctx, job.fevRipsId);
    } catch (err) {
      // A retried job may find its document still claimed by a worker that died (shared PostgreSQL): once the claim
      // is older than the longest possible live send, put it back and send again (RVG18 makes that idempotent).
      if (!(err instanceof AppError && err.code === 'SEND_IN_PROGRESS')) throw err;
      if ((await recoverInterruptedSends(deps, longestSendMs(deps))) === 0) throw err;
      await sendDocument(deps, ctx, job.fevRipsId);
    }
  } catch (err) {
    if (err instanceof AppError) {
      deps.log.info({ fevRipsId: job.fevRipsId, code: err.code }, 'bulk send job ended without approval');
      return;
    }
    throw err;
  }
}

/** Longest a live send can take: login and upload, each with every retry timing out, plus a minute of margin. */
export const longestSendMs = (deps: TDeps) => 2 * (deps.config.muvRetries + 1) * deps.config.muvTimeoutMs + 60_000;
