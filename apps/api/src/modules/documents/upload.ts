import { createHash } from 'node:crypto';
import { MSG } from '@radica/contracts/messages';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import type { TCanalDocumento, TUploadData } from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import { registrarAccion, type TActor } from './audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { TErrorCode } from '@radica/contracts/errors';
import { getTercero } from '../accounts/tercero.ts';
import { listCounts } from './count-cache.ts';
import { checkPrestadoresReps } from '../reps/service.ts';
import type { TAnalysis, TAnalysisInput, TTipoArchivo } from './analysis.ts';
import { describeFormato, loadDoc } from './detail.ts';
import {
  findDocumentByFormato,
  insertDocument,
  insertFile,
  listFileRefs,
  lockDocument,
  readOtherFile,
  replaceFindings,
  updateDocument,
  type TDoc,
  type TTx,
} from './repository.ts';
import { cargaEndpoint } from '@radica/contracts/muv';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { lugarEnFamilia } from '../notas/familia.ts';
import { assertEditable, estadoInicial, estadoPorContenido } from './status.ts';
import { archivosDelCuerpo, cuerpoCargarFevRips } from './cuerpo-cargar.ts';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';

export type TCtx = TActor;

/**
 * The analysis of an upload (analysis.ts, in the worker pool) plus RVC012 against the REPS table in the database: the
 * pool gathers the RIPS's provider codes, the REPS module decides them (packages/fevrips rules-reps.ts). The
 * one analysis every upload and file deletion goes through.
 */
export async function analyzeFiles(deps: Pick<TDeps, 'db' | 'analysis'>, input: TAnalysisInput): Promise<TAnalysis> {
  const analysis = await deps.analysis.analyze(input);
  if (!analysis.ok) return analysis;
  const reps = await checkPrestadoresReps(deps, analysis.codigosPrestador, analysis.numDocumentoIdObligado);
  return reps.length === 0 ? analysis : { ...analysis, findings: [...analysis.findings, ...reps] };
}

/** Identification numbers compare without spaces, hyphens, underscores and dots (seed 001 §5). */
export const normalizeId = (v: string) => v.replace(/[\s\-_.]/g, '').toUpperCase();

const TIPO_LABEL: Record<TTipoArchivo, 'XML' | 'JSON'> = { xml: 'XML', json: 'JSON' };

/**
 * POST /api/FevRips/subir-archivo (seed 001 §5, §7). Checks size and extension, then parses and checks the file with
 * the one of the other kind the document already has, in the upload worker pool (analysis.ts: XML with no
 * DTD/entities, JSON strictly; never on the event loop), checks the obligated party's identification against the
 * tenant's tercero and the formato against the document, then stores the file and recomputes the document in one
 * transaction. Throws AppError: 413 FILE_TOO_LARGE / RIPS_EXCEDE_LIMITE_MINISTERIO; 400 EXTENSION / XML_* / JSON_*; 422 IDENTITY_MISMATCH (data: both
 * values) / IDENTITY_NOT_FOUND; 404 NOT_FOUND; 409 FORMATO_MISMATCH / FORMATO_EXISTS / SLOT_FILLED / DOCUMENT_LOCKED /
 * DOCUMENT_CHANGED (the other file changed while this one was being checked).
 */
export async function uploadFile(
  deps: Pick<TDeps, 'config' | 'db' | 'analysis'>,
  ctx: TCtx,
  input: {
    filename: string;
    bytes: Buffer;
    fevRipsId?: number | null;
    tipoArchivo?: TTipoArchivo | null;
    /** The channel a new document records; default 'plataforma', the web upload. */
    canal?: TCanalDocumento;
  },
): Promise<TUploadData> {
  if (input.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', MSG.fileTooLarge);
  const ext = /\.([a-z0-9]+)$/i.exec(input.filename)?.[1]?.toLowerCase();
  const tipo: TTipoArchivo | null = ext === 'xml' ? 'xml' : ext === 'json' ? 'json' : null;
  if (input.tipoArchivo && tipo !== input.tipoArchivo)
    throw new AppError('EXTENSION', input.tipoArchivo === 'xml' ? MSG.onlyXml : MSG.onlyJson);
  if (!tipo) throw new AppError('EXTENSION', MSG.onlyXmlOrJson);
  if (input.bytes.length === 0) throw new AppError('EMPTY_FILE', tipo === 'xml' ? MSG.xmlInvalid : MSG.jsonInvalid);
  if (tipo === 'json') {
    const cuerpo = cuerpoCargarFevRips(input.bytes);
    if (cuerpo) return uploadCuerpo(deps, ctx, input, cuerpo);
    assertRipsCabeEnMinisterio(input.bytes.length, deps.config.muvMaxRipsBytes);
  }

  // The file of the other kind, read before the analysis so each file is parsed once; the transaction checks it is
  // still the same one.
  if (input.fevRipsId) await loadDoc(deps, ctx, input.fevRipsId);
  const other = input.fevRipsId ? ((await readOtherFile(deps.db, ctx.tenantId, input.fevRipsId, tipo)) ?? null) : null;
  const analysis = await analyzeFiles(deps, { tipo, bytes: input.bytes, other: other?.content ?? null });
  if (!analysis.ok) throw new AppError(analysis.code as TErrorCode, analysis.message);
  const tercero = await getTercero(deps, ctx);
  if (!analysis.idObligado) throw new AppError('IDENTITY_NOT_FOUND', MSG.identityNotFound);
  if (normalizeId(analysis.idObligado) !== normalizeId(tercero.numeroIdentificacion)) {
    throw new AppError('IDENTITY_MISMATCH', MSG.identityMismatch, {
      numeroIdentificacionArchivo: analysis.idObligado,
      numeroIdentificacionTercero: tercero.numeroIdentificacion,
    });
  }
  const formato = analysis.formato;
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');

  try {
    const uploaded = await deps.db.transaction(async (tx) => {
      let doc: TDoc;
      if (input.fevRipsId) {
        const found = await lockDocument(tx, ctx.tenantId, input.fevRipsId);
        if (!found) throw new AppError('NOT_FOUND', MSG.documentNotFound);
        assertEditable(found);
        if (found.formato !== formato)
          throw new AppError('FORMATO_MISMATCH', MSG.formatoMismatch, { formatoArchivo: formato, formatoDocumento: found.formato });
        const slots = await listFileRefs(tx, ctx.tenantId, found.id);
        if (slots.some((f) => f.tipo === tipo)) throw new AppError('SLOT_FILLED', MSG.slotFilled(TIPO_LABEL[tipo]));
        if ((slots.find((f) => f.tipo !== tipo)?.id ?? null) !== (other?.id ?? null))
          throw new AppError('DOCUMENT_CHANGED', MSG.documentChanged);
        doc = found;
      } else {
        // Described after the transaction: PGlite has one connection, a query outside tx would wait on it.
        if (await findDocumentByFormato(tx, ctx.tenantId, formato)) throw new AppError('FORMATO_EXISTS', MSG.formatoExists);
        doc = await insertDocument(tx, ctx.tenantId, {
          idUsuario: ctx.userId,
          formato,
          tipoDocumento: analysis.tipoDocumento ?? 'FV',
          estado: estadoInicial(tipo),
          canal: input.canal ?? 'plataforma',
        });
      }
      await insertFile(tx, ctx.tenantId, {
        fevRipsId: doc.id,
        tipo,
        nombre: safeName(input.filename),
        content: input.bytes,
        sha256,
        sizeBytes: input.bytes.length,
      });
      const updated = await updateDocument(tx, ctx.tenantId, doc.id, {
        estado: estadoPorContenido(doc, { xml: tipo === 'xml' || Boolean(other), json: tipo === 'json' || Boolean(other) }, analysis.endpoint),
        tipoDocumento: analysis.tipoDocumento ?? doc.tipoDocumento,
        totalFactura: storedAmount(analysis.totalFactura),
        infoFevRips: analysis.info,
        muvEndpoint: analysis.endpoint,
        fechaModificacion: new Date(),
      });
      await replaceFindings(tx, ctx.tenantId, doc.id, 'LOCAL', analysis.findings);
      await registrarAccion(tx, ctx, doc.id, 'carga', { canal: input.canal, detalle: `${TIPO_LABEL[tipo]} ${safeName(input.filename)}` });
      await unirAFactura(tx, ctx, updated!, analysis.facturaReferenciada, input.canal);
      return { fevRipsId: doc.id, tipoArchivo: tipo, formato, estado: updated!.estado, tipoDocumento: updated!.tipoDocumento };
    });
    listCounts(deps.db).invalidate(ctx.tenantId);
    return uploaded;
  } catch (err) {
    listCounts(deps.db).invalidate(ctx.tenantId);
    if ((err instanceof AppError && err.code === 'FORMATO_EXISTS') || isUniqueViolation(err))
      throw new AppError('FORMATO_EXISTS', MSG.formatoExists, await describeFormato(deps, ctx, formato));
    throw err;
  }
}

/**
 * A note joins its invoice's family (docs/decisions/051) when its package names an invoice the tenant holds (XML
 * BillingReference, else the note RIPS's numFactura), whatever channel filed it: the note records the invoice, and the
 * invoice's history who added the note. Nothing for a document already linked, an invoice, or an unknown invoice.
 */
async function unirAFactura(tx: TTx, ctx: TCtx, doc: TDoc, referencia: string | null, canal: TCanalDocumento | undefined): Promise<void> {
  if (doc.facturaId !== null || referencia === null || lugarEnFamilia(doc) !== 'nota') return;
  const factura = await findDocumentByFormato(tx, ctx.tenantId, referencia);
  if (!factura || factura.id === doc.id || lugarEnFamilia(factura) !== 'factura') return;
  await updateDocument(tx, ctx.tenantId, doc.id, { facturaId: factura.id });
  const paquete = cargaEndpoint(doc.muvEndpoint)?.paquete ?? doc.tipoDocumento;
  await registrarAccion(tx, ctx, factura.id, 'nota', { canal, detalle: MSG_NOTAS.historialNotaCreada(paquete, doc.formato) });
  await registrarAccion(tx, ctx, doc.id, 'nota', { canal, detalle: MSG_NOTAS.historialNotaDeFactura(factura.formato) });
}

/**
 * A JSON upload that is the ministry's CargarFevRips body `{ rips, xmlFevFile }`: both files out of
 * one, through the API channel's function (cuerpo-cargar.ts), each filed by uploadFile like a file of its own: the XML
 * first (it names the document), then the RIPS into the same document. Into an existing document, a side it already
 * holds with the same bytes is skipped. The answer is the last filing's, with `archivos` (the sides filed).
 * @throws AppError as uploadFile; PAQUETE_VACIO (400) for a body with neither file; PAQUETE_BASE64 (400) for an
 *   xmlFevFile that is not base64; a side's refusal keeps its code and data, its message says which side failed.
 */
async function uploadCuerpo(
  deps: Pick<TDeps, 'config' | 'db' | 'analysis'>,
  ctx: TCtx,
  input: { filename: string; fevRipsId?: number | null; canal?: TCanalDocumento },
  cuerpo: NonNullable<ReturnType<typeof cuerpoCargarFevRips>>,
): Promise<TUploadData> {
  const nombre = input.filename.replace(/\.json$/i, '') || 'cuerpo';
  const partes = archivosDelCuerpo(cuerpo, { nombre, base64Invalido: MSG_MINISTERIO.cuerpoBase64Invalido });
  if (!partes.xml && !partes.rips) throw new AppError('PAQUETE_VACIO', MSG_MINISTERIO.cuerpoVacio);
  let id = input.fevRipsId ?? null;
  if (id !== null) await loadDoc(deps, ctx, id); // another tenant's or an unknown id is 404 as it is, not a side's failure
  let last: TUploadData | null = null;
  const archivos: ('xml' | 'json')[] = [];
  for (const [tipo, file] of [['xml', partes.xml], ['json', partes.rips]] as const) {
    if (!file) continue;
    if (id !== null && tipo === 'xml') {
      const held = (await readOtherFile(deps.db, ctx.tenantId, id, 'json')) ?? null;
      if (held?.content && Buffer.from(held.content).equals(file.bytes)) continue;
    }
    try {
      last = await uploadFile(deps, ctx, { filename: file.filename, bytes: file.bytes, fevRipsId: id, canal: input.canal });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw new AppError(err.code, MSG_MINISTERIO.cuerpoParteFallo(tipo === 'xml' ? 'XML' : 'RIPS', err.message), err.data);
    }
    id = last.fevRipsId;
    archivos.push(tipo);
  }
  if (!last) {
    // Only an XML the document already held: nothing new was filed, the document is reported as it is.
    const doc = await loadDoc(deps, ctx, id!);
    return { fevRipsId: doc.id, tipoArchivo: 'xml', formato: doc.formato, estado: doc.estado, tipoDocumento: doc.tipoDocumento, archivos };
  }
  return { ...last, archivos };
}

/**
 * The ministry refuses a RIPS JSON over its size limit only after receiving all of it (reference §9: 200 MB per JSON
 * reported): a RIPS of `bytes` over `limite` (config MUV_MAX_RIPS_BYTES) is refused here, in the one upload path of
 * every intake (web, API channel, e-mail, SFTP, a radicated RIPS draft), before it is parsed, filed or sent. Every
 * intake caps a file at MAX_UPLOAD_BYTES first: the smaller limit applies.
 * @throws AppError RIPS_EXCEDE_LIMITE_MINISTERIO (413) with what to do (split the services into several invoices).
 */
export function assertRipsCabeEnMinisterio(bytes: number, limite: number): void {
  if (bytes <= limite) return;
  throw new AppError(
    'RIPS_EXCEDE_LIMITE_MINISTERIO',
    MSG_MINISTERIO.ripsExcedeLimite(Math.ceil((bytes * 10) / 1_048_576) / 10, Math.floor((limite * 10) / 1_048_576) / 10),
    { tamanoBytes: bytes, limiteBytes: limite },
  );
}

/** Largest invoice total the list stores (numeric(18,2)); a bigger or non-finite amount in a bad file stores 0. */
const MAX_STORED_AMOUNT = 1e16;

/**
 * An amount as the `total_factura` column takes it (COP, 2 decimals). A file may carry absurd amounts (1e308): the
 * engine reports them as findings (RVG01 on the field), and the document stores 0 instead of overflowing the column.
 */
export function storedAmount(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) && Math.abs(amount) < MAX_STORED_AMOUNT ? amount.toFixed(2) : '0';
}

/** File names are kept for display only: path separators and control characters become '_'. */
const safeName = (name: string) =>
  [...name].map((ch) => (ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32 ? '_' : ch)).join('').slice(-200);

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
