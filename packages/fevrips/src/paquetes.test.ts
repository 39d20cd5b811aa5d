import { describe, expect, it } from 'vitest';
import { checkFiles, type TChequeo } from './engine.ts';
import { muvEndpointsFor } from './endpoints.ts';
import { SAMPLE, readSample } from '../test/samples.ts';
import {
  PAR1_FACTURA,
  capitaRips,
  capitaXml,
  notaAjusteRips,
  notaRips,
  notaXml,
  par1Rips,
  ripsSinFactura,
  valorServicios,
} from '../test/paquetes.ts';

/**
 * One package per MUV upload endpoint (reference §1.2), built from the real samples'
 * structure (test/paquetes.ts), checked end to end through the engine's entry (`checkFiles`, raw bytes in): the endpoint
 * it goes to, no rejection for the well-formed one, and the per-type rules (rules-paquete.ts, RVG02 for the note's
 * value, RVC004 for the note's numbers) on a broken copy.
 */
const NOW = new Date('2026-11-23T12:00:00-05:00');

function check(files: { xml?: string | null; rips?: Record<string, unknown> | null }): TChequeo {
  const result = checkFiles(
    { xml: files.xml ?? null, rips: files.rips ? JSON.stringify(files.rips) : null },
    { now: NOW },
  );
  if (result.error) throw result.error;
  return result;
}
const rechazos = (r: TChequeo) => r.hallazgos.filter((h) => h.clase === 'RECHAZADO').map((h) => h.codigo);
const codigos = (r: TChequeo) => r.hallazgos.map((h) => h.codigo);
const hallazgo = (r: TChequeo, codigo: string) => r.hallazgos.find((h) => h.codigo === codigo);

describe('package types: each goes to its endpoint and passes when well formed', () => {
  it('invoice + RIPS (par1) → CargarFevRips', () => {
    const r = check({ xml: readSample(SAMPLE.par1Xml).toString(), rips: par1Rips() });
    expect([r.endpoint, rechazos(r)]).toEqual(['CargarFevRips', []]);
  });

  it('partial credit note: NC XML + RIPS of the credited services → CargarNC, Σ RIPS = note value', () => {
    const rips = notaRips('NC', 'NC15', 2);
    expect(valorServicios(rips)).toBe(560000);
    const r = check({ xml: notaXml('NC', 'NC15', 560000), rips });
    expect([r.endpoint, rechazos(r)]).toEqual(['CargarNC', []]);
    expect(r.xml?.billingReference?.id).toBe(PAR1_FACTURA);
  });

  it('total credit note: NC XML alone → CargarNCTotal', () => {
    const r = check({ xml: notaXml('NC', 'NC16', 1120000) });
    expect([r.endpoint, rechazos(r), r.rips]).toEqual(['CargarNCTotal', [], null]);
  });

  it('debit note: ND XML + RIPS → CargarND (RequestedMonetaryTotal)', () => {
    const r = check({ xml: notaXml('ND', 'ND3', 280000), rips: notaRips('ND', 'ND3') });
    expect([r.endpoint, rechazos(r)]).toEqual(['CargarND', []]);
    expect(r.xml?.totals.lineExtensionAmount).toBe(280000);
  });

  it('adjustment note: RIPS with tipoNota NA, with the invoice or alone → CargarNotaAjuste', () => {
    const withXml = check({ xml: readSample(SAMPLE.par1Xml).toString(), rips: notaAjusteRips() });
    expect([withXml.endpoint, rechazos(withXml)]).toEqual(['CargarNotaAjuste', []]);
    const alone = check({ rips: notaAjusteRips() });
    expect([alone.endpoint, rechazos(alone)]).toEqual(['CargarNotaAjuste', []]);
  });

  it('RIPS without invoice: tipoNota RS, numFactura null, no XML → CargarRipsSinFactura', () => {
    const r = check({ rips: ripsSinFactura() });
    expect([r.endpoint, rechazos(r)]).toEqual(['CargarRipsSinFactura', []]);
  });

  it('capitation: initial (XML alone), period (XML + previous period RIPS, values 0), final offered as alternative', () => {
    const inicial = check({ xml: capitaXml() });
    expect([inicial.endpoint, rechazos(inicial)]).toEqual(['CargarCapitaInicial', []]);
    const periodo = check({ xml: capitaXml(), rips: capitaRips() });
    expect([periodo.endpoint, rechazos(periodo)]).toEqual(['CargarCapitaPeriodo', []]);
    // RIPS in 0 against the capita amount: only a notification in capitación.
    expect(hallazgo(periodo, 'RVG02')?.clase).toBe('NOTIFICACION');
    expect(muvEndpointsFor(periodo.xml, periodo.rips)).toEqual(['CargarCapitaPeriodo', 'CargarCapitaFinal']);
  });

  it('capitation credit note: NC with MODALIDAD_PAGO 03 → CargarNcCapita', () => {
    const xml = capitaXml()
      .replace('<Invoice ', '<CreditNote ')
      .replace('</Invoice>', '</CreditNote>')
      .replace('xsd:Invoice-2"', 'xsd:CreditNote-2"')
      .replace(/<cbc:CustomizationID>SS-[A-Za-z]+</, '<cbc:CustomizationID>20<')
      .replace(
        'DIAN 2.1: Factura Electrónica de Venta<',
        'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta<',
      )
      .replace(
        /(<cac:AccountingSupplierParty>)/,
        '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>AWAS1283700</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>$1',
      );
    const r = check({ xml });
    expect(r.xml?.tipoDocumento).toBe('NC');
    expect([r.endpoint, rechazos(r)]).toEqual(['CargarNcCapita', []]);
  });
});

describe('per-type rules: what each package type needs (notices where no source gives the level, decision 025)', () => {
  /** The codes of `r` that are notifications. */
  const avisos = (r: TChequeo) => r.hallazgos.filter((h) => h.clase === 'NOTIFICACION').map((h) => h.codigo);

  it('TIPO_NOTA: a note XML with an invoice RIPS, an invoice XML with a note RIPS, an RS RIPS with an XML', () => {
    const sinTipo = notaRips('NC', 'NC15');
    sinTipo['tipoNota'] = null;
    const r1 = check({ xml: notaXml('NC', 'NC15', 280000), rips: sinTipo });
    expect(avisos(r1)).toContain('TIPO_NOTA');
    expect(hallazgo(r1, 'TIPO_NOTA')).toMatchObject({ pathFuente: 'tipoNota', fuente: 'Rips' });
    expect(hallazgo(r1, 'TIPO_NOTA')?.observaciones).toContain('tipoNota [NC]');

    const ndComoNc = check({ xml: notaXml('ND', 'ND3', 280000), rips: notaRips('NC', 'ND3') });
    expect(avisos(ndComoNc)).toContain('TIPO_NOTA');

    const facturaConNota = check({
      xml: readSample(SAMPLE.par1Xml).toString(),
      rips: par1Rips((r) => Object.assign(r, { tipoNota: 'NC', numNota: 'NC1' })),
    });
    expect(avisos(facturaConNota)).toContain('TIPO_NOTA');

    const rsConXml = check({ xml: readSample(SAMPLE.par1Xml).toString(), rips: ripsSinFactura() });
    expect(hallazgo(rsConXml, 'TIPO_NOTA')?.observaciones).toContain('sin XML');

    // par2's tipoNota "" reads as none: an invoice package, no finding (accepted in practice, reference §2.6).
    const vacio = check({
      xml: readSample(SAMPLE.par1Xml).toString(),
      rips: par1Rips((r) => (r['tipoNota'] = '')),
    });
    expect(codigos(vacio)).not.toContain('TIPO_NOTA');
  });

  it('NUM_NOTA: numNota missing on a note, numFactura missing on a note, numFactura present on an RS', () => {
    const sinNumNota = check({ rips: notaAjusteRips(null) });
    expect(sinNumNota.hallazgos.filter((h) => h.codigo === 'NUM_NOTA').map((h) => h.pathFuente)).toEqual([
      'numNota',
    ]);

    const ncSinFactura = notaRips('NC', 'NC15');
    ncSinFactura['numFactura'] = null;
    const r = check({ rips: ncSinFactura });
    expect(r.hallazgos.filter((h) => h.codigo === 'NUM_NOTA').map((h) => h.pathFuente)).toEqual([
      'numFactura',
    ]);

    const rsConFactura = ripsSinFactura();
    rsConFactura['numFactura'] = PAR1_FACTURA;
    const rs = check({ rips: rsConFactura });
    expect(hallazgo(rs, 'NUM_NOTA')).toMatchObject({ pathFuente: 'numFactura', clase: 'NOTIFICACION' });

    expect(codigos(check({ rips: ripsSinFactura() }))).not.toContain('NUM_NOTA');
    // An invoice RIPS with numNota "0" (par2) is not a note: no finding.
    expect(codigos(check({ rips: par1Rips((r) => (r['numNota'] = '0')) }))).not.toContain('NUM_NOTA');
  });

  it('NOTA_PAGO_MODERADOR: a note RIPS copied with the invoice copago, and a note XML with PrepaidPayment', () => {
    const conCopago = check({ xml: notaXml('NC', 'NC15', 280000), rips: notaRips('NC', 'NC15', 1, true) });
    const rips = conCopago.hallazgos.find((h) => h.codigo === 'NOTA_PAGO_MODERADOR' && h.fuente === 'Rips');
    expect(rips).toMatchObject({
      clase: 'NOTIFICACION',
      pathFuente: 'usuarios[0].servicios.procedimientos[0].valorPagoModerador',
    });
    const xml = check({ xml: notaXml('NC', 'NC16', 1120000, { prepago: true }) });
    expect(hallazgo(xml, 'NOTA_PAGO_MODERADOR')).toMatchObject({
      fuente: 'FacturaElectronica',
      clase: 'NOTIFICACION',
    });
    // An invoice keeps its moderator payments.
    expect(codigos(check({ xml: readSample(SAMPLE.par1Xml).toString(), rips: par1Rips() }))).not.toContain(
      'NOTA_PAGO_MODERADOR',
    );
  });

  it('NOTA_REFERENCIA: a note without BillingReference', () => {
    const r = check({ xml: notaXml('ND', 'ND4', 1000, { referencia: false }) });
    expect(rechazos(r)).toContain('NOTA_REFERENCIA');
    expect(codigos(check({ xml: notaXml('ND', 'ND4', 1000) }))).not.toContain('NOTA_REFERENCIA');
  });

  it('RVG02 on a credit note: Σ RIPS of the NC must be the note value (DT1 v002 pp. 84–85)', () => {
    const r = check({ xml: notaXml('NC', 'NC15', 300000), rips: notaRips('NC', 'NC15') });
    expect(hallazgo(r, 'RVG02')).toMatchObject({ clase: 'NOTIFICACION' });
    expect(hallazgo(r, 'RVG02')?.observaciones).toContain('[280000]');
  });

  it('RVC004 on a note: numNota is the note number, numFactura the referenced invoice', () => {
    const rips = notaRips('ND', 'ND9');
    const r = check({ xml: notaXml('ND', 'ND3', 280000), rips });
    expect(r.hallazgos.filter((h) => h.codigo === 'RVC004').map((h) => h.pathFuente)).toEqual(['numNota']);
  });
});
