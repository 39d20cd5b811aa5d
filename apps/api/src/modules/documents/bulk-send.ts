import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { MAX_FORMATOS, type TEnvioMasivoData, type TResumenEnvioMasivo } from '@radica/contracts/documents';
import { paqueteCompleto } from '@radica/contracts/muv';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { findDocumentsByIdsOrFormatos, findSendStates, listFileKinds } from './repository.ts';
import { ESTADOS_ENVIO_MASIVO } from './status.ts';
import { registrarAccion, type TActor } from './audit.ts';

/**
 * POST /api/FevRips/envio-masivo { ids?, formatos? } (Radica's addition, docs/spec-deviations.md): one durable job
 * per sendable document of the tenant (valid status, the files its package type needs (contracts `paqueteCompleto`), no job queued or running for it, not being sent).
 * Throws AppError 400 'No hay documentos seleccionados' on an empty selection, 422 'No hay documentos con estado
 * válido para envío…' when nothing can be sent, 503 when the job queue is not running.
 */
export async function enqueueBulkSend(
  deps: TDeps,
  ctx: TActor,
  input: { ids?: number[] | null; formatos?: string[] | null },
): Promise<TEnvioMasivoData> {
  const ids = [...new Set((input.ids ?? []).filter((n) => Number.isInteger(n) && n > 0))];
  const formatos = [...new Set((input.formatos ?? []).map((f) => String(f).trim()).filter(Boolean))];
  if (ids.length === 0 && formatos.length === 0) throw new AppError('SIN_SELECCION', MSG_MINISTERIO.noHayDocumentosSeleccionados);
  if (ids.length + formatos.length > MAX_FORMATOS) throw new AppError('DEMASIADOS_FORMATOS', MSG_MINISTERIO.demasiadosFormatos);
  const docs = await findDocumentsByIdsOrFormatos(deps.db, ctx.tenantId, ids, formatos);
  const files = docs.length
    ? await listFileKinds(
        deps.db,
        ctx.tenantId,
        docs.map((d) => d.id),
      )
    : [];
  const valid = docs.filter((d) => (ESTADOS_ENVIO_MASIVO as readonly string[]).includes(d.estado));
  if (valid.length === 0) throw new AppError('SIN_ESTADO_VALIDO', MSG_MINISTERIO.sinEstadoValidoEnvio);
  // A retry scheduled for later (a wait for the ministry) does not hold a document back: the bulk send tries it now.
  const pending = await deps.jobs.pendingSends(
    ctx.tenantId,
    valid.map((d) => d.id),
    { fresh: true, disponibles: true },
  );
  const omitidos: TEnvioMasivoData['detalleOmitidos'] = [];
  const toSend: number[] = [];
  for (const d of docs) {
    const has = (tipo: string) => files.some((f) => f.fevRipsId === d.id && f.tipo === tipo);
    const complete = paqueteCompleto(d.muvEndpoint, { xml: has('xml'), json: has('json') });
    // Each left-out document says why in Spanish, with the one reason text the web uses too.
    const motivo = MSG_MINISTERIO.motivoOmision;
    if (!(ESTADOS_ENVIO_MASIVO as readonly string[]).includes(d.estado)) omitidos.push({ id: d.id, formato: d.formato, motivo: motivo(d.estado) });
    else if (d.estado === 'ENPROCESO' || pending.has(d.id)) omitidos.push({ id: d.id, formato: d.formato, motivo: motivo('EN_CURSO') });
    else if (!complete) omitidos.push({ id: d.id, formato: d.formato, motivo: motivo('FALTAN_ARCHIVOS') });
    else toSend.push(d.id);
  }
  const found = new Set(docs.flatMap((d) => [String(d.id), d.formato]));
  for (const id of ids) if (!found.has(String(id))) omitidos.push({ id, formato: '', motivo: MSG_MINISTERIO.motivoOmision('NO_ENCONTRADO') });
  for (const f of formatos) if (!found.has(f)) omitidos.push({ id: null, formato: f, motivo: MSG_MINISTERIO.motivoOmision('NO_ENCONTRADO') });
  const encolados = (await deps.jobs.enqueueSends(ctx.tenantId, ctx.userId, toSend)).length;
  await registrarAccion(deps.db, ctx, toSend, 'envio_programado', { detalle: 'envío masivo' });
  return { encolados, omitidos: omitidos.length, detalleOmitidos: omitidos };
}

/**
 * POST /api/FevRips/envio-masivo/resultado { ids, desde }: where a bulk send queued at `desde` stands, for
 * the list's summary when the batch ends. `enCurso`: documents with a send job queued or running (or ENPROCESO);
 * of the rest, those sent since `desde` are approved or not, those the ministry gave no verdict yet wait for Radica's
 * own retries (`sinRespuesta`, docs/decisions/047), the others ended without a send (the job was refused: missing
 * configuration, a status changed meanwhile…) and count as `sinEnviar`. Another tenant's or unknown ids are
 * not counted. `noAprobados` names the formatos to look at.
 */
export async function resumenEnvioMasivo(deps: TDeps, ctx: { tenantId: number }, input: { ids: number[]; desde: string }): Promise<TResumenEnvioMasivo> {
  const ids = [...new Set(input.ids.filter((n) => Number.isInteger(n) && n > 0))];
  if (ids.length === 0) throw new AppError('SIN_SELECCION', MSG_MINISTERIO.noHayDocumentosSeleccionados);
  const desde = new Date(input.desde);
  const docs = await findSendStates(deps.db, ctx.tenantId, ids);
  const pending = await deps.jobs.pendingSends(ctx.tenantId, docs.map((d) => d.id), { disponibles: true });
  const r: TResumenEnvioMasivo = { enCurso: 0, aprobados: 0, noAprobados: [], sinEnviar: 0, sinRespuesta: 0 };
  for (const d of docs) {
    if (d.estado === 'ENPROCESO' || (pending.has(d.id) && d.estado !== 'APROBADO')) r.enCurso++;
    else if (d.reintentoDesde && d.estado !== 'APROBADO') r.sinRespuesta++;
    else if (!d.fechaEnvio || d.fechaEnvio < desde) r.sinEnviar++;
    else if (d.estado === 'APROBADO') r.aprobados++;
    else r.noAprobados.push(d.formato);
  }
  return r;
}
