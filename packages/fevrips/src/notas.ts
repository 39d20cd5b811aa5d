import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { NOTA_TIPOS, type TNotaServicio, type TTipoNota } from '@radica/contracts/notas';
import { SERVICE_LISTS, VALUED_LISTS, datePart, type TServiceList } from './rips.ts';
import { extractFormato, isRecord, roundCents, toNumber } from './shared.ts';
import type { TFevLinea, TFevXml } from './xml.ts';

/**
 * Notes built from a filed invoice (reference §1.2 "package types", §3.6 RVC004, §4.4, §9): the note's RIPS holds only
 * the services it credits or debits, with the note's values, `tipoNota`, `numNota` = the DIAN note number and
 * `numFactura` = the invoice's. Providers build it by hand from the invoice's RIPS (§9: "credit-note RIPS are built by
 * hand … only the credited services, tipoNota NC, numNota = the DIAN note number, values of the note"); these pure
 * functions do it for the API, the web page and the CLI. Services are named in the ministry's own path notation
 * (`usuarios[0].servicios.procedimientos[1]`, its findings' PathFuente).
 */

/** One service of an invoice's RIPS. Amounts COP; `fecha` yyyy-mm-dd. */
export type TServicioFactura = {
  pathFuente: string;
  lista: TServiceList;
  usuario: number;
  indice: number;
  /** "CC 39543270": the user's `tipoDocumentoIdentificacion` and `numDocumentoIdentificacion`. */
  usuarioId: string;
  codigo: string | null;
  descripcion: string | null;
  fecha: string | null;
  /** `vrServicio`; null for the lists without one (urgencias, hospitalización, recién nacidos). */
  valor: number | null;
};

/** The code of a service by list (CUPS for consultas and procedimientos, CUM/IUM or the supply's code otherwise). */
const CODE_KEY: Partial<Record<TServiceList, string>> = {
  consultas: 'codConsulta',
  procedimientos: 'codProcedimiento',
  medicamentos: 'codTecnologiaSalud',
  otrosServicios: 'codTecnologiaSalud',
};
const NAME_KEY: Partial<Record<TServiceList, string>> = {
  medicamentos: 'nomTecnologiaSalud',
  otrosServicios: 'nomTecnologiaSalud',
};
const DATE_KEYS = ['fechaInicioAtencion', 'fechaDispensAdmon', 'fechaSuministroTecnologia', 'fechaNacimiento'];
const VALUED = new Set<TServiceList>(VALUED_LISTS);

/** Quantity and unit-value fields of the lists that carry them (vrServicio = cantidad × unitario, RVC094). */
const QUANTITY_KEYS: Partial<Record<TServiceList, { cantidad: string; unitario: string }>> = {
  medicamentos: { cantidad: 'cantidadMedicamento', unitario: 'vrUnitMedicamento' },
  otrosServicios: { cantidad: 'cantidadOS', unitario: 'vrUnitOS' },
};

const text = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t ? t : null;
};

/**
 * Every service object of the invoice's RIPS, in file order (users, then the lists in the order of Res. 2275/2023 §2.1,
 * then the entries). Entries that are not objects are skipped; nothing for a RIPS without `usuarios`.
 */
export function serviciosDeFactura(rips: Record<string, unknown>): TServicioFactura[] {
  const out: TServicioFactura[] = [];
  const usuarios = rips['usuarios'];
  if (!Array.isArray(usuarios)) return out;
  usuarios.forEach((usuario: unknown, u) => {
    if (!isRecord(usuario) || !isRecord(usuario['servicios'])) return;
    const servicios = usuario['servicios'];
    const usuarioId = [text(usuario['tipoDocumentoIdentificacion']), text(usuario['numDocumentoIdentificacion'])]
      .filter(Boolean)
      .join(' ');
    for (const lista of SERVICE_LISTS) {
      const items = servicios[lista];
      if (!Array.isArray(items)) continue;
      items.forEach((s: unknown, j) => {
        if (!isRecord(s)) return;
        const fecha = DATE_KEYS.map((k) => datePart(s[k])).find((d) => d !== null) ?? null;
        const codeKey = CODE_KEY[lista];
        const nameKey = NAME_KEY[lista];
        out.push({
          pathFuente: `usuarios[${u}].servicios.${lista}[${j}]`,
          lista,
          usuario: u,
          indice: j,
          usuarioId,
          codigo: codeKey ? text(s[codeKey]) : null,
          descripcion: nameKey ? text(s[nameKey]) : null,
          fecha,
          valor: VALUED.has(lista) ? roundCents(toNumber(s['vrServicio']) ?? 0) : null,
        });
      });
    }
  });
  return out;
}

/**
 * What each service of the invoice was already credited by earlier credit notes (`notas`: their RIPS), by pathFuente.
 * A note's RIPS does not keep the invoice's paths (its users and services are renumbered), so a credited service is
 * recognised by its list, user, code and date; the credits of one such key fill the invoice's services with that key in
 * file order, each up to its value (two identical services on the same day are one pool).
 */
export function creditosPrevios(
  servicios: readonly TServicioFactura[],
  notas: readonly Record<string, unknown>[],
): Map<string, number> {
  const pool = new Map<string, number>();
  for (const nota of notas) {
    for (const s of serviciosDeFactura(nota)) {
      if (s.valor === null || s.valor <= 0) continue;
      const key = claveServicio(s);
      pool.set(key, roundCents((pool.get(key) ?? 0) + s.valor));
    }
  }
  const out = new Map<string, number>();
  for (const s of servicios) {
    if (s.valor === null) continue;
    const key = claveServicio(s);
    const left = pool.get(key) ?? 0;
    if (left <= 0) continue;
    const taken = Math.min(left, s.valor);
    out.set(s.pathFuente, taken);
    pool.set(key, roundCents(left - taken));
  }
  return out;
}

const claveServicio = (s: TServicioFactura) => `${s.lista}|${s.usuarioId}|${s.codigo ?? ''}|${s.fecha ?? ''}`;

/** One service proposed for the note, with its value (null for an adjustment note: values do not change). */
export type TServicioPropuesto = { pathFuente: string; valor: number | null };
/** A line of the note and what the proposal gave it. */
export type TLineaPropuesta = TFevLinea & { servicios: string[]; sinEmparejar: number };

/**
 * A proposed choice of services for the note, from its XML lines (code and value), deterministic (the same files give
 * the same proposal) and meant to be reviewed by the user. For each line in document order, among the invoice's
 * services with the line's code not yet taken, in file order (codes compare without case and surrounding spaces, and a
 * CUM's consecutive is optional: the XML's "230145-1" is the RIPS's "230145"; billing systems often write their own
 * item codes, so a line whose code no service has takes the first service whose value equals the line's):
 * 1. one whose available value equals the line's value;
 * 2. else, for a line of quantity q ≥ 2, the first q whose available value is at least the unit value (line value / q,
 *    the last one taking the cents left over);
 * 3. else, for a credit note, as many as needed in file order, each credited up to its available value; for a debit
 *    note the first one, debited the whole line.
 * What no service takes stays `sinEmparejar`. An adjustment note (no values) takes the first service of each line's
 * code. `disponible` gives what a credit note may still credit per pathFuente (default: the service's value).
 */
export function proponerServicios<S extends TServicioFactura>(
  tipo: TTipoNota,
  lineas: readonly TFevLinea[],
  servicios: readonly S[],
  disponible: (s: S) => number = (s) => s.valor ?? 0,
): { servicios: TServicioPropuesto[]; lineas: TLineaPropuesta[] } {
  const chosen = new Map<string, number | null>();
  const out: TLineaPropuesta[] = [];
  const credito = tipo === 'NC' || tipo === 'NCTotal';
  for (const linea of lineas) {
    const taken: string[] = [];
    const valor = linea.valor === null ? null : roundCents(linea.valor);
    const libres = servicios.filter(
      (s) => !chosen.has(s.pathFuente) && (tipo === 'NA' || (s.valor !== null && (!credito || disponible(s) > 0))),
    );
    let candidates = libres.filter((s) => mismoCodigo(linea.codigo, s.codigo));
    if (candidates.length === 0 && valor !== null && valor > 0) {
      const porValor = libres.find((s) => (credito ? disponible(s) : s.valor) === valor);
      candidates = porValor ? [porValor] : [];
    }
    const take = (s: S, valor: number | null) => {
      chosen.set(s.pathFuente, valor);
      taken.push(s.pathFuente);
    };
    let restante = valor ?? 0;
    if (tipo === 'NA') {
      if (candidates[0]) take(candidates[0], null);
      out.push({ ...linea, servicios: taken, sinEmparejar: 0 });
      continue;
    }
    if (valor !== null && valor > 0 && candidates.length > 0) {
      const exact = candidates.find((s) => (credito ? disponible(s) : s.valor) === valor);
      const q = Math.round(linea.cantidad ?? 1);
      const unit = q >= 2 ? roundCents(valor / q) : 0;
      const byQuantity = q >= 2 ? candidates.filter((s) => !credito || disponible(s) >= unit).slice(0, q) : [];
      if (exact) {
        take(exact, valor);
        restante = 0;
      } else if (q >= 2 && byQuantity.length === q) {
        byQuantity.forEach((s, i) => take(s, i === q - 1 ? roundCents(valor - unit * (q - 1)) : unit));
        restante = 0;
      } else if (credito) {
        for (const s of candidates) {
          if (restante <= 0) break;
          const part = roundCents(Math.min(disponible(s), restante));
          take(s, part);
          restante = roundCents(restante - part);
        }
      } else {
        take(candidates[0]!, valor);
        restante = 0;
      }
    }
    out.push({ ...linea, servicios: taken, sinEmparejar: valor !== null && valor > 0 ? restante : 0 });
  }
  const propuestos = servicios
    .filter((s) => chosen.has(s.pathFuente))
    .map((s) => ({ pathFuente: s.pathFuente, valor: chosen.get(s.pathFuente) ?? null }));
  return { servicios: propuestos, lineas: out };
}

/** Codes compare without case and spaces; a CUM's "-consecutivo" is optional on either side. */
function mismoCodigo(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const x = a.trim().toUpperCase();
  const y = b.trim().toUpperCase();
  return x === y || x.replace(/-\d+$/, '') === y.replace(/-\d+$/, '');
}

/** Why a choice of services cannot make the note: a code for programs, the pathFuente and the Spanish message. */
export type TErrorServicioNota = {
  motivo: 'SIN_SERVICIOS' | 'DESCONOCIDO' | 'REPETIDO' | 'SIN_VALOR' | 'VALOR_NO_POSITIVO' | 'VALOR_EXCEDE' | 'VALOR_EN_AJUSTE';
  pathFuente: string;
  mensaje: string;
};

/** The choice of services checked: each service with the value the note gives it, or every error found. */
export type TServiciosNota =
  | { ok: true; servicios: { servicio: TServicioFactura; valor: number }[] }
  | { ok: false; errores: TErrorServicioNota[] };

/**
 * Checks the services chosen for a note against the invoice's (`servicios`, from {@link serviciosDeFactura}):
 * at least one; each a service of the invoice, named once; for a credit or debit note one with a value (the lists
 * with vrServicio), the note's value > 0 (omitted: the service's value; for a credit note what is left of it after
 * the earlier credit notes, `disponible`), and for a credit note at most what is left to credit; an adjustment note
 * changes no value (no `valor`). Decision 018 left "each credited service ≤ what was invoiced" to the API; it is here.
 * `formatCop` writes the amounts of the messages. Pure; never throws.
 */
export function revisarServicios<S extends TServicioFactura>(
  tipo: Exclude<TTipoNota, 'NCTotal'>,
  elegidos: readonly TNotaServicio[],
  servicios: readonly S[],
  opciones: { disponible?: (s: S) => number; formatCop?: (n: number) => string } = {},
): TServiciosNota {
  const fmt = opciones.formatCop ?? ((n: number) => String(n));
  const disponible = opciones.disponible ?? ((s: S) => s.valor ?? 0);
  const byPath = new Map<string, S>(servicios.map((s) => [s.pathFuente, s]));
  const errores: TErrorServicioNota[] = [];
  const seen = new Set<string>();
  const out: { servicio: TServicioFactura; valor: number }[] = [];
  if (elegidos.length === 0) return { ok: false, errores: [{ motivo: 'SIN_SERVICIOS', pathFuente: '', mensaje: MSG_NOTAS.serviciosRequeridos }] };
  for (const e of elegidos) {
    const path = normalizarPath(e.pathFuente);
    const s = byPath.get(path);
    const fail = (motivo: TErrorServicioNota['motivo'], mensaje: string) => errores.push({ motivo, pathFuente: e.pathFuente, mensaje });
    if (!s) {
      fail('DESCONOCIDO', MSG_NOTAS.servicioDesconocido(e.pathFuente));
      continue;
    }
    if (seen.has(path)) {
      fail('REPETIDO', MSG_NOTAS.servicioRepetido(path));
      continue;
    }
    seen.add(path);
    const valor = e.valor ?? null;
    if (tipo === 'NA') {
      if (valor !== null) fail('VALOR_EN_AJUSTE', MSG_NOTAS.valorEnAjuste(path));
      else out.push({ servicio: s, valor: s.valor ?? 0 });
      continue;
    }
    if (s.valor === null) {
      fail('SIN_VALOR', MSG_NOTAS.servicioSinValor(path));
      continue;
    }
    const libre = tipo === 'NC' ? roundCents(disponible(s)) : s.valor;
    const v = valor === null ? libre : roundCents(valor);
    if (!(v > 0)) {
      fail('VALOR_NO_POSITIVO', MSG_NOTAS.valorNoPositivo(path));
      continue;
    }
    if (tipo === 'NC' && v > libre) {
      fail(
        'VALOR_EXCEDE',
        libre < s.valor ? MSG_NOTAS.valorExcedeDisponible(path, fmt(v), fmt(libre)) : MSG_NOTAS.valorExcedeServicio(path, fmt(v), fmt(s.valor)),
      );
      continue;
    }
    out.push({ servicio: s, valor: v });
  }
  return errores.length > 0 ? { ok: false, errores } : { ok: true, servicios: out };
}

/** A pathFuente as the builder lists it: spaces removed ("usuarios[0].servicios.procedimientos[1]"). */
const normalizarPath = (path: string) => path.replace(/\s+/g, '');

/**
 * The note's RIPS from the invoice's (`factura`) and the checked services ({@link revisarServicios}): the invoice's
 * transaction fields with `tipoNota`, `numNota` and `numFactura` (the invoice's, RVC004); only the users with a chosen
 * service, renumbered `consecutivo` 1…n; in each user only the chosen services, in the invoice's order, renumbered per
 * list. A credit or debit note's service carries the note's value in `vrServicio` and no moderator payment
 * (`valorPagoModerador` 0, `conceptoRecaudo` "05" no aplica, `numFEVPagoModerador` null: DT1 v002 pp. 84–85, rule
 * NOTA_PAGO_MODERADOR); a medication or other service keeps vrServicio = quantity × unit value (RVC094): the quantity
 * becomes value / unit value when that is a whole number, else quantity 1 at the note's value. An adjustment note keeps
 * the services as invoiced (the user corrects their data in the RIPS editor). The invoice is not changed.
 */
export function construirRipsNota(
  factura: Record<string, unknown>,
  nota: {
    tipo: Exclude<TTipoNota, 'NCTotal'>;
    numNota: string;
    numFactura: string;
    servicios: readonly { servicio: TServicioFactura; valor: number }[];
  },
): Record<string, unknown> {
  const tipoNota = NOTA_TIPOS[nota.tipo].tipoNota;
  const valores = new Map(nota.servicios.map((s) => [s.servicio.pathFuente, s.valor]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(factura)) if (k !== 'usuarios') out[k] = v;
  Object.assign(out, { numFactura: nota.numFactura, tipoNota, numNota: nota.numNota });
  const usuarios: Record<string, unknown>[] = [];
  const source = Array.isArray(factura['usuarios']) ? (factura['usuarios'] as unknown[]) : [];
  source.forEach((usuario, u) => {
    if (!isRecord(usuario) || !isRecord(usuario['servicios'])) return;
    const servicios: Record<string, unknown[]> = {};
    for (const [lista, items] of Object.entries(usuario['servicios'])) {
      if (!Array.isArray(items)) continue;
      const kept: unknown[] = [];
      items.forEach((s: unknown, j) => {
        const valor = valores.get(`usuarios[${u}].servicios.${lista}[${j}]`);
        if (valor === undefined || !isRecord(s)) return;
        kept.push({ ...servicioDeNota(nota.tipo, lista as TServiceList, s, valor), consecutivo: kept.length + 1 });
      });
      if (kept.length > 0) servicios[lista] = kept;
    }
    if (Object.keys(servicios).length === 0) return;
    usuarios.push({ ...usuario, consecutivo: usuarios.length + 1, servicios });
  });
  out['usuarios'] = usuarios;
  return out;
}

function servicioDeNota(
  tipo: Exclude<TTipoNota, 'NCTotal'>,
  lista: TServiceList,
  s: Record<string, unknown>,
  valor: number,
): Record<string, unknown> {
  if (tipo === 'NA') return { ...s };
  const out: Record<string, unknown> = { ...s, vrServicio: valor, conceptoRecaudo: '05', valorPagoModerador: 0, numFEVPagoModerador: null };
  const q = QUANTITY_KEYS[lista];
  if (q && roundCents(toNumber(s['vrServicio']) ?? 0) !== valor) {
    const unitario = toNumber(s[q.unitario]);
    const n = unitario && unitario > 0 ? valor / unitario : NaN;
    if (Number.isInteger(n) && n >= 1) out[q.cantidad] = n;
    else Object.assign(out, { [q.cantidad]: 1, [q.unitario]: valor });
  }
  return out;
}

/** Σ vrServicio of a note's RIPS (the lists that carry it), COP. */
export function totalServicios(rips: Record<string, unknown>): number {
  return roundCents(serviciosDeFactura(rips).reduce((sum, s) => sum + (s.valor ?? 0), 0));
}

/** The value of a note, COP: its `LineExtensionAmount` (what RVG02 compares the RIPS with), else its `PayableAmount`. */
export function valorDeNota(xml: TFevXml): number {
  return roundCents(xml.totals.lineExtensionAmount ?? xml.totals.payableAmount ?? 0);
}

/** A reason why a note's XML does not belong to the invoice, with its Spanish message. */
export type TProblemaNota = {
  motivo: 'NO_ES_NOTA' | 'TIPO_NO_COINCIDE' | 'SIN_REFERENCIA' | 'OTRA_FACTURA' | 'OTRO_CUFE' | 'OTRO_NIT';
  mensaje: string;
};

const NOMBRE_DOCUMENTO: Record<string, string> = {
  FV: 'una factura electrónica',
  NC: 'una nota crédito',
  ND: 'una nota débito',
  OTRO: 'un documento electrónico',
};
const TIPO_ELEGIDO: Record<TTipoNota, string> = {
  NC: 'una nota crédito parcial',
  NCTotal: 'una nota crédito total',
  ND: 'una nota débito',
  NA: 'una nota de ajuste',
};

/** Identification numbers compare without spaces, hyphens, underscores and dots (seed 001 §5). */
const normalizeId = (v: string) => v.replace(/[\s\-_.]/g, '').toUpperCase();

/**
 * The problems of a note's XML against the invoice it is built on, in this order (an empty list: it belongs):
 * - NO_ES_NOTA: the XML is not a credit or debit note;
 * - TIPO_NO_COINCIDE: a credit note (NC, NCTotal) needs a CreditNote, a debit note a DebitNote (reference §4.4);
 * - OTRO_NIT: the note's issuer is not the invoice's;
 * - SIN_REFERENCIA: no `cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID` (the MUV accepts only notes with a
 *   reference, CustomizationID 20/30, reference §4.4);
 * - OTRA_FACTURA: it references another invoice number (RVC004 compares the note's numFactura with it);
 * - OTRO_CUFE: it names this invoice's number with another invoice's CUFE (its `cbc:UUID`, when both are written).
 * `factura.numero` is the invoice's `cbc:ID`, `cufe` its CUFE, `nit` its issuer's NIT.
 */
export function revisarNotaXml(
  tipo: TTipoNota,
  nota: TFevXml,
  factura: { numero: string; cufe: string | null; nit: string | null },
): TProblemaNota[] {
  if (nota.tipoDocumento !== 'NC' && nota.tipoDocumento !== 'ND') {
    return [{ motivo: 'NO_ES_NOTA', mensaje: MSG_NOTAS.noEsNota(NOMBRE_DOCUMENTO[nota.tipoDocumento] ?? NOMBRE_DOCUMENTO['OTRO']!) }];
  }
  const out: TProblemaNota[] = [];
  const esperado = NOTA_TIPOS[tipo].documento;
  if (esperado !== null && esperado !== nota.tipoDocumento)
    out.push({ motivo: 'TIPO_NO_COINCIDE', mensaje: MSG_NOTAS.tipoNoCoincide(TIPO_ELEGIDO[tipo], NOMBRE_DOCUMENTO[nota.tipoDocumento]!) });
  if (factura.nit && nota.nitObligado && normalizeId(nota.nitObligado) !== normalizeId(factura.nit))
    out.push({ motivo: 'OTRO_NIT', mensaje: MSG_NOTAS.otroNit(nota.nitObligado, factura.nit) });
  const referencia = nota.billingReference?.id ?? null;
  if (!referencia) {
    out.push({ motivo: 'SIN_REFERENCIA', mensaje: MSG_NOTAS.sinReferencia });
  } else if (normalizeId(referencia) !== normalizeId(factura.numero)) {
    out.push({ motivo: 'OTRA_FACTURA', mensaje: MSG_NOTAS.otraFactura(referencia, factura.numero) });
  } else {
    const uuid = nota.billingReference?.uuid ?? null;
    if (uuid && factura.cufe && uuid.toLowerCase() !== factura.cufe.toLowerCase())
      out.push({ motivo: 'OTRO_CUFE', mensaje: MSG_NOTAS.otroCufe(factura.numero) });
  }
  return out;
}

/**
 * The formato of the invoice a note's package names (its family, docs/decisions/051): the XML's BillingReference of a
 * credit or debit note, else the RIPS's `numFactura` when its `tipoNota` is NC, ND or NA (a note's RIPS names the
 * invoice it corrects, RVC004). Null for an invoice, a RIPS without invoice, or a reference without a formato.
 */
export function facturaReferenciada(
  xml: Pick<TFevXml, 'tipoDocumento' | 'billingReference'> | null,
  rips: { tipoNota: string | null; numFactura: string | null } | null,
): string | null {
  if (xml && (xml.tipoDocumento === 'NC' || xml.tipoDocumento === 'ND')) return extractFormato(xml.billingReference?.id ?? null);
  if (rips && (rips.tipoNota === 'NC' || rips.tipoNota === 'ND' || rips.tipoNota === 'NA')) return extractFormato(rips.numFactura);
  return null;
}
