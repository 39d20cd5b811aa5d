import {
  SERVICE_LISTS,
  VALUED_LISTS,
  datePart,
  type TRipsParsed,
  type TRipsResumen,
  type TRipsVisitor,
  type TServiceList,
} from './rips.ts';
import type { THallazgoLocal } from './findings.ts';
import { isRecord, roundCents, toNumber } from './shared.ts';
import type { TFevXml } from './xml.ts';

/**
 * The XML ↔ RIPS cross-file rules of reference §3.6 (see each rule for its source and wording). The rules that read
 * the services accumulate during the one pass over the RIPS ({@link CrossFileRules}, a visitor of rips.ts `walkRips`);
 * {@link CrossFileRules.findings} then gives every cross-file finding, in the order a pair reports them. Cross-file
 * findings are few and not subject to the structure cap.
 */
export class CrossFileRules implements TRipsVisitor {
  private readonly prestador: CodigoPrestador | null;
  private readonly periodo: FechasEnPeriodo | null;
  private readonly moderadores = new PrimerPagoModerador();
  private readonly evento: ValorEvento | null;
  private u = 0;

  constructor(private readonly xml: TFevXml) {
    const codigo = codigoPrestadorXml(xml);
    this.prestador = codigo ? new CodigoPrestador(codigo) : null;
    const start = xml.invoicePeriod?.startDate?.slice(0, 10);
    const end = xml.invoicePeriod?.endDate?.slice(0, 10);
    this.periodo = start && end && xml.salud?.modalidadPago !== '03' ? new FechasEnPeriodo(start, end) : null;
    this.evento = xml.salud?.modalidadPago === '04' ? new ValorEvento() : null;
  }

  usuario(u: number): void {
    this.u = u;
  }

  servicio(list: TServiceList, j: number, service: unknown): void {
    if (!isRecord(service)) return;
    this.prestador?.servicio(this.u, list, j, service);
    this.periodo?.servicio(this.u, list, j, service);
    this.moderadores.servicio(this.u, list, j, service);
    this.evento?.servicio(this.u, list, j, service);
  }

  /** Every cross-file finding, in order, once the pass is over. */
  findings(rips: TRipsParsed): THallazgoLocal[] {
    const xml = this.xml;
    return [
      ...ruleNitObligado(xml, rips),
      ...ruleNumeroDocumento(xml, rips),
      ...(this.prestador?.findings ?? []),
      ...(this.periodo?.findings() ?? []),
      ...rulePagosModeradores(xml, rips, this.moderadores),
      ...ruleTotalServicios(xml, rips),
      ...(this.evento?.findings() ?? []),
    ];
  }
}

/** Path of a service entry, e.g. `usuarios[0].servicios.consultas[0]`. */
function servicePath(u: number, list: TServiceList, j: number): string {
  return `usuarios[${u}].servicios.${list}[${j}]`;
}

/**
 * RVC001 (RECHAZADO, Rips, `numDocumentoIdObligado`): the RIPS biller must be the FEV supplier NIT
 * (reference §3.6 item 1). Descripcion: third-party short text of RVC001 (reference §3.3, 🔸 not verified
 * verbatim). Skipped when either side has no NIT (the structure check or the XML reports that).
 */
export function ruleNitObligado(xml: TFevXml, rips: TRipsParsed): THallazgoLocal[] {
  const nitRips = rips.numDocumentoIdObligado;
  const nitXml = xml.nitObligado;
  if (!nitRips || !nitXml || nitRips === nitXml) return [];
  return [
    {
      clase: 'RECHAZADO',
      codigo: 'RVC001',
      descripcion: 'El número de NIT del facturador debe coincidir con el NIT registrado en la FEV',
      observaciones: `Dato enviado [${nitRips}], NIT del facturador en la factura electrónica [${nitXml}]`,
      pathFuente: 'numDocumentoIdObligado',
      fuente: 'Rips',
    },
  ];
}

/**
 * RVC004 (RECHAZADO, Rips): the RIPS must name the electronic document (reference §3.6 item 2; PFP001 on the
 * XML side). Invoice: `numFactura` = invoice `cbc:ID`. Note (NC/ND): `numNota` = note `cbc:ID` and
 * `numFactura` = `BillingReference/InvoiceDocumentReference/cbc:ID` (🔸 third-party). Descripcion paraphrased.
 */
export function ruleNumeroDocumento(xml: TFevXml, rips: TRipsParsed): THallazgoLocal[] {
  const descripcion =
    'El número del documento informado en el RIPS debe coincidir con el de la factura electrónica.';
  const mismatch = (
    path: string,
    sent: string | null,
    expected: string | null,
    what: string,
  ): THallazgoLocal[] =>
    sent === expected
      ? []
      : [
          {
            clase: 'RECHAZADO',
            codigo: 'RVC004',
            descripcion,
            observaciones: `Dato enviado [${sent ?? ''}], ${what} [${expected ?? ''}]`,
            pathFuente: path,
            fuente: 'Rips',
          },
        ];
  if (xml.tipoDocumento === 'NC' || xml.tipoDocumento === 'ND') {
    return [
      ...mismatch('numNota', rips.numNota, xml.numeroDocumento, 'número de la nota en el XML'),
      ...mismatch(
        'numFactura',
        rips.numFactura,
        xml.billingReference?.id ?? null,
        'factura referenciada por la nota',
      ),
    ];
  }
  return mismatch('numFactura', rips.numFactura, xml.numeroDocumento, 'número de la factura electrónica');
}

/** The XML's CODIGO_PRESTADOR when it is a REPS code (10 digits), the one PRESTADOR_FACTURA compares every codPrestador with. */
export function codigoPrestadorXml(xml: TFevXml | null): string | null {
  const codigo = xml?.salud?.codigoPrestador;
  return codigo && CODIGO_PRESTADOR_XML.test(codigo) ? codigo : null;
}

/** CODIGO_PRESTADOR of the XML (REPS code, 10 digits) and codPrestador of the RIPS (REPS code + sede, 12 digits). */
const CODIGO_PRESTADOR_XML = /^\d{10}$/;
const COD_PRESTADOR_RIPS = /^\d{12}$/;

/**
 * PRESTADOR_FACTURA (Radica's code, NOTIFICACION; docs/decisions/025): every `codPrestador` (12 digits = REPS code +
 * sede) should start with the XML `CODIGO_PRESTADOR` (10 digits) (reference §3.6 item 4; true of par1, par2 and
 * capita). No source says the ministry checks this (its RVC012 compares the code with the NIT in REPS:
 * rules-reps.ts), so it is only a notice. One finding per distinct offending code at its first path. Skipped when the
 * XML has no 10-digit CODIGO_PRESTADOR; malformed codPrestador values are left to the structure check.
 */
class CodigoPrestador {
  readonly findings: THallazgoLocal[] = [];
  private readonly reported = new Set<string>();
  /** The last value found consistent (the same codPrestador on service after service is checked once). */
  private lastOk: unknown = undefined;

  constructor(private readonly codigo: string) {}

  servicio(u: number, list: TServiceList, j: number, service: Record<string, unknown>): void {
    const cod = service['codPrestador'];
    if (cod === this.lastOk) return;
    if (typeof cod !== 'string' || !COD_PRESTADOR_RIPS.test(cod) || cod.startsWith(this.codigo)) {
      this.lastOk = cod;
      return;
    }
    if (this.reported.has(cod)) return;
    this.reported.add(cod);
    this.findings.push({
      clase: 'NOTIFICACION',
      codigo: 'PRESTADOR_FACTURA',
      descripcion:
        'El código del prestador informado en el RIPS no empieza por el CODIGO_PRESTADOR de la factura electrónica.',
      observaciones: `Dato enviado [${cod}], CODIGO_PRESTADOR en la factura electrónica [${this.codigo}]`,
      pathFuente: `${servicePath(u, list, j)}.codPrestador`,
      fuente: 'Rips',
    });
  }
}

/**
 * RVC014 / RVC044 (NOTIFICACION, Rips; the source gives no level, decision 025): service dates (`fechaInicioAtencion`, `fechaDispensAdmon`,
 * `fechaSuministroTecnologia` → RVC014) and discharge dates (`fechaEgreso` → RVC044) must fall inside the
 * FEV `InvoicePeriod` (reference §3.4, §3.6 item 3). Compared on the date part. One finding per code, at the
 * first offending field. Only when the XML has both period dates. Skipped for capitación (MODALIDAD_PAGO 03):
 * a capita-periodo invoice carries the RIPS of the previous period (reference §1.2). Descripcion paraphrased.
 */
class FechasEnPeriodo {
  private attention: { path: string; value: string } | null = null;
  private discharge: { path: string; value: string } | null = null;

  constructor(
    private readonly start: string,
    private readonly end: string,
  ) {}

  servicio(u: number, list: TServiceList, j: number, service: Record<string, unknown>): void {
    // the first attention date field outside the period, in this order, each read by its own name
    this.attention ??=
      this.outside(u, list, j, 'fechaInicioAtencion', service['fechaInicioAtencion']) ??
      this.outside(u, list, j, 'fechaDispensAdmon', service['fechaDispensAdmon']) ??
      this.outside(u, list, j, 'fechaSuministroTecnologia', service['fechaSuministroTecnologia']);
    this.discharge ??= this.outside(u, list, j, 'fechaEgreso', service['fechaEgreso']);
  }

  /** `field` of the service (holding `value`) when its date falls outside the period, else null. */
  private outside(
    u: number,
    list: TServiceList,
    j: number,
    field: string,
    value: unknown,
  ): { path: string; value: string } | null {
    if (value === undefined || value === null) return null;
    const date = datePart(value);
    return date !== null && (date < this.start || date > this.end)
      ? { path: `${servicePath(u, list, j)}.${field}`, value: String(value) }
      : null;
  }

  findings(): THallazgoLocal[] {
    const { start, end, attention, discharge } = this;
    const out: THallazgoLocal[] = [];
    if (attention) {
      out.push({
        clase: 'NOTIFICACION',
        codigo: 'RVC014',
        descripcion:
          'La fecha de la atención debe estar dentro del periodo de facturación informado en la factura electrónica.',
        observaciones: `Dato enviado [${attention.value}], periodo de facturación [${start} a ${end}]`,
        pathFuente: attention.path,
        fuente: 'Rips',
      });
    }
    if (discharge) {
      out.push({
        clase: 'NOTIFICACION',
        codigo: 'RVC044',
        descripcion:
          'La fecha de egreso debe estar dentro del periodo de facturación informado en la factura electrónica.',
        observaciones: `Dato enviado [${discharge.value}], periodo de facturación [${start} a ${end}]`,
        pathFuente: discharge.path,
        fuente: 'Rips',
      });
    }
    return out;
  }
}

/**
 * RVC036 (NOTIFICACION, Rips; the source gives no level, decision 025): Σ `valorPagoModerador` by `conceptoRecaudo` must equal the FEV `PrepaidPayment`
 * amounts with that `cbc:ID/@schemeID` (reference §3.4, §3.6 item 5; verified on par1). Concepts whose sum is
 * 0 on both sides are ignored. One finding per differing concept, at the first RIPS entry of that concept
 * ('' when only the XML has it). Descripcion paraphrased.
 */
function rulePagosModeradores(
  xml: TFevXml,
  rips: { resumen: TRipsResumen },
  primeros: PrimerPagoModerador,
): THallazgoLocal[] {
  const fromXml = new Map<string, number>();
  for (const payment of xml.prepaidPayments) {
    const concepto = payment.conceptoRecaudo ?? '';
    fromXml.set(concepto, (fromXml.get(concepto) ?? 0) + (payment.paidAmount ?? 0));
  }
  const fromRips = new Map(Object.entries(rips.resumen.pagoModeradorPorConcepto));
  const conceptos = [...new Set([...fromRips.keys(), ...fromXml.keys()])].sort();
  const out: THallazgoLocal[] = [];
  for (const concepto of conceptos) {
    const enRips = roundCents(fromRips.get(concepto) ?? 0);
    const enXml = roundCents(fromXml.get(concepto) ?? 0);
    if (enRips === enXml) continue;
    const path = primeros.path(concepto);
    out.push({
      clase: 'NOTIFICACION',
      codigo: 'RVC036',
      descripcion:
        'El valor de los pagos moderadores de la factura electrónica debe ser igual a la suma de los pagos moderadores del RIPS.',
      observaciones: `Concepto de recaudo [${concepto}]: suma en el RIPS [${enRips}], valor en la factura electrónica [${enXml}]`,
      pathFuente: path === null ? '' : `${path}.valorPagoModerador`,
      fuente: 'Rips',
    });
  }
  return out;
}

/**
 * For RVC036: the first service (any list, file order) of each concept `String(conceptoRecaudo ?? '').trim()` with a
 * non-zero `valorPagoModerador`. A `conceptoRecaudo` that cannot be turned into text (an object whose `toString` is
 * not a function) stops the search there, as a search from the first service would: a finding whose concept is not
 * found before it rethrows that error.
 */
class PrimerPagoModerador {
  private readonly first = new Map<string, string>();
  private stop: { error: unknown } | null = null;

  servicio(u: number, list: TServiceList, j: number, service: Record<string, unknown>): void {
    if (this.stop) return;
    const raw = service['conceptoRecaudo'];
    let concepto: string | null = null;
    if (typeof raw === 'object' && raw !== null) {
      try {
        concepto = String(raw).trim();
      } catch (error) {
        this.stop = { error };
        return;
      }
    }
    if ((toNumber(service['valorPagoModerador']) ?? 0) === 0) return;
    concepto ??= String(raw ?? '').trim();
    if (!this.first.has(concepto)) this.first.set(concepto, servicePath(u, list, j));
  }

  /** Path of the first service of `concepto`, or null when there is none. */
  path(concepto: string): string | null {
    const path = this.first.get(concepto);
    if (path !== undefined) return path;
    if (this.stop) throw this.stop.error;
    return null;
  }
}

/**
 * RVG02 — paraphrased; exact ministry code unknown (reference §3.4 lists RVG02 among the "FEV
 * reconciliations" without its text). Σ `vrServicio` (consultas, procedimientos, medicamentos,
 * otrosServicios) must equal `LegalMonetaryTotal/LineExtensionAmount` (reference §3.6 item 6; verified on par1
 * and par2): NOTIFICACION, Rips (code and level are Radica's assignment, decision 025). For capitación (MODALIDAD_PAGO
 * 03) the RIPS may carry 0 values while the FEV carries the capita amount (reference §3.6 item 6): the observation says so.
 * Skipped when the XML has no LineExtensionAmount.
 */
function ruleTotalServicios(xml: TFevXml, rips: { resumen: TRipsResumen }): THallazgoLocal[] {
  const lineExtension = xml.totals.lineExtensionAmount;
  if (lineExtension === null) return [];
  const total = rips.resumen.totalValorServicios;
  if (roundCents(total) === roundCents(lineExtension)) return [];
  const capita = xml.salud?.modalidadPago === '03';
  return [
    {
      clase: 'NOTIFICACION',
      codigo: 'RVG02',
      descripcion:
        'La suma de los valores de los servicios del RIPS debe ser igual al valor bruto de la factura electrónica.',
      observaciones: `Suma de vrServicio en el RIPS [${total}], LineExtensionAmount de la factura electrónica [${lineExtension}]${capita ? ' (capitación: los RIPS pueden informar valores en cero)' : ''}`,
      pathFuente: '',
      fuente: 'Rips',
    },
  ];
}

/**
 * RVC034 (NOTIFICACION, Rips; the source gives no level, decision 025): with MODALIDAD_PAGO 04 (pago por evento) every `vrServicio` must be > 0
 * (reference §3.4, §3.6 item 7). One finding at the first offending entry, with the count. Paraphrased.
 */
class ValorEvento {
  private first: { path: string; value: unknown } | null = null;
  private count = 0;

  servicio(u: number, list: TServiceList, j: number, service: Record<string, unknown>): void {
    if (!IS_VALUED[list]) return;
    const value = toNumber(service['vrServicio']);
    if (value === null || value > 0) return;
    this.count++;
    this.first ??= { path: servicePath(u, list, j), value: service['vrServicio'] };
  }

  findings(): THallazgoLocal[] {
    if (!this.first) return [];
    return [
      {
        clase: 'NOTIFICACION',
        codigo: 'RVC034',
        descripcion:
          'Cuando la modalidad de pago es pago por evento, el valor del servicio debe ser mayor a cero.',
        observaciones: `Dato enviado [${String(this.first.value)}]; servicios con valor cero o negativo: ${this.count}`,
        pathFuente: `${this.first.path}.vrServicio`,
        fuente: 'Rips',
      },
    ];
  }
}

const IS_VALUED = Object.fromEntries(
  SERVICE_LISTS.map((list) => [list, VALUED_LISTS.includes(list)]),
) as Record<TServiceList, boolean>;
