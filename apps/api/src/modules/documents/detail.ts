import { cargaEndpoint, esSinFactura } from '@radica/contracts/muv';
import { MSG } from '@radica/contracts/messages';
import { TIPOS_DOCUMENTO } from '@radica/contracts/enums';
import type { TDocumentDetailData, THallazgo, TVerificarFormatoData } from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { findDocument, findDocumentByFormato, listFileRefs, listFindings, type TDoc, type TQuery } from './repository.ts';
import { documentRows } from './search.ts';
import { historialDe } from './audit.ts';
import { familiaDe } from '../notas/familia.ts';
import type { TTipoArchivo } from './analysis.ts';

/** The tenant's document `id`; AppError 400 on an id ≤ 0 ('Error: ID de documento inválido'), 404 when not the tenant's. */
export async function loadDoc(deps: Pick<TDeps, 'db'>, ctx: { tenantId: number }, id: number): Promise<TDoc> {
  if (!Number.isInteger(id) || id <= 0) throw new AppError('INVALID_ID', MSG.invalidDocumentId);
  const doc = await findDocument(deps.db, ctx.tenantId, id);
  if (!doc) throw new AppError('NOT_FOUND', MSG.documentNotFound);
  return doc;
}

/** The document's files as the detail shows them: id, name and size of its XML and its JSON (null when missing). */
export async function filesOf(q: TQuery, tenantId: number, fevRipsId: number) {
  const rows = await listFileRefs(q, tenantId, fevRipsId);
  const ref = (t: TTipoArchivo) => {
    const f = rows.find((r) => r.tipo === t);
    return f ? { id: f.id, nombre: f.nombre, tamanoBytes: f.sizeBytes } : null;
  };
  return { xml: ref('xml'), json: ref('json') };
}

/**
 * GET /api/FevRips/{id}/detail (seed 001 §3 "Document detail"): the document, its files, the ministry's errors
 * (RECHAZADO) and notifications, Radica's own pre-validation findings (`prevalidacion`), who did what to it
 * (`historial`) and its family (`familia`: an invoice's notes and net value, or a note's invoice; decision
 * 051). Another tenant's id answers 404.
 */
export async function getDetail(deps: Pick<TDeps, 'db' | 'dbRows' | 'jobs'>, ctx: { tenantId: number }, id: number): Promise<TDocumentDetailData> {
  const doc = await loadDoc(deps, ctx, id);
  const [row] = await documentRows(deps, ctx, [doc.id]);
  const files = await filesOf(deps.db, ctx.tenantId, doc.id);
  const results = await listFindings(deps.db, ctx.tenantId, doc.id);
  const historial = await historialDe(deps, ctx.tenantId, doc.id);
  const familia = await familiaDe(deps.db, ctx.tenantId, doc);
  const toItem = (r: (typeof results)[number]): THallazgo => ({
    id: r.id,
    clase: r.clase,
    codigo: r.codigo,
    descripcion: r.descripcion,
    observaciones: r.observaciones,
    fuente: r.fuente,
    pathFuente: r.pathFuente,
  });
  const muv = results.filter((r) => r.origen === 'MUV');
  return {
    ...row!,
    // A RIPS without invoice is not a 'Factura de Venta': its package type names it.
    tipoDocumentoNombre: esSinFactura(doc.muvEndpoint)
      ? (cargaEndpoint(doc.muvEndpoint)?.paquete ?? 'RIPS sin factura')
      : (TIPOS_DOCUMENTO[doc.tipoDocumento as keyof typeof TIPOS_DOCUMENTO] ?? 'Documento Electrónico'),
    servicioCarga: doc.muvEndpoint ?? null,
    errores: muv.filter((r) => r.clase === 'RECHAZADO').map(toItem),
    notificaciones: muv.filter((r) => r.clase !== 'RECHAZADO').map(toItem),
    prevalidacion: results.filter((r) => r.origen === 'LOCAL').map(toItem),
    archivoXml: files.xml,
    archivoJson: files.json,
    historial,
    familia,
  };
}

/** POST /api/fevrips/verificar-formato (seed 001 §3 "Existing-format check result"). */
export async function describeFormato(deps: Pick<TDeps, 'db'>, ctx: { tenantId: number }, formato: string): Promise<TVerificarFormatoData> {
  const doc = await findDocumentByFormato(deps.db, ctx.tenantId, formato.trim());
  if (!doc) {
    return {
      existe: false,
      fevRipsId: null,
      estado: null,
      fechaCreacion: null,
      mensaje: 'El formato no existe; puede crear el reporte.',
      tieneXml: false,
      tieneJson: false,
      cuv: null,
      infoFaltante: [],
    };
  }
  const files = await filesOf(deps.db, ctx.tenantId, doc.id);
  const infoFaltante = [...(files.xml ? [] : ['Archivo XML']), ...(files.json ? [] : ['Archivo JSON'])];
  return {
    existe: true,
    fevRipsId: doc.id,
    estado: doc.estado,
    fechaCreacion: doc.fechaCreacion.toISOString(),
    mensaje: `Ya existe un reporte con el formato ${doc.formato}.`,
    tieneXml: Boolean(files.xml),
    tieneJson: Boolean(files.json),
    cuv: doc.cuv,
    infoFaltante,
  };
}
