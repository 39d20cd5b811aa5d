import type { TPaqueteData } from '@radica/contracts/integraciones';
import type { TCanalDocumento, TVerificarFormatoData } from '@radica/contracts/documents';
import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { paqueteCompleto } from '@radica/contracts/muv';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { loadDoc } from './detail.ts';
import { listFileRefs, readFiles } from './repository.ts';
import { SENDABLE } from './status.ts';
import { sendDocument } from './send.ts';
import { uploadFile, type TCtx } from './upload.ts';
import { estadoPaquete } from '../integraciones/service.ts';

/** A file as a channel received it (an e-mail attachment, a ZIP entry, an SFTP upload). */
export type TArchivoEntrante = { filename: string; bytes: Buffer };

/** What happened to one received file: filed into document `fevRipsId`, or refused with `codigo` and its Spanish `mensaje`. */
export type TResultadoArchivo = {
  archivo: string;
  fevRipsId: number | null;
  formato: string | null;
  codigo: string | null;
  mensaje: string | null;
  /**
   * With codigo YA_RADICADO: the document that already holds this file, as the API's 409 FORMATO_EXISTS
   * describes it (describeFormato): its id, status, CUV, the ministry's process id and filing date.
   */
  existente?: { fevRipsId: number; estado: string; cuv: string | null; procesoId: number | null; fechaRadicacion: string | null };
};

/** A batch's outcome: per file, and per touched document (its status, findings and, when sent, the ministry's result). */
export type TResultadoLote = { archivos: TResultadoArchivo[]; documentos: TPaqueteData[] };

/**
 * File a batch of received files for the e-mail and SFTP channels (DESIGN.md flow: upload → check →
 * optional send → result), through the same upload path as the web and the API (uploadFile: checks, identity,
 * formato, pre-validation). Files pair by formato: an XML and a JSON of the same formato end in one document, in this
 * batch or with an earlier one still missing that side (an SFTP upload of the RIPS after its XML). A new document
 * records `canal`. With `enviar`, every touched document whose package is complete (MUV_CARGA_ENDPOINTS) is sent to
 * the ministry; a refused send is reported on the document, never thrown. A file's AppError is reported on the file;
 * other errors are thrown. Each file counts in the metrics as received or refused by its channel.
 */
export async function radicarLote(
  deps: TDeps,
  ctx: TCtx,
  archivos: TArchivoEntrante[],
  opts: { canal: TCanalDocumento; enviar: boolean; reintento?: boolean },
): Promise<TResultadoLote> {
  // The audit names the channel, not the company's first user the documents record.
  ctx = { ...ctx, canal: opts.canal };
  // XML first: it names the document's type; a RIPS then joins it.
  const ordered = [...archivos].sort((a, b) => rank(a.filename) - rank(b.filename));
  const resultados: TResultadoArchivo[] = [];
  const tocados: number[] = [];
  const canalMetrica = opts.canal === 'email' ? 'correo' : opts.canal === 'sftp' ? 'sftp' : null;
  for (const a of ordered) {
    const r = await radicarArchivo(deps, ctx, a, opts.canal, Boolean(opts.reintento));
    resultados.push(r);
    if (canalMetrica) deps.metrics.channelFile(canalMetrica, r.codigo ? 'rechazado' : 'recibido');
    if (r.fevRipsId !== null && !tocados.includes(r.fevRipsId)) tocados.push(r.fevRipsId);
  }
  const documentos: TPaqueteData[] = [];
  for (const id of tocados) {
    let envio: TPaqueteData['envio'] = null;
    if (opts.enviar && (await listoParaEnviar(deps, ctx, id))) {
      try {
        const sent = await sendDocument(deps, ctx, id);
        envio = { exitoso: sent.exitoso, mensaje: sent.mensaje ?? '' };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        envio = { exitoso: false, mensaje: err.message };
      }
    }
    documentos.push({ ...(await estadoPaquete(deps, ctx, id)), envio });
  }
  return { archivos: resultados, documentos };
}

const rank = (name: string) => (/\.xml$/i.test(name) ? 0 : 1);

/**
 * One file: a new document, or the missing side of the existing document of its formato. On a `reintento` (a channel
 * job retried after its process died, docs/decisions/029) a file whose exact bytes the existing document already holds
 * was filed by the interrupted attempt: it counts as filed (so the document is sent when it still waits), not refused.
 */
async function radicarArchivo(deps: TDeps, ctx: TCtx, a: TArchivoEntrante, canal: TCanalDocumento, reintento: boolean): Promise<TResultadoArchivo> {
  const base = { archivo: a.filename, fevRipsId: null, formato: null, codigo: null, mensaje: null };
  try {
    const up = await uploadFile(deps, ctx, { filename: a.filename, bytes: a.bytes, canal });
    return { ...base, fevRipsId: up.fevRipsId, formato: up.formato };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const existing = err.code === 'FORMATO_EXISTS' ? (err.data as TVerificarFormatoData | undefined) : undefined;
    const isXml = /\.xml$/i.test(a.filename);
    if (reintento && existing?.fevRipsId && (isXml ? existing.tieneXml : existing.tieneJson)) {
      const stored = (await readFiles(deps.db, ctx.tenantId, existing.fevRipsId)).find((f) => f.tipo === (isXml ? 'xml' : 'json'));
      if (stored?.content && Buffer.from(stored.content).equals(a.bytes)) return { ...base, fevRipsId: existing.fevRipsId, formato: (await loadDoc(deps, ctx, existing.fevRipsId)).formato };
    }
    if (existing?.fevRipsId && !(isXml ? existing.tieneXml : existing.tieneJson)) {
      try {
        const up = await uploadFile(deps, ctx, { filename: a.filename, bytes: a.bytes, fevRipsId: existing.fevRipsId });
        return { ...base, fevRipsId: up.fevRipsId, formato: up.formato };
      } catch (again) {
        if (!(again instanceof AppError)) throw again;
        return { ...base, codigo: again.code, mensaje: again.message };
      }
    }
    if (existing?.fevRipsId) return yaRadicado(deps, ctx, base, existing);
    return { ...base, codigo: err.code, mensaje: err.message };
  }
}

/**
 * A file sent again whose document already holds its side: already radicated, said with the document's
 * status and CUV from the API's 409 FORMATO_EXISTS data (documents/detail.ts describeFormato), the same facts the
 * API channel answers, never only 'Formato Ya Existe'.
 */
async function yaRadicado(deps: TDeps, ctx: TCtx, base: TResultadoArchivo, existing: TVerificarFormatoData): Promise<TResultadoArchivo> {
  const doc = await loadDoc(deps, ctx, existing.fevRipsId!);
  const estado = existing.estado ?? doc.estado;
  const cuv = estado === 'APROBADO' ? (existing.cuv ?? doc.cuv) : null;
  return {
    ...base,
    formato: doc.formato,
    codigo: 'YA_RADICADO',
    mensaje: MSG_INTEGRACIONES.yaRadicado(doc.formato, ESTADO_ETIQUETAS[estado as TEstado] ?? estado, cuv),
    existente: {
      fevRipsId: doc.id,
      estado,
      cuv,
      procesoId: doc.procesoId ?? null,
      fechaRadicacion: doc.fechaRadicacion ? doc.fechaRadicacion.toISOString() : null,
    },
  };
}

/** The document has what its package type needs and a status that may be sent (documents/status.ts SENDABLE). */
async function listoParaEnviar(deps: TDeps, ctx: TCtx, id: number): Promise<boolean> {
  const doc = await loadDoc(deps, ctx, id);
  if (!SENDABLE.includes(doc.estado as TEstado)) return false;
  const refs = await listFileRefs(deps.db, ctx.tenantId, id);
  return paqueteCompleto(doc.muvEndpoint, { xml: refs.some((f) => f.tipo === 'xml'), json: refs.some((f) => f.tipo === 'json') });
}
