import { describe, expect, it } from 'vitest';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { checkFiles } from './engine.ts';
import {
  construirRipsNota,
  creditosPrevios,
  proponerServicios,
  revisarNotaXml,
  revisarServicios,
  serviciosDeFactura,
  totalServicios,
  valorDeNota,
} from './notas.ts';
import { parseFevXml } from './xml.ts';
import { SAMPLE, readSampleJson, readSampleText } from '../test/samples.ts';
import { notaDeFactura } from '../test/notas.ts';

/**
 * The note builder on the real invoices (par1: four users with one procedimiento 893815 of 280,000 COP each, the first
 * with a 64,400 copago; par2: one user with a consulta, six procedimientos, seven medicamentos and three other
 * services). The notes are those invoices rewritten with DIAN's note structure (test/notas.ts): no real note is public.
 */
const par1Xml = readSampleText(SAMPLE.par1Xml);
const par2Xml = readSampleText(SAMPLE.par2Xml);
const par1 = () => readSampleJson(SAMPLE.par1Json);
const par2 = () => readSampleJson(SAMPLE.par2Json);
const p = (u: number, lista: string, j: number) => `usuarios[${u}].servicios.${lista}[${j}]`;

describe('the invoice services the builder lists', () => {
  it('lists par1 and par2 services with their path, code, user, date and value, in file order', () => {
    const s1 = serviciosDeFactura(par1());
    expect(s1.map((s) => s.pathFuente)).toEqual([0, 1, 2, 3].map((u) => p(u, 'procedimientos', 0)));
    expect(s1[0]).toMatchObject({ codigo: '893815', valor: 280000, usuarioId: 'CC 39543270', fecha: '2025-07-04', lista: 'procedimientos' });
    const s2 = serviciosDeFactura(par2());
    expect(s2).toHaveLength(17);
    expect(s2[0]).toMatchObject({ pathFuente: p(0, 'consultas', 0), codigo: '890701', valor: 64700 });
    const med = s2.find((s) => s.pathFuente === p(0, 'medicamentos', 3))!;
    expect(med).toMatchObject({ codigo: '19932754', valor: 4304, lista: 'medicamentos' });
  });

  it('gives the lists without vrServicio no value (urgencias, hospitalización)', () => {
    const urg = serviciosDeFactura(readSampleJson(SAMPLE.urgenciasJson));
    const sinValor = urg.filter((s) => s.lista === 'urgencias' || s.lista === 'hospitalizacion');
    expect(sinValor.length).toBeGreaterThan(0);
    expect(sinValor.every((s) => s.valor === null)).toBe(true);
  });
});

describe('the XML of a note', () => {
  it('reads the note lines (code, quantity, value), its value and its reference to the invoice', () => {
    const xml = parseFevXml(
      notaDeFactura(par1Xml, { tipo: 'NC', numero: 'NC901', lineas: [{ codigo: '893815', cantidad: 2, valor: 560000 }] }),
    );
    expect(xml).toMatchObject({ tipoDocumento: 'NC', rootName: 'CreditNote', numeroDocumento: 'NC901', formato: 'NC901' });
    expect(xml.lineas).toEqual([{ linea: 1, codigo: '893815', descripcion: 'SERVICIO', cantidad: 2, valor: 560000 }]);
    expect(valorDeNota(xml)).toBe(560000);
    expect(xml.billingReference?.id).toBe('A01E5687');
    expect(xml.billingReference?.uuid).toBe(parseFevXml(par1Xml).cufe);
    const nd = parseFevXml(notaDeFactura(par2Xml, { tipo: 'ND', numero: 'ND7', lineas: [{ codigo: '19304', valor: 5000 }] }));
    expect(nd).toMatchObject({ tipoDocumento: 'ND', rootName: 'DebitNote' });
    expect(nd.lineas[0]).toMatchObject({ codigo: '19304', cantidad: 1, valor: 5000 });
    expect(valorDeNota(nd)).toBe(5000);
  });

  it('belongs to its invoice; another invoice, another NIT, another CUFE, no reference or the wrong kind are refused', () => {
    const factura = parseFevXml(par1Xml);
    const ref = { numero: 'A01E5687', cufe: factura.cufe, nit: factura.nitObligado };
    const nota = (o: Partial<Parameters<typeof notaDeFactura>[1]> = {}) =>
      parseFevXml(notaDeFactura(par1Xml, { tipo: 'NC', numero: 'NC9', lineas: [{ codigo: '893815', valor: 1000 }], ...o }));
    expect(revisarNotaXml('NC', nota(), ref)).toEqual([]);
    expect(revisarNotaXml('NCTotal', nota(), ref)).toEqual([]);
    expect(revisarNotaXml('NA', nota(), ref)).toEqual([]);
    expect(revisarNotaXml('NC', nota({ referencia: 'A01E9999' }), ref)).toEqual([
      { motivo: 'OTRA_FACTURA', mensaje: MSG_NOTAS.otraFactura('A01E9999', 'A01E5687') },
    ]);
    expect(revisarNotaXml('NC', nota({ referencia: null }), ref).map((x) => x.motivo)).toEqual(['SIN_REFERENCIA']);
    expect(revisarNotaXml('NC', nota({ cufe: 'ab'.repeat(48) }), ref).map((x) => x.motivo)).toEqual(['OTRO_CUFE']);
    expect(revisarNotaXml('NC', nota({ nit: '900123456' }), ref)).toEqual([
      { motivo: 'OTRO_NIT', mensaje: MSG_NOTAS.otroNit('900123456', '901019681') },
    ]);
    expect(revisarNotaXml('ND', nota(), ref).map((x) => x.motivo)).toEqual(['TIPO_NO_COINCIDE']);
    expect(revisarNotaXml('NC', factura, ref).map((x) => x.motivo)).toEqual(['NO_ES_NOTA']);
  });
});

describe('the proposal from the note lines', () => {
  it('matches a line of quantity 2 with two services of the unit value', () => {
    const servicios = serviciosDeFactura(par1());
    const { servicios: elegidos, lineas } = proponerServicios('NC', [{ linea: 1, codigo: '893815', descripcion: null, cantidad: 2, valor: 560000 }], servicios);
    expect(elegidos).toEqual([
      { pathFuente: p(0, 'procedimientos', 0), valor: 280000 },
      { pathFuente: p(1, 'procedimientos', 0), valor: 280000 },
    ]);
    expect(lineas[0]).toMatchObject({ sinEmparejar: 0, servicios: [p(0, 'procedimientos', 0), p(1, 'procedimientos', 0)] });
  });

  it('credits partial values line by line, skips what earlier notes credited, and is deterministic', () => {
    const servicios = serviciosDeFactura(par1());
    const lineas = [
      { linea: 1, codigo: '893815', descripcion: null, cantidad: 1, valor: 100000 },
      { linea: 2, codigo: '893815', descripcion: null, cantidad: 1, valor: 200000 },
    ];
    const a = proponerServicios('NC', lineas, servicios);
    expect(a.servicios).toEqual([
      { pathFuente: p(0, 'procedimientos', 0), valor: 100000 },
      { pathFuente: p(1, 'procedimientos', 0), valor: 200000 },
    ]);
    expect(proponerServicios('NC', lineas, servicios)).toEqual(a);
    // An earlier note credited the first two users' services in full: the proposal moves on.
    const previa = construirRipsNota(par1(), {
      tipo: 'NC',
      numNota: 'NC1',
      numFactura: 'A01E5687',
      servicios: servicios.slice(0, 2).map((s) => ({ servicio: s, valor: 280000 })),
    });
    const creditos = creditosPrevios(servicios, [previa]);
    expect([...creditos]).toEqual([
      [p(0, 'procedimientos', 0), 280000],
      [p(1, 'procedimientos', 0), 280000],
    ]);
    const b = proponerServicios('NC', lineas, servicios, (s) => (s.valor ?? 0) - (creditos.get(s.pathFuente) ?? 0));
    expect(b.servicios.map((s) => s.pathFuente)).toEqual([p(2, 'procedimientos', 0), p(3, 'procedimientos', 0)]);
  });

  it("matches par2's lines by the CUM without its consecutive, and the billing system's own codes by value", () => {
    const servicios = serviciosDeFactura(par2());
    const xml = parseFevXml(
      notaDeFactura(par2Xml, {
        tipo: 'NC',
        numero: 'NC44',
        lineas: [
          { codigo: '19304', valor: 27300 }, // the billing system's code of the hemograma (RIPS 902210 at 27,300)
          { codigo: '230145-1', valor: 1475 }, // the CUM with its consecutive (RIPS 230145)
          { codigo: 'X-NO-EXISTE', valor: 999 },
        ],
      }),
    );
    const { servicios: elegidos, lineas } = proponerServicios('NC', xml.lineas, servicios);
    expect(elegidos).toEqual([
      { pathFuente: p(0, 'procedimientos', 0), valor: 27300 },
      { pathFuente: p(0, 'medicamentos', 0), valor: 1475 },
    ]);
    expect(lineas.map((l) => l.sinEmparejar)).toEqual([0, 0, 999]);
  });
});

describe('the choice of services', () => {
  const servicios = serviciosDeFactura(par1());
  const fmt = (n: number) => `$${n}`;

  it('takes the whole value when none is given, what is left after earlier credits for a credit note', () => {
    const r = revisarServicios('NC', [{ pathFuente: p(1, 'procedimientos', 0) }, { pathFuente: ` ${p(2, 'procedimientos', 0)} `, valor: 1000.004 }], servicios);
    expect(r.ok && r.servicios.map((s) => [s.servicio.pathFuente, s.valor])).toEqual([
      [p(1, 'procedimientos', 0), 280000],
      [p(2, 'procedimientos', 0), 1000],
    ]);
    const libre = revisarServicios('NC', [{ pathFuente: p(0, 'procedimientos', 0) }], servicios, { disponible: () => 80000 });
    expect(libre.ok && libre.servicios[0]!.valor).toBe(80000);
  });

  it('refuses unknown, repeated, valueless and non-positive services, and credits above the value', () => {
    const r = revisarServicios(
      'NC',
      [
        { pathFuente: p(9, 'procedimientos', 0) },
        { pathFuente: p(0, 'procedimientos', 0), valor: 1 },
        { pathFuente: p(0, 'procedimientos', 0), valor: 2 },
        { pathFuente: p(1, 'procedimientos', 0), valor: 0 },
        { pathFuente: p(2, 'procedimientos', 0), valor: -5 },
        { pathFuente: p(3, 'procedimientos', 0), valor: 280000.01 },
      ],
      servicios,
      { formatCop: fmt },
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errores).toEqual([
      { motivo: 'DESCONOCIDO', pathFuente: p(9, 'procedimientos', 0), mensaje: MSG_NOTAS.servicioDesconocido(p(9, 'procedimientos', 0)) },
      { motivo: 'REPETIDO', pathFuente: p(0, 'procedimientos', 0), mensaje: MSG_NOTAS.servicioRepetido(p(0, 'procedimientos', 0)) },
      { motivo: 'VALOR_NO_POSITIVO', pathFuente: p(1, 'procedimientos', 0), mensaje: MSG_NOTAS.valorNoPositivo(p(1, 'procedimientos', 0)) },
      { motivo: 'VALOR_NO_POSITIVO', pathFuente: p(2, 'procedimientos', 0), mensaje: MSG_NOTAS.valorNoPositivo(p(2, 'procedimientos', 0)) },
      {
        motivo: 'VALOR_EXCEDE',
        pathFuente: p(3, 'procedimientos', 0),
        mensaje: MSG_NOTAS.valorExcedeServicio(p(3, 'procedimientos', 0), '$280000.01', '$280000'),
      },
    ]);
    const despues = revisarServicios('NC', [{ pathFuente: p(0, 'procedimientos', 0), valor: 200000 }], servicios, {
      disponible: () => 80000,
      formatCop: fmt,
    });
    expect(!despues.ok && despues.errores[0]!.mensaje).toBe(MSG_NOTAS.valorExcedeDisponible(p(0, 'procedimientos', 0), '$200000', '$80000'));
    expect(revisarServicios('NC', [], servicios)).toEqual({
      ok: false,
      errores: [{ motivo: 'SIN_SERVICIOS', pathFuente: '', mensaje: MSG_NOTAS.serviciosRequeridos }],
    });
  });

  it('lets a debit note go above the service, refuses values on an adjustment note and credits on valueless lists', () => {
    expect(revisarServicios('ND', [{ pathFuente: p(0, 'procedimientos', 0), valor: 400000 }], servicios).ok).toBe(true);
    const na = revisarServicios('NA', [{ pathFuente: p(0, 'procedimientos', 0), valor: 1 }], servicios);
    expect(!na.ok && na.errores[0]!.motivo).toBe('VALOR_EN_AJUSTE');
    const urg = serviciosDeFactura(readSampleJson(SAMPLE.urgenciasJson));
    const sinValor = urg.find((s) => s.valor === null)!;
    const r = revisarServicios('NC', [{ pathFuente: sinValor.pathFuente }], urg);
    expect(!r.ok && r.errores[0]!.motivo).toBe('SIN_VALOR');
    expect(revisarServicios('NA', [{ pathFuente: sinValor.pathFuente }], urg).ok).toBe(true);
  });
});

describe("the note's RIPS", () => {
  it('holds only the chosen services with the note values, tipoNota, numNota and the invoice numFactura; the engine passes it', () => {
    const factura = par1();
    const before = JSON.stringify(factura);
    const servicios = serviciosDeFactura(factura);
    const checked = revisarServicios('NC', [{ pathFuente: p(0, 'procedimientos', 0), valor: 100000 }, { pathFuente: p(2, 'procedimientos', 0), valor: 200000 }], servicios);
    if (!checked.ok) throw new Error('refused');
    const rips = construirRipsNota(factura, { tipo: 'NC', numNota: 'NC300', numFactura: 'A01E5687', servicios: checked.servicios });
    expect(JSON.stringify(factura)).toBe(before);
    expect(rips).toMatchObject({ numDocumentoIdObligado: '901019681', numFactura: 'A01E5687', tipoNota: 'NC', numNota: 'NC300' });
    const usuarios = rips['usuarios'] as { consecutivo: number; numDocumentoIdentificacion: string; servicios: { procedimientos: Record<string, unknown>[] } }[];
    expect(usuarios.map((u) => [u.consecutivo, u.numDocumentoIdentificacion])).toEqual([
      [1, (factura['usuarios'] as { numDocumentoIdentificacion: string }[])[0]!.numDocumentoIdentificacion],
      [2, (factura['usuarios'] as { numDocumentoIdentificacion: string }[])[2]!.numDocumentoIdentificacion],
    ]);
    expect(usuarios[0]!.servicios.procedimientos).toEqual([
      expect.objectContaining({ codProcedimiento: '893815', vrServicio: 100000, valorPagoModerador: 0, conceptoRecaudo: '05', numFEVPagoModerador: null, consecutivo: 1 }),
    ]);
    expect(usuarios[1]!.servicios.procedimientos[0]).toMatchObject({ vrServicio: 200000 });
    expect(totalServicios(rips)).toBe(300000);

    const xml = notaDeFactura(par1Xml, {
      tipo: 'NC',
      numero: 'NC300',
      lineas: [
        { codigo: '893815', valor: 100000 },
        { codigo: '893815', valor: 200000 },
      ],
    });
    const chequeo = checkFiles({ xml, rips: JSON.stringify(rips) });
    expect(chequeo.error).toBeNull();
    expect(chequeo.endpoint).toBe('CargarNC');
    expect(chequeo.hallazgos.filter((h) => h.clase === 'RECHAZADO')).toEqual([]);
    expect(chequeo.hallazgos.map((h) => h.codigo)).not.toContain('RVG02');
    expect(chequeo.hallazgos.map((h) => h.codigo)).not.toContain('NOTA_PAGO_MODERADOR');
    // Totals that do not match the note's value are the engine's RVG02.
    const otra = checkFiles({ xml: notaDeFactura(par1Xml, { tipo: 'NC', numero: 'NC300', lineas: [{ codigo: '893815', valor: 1000 }] }), rips: JSON.stringify(rips) });
    expect(otra.hallazgos.map((h) => h.codigo)).toContain('RVG02');
  });

  it('keeps a medication consistent: whole units when the value is a multiple of the unit value, else one unit', () => {
    const factura = par2();
    const servicios = serviciosDeFactura(factura);
    const med = (j: number) => servicios.find((s) => s.pathFuente === p(0, 'medicamentos', j))!;
    // medicamentos[3]: 2 × 2,152 = 4,304; medicamentos[0]: 1 × 1,475
    const rips = construirRipsNota(factura, {
      tipo: 'NC',
      numNota: 'NC5',
      numFactura: 'FECE214626',
      servicios: [
        { servicio: med(3), valor: 2152 },
        { servicio: med(0), valor: 1000 },
      ],
    });
    const meds = (rips['usuarios'] as { servicios: { medicamentos: Record<string, unknown>[] } }[])[0]!.servicios.medicamentos;
    expect(meds.map((m) => [m['codTecnologiaSalud'], m['cantidadMedicamento'], m['vrUnitMedicamento'], m['vrServicio'], m['consecutivo']])).toEqual([
      ['230145', 1, 1000, 1000, 1],
      ['19932754', 1, 2152, 2152, 2],
    ]);
  });

  it('an adjustment note keeps the chosen services as invoiced', () => {
    const factura = par1();
    const servicios = serviciosDeFactura(factura);
    const rips = construirRipsNota(factura, { tipo: 'NA', numNota: 'NA1', numFactura: 'A01E5687', servicios: [{ servicio: servicios[0]!, valor: 280000 }] });
    const s = (rips['usuarios'] as { servicios: { procedimientos: Record<string, unknown>[] } }[])[0]!.servicios.procedimientos[0]!;
    expect(s).toMatchObject({ vrServicio: 280000, valorPagoModerador: 64400, conceptoRecaudo: '01' });
    expect(rips).toMatchObject({ tipoNota: 'NA', numNota: 'NA1', numFactura: 'A01E5687' });
  });
});
