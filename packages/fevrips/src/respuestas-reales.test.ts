import { describe, expect, it } from 'vitest';
import { reglaDe } from '@radica/contracts/reglas';
import { checkFiles, prestadoresDeMapa, type TCheckOptions } from './engine.ts';
import type { THallazgoLocal } from './findings.ts';
import {
  consulta,
  facturaBase,
  facturaXml,
  medicamento,
  procedimiento,
  ripsBase,
  usuario1,
  type TServicio,
} from '../test/sinteticos.ts';

/**
 * Every fact of the real, public MUV answers (2025; reference §3.2) that Radica can decide, reproduced from a
 * minimal made-up RIPS (no patient data): the code, the ministry's class, its Descripcion word for word, the shape of
 * its Observaciones and the PathFuente; and, for each, a neighbouring input the ministry did not flag.
 */

const NOW: TCheckOptions = { now: new Date('2026-11-23T12:00:00-05:00'), version: 'res2275-2023' };
/** The NIT and provider code of the real RVC012 answer (public data of a provider, not a patient). */
const NIT_REAL = '900330752';
const COD_REAL = '682760166601';

/** {@link ripsBase} with the user's services replaced by `servicios` and the header changed by `cabecera`. */
function rips(servicios: Record<string, TServicio[]>, cabecera: Record<string, unknown> = {}): string {
  const r = ripsBase();
  usuario1(r).servicios = servicios;
  return JSON.stringify({ ...r, ...cabecera });
}

const conConsulta = (codConsulta: string, finalidad = '15', extra: TServicio = {}): TServicio => ({
  ...consulta(),
  codConsulta,
  finalidadTecnologiaSalud: finalidad,
  ...extra,
});
const conMedicamento = (extra: TServicio): TServicio => ({ ...medicamento(), ...extra });

/** {@link facturaBase} with the cobertura `cobertura`, issued on `fecha`. */
function factura(cobertura: string, fecha = '2025-07-09'): string {
  const f = facturaBase();
  return facturaXml({ ...f, issueDate: fecha, salud: { ...f.salud!, cobertura } });
}

function check(files: { xml?: string; rips: string }, options: TCheckOptions = NOW): THallazgoLocal[] {
  const r = checkFiles(files, options);
  expect(r.error).toBeNull();
  return r.hallazgos;
}

const of = (h: THallazgoLocal[], codigo: string) => h.filter((x) => x.codigo === codigo);
const rechazos = (h: THallazgoLocal[]) => h.filter((x) => x.clase === 'RECHAZADO');

/** The finding must carry the ministry's class and Descripcion, as the catalogue (one source) also says. */
function expectMinistry(h: THallazgoLocal | undefined, codigo: string, clase: THallazgoLocal['clase'], descripcion: string) {
  expect(h, codigo).toBeDefined();
  expect(h).toMatchObject({ codigo, clase, descripcion, fuente: 'Rips' });
  expect(reglaDe(codigo)).toMatchObject({ clase: clase === 'RECHAZADO' ? 'R' : 'N', descripcion });
}

describe('real MUV answers (2025), reproduced from minimal RIPS: RVC086–RVC089, RVC063, RVC065, RVC017, RVC019', () => {
  it('RVC086 is a NOTIFICACION, also on medicamentos, and the package has no rechazo', () => {
    const h = check({
      rips: rips({ medicamentos: [conMedicamento({ codDiagnosticoRelacionado: 'J459' })] }),
    });
    const [f] = of(h, 'RVC086');
    expectMinistry(
      f,
      'RVC086',
      'NOTIFICACION',
      'Se puede validar que el código de diagnóstico relacionado no sea igual al código de diagnóstico principal.',
    );
    expect(f).toMatchObject({
      observaciones: 'Codigo de diagnóstico repetido',
      pathFuente: 'usuarios[0].servicios.medicamentos[0].codDiagnosticoRelacionado',
    });
    expect(rechazos(h)).toEqual([]);
    // a different related diagnosis is not flagged
    expect(of(check({ rips: rips({ medicamentos: [conMedicamento({ codDiagnosticoRelacionado: 'I10X' })] }) }), 'RVC086')).toEqual([]);
    // the consulta of the issue's "done means": same notice, no rechazo
    const c = check({ rips: rips({ consultas: [conConsulta('890201', '15', { codDiagnosticoRelacionado1: 'J459' })] }) });
    expect(of(c, 'RVC086').map((x) => x.clase)).toEqual(['NOTIFICACION']);
    expect(rechazos(c)).toEqual([]);
  });

  it('RVC087–RVC089, the same family, are notifications too on an invoice', () => {
    for (const codigo of ['RVC087', 'RVC088', 'RVC089']) expect(reglaDe(codigo)?.clase, codigo).toBe('N');
    const h = check({
      rips: rips({ consultas: [conConsulta('890201', '15', { codDiagnosticoRelacionado1: 'I10X', codDiagnosticoRelacionado2: 'I10X' })] }),
    });
    expect(of(h, 'RVC087')).toMatchObject([{ clase: 'NOTIFICACION', observaciones: 'Codigo de diagnóstico repetido' }]);
  });

  it('RVC063: the ministry text and class; a code that is neither CUM nor IUM is noted, a well-formed one is left to the ministry', () => {
    const h = check({ rips: rips({ medicamentos: [conMedicamento({ codTecnologiaSalud: '000' })] }) });
    expectMinistry(
      of(h, 'RVC063')[0],
      'RVC063',
      'NOTIFICACION',
      'Se podrá validar la existencia del IUM o del CUM en el catálogo respectivo de SISPRO.',
    );
    expect(of(h, 'RVC063')[0]?.observaciones).toBe(
      'El código de la tecnología  [000] no es válido, por favor verificar tabla de referencia.',
    );
    // 19992190-03 (the real answer's code) has a CUM's shape: only SISPRO's catalogue knows it is missing
    for (const cod of ['19992190-03', '1S1016191004104'])
      expect(of(check({ rips: rips({ medicamentos: [conMedicamento({ codTecnologiaSalud: cod })] }) }), 'RVC063'), cod).toEqual([]);
    expect(rechazos(h)).toEqual([]);
  });

  it('RVC065: tipoMedicamento 01/02/04 with a name, concentration or unit (0 counts); a null formaFarmaceutica or tipo 03 is not noted', () => {
    const h = check({
      rips: rips({
        medicamentos: [conMedicamento({ tipoMedicamento: '02', concentracionMedicamento: 0, unidadMedida: 168, nomTecnologiaSalud: null })],
      }),
    });
    const found = of(h, 'RVC065');
    expectMinistry(
      found[0],
      'RVC065',
      'NOTIFICACION',
      'Para 01: Medicamento con uso según registro sanitario, 02: Medicamento con uso como vital no disponible definido por INVIMA o 04: Medicamento con uso no incluido en el registro sanitario(Listado UNIRS) puede informar null.',
    );
    expect(found.map((x) => x.pathFuente)).toEqual([
      'usuarios[0].servicios.medicamentos[0].concentracionMedicamento',
      'usuarios[0].servicios.medicamentos[0].unidadMedida',
    ]);
    expect(of(check({ rips: rips({ medicamentos: [conMedicamento({})] }) }), 'RVC065')).toEqual([]);
    expect(
      of(check({ rips: rips({ medicamentos: [conMedicamento({ tipoMedicamento: '03', concentracionMedicamento: 5 })] }) }), 'RVC065'),
    ).toEqual([]);
  });

  it('RVC017: 890701 with an invoice of another cobertura, 890201 in a RIPS sin factura; not with the same cobertura', () => {
    const conFactura = check({ xml: factura('04'), rips: rips({ consultas: [conConsulta('890701')] }) });
    const [f] = of(conFactura, 'RVC017');
    expectMinistry(
      f,
      'RVC017',
      'NOTIFICACION',
      'El código de CUPS puede ser validado que corresponda a la cobertura o plan de beneficios informada en la factura electrónica de venta.',
    );
    expect(f).toMatchObject({
      observaciones: 'Verificar tabla de referencia Dato (890701)',
      pathFuente: 'usuarios[0].servicios.consultas[0].codConsulta',
    });
    const rs = check({ rips: rips({ consultas: [conConsulta('890201')] }, { numFactura: null, tipoNota: 'RS', numNota: '1' }) });
    expect(of(rs, 'RVC017')).toMatchObject([{ observaciones: 'Verificar tabla de referencia Dato (890201)' }]);
    expect(of(check({ xml: factura('01'), rips: rips({ consultas: [conConsulta('890201')] }) }), 'RVC017')).toEqual([]);
    // a RIPS waiting for its invoice (no tipoNota) is not an RS: nothing yet
    expect(of(check({ rips: rips({ consultas: [conConsulta('890201')] }) }), 'RVC017')).toEqual([]);
  });

  it('RVC019 on the urgencias consultations 890701 and 890702 (DxRequerido N); not on 890201', () => {
    for (const cups of ['890701', '890702']) {
      const [f] = of(check({ rips: rips({ consultas: [conConsulta(cups)] }) }), 'RVC019');
      expectMinistry(f, 'RVC019', 'NOTIFICACION', 'El código de CUPS se puede validar con el diagnóstico principal.');
      expect(f?.observaciones).toBe(`Verificar tabla de referencia Dato (${cups})`);
    }
    expect(of(check({ rips: rips({ consultas: [conConsulta('890201')] }) }), 'RVC019')).toEqual([]);
  });
});

describe('real MUV answers (2025), reproduced from minimal RIPS: RVC059, RVC012, RVG01 and the cap', () => {
  it('RVC059: 890701 with finalidad 15 and 115308 with 16, in the ministry shape; not 890201 with finalidad 15', () => {
    const [f] = of(check({ rips: rips({ consultas: [conConsulta('890701', '15')] }) }), 'RVC059');
    expectMinistry(
      f,
      'RVC059',
      'NOTIFICACION',
      'El código de CUPS puede ser validado con el grupo de servicio, servicio, finalidad o causa.',
    );
    expect(f?.observaciones).toBe('Verificar tabla de referencia CodConsulta (890701) - Finalidad (15)');
    const [p] = of(check({ rips: rips({ procedimientos: [{ ...procedimiento(), codProcedimiento: '115308', finalidadTecnologiaSalud: '16' }] }) }), 'RVC059');
    expect(p).toMatchObject({
      observaciones: 'Verificar tabla de referencia codProcedimiento (115308) - Finalidad (16)',
      pathFuente: 'usuarios[0].servicios.procedimientos[0].codProcedimiento',
    });
    expect(of(check({ rips: rips({ consultas: [conConsulta('890201', '15')] }) }), 'RVC059')).toEqual([]);
  });

  it('RVC012: a provider code that REPS gives to another NIT is RECHAZADO; a code REPS does not have says nothing', () => {
    const real = (codigos: string[]) =>
      rips(
        { consultas: codigos.map((codPrestador, i) => conConsulta('890201', '15', { codPrestador, consecutivo: i + 1 })) },
        { numDocumentoIdObligado: NIT_REAL },
      );
    const reps = prestadoresDeMapa(new Map([[COD_REAL.slice(0, 10), '800123456']]));
    const h = check({ rips: real([COD_REAL]) }, { ...NOW, prestadores: reps });
    const [f] = of(h, 'RVC012');
    expectMinistry(
      f,
      'RVC012',
      'RECHAZADO',
      'El código del prestador de servicios de salud o del obligado a reportar debe estar relacionado con el numDocumentoIdObligado.',
    );
    expect(f).toMatchObject({
      observaciones: 'Verificar tablas de referencia, datos (Código Prestador:682760166601 - Nit: 900330752)',
      pathFuente: 'usuarios[0].servicios.consultas[0].codPrestador',
    });
    const propio = prestadoresDeMapa(new Map([[COD_REAL.slice(0, 10), `0${NIT_REAL}`]]));
    expect(of(check({ rips: real([COD_REAL]) }, { ...NOW, prestadores: propio }), 'RVC012')).toEqual([]);
    const vacio = prestadoresDeMapa(new Map());
    expect(of(check({ rips: real([COD_REAL]) }, { ...NOW, prestadores: vacio }), 'RVC012')).toEqual([]);
    // without a table the engine only gathers the codes for the caller (the API's REPS lookup)
    const r = checkFiles({ rips: real([COD_REAL, '682760166602']) }, NOW);
    expect(r.codigosPrestador).toEqual([
      { codPrestador: COD_REAL, pathFuente: 'usuarios[0].servicios.consultas[0].codPrestador' },
      { codPrestador: '682760166602', pathFuente: 'usuarios[0].servicios.consultas[1].codPrestador' },
    ]);
  });

  it('RVG01 keeps the ministry words and class; FED129 and FED131 stay notifications', () => {
    const h = check({ rips: rips({ consultas: [conConsulta('890201', '15', { codPrestador: '76001126940' })] }) });
    expect(of(h, 'RVG01')[0]).toMatchObject({
      clase: 'RECHAZADO',
      descripcion: 'Solo se podrá validar los RIPS si cumplen con la estructura establecida.',
      pathFuente: 'usuarios[0].servicios.consultas[0].codPrestador',
    });
    expect(reglaDe('RVG01')?.clase).toBe('R');
    expect(reglaDe('FED131')?.clase).toBe('N');
    expect(reglaDe('FED129')?.clase).toBe('N');
  });

  it('notices never hide a rechazo: past the cap of a group, a RECHAZADO takes the place of a notice', () => {
    const meds = Array.from({ length: 250 }, (_, i) =>
      conMedicamento({ concentracionMedicamento: 0, fechaDispensAdmon: `2025-07-04 ${String(8 + (i % 10)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`, consecutivo: i + 1 }),
    );
    const parsed = JSON.parse(rips({ medicamentos: meds })) as { usuarios: Record<string, unknown>[] };
    // a second user with the first one's document, after the 250 notices: RVG12 (RECHAZADO)
    parsed.usuarios.push({ ...parsed.usuarios[0], consecutivo: 2, servicios: {} });
    const h = check({ rips: JSON.stringify(parsed) });
    expect(of(h, 'RVG12').map((x) => x.clase)).toEqual(['RECHAZADO']);
    expect(of(h, 'LIMITE_HALLAZGOS')).toHaveLength(1);
    expect(of(h, 'RVC065').length).toBeLessThan(250);
  });

  it('a Res. 2275 RIPS with an invoice after the Res. 948 cut-over is a NOTIFICACION checked as 2275, not a rejection', () => {
    const h = check({ xml: factura('01', '2026-09-04'), rips: rips({ consultas: [conConsulta('890201')] }) }, { now: NOW.now! });
    expect(of(h, 'ESTRUCTURA_RES948')).toMatchObject([{ clase: 'NOTIFICACION' }]);
    expect(of(h, 'ESTRUCTURA_RES948')[0]?.observaciones).toContain('CIE-11');
    expect(of(h, 'RVG01')).toEqual([]);
  });
});

/**
 * The credit notes of June 2026 (reference §9; a hospital's three credit notes, CargarNC): RVC086 on the first
 * procedimiento — "diagnóstico relacionado igual al principal" — came back RECHAZADO with ResultState false, where the
 * same inconsistency had been a notice on the invoice (docs/decisions/049).
 */
describe('real MUV answers to credit notes (June 2026)', () => {
  const procedimientoRepetido = (): Record<string, TServicio[]> => ({
    procedimientos: [{ ...procedimiento(), codDiagnosticoRelacionado: 'J459' }],
  });

  it('RVC086 blocks a credit note: RECHAZADO, the package has a rechazo', () => {
    const h = check({ rips: rips(procedimientoRepetido(), { tipoNota: 'NC', numNota: 'NC100' }) });
    expect(of(h, 'RVC086')).toMatchObject([
      {
        clase: 'RECHAZADO',
        pathFuente: 'usuarios[0].servicios.procedimientos[0].codDiagnosticoRelacionado',
        observaciones: 'Codigo de diagnóstico repetido',
      },
    ]);
    expect(reglaDe('RVC086', 'CargarNC')?.clase).toBe('R');
  });

  it('the same services on the invoice stay a notice', () => {
    const h = check({ rips: rips(procedimientoRepetido()) });
    expect(of(h, 'RVC086').map((x) => x.clase)).toEqual(['NOTIFICACION']);
    expect(rechazos(h)).toEqual([]);
  });
});
