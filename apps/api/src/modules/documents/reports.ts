import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { ESTADO_CODIGOS } from '@radica/contracts/enums';
import {
  MAX_FORMATOS,
  type TFormatosPaginaData,
  type TInformeRow,
  type TRespuestaRow,
  type TSearchRequest,
} from '@radica/contracts/documents';
import type { TInfoFevRips } from '@radica/contracts/documents';
import { parseFevXml } from '@radica/fevrips/xml';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { approvingAnswers, findDocumentsByFormatos, listFileKinds, readXmlFiles } from './repository.ts';
import { listIdsInOrder, searchFilter } from './list-repository.ts';
import { cargaEndpoint } from '@radica/contracts/muv';
import { lugarEnFamilia, resumirFamilia } from '../notas/familia.ts';
import { findFacturaRefs, listNotasDeFacturas } from '../notas/repository.ts';
import { esperaDelDocumento } from './espera.ts';

type TTenant = { tenantId: number };

/**
 * The tenant's formatos from a request list: trimmed, distinct, non-empty; AppError 400 'Lista de formatos es
 * requerida' when none remain (seed 001 §5 "Bulk actions"), 400 above MAX_FORMATOS.
 */
export function requireFormatos(formatos: readonly string[] | null | undefined): string[] {
  const list = [...new Set((formatos ?? []).map((f) => String(f ?? '').trim()).filter(Boolean))];
  if (list.length === 0) throw new AppError('FORMATOS_REQUERIDOS', MSG_MINISTERIO.listaFormatosRequerida);
  if (list.length > MAX_FORMATOS) throw new AppError('DEMASIADOS_FORMATOS', MSG_MINISTERIO.demasiadosFormatos);
  return list;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * POST /api/fevrips/informe-listado { formatos } (seed 001 §3 "Report row", §7): one row per formato of the tenant
 * (unknown formatos are skipped), in the order asked. numDocumentoReferenciado is the XML's billing reference
 * (notes only). The family columns (decision 051): the package type, a note's invoice in Radica, an invoice's notes,
 * credits, debits and net value. Throws AppError 400 'Lista de formatos es requerida'.
 */
export async function buildInforme(deps: Pick<TDeps, 'db'>, ctx: TTenant, formatos: readonly string[] | null | undefined): Promise<{ datos: TInformeRow[] }> {
  const list = requireFormatos(formatos);
  const docs = await findDocumentsByFormatos(deps.db, ctx.tenantId, list);
  if (docs.length === 0) return { datos: [] };
  const ids = docs.map((d) => d.id);
  const files = await listFileKinds(deps.db, ctx.tenantId, ids);
  const has = new Set(files.map((f) => `${f.fevRipsId}:${f.tipo}`));
  // Notes carry the invoice they refer to in the XML; invoices have none.
  const notes = docs.filter((d) => d.tipoDocumento === 'NC' || d.tipoDocumento === 'ND').map((d) => d.id);
  const referencias = new Map<number, string | null>();
  if (notes.length) {
    const xmls = await readXmlFiles(deps.db, ctx.tenantId, notes);
    for (const x of xmls) {
      try {
        referencias.set(x.fevRipsId, parseFevXml(x.content).billingReference?.id ?? null);
      } catch {
        referencias.set(x.fevRipsId, null);
      }
    }
  }
  const facturas = docs.filter((d) => lugarEnFamilia(d) === 'factura').map((d) => d.id);
  const notasDe = new Map<number, Awaited<ReturnType<typeof listNotasDeFacturas>>>();
  for (const n of facturas.length ? await listNotasDeFacturas(deps.db, ctx.tenantId, facturas) : []) {
    if (n.facturaId === null) continue;
    notasDe.set(n.facturaId, [...(notasDe.get(n.facturaId) ?? []), n]);
  }
  const ligadas = [...new Set(docs.flatMap((d) => (d.facturaId === null ? [] : [d.facturaId])))];
  const formatoDe = new Map((ligadas.length ? await findFacturaRefs(deps.db, ctx.tenantId, ligadas) : []).map((r) => [r.id, r.formato]));
  const byFormato = new Map(docs.map((d) => [d.formato, d]));
  const datos: TInformeRow[] = [];
  for (const f of list) {
    const d = byFormato.get(f);
    if (!d) continue;
    const info = (d.infoFevRips as TInfoFevRips | null) ?? null;
    datos.push({
      formato: d.formato,
      estado: d.estado,
      cuv: d.cuv,
      fechaCreacion: d.fechaCreacion.toISOString(),
      fechaEnvio: iso(d.fechaEnvio),
      fechaRadicacion: iso(d.fechaRadicacion),
      procesoId: d.procesoId ?? null,
      xml: has.has(`${d.id}:xml`),
      json: has.has(`${d.id}:json`),
      cantidadUsuarios: info?.cantidadUsuarios ?? null,
      cantidadAtenciones: info?.cantidadAtenciones ?? null,
      totalFactura: Number(d.totalFactura),
      totalValorServicios: info?.totalValorServicios ?? null,
      modalidadPago: info?.modalidadPago ?? null,
      identificacionAdquiriente: info?.identificacionAdquiriente ?? null,
      numDocumentoReferenciado: referencias.get(d.id) ?? null,
      canal: d.canal,
      ...columnasFamilia(d, notasDe.get(d.id) ?? [], d.facturaId === null ? null : (formatoDe.get(d.facturaId) ?? null)),
      esperaMinisterio: esperaDelDocumento(d),
    });
  }
  return { datos };
}

/** The family columns of one report row: an invoice's notes and sums, a note's invoice (decision 051). */
function columnasFamilia(
  d: { tipoDocumento: string; muvEndpoint: string | null; totalFactura: string },
  notas: Awaited<ReturnType<typeof listNotasDeFacturas>>,
  facturaNota: string | null,
): Pick<TInformeRow, 'paquete' | 'facturaNota' | 'cantidadNotas' | 'creditos' | 'debitos' | 'valorNeto'> {
  const paquete = cargaEndpoint(d.muvEndpoint)?.paquete ?? null;
  if (lugarEnFamilia(d) !== 'factura') return { paquete, facturaNota, cantidadNotas: null, creditos: null, debitos: null, valorNeto: null };
  const { creditos, debitos, valorNeto } = resumirFamilia(Number(d.totalFactura), notas);
  return { paquete, facturaNota: null, cantidadNotas: notas.length, creditos, debitos, valorNeto };
}

/**
 * POST /api/FevRips/respuesta-listado { formatos } (seed 001 §7; 'Descargar Respuestas'): for the APPROVED documents
 * among the formatos, the ministry's raw answer of the send that approved it (the latest upload attempt with an
 * answer: 200, or the 400 RVG18 answer that recovered the CUV), parsed as JSON. Throws AppError 400.
 */
export async function buildRespuestas(deps: Pick<TDeps, 'db'>, ctx: TTenant, formatos: readonly string[] | null | undefined): Promise<{ datos: TRespuestaRow[] }> {
  const list = requireFormatos(formatos);
  const docs = await findDocumentsByFormatos(deps.db, ctx.tenantId, list, { estado: 'APROBADO' });
  if (docs.length === 0) return { datos: [] };
  const attempts = await approvingAnswers(
    deps.db,
    ctx.tenantId,
    docs.map((d) => d.id),
  );
  const raw = new Map(attempts.map((a) => [a.fevRipsId, a.raw]));
  const byFormato = new Map(docs.map((d) => [d.formato, d]));
  const datos: TRespuestaRow[] = [];
  for (const f of list) {
    const d = byFormato.get(f);
    const text = d ? raw.get(d.id) : null;
    if (!d || !text) continue;
    let respuesta: unknown;
    try {
      respuesta = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      respuesta = text;
    }
    datos.push({ formato: d.formato, cuv: d.cuv, respuesta, procesoId: d.procesoId ?? null });
  }
  return { datos };
}

const CODIGO_A_ESTADO = new Map(Object.entries(ESTADO_CODIGOS).map(([k, v]) => [String(v), k]));

/**
 * POST /api/FevRips/formatos-pagina (seed 001 §7, §9 select-all): every document of the filter, in list order, with
 * its page (1-based) for `tamañoPagina` and its 0-based position in that page; at most MAX_FORMATOS (10 000).
 * `estadoInterno` accepts the search's `estado` names or the numeric codes (seed 001 §4).
 */
export async function listFormatosPagina(
  deps: Pick<TDeps, 'db'>,
  ctx: TTenant,
  q: Omit<TSearchRequest, 'estado' | 'pageIndex' | 'pageSize'> & {
    tamañoPagina: number;
    estadoInterno?: string | number | null;
    estado?: string | null;
  },
): Promise<TFormatosPaginaData> {
  const raw = q.estadoInterno ?? q.estado ?? null;
  const estado = raw === null || raw === '' ? null : (CODIGO_A_ESTADO.get(String(raw)) ?? String(raw));
  const filter = searchFilter(ctx.tenantId, { ...q, estado });
  const rows = await listIdsInOrder(deps.db, filter, MAX_FORMATOS);
  const size = q.tamañoPagina;
  return {
    formatos: rows.map((r, i) => ({ id: r.id, formato: r.formato, pagina: Math.floor(i / size) + 1, posicionEnPagina: i % size })),
    totalRecords: rows.length,
  };
}
