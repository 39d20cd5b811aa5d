import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  API_KEY_MAX_ACTIVAS,
  type TApiKey,
  type TApiKeyCreated,
  type TPaqueteData,
} from '@radica/contracts/integraciones';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { getDetail } from '../documents/detail.ts';
import { sendDocumentQueued } from '../documents/send.ts';
import { uploadFile, type TCtx } from '../documents/upload.ts';
import { hashApiKey, newApiKey } from './api-key-check.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  confirmApiKey,
  countActiveApiKeys,
  findIdempotencyKey,
  insertApiKey,
  listApiKeys,
  releaseIdempotencyKey,
  renewIdempotencyLease,
  revokeApiKey,
  setIdempotencyDocument,
  takeOverIdempotencyKey,
  type TApiKeyRow,
  type TIdempotencyRow,
} from './repository.ts';
import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { loadDoc } from '../documents/detail.ts';
import { listFileRefs } from '../documents/repository.ts';
import { registrarAccion } from '../documents/audit.ts';
import { tenantPlan } from '../products/service.ts';
import { paqueteCompleto } from '@radica/contracts/muv';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toApiKey(row: TApiKeyRow, now: Date, creadaPor = ''): TApiKey {
  return {
    id: row.id,
    nombre: row.nombre,
    prefijo: row.prefijo,
    creadaEn: row.creadaEn.toISOString(),
    expiraEn: row.expiraEn.toISOString(),
    ultimoUso: iso(row.ultimoUso),
    revocadaEn: iso(row.revocadaEn),
    activa: row.revocadaEn === null && row.suspendidaEn === null && row.expiraEn > now,
    creadaPor,
    suspendida: row.revocadaEn === null && row.suspendidaEn !== null,
  };
}

/** GET /api/integraciones/claves: the tenant's keys, oldest first, without the keys themselves. */
export async function listarClaves(deps: Pick<TDeps, 'db'>, ctx: TCtx): Promise<TApiKey[]> {
  const now = new Date();
  return (await listApiKeys(deps.db, ctx.tenantId)).map((r) => toApiKey(r.key, now, r.creadaPor));
}

/**
 * POST /api/integraciones/claves: a new key named `nombre`, valid `diasVigencia` days; `clave` is returned this once
 * and stored only as its SHA-256. Throws AppError API_KEY_LIMIT (409) with API_KEY_MAX_ACTIVAS usable keys already.
 */
export async function crearClave(deps: Pick<TDeps, 'db'>, ctx: TCtx, input: { nombre: string; diasVigencia: number }): Promise<TApiKeyCreated> {
  const now = new Date();
  if ((await countActiveApiKeys(deps.db, ctx.tenantId, now)) >= API_KEY_MAX_ACTIVAS)
    throw new AppError('API_KEY_LIMIT', MSG_INTEGRACIONES.apiKeyLimite(API_KEY_MAX_ACTIVAS));
  const clave = newApiKey();
  const row = await insertApiKey(deps.db, ctx.tenantId, {
    creadaPor: ctx.userId,
    nombre: input.nombre,
    prefijo: clave.slice(0, 12),
    hash: hashApiKey(clave),
    expiraEn: new Date(now.getTime() + input.diasVigencia * 86_400_000),
  });
  return { ...toApiKey(row, now), clave };
}

/** DELETE /api/integraciones/claves/{id}: revoked at once. Throws API_KEY_NOT_FOUND (404) for another tenant's id. */
export async function revocarClave(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<TApiKey> {
  const now = new Date();
  const row = await revokeApiKey(deps.db, ctx.tenantId, id, now);
  if (!row) throw new AppError('API_KEY_NOT_FOUND', MSG_INTEGRACIONES.apiKeyNoEncontrada);
  return toApiKey(row, now);
}

/**
 * POST /api/integraciones/claves/{id}/confirmar: an administrator keeps a key suspended when its creator was
 * removed or lost the Administrador role; it works again and is theirs from now on. API_KEY_NOT_FOUND (404) for a key
 * of another tenant, revoked or not suspended.
 */
export async function confirmarClave(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<TApiKey> {
  const row = await confirmApiKey(deps.db, ctx.tenantId, id, ctx.userId);
  if (!row) throw new AppError('API_KEY_NOT_FOUND', MSG_INTEGRACIONES.apiKeyNoEncontrada);
  return toApiKey(row, new Date());
}

/** A package's files as the route read them (multipart parts or the JSON body's base64 XML and RIPS object). */
export type TPaqueteArchivos = {
  xml: { filename: string; bytes: Buffer } | null;
  rips: { filename: string; bytes: Buffer } | null;
  /** Send it too: at once (true) or queued ('async'). */
  enviar: boolean | 'async';
};

/** How long a replay waits for the first request with its Idempotency-Key to finish (ms). */
const ESPERA_IDEMPOTENCIA_MS = 15_000;

/**
 * POST /api/v1/paquetes: files the XML and/or the RIPS as one document of
 * channel 'api' through the same upload path as the web (checks, identity, formato, pre-validation), sends it to the
 * ministry when `enviar`, and answers the document with its local findings and, when sent, the ministry's result.
 * With an `idempotencyKey`, the same key and body answer the first result and create nothing new (a concurrent
 * duplicate waits for it); the same key with another body is 409 IDEMPOTENCY_CONFLICT. A request that fails releases
 * its key. The claim is a lease of SEND_LEASE_S renewed while the request works: when its process
 * dies, a replay after the lease takes the claim over and finishes the filing from the document the first request
 * made (the missing file, then the send unless the document already has the ministry's verdict). Returns the HTTP
 * status (201 created or finished, 200 replayed) with the data.
 * @throws the upload's and the send's AppErrors; PAQUETE_VACIO (400) without files; IDEMPOTENCY_IN_PROGRESS (409)
 *   while another live request holds the key.
 */
export async function radicarPaquete(
  deps: TDeps,
  ctx: TCtx,
  archivos: TPaqueteArchivos,
  idempotencyKey: string | null,
): Promise<{ status: number; data: TPaqueteData }> {
  if (!archivos.xml && !archivos.rips) throw new AppError('PAQUETE_VACIO', MSG_INTEGRACIONES.paqueteSinArchivos);
  // Asynchronous sending is what the Business plan sells (seed 002 §1): refused before anything is filed.
  if (archivos.enviar === 'async' && (await tenantPlan(deps, ctx.tenantId)) !== 'business')
    throw new AppError('PLAN_BUSINESS_REQUIRED', MSG_INTEGRACIONES.envioAsincronoBusiness);
  if (!idempotencyKey) {
    const data = await radicar(deps, ctx, archivos);
    return { status: estadoHttpDe(data), data };
  }

  const cuerpoHash = hashBody(archivos);
  const claim = await claimIdempotencyKey(deps.db, ctx.tenantId, idempotencyKey, cuerpoHash, deps.config.sendLeaseS);
  if (!claim) return replay(deps, ctx, archivos, idempotencyKey, cuerpoHash);
  return conClave(deps, ctx, archivos, claim);
}

/** The filing under a claimed key: its lease renewed meanwhile, its document recorded, its answer stored. */
async function conClave(deps: Pick<TDeps, 'config' | 'db' | 'dbRows' | 'log' | 'cipher' | 'analysis' | 'jobs'>, ctx: TCtx, archivos: TPaqueteArchivos, claim: TIdempotencyRow): Promise<{ status: number; data: TPaqueteData }> {
  const leaseS = deps.config.sendLeaseS;
  const renew = setInterval(() => {
    renewIdempotencyLease(deps.db, ctx.tenantId, claim.id, leaseS).catch((err: unknown) => deps.log.warn({ err }, 'idempotency lease not renewed'));
  }, (leaseS * 1000) / 3);
  renew.unref();
  try {
    const data = await radicar(deps, ctx, archivos, {
      fevRipsId: claim.fevRipsId,
      documento: (id) => setIdempotencyDocument(deps.db, ctx.tenantId, claim.id, id),
    });
    await completeIdempotencyKey(deps.db, ctx.tenantId, claim.id, { fevRipsId: data.id, estadoHttp: estadoHttpDe(data), respuesta: data });
    return { status: estadoHttpDe(data), data };
  } catch (err) {
    await releaseIdempotencyKey(deps.db, ctx.tenantId, claim.id);
    throw err;
  } finally {
    clearInterval(renew);
  }
}

/**
 * The answer of an Idempotency-Key already claimed: the stored one, after waiting for it when still in progress; a
 * claim whose lease passed (its request died) is taken over and finished here.
 */
async function replay(
  deps: Pick<TDeps, 'config' | 'db' | 'dbRows' | 'log' | 'cipher' | 'analysis' | 'jobs'>,
  ctx: TCtx,
  archivos: TPaqueteArchivos,
  clave: string,
  cuerpoHash: string,
): Promise<{ status: number; data: TPaqueteData }> {
  const deadline = Date.now() + ESPERA_IDEMPOTENCIA_MS;
  for (;;) {
    const row = await findIdempotencyKey(deps.db, ctx.tenantId, clave);
    if (row && row.cuerpoHash !== cuerpoHash) throw new AppError('IDEMPOTENCY_CONFLICT', MSG_INTEGRACIONES.idempotenciaConflicto);
    if (row?.respuesta) return { status: 200, data: row.respuesta as TPaqueteData };
    // The first request failed and released the key: this one may file it now.
    if (!row) throw new AppError('IDEMPOTENCY_IN_PROGRESS', MSG_INTEGRACIONES.idempotenciaEnCurso);
    if (row.leaseHasta.getTime() < Date.now()) {
      const taken = await takeOverIdempotencyKey(deps.db, ctx.tenantId, clave, cuerpoHash, deps.config.sendLeaseS);
      if (taken) return conClave(deps, ctx, archivos, taken);
    }
    if (Date.now() > deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS', MSG_INTEGRACIONES.idempotenciaEnCurso);
    await sleep(100);
  }
}

/** A filing's status: 202 when its send was queued (enviar=async), else 201 created. */
const estadoHttpDe = (data: TPaqueteData) => (data.envio?.enCola ? 202 : 201);

/** SHA-256 over what identifies a filing: both files' bytes and whether to send. */
export function hashBody(a: TPaqueteArchivos): string {
  const h = createHash('sha256');
  h.update(`xml:${a.xml?.bytes.length ?? -1}:`).update(a.xml?.bytes ?? Buffer.alloc(0));
  h.update(`rips:${a.rips?.bytes.length ?? -1}:`).update(a.rips?.bytes ?? Buffer.alloc(0));
  h.update(`enviar:${a.enviar}`);
  return h.digest('hex');
}

/** Statuses a resumed filing sends from: the document never reached the ministry, or the ministry did not take it. */
const SIN_VEREDICTO: readonly string[] = ['EN_ESPERA', 'PROCESADO', 'ERROR'];

/**
 * The filing itself: the XML first (it names the document), then the RIPS into the same document; then the send.
 * `progreso` resumes a filing a dead request began: files the document already has are not filed
 * again, and the send happens only when the document has no verdict yet (otherwise its state is reported); each new
 * document is told to `progreso.documento` as soon as it exists.
 */
async function radicar(
  deps: Pick<TDeps, 'config' | 'db' | 'dbRows' | 'cipher' | 'analysis' | 'jobs'>,
  ctx: TCtx,
  a: TPaqueteArchivos,
  progreso: { fevRipsId: number | null; documento: (id: number) => Promise<void> } = { fevRipsId: null, documento: async () => {} },
): Promise<TPaqueteData> {
  let id: number | null = progreso.fevRipsId;
  const tiene = id !== null ? new Set((await listFileRefs(deps.db, ctx.tenantId, id)).map((f) => f.tipo)) : new Set<string>();
  for (const [tipo, file] of [['xml', a.xml], ['json', a.rips]] as const) {
    if (!file || tiene.has(tipo)) continue;
    const up = await uploadFile(deps, ctx, { filename: file.filename, bytes: file.bytes, fevRipsId: id, canal: 'api' });
    if (id === null) await progreso.documento(up.fevRipsId);
    id = up.fevRipsId;
  }
  let envio: TPaqueteData['envio'] = null;
  const estado = progreso.fevRipsId !== null && a.enviar ? (await loadDoc(deps, ctx, id!)).estado : null;
  if (a.enviar === 'async' && (estado === null || SIN_VEREDICTO.includes(estado))) {
    envio = await encolarEnvio(deps, ctx, id!);
  } else if (a.enviar === true && (estado === null || SIN_VEREDICTO.includes(estado))) {
    try {
      const sent = await sendDocumentQueued(deps, ctx, id!);
      envio = { exitoso: sent.exitoso, mensaje: sent.mensaje ?? MSG_INTEGRACIONES.paqueteEnviado };
    } catch (err) {
      // The document is filed either way: a refused send (no configuration, ministry down…) is reported, not thrown.
      if (!(err instanceof AppError)) throw err;
      envio = { exitoso: false, mensaje: err.message };
    }
  } else if (a.enviar && estado !== null) {
    // Resumed after the send: its real state (approved or not by the ministry, or a send still under way).
    envio = { exitoso: estado === 'APROBADO', mensaje: estado === 'ENPROCESO' ? MSG.sendInProgress : (ESTADO_ETIQUETAS[estado as TEstado] ?? estado) };
  }
  return { ...(await estadoPaquete(deps, ctx, id!)), envio };
}

/**
 * `enviar=async` (the Business plan's asynchronous sending): the document's send goes to the tenant's send
 * queue (the bulk sends' pg-boss jobs: one send at a time per document, the tenant's slots toward the ministry) and the
 * filing answers at once; the job's result fires the result webhook and shows in GET /api/v1/paquetes/{id}. A document
 * that cannot be sent yet (a file missing, a status without a send) says why, as the synchronous send does.
 */
async function encolarEnvio(deps: Pick<TDeps, 'db' | 'jobs'>, ctx: TCtx, id: number): Promise<NonNullable<TPaqueteData['envio']>> {
  const doc = await loadDoc(deps, ctx, id);
  const refs = await listFileRefs(deps.db, ctx.tenantId, id);
  if (!paqueteCompleto(doc.muvEndpoint, { xml: refs.some((f) => f.tipo === 'xml'), json: refs.some((f) => f.tipo === 'json') }))
    return { exitoso: false, mensaje: MSG.sendNeedsBothFiles };
  if (!(await deps.jobs.pendingSends(ctx.tenantId, [id], { fresh: true, disponibles: true })).has(id)) {
    await deps.jobs.enqueueSends(ctx.tenantId, ctx.userId, [id]);
    await registrarAccion(deps.db, ctx, id, 'envio_programado', { detalle: 'envío asíncrono' });
  }
  return { exitoso: false, enCola: true, mensaje: MSG_INTEGRACIONES.paqueteEncolado };
}

/**
 * GET /api/v1/paquetes/{id} (and the tail of the filing): the document, its local findings and the ministry's result
 * once it has one. Another tenant's id is 404 (documents/detail.ts).
 */
export async function estadoPaquete(deps: Pick<TDeps, 'db' | 'dbRows' | 'jobs'>, ctx: { tenantId: number; userId: number }, id: number): Promise<TPaqueteData> {
  const doc = await getDetail(deps, ctx, id);
  // A send waiting in the queue (enviar=async) says so until its result arrives.
  const enCola = doc.estado !== 'APROBADO' && (await deps.jobs.pendingSends(ctx.tenantId, [id], { disponibles: true })).has(id);
  const sent = doc.cuv !== null || doc.errores.length > 0 || doc.notificaciones.length > 0 || doc.fechaRadicacion !== null;
  return {
    id: doc.id,
    formato: doc.formato,
    tipoDocumento: doc.tipoDocumento,
    estado: doc.estado,
    canal: doc.canal ?? 'plataforma',
    servicioCarga: doc.servicioCarga,
    hallazgos: doc.prevalidacion,
    envio: enCola ? { exitoso: false, enCola: true, mensaje: MSG_INTEGRACIONES.paqueteEncolado } : null,
    esperaMinisterio: doc.esperaMinisterio ?? null,
    resultado: sent
      ? {
          cuv: doc.cuv,
          ...(doc.cuvRecuperado ? { cuvRecuperado: true } : {}),
          fechaRadicacion: doc.fechaRadicacion,
          procesoId: doc.procesoId,
          errores: doc.errores,
          notificaciones: doc.notificaciones,
        }
      : null,
  };
}
