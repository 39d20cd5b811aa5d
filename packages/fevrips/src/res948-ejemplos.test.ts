import { describe, expect, it } from 'vitest';
import { checkFiles } from './engine.ts';
import { ripsSchema } from './schema.ts';
import type { TServiceList } from './rips.ts';

/**
 * A Res. 948/2026 example file per service type, built from its field list (schema.ts, the one place
 * the field list lives: DT1 v002 and the v003 changes reported, docs/res948-auditoria.md): every key the structure
 * defines for the list is present (CIE-11 pairs and codigoVIDA null, as a billing system that does not inform them yet
 * writes them; vrDispensacion 0; incapacidad coded 02), the values are made up (no real patient), and the file passes
 * the whole check against `res948-2026-dt1-v002` with no finding at all.
 */
const V948 = 'res948-2026-dt1-v002' as const;
const NOW = new Date('2026-11-23T12:00:00-05:00');
const schema = ripsSchema(V948);

type TJson = Record<string, unknown>;

const PRESTADOR = '110013120501';
const PACIENTE = { tipoDocumentoIdentificacion: 'CC', numDocumentoIdentificacion: '52123456' };
const PAGO = { conceptoRecaudo: '05', valorPagoModerador: 0, numFEVPagoModerador: null };

/** Every CIE-11 key of `list`, null (DT1 v002: the key is present, null when not informed). */
function cie11Nulos(list: TServiceList): TJson {
  return Object.fromEntries(
    Object.keys(schema.servicios[list])
      .filter((k) => k.endsWith('CIE11'))
      .map((k) => [k, null]),
  );
}

/** One made-up service per list, every DT1 v002 field written. */
const EJEMPLOS: Record<TServiceList, TJson> = {
  consultas: {
    codPrestador: PRESTADOR,
    fechaInicioAtencion: '2026-08-03 08:30',
    numAutorizacion: null,
    codConsulta: '890201',
    modalidadGrupoServicioTecSal: '01',
    grupoServicios: '01',
    codServicio: 334,
    finalidadTecnologiaSalud: '44',
    causaMotivoAtencion: '38',
    codDiagnosticoPrincipal: 'J069',
    codDiagnosticoRelacionado1: null,
    codDiagnosticoRelacionado2: null,
    codDiagnosticoRelacionado3: null,
    tipoDiagnosticoPrincipal: '01',
    ...PACIENTE,
    vrServicio: 45000,
    ...PAGO,
    consecutivo: 1,
    codigoVIDA: null,
    ...cie11Nulos('consultas'),
  },
  procedimientos: {
    codPrestador: PRESTADOR,
    fechaInicioAtencion: '2026-08-03 09:00',
    idMIPRES: null,
    numAutorizacion: 'AUT-2026-001',
    codProcedimiento: '993101',
    viaIngresoServicioSalud: '02',
    modalidadGrupoServicioTecSal: '01',
    grupoServicios: '02',
    codServicio: 706,
    finalidadTecnologiaSalud: '14',
    ...PACIENTE,
    codDiagnosticoPrincipal: 'J069',
    codDiagnosticoRelacionado: null,
    codComplicacion: null,
    vrServicio: 30000,
    ...PAGO,
    consecutivo: 1,
    codigoVIDA: null,
    ...cie11Nulos('procedimientos'),
  },
  urgencias: {
    codPrestador: PRESTADOR,
    fechaInicioAtencion: '2026-08-03 10:00',
    causaMotivoAtencion: '38',
    codDiagnosticoPrincipal: 'J069',
    codDiagnosticoPrincipalE: 'J069',
    codDiagnosticoRelacionadoE1: null,
    codDiagnosticoRelacionadoE2: null,
    codDiagnosticoRelacionadoE3: null,
    condicionDestinoUsuarioEgreso: '01',
    codDiagnosticoCausaMuerte: null,
    fechaEgreso: '2026-08-03 16:00',
    consecutivo: 1,
    codigoVIDA: null,
    ...cie11Nulos('urgencias'),
  },
  hospitalizacion: {
    codPrestador: PRESTADOR,
    viaIngresoServicioSalud: '02',
    fechaInicioAtencion: '2026-08-03 10:00',
    numAutorizacion: 'AUT-2026-002',
    causaMotivoAtencion: '38',
    codDiagnosticoPrincipal: 'J069',
    codDiagnosticoPrincipalE: 'J069',
    codDiagnosticoRelacionadoE1: null,
    codDiagnosticoRelacionadoE2: null,
    codDiagnosticoRelacionadoE3: null,
    codComplicacion: null,
    condicionDestinoUsuarioEgreso: '01',
    codDiagnosticoCausaMuerte: null,
    fechaEgreso: '2026-08-05 11:00',
    consecutivo: 1,
    codigoVIDA: null,
    ...cie11Nulos('hospitalizacion'),
  },
  recienNacidos: {
    codPrestador: PRESTADOR,
    tipoDocumentoIdentificacion: 'CN',
    numDocumentoIdentificacion: '2026080300001',
    fechaNacimiento: '2026-08-03 04:20',
    edadGestacional: 39,
    numConsultasCPrenatal: 6,
    codSexoBiologico: '01',
    peso: 3200,
    codDiagnosticoPrincipal: 'Z380',
    condicionDestinoUsuarioEgreso: '01',
    codDiagnosticoCausaMuerte: null,
    fechaEgreso: '2026-08-04 12:00',
    consecutivo: 1,
    ...cie11Nulos('recienNacidos'),
  },
  medicamentos: {
    codPrestador: PRESTADOR,
    idMIPRES: null,
    fechaDispensAdmon: '2026-08-03 11:00',
    codDiagnosticoPrincipal: 'J069',
    codDiagnosticoRelacionado: null,
    tipoMedicamento: '01',
    codTecnologiaSalud: '19943544-01',
    // null for tipoMedicamento 01: the CUM names it (a value here is the ministry's notice RVC065)
    nomTecnologiaSalud: null,
    concentracionMedicamento: null,
    unidadMedida: null,
    formaFarmaceutica: 'COLFF001',
    unidadMinDispensa: 74,
    cantidadMedicamento: 10,
    diasTratamiento: 5,
    ...PACIENTE,
    vrUnitMedicamento: 150,
    vrServicio: 1500,
    ...PAGO,
    consecutivo: 1,
    vrDispensacion: 0,
    codigoVIDA: null,
    ...cie11Nulos('medicamentos'),
  },
  otrosServicios: {
    codPrestador: PRESTADOR,
    numAutorizacion: null,
    idMIPRES: null,
    fechaSuministroTecnologia: '2026-08-03 11:30',
    tipoOS: '01',
    codTecnologiaSalud: 'INS-GASA-01',
    nomTecnologiaSalud: 'GASA ESTERIL 10 X 10',
    cantidadOS: 2,
    ...PACIENTE,
    vrUnitOS: 2500,
    vrDispensacion: 0,
    vrServicio: 5000,
    ...PAGO,
    consecutivo: 1,
    codigoVIDA: null,
  },
};

/** A one-user RIPS (a woman of 31, so a newborn is hers) holding only `list`'s example. */
function ripsCon(list: TServiceList): TJson {
  return {
    numDocumentoIdObligado: '901019681',
    numFactura: 'FE948001',
    tipoNota: null,
    numNota: null,
    usuarios: [
      {
        ...PACIENTE,
        tipoUsuario: '01',
        fechaNacimiento: '1995-04-12',
        codSexo: 'F',
        codPaisResidencia: '170',
        codMunicipioResidencia: '11001',
        codZonaTerritorialResidencia: '01',
        incapacidad: '02',
        consecutivo: 1,
        codPaisOrigen: '170',
        codigoVIDA: null,
        registroSIRAS: null,
        servicios: { [list]: [EJEMPLOS[list]] },
      },
    ],
  };
}

describe('Res. 948/2026: an example file per service type passes', () => {
  const lists = Object.keys(schema.servicios) as TServiceList[];

  it('the examples cover every service list of DT1 v002, each with exactly its fields', () => {
    expect(Object.keys(EJEMPLOS).sort()).toEqual([...lists].sort());
    for (const list of lists)
      expect(Object.keys(EJEMPLOS[list]).sort(), list).toEqual(Object.keys(schema.servicios[list]).sort());
    expect(
      Object.keys((ripsCon('consultas')['usuarios'] as TJson[])[0]!)
        .filter((k) => k !== 'servicios')
        .sort(),
    ).toEqual(Object.keys(schema.usuario).sort());
  });

  for (const list of Object.keys(EJEMPLOS) as TServiceList[]) {
    it(`${list}: no finding against ${V948}`, () => {
      const r = checkFiles({ rips: JSON.stringify(ripsCon(list)) }, { now: NOW, version: V948 });
      expect(r.version).toBe(V948);
      expect(r.hallazgos.map((h) => `${h.codigo} ${h.pathFuente} ${h.observaciones}`)).toEqual([]);
    });
  }

  it('the same example without its CIE-11 keys is the old structure: one notice naming the new one per file', () => {
    const rips = ripsCon('consultas');
    const servicio = ((rips['usuarios'] as TJson[])[0]!['servicios'] as Record<string, TJson[]>)[
      'consultas'
    ]![0]!;
    for (const k of Object.keys(servicio)) if (k.endsWith('CIE11')) delete servicio[k];
    const r = checkFiles({ rips: JSON.stringify(rips) }, { now: NOW, version: V948 });
    expect(r.hallazgos.filter((h) => h.codigo === 'RVG01')).toHaveLength(0);
    expect(r.hallazgos.filter((h) => h.clase === 'RECHAZADO')).toEqual([]);
    expect(r.hallazgos.filter((h) => h.codigo === 'ESTRUCTURA_RES948')).toHaveLength(1);
    expect(r.hallazgos[0]?.descripcion).toContain('Resolución 948');
  });
});
