import { findingToMuv, MUV_CARGA_ENDPOINTS, type TCargaEndpoint, type TResultadoValidacion } from '@radica/contracts/muv';
import { checkDocuments, RVG01_DESCRIPCION } from '@radica/fevrips/engine';
import { hasRechazo, type THallazgoLocal } from '@radica/fevrips/findings';
import { FevRipsError } from '@radica/fevrips/errors';
import { parseRipsObject, type TRipsParsed } from '@radica/fevrips/rips';
import { parseFevXml, type TFevXml } from '@radica/fevrips/xml';
import { computeCuv, decodeBase64Strict, formatFechaRadicacion, normalizeNit } from './formats.ts';
import {
  packageKey,
  type MuvStateStore,
  type TPaqueteAceptado,
  type TPeriodoAtencion,
} from './state.ts';

/**
 * The upload endpoints, keyed by lower-case name (routing is case-insensitive like ASP.NET); the table itself is the
 * contracts' description of the protocol (MUV_CARGA_ENDPOINTS, reference §1.2).
 */
export const CARGA_ENDPOINTS: ReadonlyMap<string, TCargaEndpoint> = new Map(MUV_CARGA_ENDPOINTS.map((e) => [e.name.toLowerCase(), e]));
export type { TCargaEndpoint };

/**
 * SIM001 is a SIMULATOR RULE (the ministry's code and text for it are unknown): the XML document
 * type and the RIPS `tipoNota` must be the ones the endpoint is for (§1.2 scenario table), so a
 * client that picks the wrong endpoint is caught.
 */
const SIM001_DESCRIPCION = 'El tipo de documento del paquete no corresponde al servicio de carga invocado.';

const NOMBRE_TIPO_DOCUMENTO: Record<string, string> = {
  FV: 'Factura de Venta',
  NC: 'Nota Crédito',
  ND: 'Nota Débito',
  OTRO: 'Documento Electrónico',
};

/**
 * RVG18 text. ⚠️ The real Descripcion is unknown: only the code and the existing CUV in
 * `Observaciones` are known, from a third-party client (Odoo mixin, fevrips-reference §1.5/§3.2).
 */
const RVG18_DESCRIPCION =
  'El paquete ya fue validado previamente por el Ministerio de Salud y Protección Social.';
/**
 * RVG02 as it comes with RVG18 on a re-send (fevrips-reference §9: "answered RVG02 + RVG18, whose Observaciones carry
 * the existing CUV, the CUFE/CUDE and the ProcesoId"). ⚠️ Both texts are the simulator's own; the order CUFE before
 * CUV is on purpose: both are 96 hex characters, and a client must not take the first it finds for the CUV.
 */
const RVG02_DESCRIPCION = 'El documento electrónico ya cuenta con un Código Único de Validación (CUV) en el Ministerio de Salud y Protección Social.';

/** The Observaciones of a re-send's RVG02 and RVG18: the CUFE/CUDE, the existing CUV and its ProcesoId. */
export function observacionesReenvio(p: { cuv: string; cufe?: string | null; procesoId: number }): string {
  return `${p.cufe ? `CUFE/CUDE: ${p.cufe} ` : ''}CUV: ${p.cuv} ProcesoId: ${p.procesoId}`;
}

/**
 * RVG19 is a SIMULATOR RULE (not a known ministry code): the NIT the user logged in with must be
 * the obligated party's NIT of the package (`rips.numDocumentoIdObligado`, or the XML's when
 * there is no RIPS). The real MUV ties the token to a provider too, but its code is unknown.
 */
const RVG19_DESCRIPCION =
  'El NIT del usuario autenticado no corresponde al NIT del obligado a facturar (numDocumentoIdObligado) del paquete.';

/**
 * `ModalidadPago` as text, like the real `"Pago por evento."` (§1.5, ✅ for 04 only; the other
 * names come from the salud_modalidad_pago list in §6, 🔸).
 */
const MODALIDAD_PAGO_TEXTO: Record<string, string> = {
  '01': 'Pago individual por caso / conjunto integral de atenciones / paquete / canasta.',
  '02': 'Pago global prospectivo.',
  '03': 'Pago por capitación.',
  '04': 'Pago por evento.',
  '05': 'Otra modalidad.',
};

/** The outcome of one upload: what to answer, and for an acceptance what was stored. */
export type TCargaResultado =
  | { kind: 'aceptado'; paquete: TPaqueteAceptado }
  | { kind: 'rechazado'; items: TResultadoValidacion[]; fechaRadicacion: string; duplicado?: boolean };

/** Input of `procesarCarga`: the endpoint, the JSON body, the NIT of the bearer token. */
export type TCargaInput = {
  endpoint: TCargaEndpoint;
  body: Record<string, unknown>;
  tokenNit: string;
  now: Date;
  store: MuvStateStore;
};

function rechazo(
  codigo: string,
  descripcion: string,
  fuente: string,
  observaciones = '',
  pathFuente = '',
): TResultadoValidacion {
  return {
    Clase: 'RECHAZADO',
    Codigo: codigo,
    Descripcion: descripcion,
    Observaciones: observaciones,
    PathFuente: pathFuente,
    Fuente: fuente,
  };
}

/** Maps a finding of `@radica/fevrips` to the MUV's PascalCase item (contracts' findingToMuv). */
export const toResultado = (hallazgo: THallazgoLocal): TResultadoValidacion => findingToMuv(hallazgo);

function isAbsent(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
}

type TXmlSide = { bytes: Uint8Array; parsed: TFevXml } | null;

function readXmlSide(endpoint: TCargaEndpoint, value: unknown, items: TResultadoValidacion[]): TXmlSide {
  if (endpoint.xml === 'ignored') return null;
  if (isAbsent(value)) {
    if (endpoint.xml === 'required') {
      items.push(
        rechazo(
          'XML_REQUERIDO',
          `El archivo de la factura electrónica (xmlFevFile) es obligatorio para ${endpoint.name}.`,
          'FacturaElectronica',
          '',
          'xmlFevFile',
        ),
      );
    }
    return null;
  }
  const bytes = typeof value === 'string' ? decodeBase64Strict(value) : null;
  if (!bytes) {
    items.push(
      rechazo(
        'XML_BASE64',
        'El contenido de xmlFevFile no es un texto Base64 válido del documento electrónico.',
        'FacturaElectronica',
        '',
        'xmlFevFile',
      ),
    );
    return null;
  }
  try {
    return { bytes, parsed: parseFevXml(bytes) };
  } catch (error) {
    if (!(error instanceof FevRipsError)) throw error;
    items.push(rechazo(error.code, error.message, 'FacturaElectronica', '', 'xmlFevFile'));
    return null;
  }
}

type TRipsSide = { raw: unknown; parsed: TRipsParsed } | null;

function readRipsSide(endpoint: TCargaEndpoint, value: unknown, items: TResultadoValidacion[]): TRipsSide {
  if (endpoint.rips === 'ignored') return null;
  if (value === null || value === undefined) {
    if (endpoint.rips === 'required') {
      items.push(
        rechazo(
          'RVG01',
          RVG01_DESCRIPCION,
          'Rips',
          `La propiedad [rips] es obligatoria para ${endpoint.name}.`,
          'rips',
        ),
      );
    }
    return null;
  }
  try {
    return { raw: value, parsed: parseRipsObject(value) };
  } catch (error) {
    if (!(error instanceof FevRipsError)) throw error;
    items.push(rechazo('RVG01', RVG01_DESCRIPCION, 'Rips', error.message, 'rips'));
    return null;
  }
}

/** SIM001 findings: document type / tipoNota not the ones `endpoint` is for. */
function endpointMismatches(
  endpoint: TCargaEndpoint,
  xml: TFevXml | null,
  rips: TRipsParsed | null,
): TResultadoValidacion[] {
  const out: TResultadoValidacion[] = [];
  if (xml && endpoint.tipoDocumento && xml.tipoDocumento !== endpoint.tipoDocumento) {
    const esperado = NOMBRE_TIPO_DOCUMENTO[endpoint.tipoDocumento];
    const recibido = NOMBRE_TIPO_DOCUMENTO[xml.tipoDocumento];
    out.push(
      rechazo(
        'SIM001',
        SIM001_DESCRIPCION,
        'FacturaElectronica',
        `${endpoint.name} espera [${esperado}]; se recibió [${recibido}]`,
      ),
    );
  }
  if (rips && rips.tipoNota !== endpoint.tipoNota) {
    const esperado = endpoint.tipoNota ?? 'null';
    out.push(
      rechazo(
        'SIM001',
        SIM001_DESCRIPCION,
        'Rips',
        `${endpoint.name} espera tipoNota [${esperado}]; se recibió [${rips.tipoNota ?? 'null'}]`,
        'tipoNota',
      ),
    );
  }
  return out;
}

/** The package's identity parts, from the RIPS when present, else from the XML. */
function identify(xml: TFevXml | null, rips: TRipsParsed | null) {
  const nit = text(rips?.numDocumentoIdObligado) ?? text(xml?.nitObligado) ?? '';
  if (rips) {
    const tipoNota = text(rips.tipoNota);
    return {
      nit,
      numFactura: text(rips.numFactura),
      tipoNota,
      // Without a note type the note number means nothing (real files carry "0" or null there).
      numNota: tipoNota ? text(rips.numNota) : null,
    };
  }
  const esNota = xml?.tipoDocumento === 'NC' || xml?.tipoDocumento === 'ND';
  return {
    nit,
    numFactura: esNota ? text(xml?.billingReference?.id) : text(xml?.numeroDocumento),
    tipoNota: esNota ? (xml?.tipoDocumento ?? null) : null,
    numNota: esNota ? text(xml?.numeroDocumento) : null,
  };
}

/** A date `YYYY-MM-DD` as .NET writes a `DateTime` without offset: `2025-02-13T00:00:00`. */
function dotNetDate(date: string | null): string | null {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00` : date;
}

/** `PeriodoAtencion` from the XML `InvoicePeriod` (shape from a real result, 🔸 §1.5). */
function periodoAtencion(xml: TFevXml | null): TPeriodoAtencion | null {
  if (!xml?.invoicePeriod) return null;
  return {
    FechaInicio: dotNetDate(xml.invoicePeriod.startDate),
    FechaFin: dotNetDate(xml.invoicePeriod.endDate),
  };
}

/**
 * Processes one `Cargar*` body like the MUV, in this order:
 * 1. read the sides the endpoint uses: `xmlFevFile` (base64 of the raw XML bytes) → `parseFevXml`,
 *    `rips` → `parseRipsObject`; a missing required side, bad base64 or a `FevRipsError` rejects;
 * 2. simulator rule SIM001: XML document type / RIPS `tipoNota` must fit the endpoint;
 * 3. simulator rule RVG19: the token's NIT must be the package's obligado;
 * 4. RVG02 + RVG18 when the same (NIT, numFactura, tipoNota, numNota) was accepted before (the existing CUV, CUFE and
 *    ProcesoId in Observaciones);
 * 5. the ministry checks (`checkDocuments` of `@radica/fevrips/engine`); any RECHAZADO rejects.
 * On success it reserves a `ProcesoId`, computes the CUV and remembers the package in `store`
 * (run it inside `store.transaction`, which writes it). Synchronous on purpose: the duplicate check and the insert
 * cannot interleave with another call.
 * @returns `aceptado` with the stored package, or `rechazado` with the PascalCase items.
 * @throws only on unexpected (non-`FevRipsError`) failures of the parsers or checks.
 * Source: fevrips-reference §1.2, §1.4, §1.5, §3.1–3.2, §3.5–3.6.
 */
export function procesarCarga(input: TCargaInput): TCargaResultado {
  const { endpoint, body, now, store } = input;
  const fechaRadicacion = formatFechaRadicacion(now);
  const items: TResultadoValidacion[] = [];
  const xml = readXmlSide(endpoint, body.xmlFevFile, items);
  const rips = readRipsSide(endpoint, body.rips, items);
  if (items.length > 0) return { kind: 'rechazado', items, fechaRadicacion };
  if (!xml && !rips) {
    items.push(
      rechazo('RVG01', RVG01_DESCRIPCION, 'Rips', 'El paquete no contiene RIPS ni factura electrónica.', ''),
    );
    return { kind: 'rechazado', items, fechaRadicacion };
  }

  items.push(...endpointMismatches(endpoint, xml?.parsed ?? null, rips?.parsed ?? null));
  if (items.length > 0) return { kind: 'rechazado', items, fechaRadicacion };

  const id = identify(xml?.parsed ?? null, rips?.parsed ?? null);
  if (normalizeNit(id.nit) !== normalizeNit(input.tokenNit)) {
    items.push(
      rechazo(
        'RVG19',
        RVG19_DESCRIPCION,
        rips ? 'Rips' : 'FacturaElectronica',
        `NIT del usuario autenticado [${input.tokenNit}], NIT del obligado en el paquete [${id.nit}]`,
        rips ? 'numDocumentoIdObligado' : '',
      ),
    );
    return { kind: 'rechazado', items, fechaRadicacion };
  }

  const key = packageKey(normalizeNit(id.nit), id.numFactura, id.tipoNota, id.numNota);
  const existente = store.findByKey(key);
  if (existente) {
    const observaciones = observacionesReenvio(existente);
    items.push(rechazo('RVG02', RVG02_DESCRIPCION, 'FacturaElectronica', observaciones, ''));
    items.push(rechazo('RVG18', RVG18_DESCRIPCION, 'Rips', observaciones, ''));
    return { kind: 'rechazado', items, fechaRadicacion, duplicado: true };
  }

  // The same single dispatch the product uses (pair, RIPS alone, XML alone). Source: reference §3.5–§3.6.
  const hallazgos = checkDocuments(xml?.parsed ?? null, rips?.parsed ?? null);
  const resultados = hallazgos.map(toResultado);
  if (hasRechazo(hallazgos)) return { kind: 'rechazado', items: resultados, fechaRadicacion };

  const x = xml?.parsed ?? null;
  const r = rips?.parsed ?? null;
  const modalidadCodigo = text(x?.salud?.modalidadPago);
  const modalidadPago = modalidadCodigo
    ? (MODALIDAD_PAGO_TEXTO[modalidadCodigo] ?? text(x?.salud?.modalidadPagoTexto) ?? modalidadCodigo)
    : null;
  const paquete: TPaqueteAceptado = {
    key,
    endpoint: endpoint.name,
    procesoId: store.nextProcesoId(),
    cuv: computeCuv(xml?.bytes ?? null, rips?.raw ?? null),
    fechaRadicacion,
    numFactura: id.numFactura ?? id.numNota ?? text(x?.numeroDocumento),
    modalidadPago,
    periodoAtencion: periodoAtencion(x),
    consulta: {
      tipoDocumento: x?.tipoDocumento ?? id.tipoNota,
      numDocumentoIdObligado: id.nit,
      numeroDocumento: text(x?.numeroDocumento) ?? id.numNota ?? id.numFactura,
      fechaEmision: dotNetDate(x?.issueDate ?? null),
      totalFactura: Number(x?.totals.payableAmount ?? 0),
      cantidadUsuarios: r?.resumen.cantidadUsuarios ?? 0,
      cantidadAtenciones: r?.resumen.cantidadAtenciones ?? 0,
      totalValorServicios: r?.resumen.totalValorServicios ?? 0,
      identificacionAdquiriente: text(x?.nitAdquiriente),
      codigoPrestador: text(x?.salud?.codigoPrestador),
      modalidadPago,
      numDocumentoReferenciado: id.tipoNota ? id.numFactura : null,
    },
    resultados,
    cufe: x?.cufe ? x.cufe.toLowerCase() : null,
  };
  store.add(paquete);
  return { kind: 'aceptado', paquete };
}
