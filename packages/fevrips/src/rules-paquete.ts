import { MUV_CARGA_ENDPOINTS, type TCargaEndpoint } from '@radica/contracts/muv';
import { muvEndpointFor } from './endpoints.ts';
import type { THallazgoLocal } from './findings.ts';
import { VALUED_LISTS, type TRipsHead, type TRipsVisitor, type TServiceList } from './rips.ts';
import { isRecord, toNumber } from './shared.ts';
import type { TFevXml } from './xml.ts';

/**
 * The rules of the package types (reference §1.2 scenario table, §3.5, §3.6 item 2):
 * invoice, credit note (partial and total), debit note, adjustment note, RIPS without invoice and capitation. The
 * ministry publishes no code for these checks, so they carry Radica's own codes (catalogued with origen 'Radica').
 * No source gives their level, so TIPO_NOTA, NUM_NOTA and NOTA_PAGO_MODERADOR are NOTIFICACION (docs/decisions/025);
 * NOTA_REFERENCIA stays RECHAZADO (DT2: the MUV accepts only notes with a reference, CustomizationID 20/30):
 * - TIPO_NOTA: the RIPS `tipoNota` must be the one the package's endpoint expects (MUV_CARGA_ENDPOINTS, the same table
 *   the simulator applies as SIM001): an invoice's RIPS has none, a credit note's "NC", a debit note's "ND", and a
 *   RIPS without invoice ("RS") travels without XML.
 * - NUM_NOTA: a note or a RIPS without invoice names itself in `numNota` (the DIAN note number; for RS a local
 *   consecutive), a note names the invoice it corrects in `numFactura`, and a RIPS without invoice has `numFactura`
 *   null (reference §1.2, 🔸 scenario guide; DT1 v002 T03–T04).
 * - NOTA_PAGO_MODERADOR: credit and debit notes never carry moderator payments (DT1 v002 pp. 84–85, 🔸 "las NC y ND en
 *   ningún caso incluirán valores de pagos moderadores", reference §3.5): every `valorPagoModerador` of the note's RIPS
 *   is 0, and the note's XML has no PrepaidPayment with an amount.
 * The value rule "Σ RIPS of the NC = NC value" (same pages) is RVG02 (rules-pair.ts), which compares the RIPS with the
 * document it travels with, invoice or note. "Each credited service ≤ what was invoiced" needs the invoice's RIPS,
 * which does not travel with the note: not decidable from the package (docs/decisions/018).
 */
export class PaqueteRules implements TRipsVisitor {
  /** The package's note type: the RIPS `tipoNota`, or NC/ND from the XML. */
  private readonly nota: 'NC' | 'ND' | null;
  private first: { path: string; value: unknown } | null = null;
  private count = 0;
  private u = 0;

  constructor(
    private readonly xml: TFevXml | null,
    private readonly head: TRipsHead,
  ) {
    const tipo = head.tipoNota ?? xml?.tipoDocumento;
    this.nota = tipo === 'NC' || tipo === 'ND' ? tipo : null;
  }

  /** False when the package is not a credit or debit note: then its services need not be visited at all. */
  get visitaServicios(): boolean {
    return this.nota !== null;
  }

  usuario(u: number): void {
    this.u = u;
  }

  servicio(list: TServiceList, j: number, service: unknown): void {
    if (this.nota === null || !IS_VALUED.has(list) || !isRecord(service)) return;
    const value = toNumber(service['valorPagoModerador']);
    if (value === null || value === 0) return;
    this.count++;
    this.first ??= {
      path: `usuarios[${this.u}].servicios.${list}[${j}].valorPagoModerador`,
      value: service['valorPagoModerador'],
    };
  }

  /** The package findings, once the pass is over: TIPO_NOTA, NUM_NOTA, then NOTA_PAGO_MODERADOR. */
  findings(): THallazgoLocal[] {
    const out = [...ruleTipoNota(this.xml, this.head), ...ruleNumNota(this.head)];
    if (this.first) {
      out.push({
        clase: 'NOTIFICACION',
        codigo: 'NOTA_PAGO_MODERADOR',
        descripcion: NOTA_PAGO_MODERADOR_DESCRIPCION,
        observaciones: `Dato enviado [${String(this.first.value)}]; servicios de la nota con pago moderador: ${this.count}`,
        pathFuente: this.first.path,
        fuente: 'Rips',
      });
    }
    return out;
  }
}

const IS_VALUED = new Set<TServiceList>(VALUED_LISTS);
const NOTA_PAGO_MODERADOR_DESCRIPCION =
  'Las notas crédito y débito no incluyen pagos moderadores: el valor del pago moderador debe ser cero.';

/** The row of MUV_CARGA_ENDPOINTS of the endpoint the package goes to. */
function cargaEndpoint(xml: TFevXml | null, head: TRipsHead): TCargaEndpoint {
  const name = muvEndpointFor(xml, head);
  return MUV_CARGA_ENDPOINTS.find((e) => e.name === name)!;
}

/** How a billing clerk calls each note type of the TipoNota table (reference §5). */
const NOMBRE_TIPO_NOTA: Record<string, string> = {
  NC: 'nota crédito',
  ND: 'nota débito',
  NA: 'nota de ajuste',
  RS: 'RIPS sin factura',
};
const NOMBRE_DOCUMENTO: Record<string, string> = {
  FV: 'una factura electrónica',
  NC: 'una nota crédito',
  ND: 'una nota débito',
  OTRO: 'un documento electrónico',
};

/**
 * TIPO_NOTA (NOTIFICACION, Rips, `tipoNota`): with an XML, the RIPS `tipoNota` must be the one the package's endpoint
 * expects (MUV_CARGA_ENDPOINTS). Without an XML the endpoint follows `tipoNota` itself, so there is nothing to compare.
 */
function ruleTipoNota(xml: TFevXml | null, head: TRipsHead): THallazgoLocal[] {
  if (!xml) return [];
  const endpoint = cargaEndpoint(xml, head);
  if (head.tipoNota === endpoint.tipoNota) return [];
  const documento = NOMBRE_DOCUMENTO[xml.tipoDocumento] ?? NOMBRE_DOCUMENTO['OTRO'];
  const enviado = head.tipoNota ?? 'null';
  let observaciones: string;
  if (head.tipoNota === 'RS') {
    observaciones = `Dato enviado [RS]: un RIPS sin factura se envía sin XML, pero el paquete trae ${documento}.`;
  } else if (endpoint.tipoNota === null) {
    observaciones = `Dato enviado [${enviado}]: el XML es ${documento}, cuyo RIPS no lleva tipoNota (null).`;
  } else {
    const nombre = NOMBRE_TIPO_NOTA[endpoint.tipoNota] ?? endpoint.tipoNota;
    observaciones = `Dato enviado [${enviado}]: el XML es ${documento}; su RIPS debe informar tipoNota [${endpoint.tipoNota}] (${nombre}).`;
  }
  return [
    {
      clase: 'NOTIFICACION',
      codigo: 'TIPO_NOTA',
      descripcion: 'El tipo de nota del RIPS (tipoNota) no corresponde al documento electrónico del paquete.',
      observaciones,
      pathFuente: 'tipoNota',
      fuente: 'Rips',
    },
  ];
}

/**
 * NUM_NOTA (NOTIFICACION, Rips): with `tipoNota` NC, ND, NA or RS, `numNota` is required; NC, ND and NA name the invoice
 * they correct in `numFactura`; RS has `numFactura` null (reference §1.2). One finding per field.
 */
function ruleNumNota(head: TRipsHead): THallazgoLocal[] {
  const tipo = head.tipoNota;
  if (tipo === null || !(tipo in NOMBRE_TIPO_NOTA)) return [];
  const nombre = NOMBRE_TIPO_NOTA[tipo]!;
  const out: THallazgoLocal[] = [];
  const finding = (pathFuente: string, observaciones: string): THallazgoLocal => ({
    clase: 'NOTIFICACION',
    codigo: 'NUM_NOTA',
    descripcion:
      'Las notas y los RIPS sin factura se identifican con numNota, y las notas con el número de la factura que corrigen (numFactura).',
    observaciones,
    pathFuente,
    fuente: 'Rips',
  });
  if (!head.numNota) {
    out.push(
      finding(
        'numNota',
        tipo === 'RS'
          ? 'Dato enviado [null]: un RIPS sin factura (RS) lleva en numNota su consecutivo.'
          : `Dato enviado [null]: una ${nombre} (${tipo}) lleva en numNota el número de la nota.`,
      ),
    );
  }
  if (tipo === 'RS' && head.numFactura) {
    out.push(
      finding(
        'numFactura',
        `Dato enviado [${head.numFactura}]: un RIPS sin factura (RS) lleva numFactura null.`,
      ),
    );
  }
  if (tipo !== 'RS' && !head.numFactura) {
    out.push(
      finding(
        'numFactura',
        `Dato enviado [null]: una ${nombre} (${tipo}) lleva en numFactura el número de la factura que corrige.`,
      ),
    );
  }
  return out;
}

/**
 * The XML half of the package rules, for a credit or debit note (also checked when it travels without RIPS, as
 * CargarNCTotal and CargarNcCapita do):
 * - NOTA_REFERENCIA (RECHAZADO, FacturaElectronica): the note names the invoice it corrects in
 *   `cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID` (reference §4.4; CustomizationID 20/30 are the
 *   "with reference" note types, 🔸 DT2);
 * - NOTA_PAGO_MODERADOR (NOTIFICACION, FacturaElectronica): no `cac:PrepaidPayment` with an amount (DT1 v002 pp. 84–85).
 */
export function checkNotaXml(xml: TFevXml): THallazgoLocal[] {
  if (xml.tipoDocumento !== 'NC' && xml.tipoDocumento !== 'ND') return [];
  const out: THallazgoLocal[] = [];
  if (!xml.billingReference?.id) {
    out.push({
      clase: 'RECHAZADO',
      codigo: 'NOTA_REFERENCIA',
      descripcion:
        'La nota debe referenciar la factura que corrige (cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID).',
      observaciones: `${xml.tipoDocumento === 'NC' ? 'Nota crédito' : 'Nota débito'} [${xml.numeroDocumento ?? ''}] sin factura referenciada.`,
      pathFuente: '',
      fuente: 'FacturaElectronica',
    });
  }
  const pagado = xml.prepaidPayments.reduce((sum, p) => sum + (p.paidAmount ?? 0), 0);
  if (pagado !== 0) {
    out.push({
      clase: 'NOTIFICACION',
      codigo: 'NOTA_PAGO_MODERADOR',
      descripcion: NOTA_PAGO_MODERADOR_DESCRIPCION,
      observaciones: `Dato enviado [${pagado}]: suma de cac:PrepaidPayment/cbc:PaidAmount de la nota.`,
      pathFuente: '',
      fuente: 'FacturaElectronica',
    });
  }
  return out;
}
