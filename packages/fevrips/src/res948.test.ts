import { describe, expect, it } from 'vitest';
import { checkFiles } from './engine.ts';
import { main } from './cli.ts';
import { RES948_DESDE, ripsSchema, ripsVersionFor } from './schema.ts';
import type { THallazgoLocal } from './findings.ts';
import { SAMPLE, SAMPLES_DIR, readSample, readSampleJson } from '../test/samples.ts';
import { resolve } from 'node:path';

/** Res. 948/2026 DT1 v002 beside Res. 2275/2023, chosen by the invoice's date. */

const NOW = new Date('2026-11-21T12:00:00-05:00');
const V948 = 'res948-2026-dt1-v002' as const;
const RIPS_SAMPLES = [
  SAMPLE.par1Json,
  SAMPLE.par2Json,
  SAMPLE.capitaJson,
  SAMPLE.grande377Json,
  SAMPLE.urgenciasJson,
  SAMPLE.fevcJson,
  SAMPLE.invalidoAnexoJson,
] as const;

type TJson = Record<string, unknown>;

/**
 * A Res. 2275 RIPS rewritten in Res. 948's structure: a null CIE-11 code/name pair after every CIE-10 key of every
 * service, medicamentos without numAutorizacion and with vrDispensacion, incapacidad coded 01/02 (DT1 v003), what a
 * billing system migrating does.
 */
function toRes948(rips: TJson): TJson {
  const schema = ripsSchema(V948);
  for (const usuario of (rips['usuarios'] as TJson[] | undefined) ?? []) {
    if (usuario['incapacidad'] === 'SI' || usuario['incapacidad'] === 'NO') usuario['incapacidad'] = usuario['incapacidad'] === 'SI' ? '01' : '02';
    const servicios = usuario['servicios'] as Record<string, TJson[]> | undefined;
    for (const [list, records] of Object.entries(servicios ?? {})) {
      const spec = schema.servicios[list as keyof typeof schema.servicios];
      if (!spec || !Array.isArray(records)) continue;
      for (const r of records) {
        for (const key of Object.keys(spec)) if (key.endsWith('CIE11') && !(key in r)) r[key] = null;
        if (list === 'medicamentos') {
          delete r['numAutorizacion'];
          r['vrDispensacion'] = 0;
        }
      }
    }
  }
  return rips;
}

const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));
const key = (h: THallazgoLocal) => `${h.clase}|${h.codigo}|${h.pathFuente}|${h.observaciones}`;

describe('the structure follows the invoice date', () => {
  it('picks 948 from RES948_DESDE on, 2275 before, and the default without a date', () => {
    expect(RES948_DESDE).toBe('2026-07-01');
    expect(ripsVersionFor('2026-06-30')).toBe('res2275-2023');
    expect(ripsVersionFor('2026-07-01')).toBe(V948);
    expect(ripsVersionFor('2027-01-15 08:00')).toBe(V948);
    expect(ripsVersionFor(null)).toBe('res2275-2023');
    expect(ripsVersionFor('ayer')).toBe('res2275-2023');
  });

  it('checks the real 2025 pair against 2275 (its issue date) and says so', () => {
    const r = checkFiles({ xml: readSample(SAMPLE.par1Xml), rips: readSample(SAMPLE.par1Json) }, { now: NOW });
    expect(r.version).toBe('res2275-2023');
    // A RIPS alone goes by its first service date (2025-07): still 2275.
    expect(checkFiles({ rips: readSample(SAMPLE.par1Json) }, { now: NOW }).version).toBe('res2275-2023');
  });
});

describe('Res. 948/2026 DT1 v002', () => {
  it('every real sample rewritten in 948 gives exactly the findings its 2275 original gives', () => {
    for (const name of RIPS_SAMPLES) {
      const original = checkFiles({ rips: readSample(name) }, { now: NOW, version: 'res2275-2023' }).hallazgos.map(key).sort();
      const migrated = checkFiles({ rips: bytes(toRes948(readSampleJson(name))) }, { now: NOW, version: V948 });
      expect(migrated.version).toBe(V948);
      expect(migrated.hallazgos.map(key).sort(), name).toEqual(original);
    }
  });

  it('a 2275 file checked after the cut-over gets one finding naming the new structure, not a wall of RVG01', () => {
    for (const name of RIPS_SAMPLES) {
      const as2275 = checkFiles({ rips: readSample(name) }, { now: NOW, version: 'res2275-2023' }).hallazgos.map(key).sort();
      const after = checkFiles({ rips: readSample(name) }, { now: NOW, version: V948 }).hallazgos;
      const [first, ...rest] = after;
      // a notice, checked as 2275 (no source shows the ministry refusing 2275 files after the cut-over)
      expect(first).toMatchObject({ clase: 'NOTIFICACION', codigo: 'ESTRUCTURA_RES948', pathFuente: '' });
      expect(first?.descripcion).toMatch(/estructura de la Resolución 2275 de 2023.*Resolución 948 de 2026/);
      expect(rest.map(key).sort(), name).toEqual(as2275);
    }
  });

  it('wants each CIE-11 key present (null is fine; a missing one is a notice) and notes medicamentos numAutorizacion as undefined', () => {
    const rips = toRes948(readSampleJson(SAMPLE.par2Json));
    const usuarios = rips['usuarios'] as TJson[];
    const consulta = ((usuarios[0]!['servicios'] as Record<string, TJson[]>)['consultas'] ?? [])[0]!;
    delete consulta['codDiagnosticoRelacionado1CIE11'];
    consulta['codDiagnosticoPrincipalCIE11'] = 'BA00';
    consulta['nomCodDiagnosticoPrincipalCIE11'] = 'Hipertensión esencial';
    const found = checkFiles({ rips: bytes(rips) }, { now: NOW, version: V948 }).hallazgos;
    const missing = found.filter((h) => h.pathFuente.endsWith('codDiagnosticoRelacionado1CIE11'));
    // only a third-party client says the key must be there: a notice, never a rejection (decision 025)
    expect(missing).toMatchObject([{ clase: 'NOTIFICACION', codigo: 'LLAVE_AUSENTE' }]);
    expect(missing[0]?.observaciones).toContain('agrégala con null');
    expect(found.some((h) => h.pathFuente.endsWith('codDiagnosticoPrincipalCIE11'))).toBe(false);
    const medicamento = Object.values(usuarios.flatMap((u) => (u['servicios'] as Record<string, TJson[]>)['medicamentos'] ?? []))[0]!;
    medicamento['numAutorizacion'] = '123';
    const withOldKey = checkFiles({ rips: bytes(rips) }, { now: NOW, version: V948 }).hallazgos;
    expect(withOldKey.some((h) => h.codigo === 'PROPIEDAD_NO_DEFINIDA' && h.pathFuente.endsWith('numAutorizacion'))).toBe(true);
  });

  it('RVC095: a SOAT user (tipoUsuario 10) needs registroSIRAS under 948, not under 2275', () => {
    const rips = toRes948(readSampleJson(SAMPLE.par1Json));
    const usuario = (rips['usuarios'] as TJson[])[0]!;
    usuario['tipoUsuario'] = '10';
    const rvc095 = (r: TJson, version: 'res2275-2023' | typeof V948) =>
      checkFiles({ rips: bytes(r) }, { now: NOW, version }).hallazgos.filter((h) => h.codigo === 'RVC095');
    expect(rvc095(rips, V948)).toHaveLength(1);
    expect(rvc095(rips, V948)[0]).toMatchObject({ clase: 'NOTIFICACION', pathFuente: 'usuarios[0].registroSIRAS' });
    usuario['registroSIRAS'] = 'SIRAS-2026-000123';
    expect(rvc095(rips, V948)).toHaveLength(0);
    delete usuario['registroSIRAS'];
    expect(rvc095(rips, 'res2275-2023')).toHaveLength(0);
  });

  it('the CLI names the structure of each package and takes --version', () => {
    let out = '';
    const run = (...argv: string[]) => {
      out = '';
      return main(argv, (t) => (out += t), () => {});
    };
    run('check', resolve(SAMPLES_DIR, SAMPLE.par1Xml), resolve(SAMPLES_DIR, SAMPLE.par1Json), '--fecha', '2026-11-21');
    expect(out).toContain('Estructura RIPS: Resolución 2275 de 2023 (res2275-2023)');
    run('check', resolve(SAMPLES_DIR, SAMPLE.par1Json), '--version', V948, '--fecha', '2026-11-21');
    expect(out).toContain('Estructura RIPS: Resolución 948 de 2026 (Documento Técnico 1 v002 y v003) (res948-2026-dt1-v002)');
    expect(out).toContain('estructura de la Resolución 2275 de 2023');
  });
});

/**
 * The audit of Res. 948/2026 against DT1 v003 as reported (reference §9; docs/res948-auditoria.md): each reported change,
 * field by field, and what Radica does with it. Nothing reported but unconfirmed is ever a rejection (decision 025).
 */
describe('Res. 948/2026 audited against DT1 v003 (as reported)', () => {
  /** par1 rewritten in 948, with `edit` applied to its first user. */
  function par1En948(edit: (usuario: TJson, servicios: Record<string, TJson[]>) => void): TJson {
    const rips = toRes948(readSampleJson(SAMPLE.par1Json));
    const usuario = (rips['usuarios'] as TJson[])[0]!;
    edit(usuario, usuario['servicios'] as Record<string, TJson[]>);
    return rips;
  }
  const check = (rips: TJson, version: 'res2275-2023' | typeof V948 = V948) =>
    checkFiles({ rips: bytes(rips) }, { now: NOW, version }).hallazgos;
  const base = check(par1En948(() => {})).map(key);
  /** The findings `rips` gives beyond the migrated par1's own. */
  const nuevos = (rips: TJson, version: 'res2275-2023' | typeof V948 = V948) =>
    check(rips, version).filter((h) => !base.includes(key(h)));
  const otro = (extra: TJson): TJson => ({
    codPrestador: '110013120501',
    numAutorizacion: null,
    idMIPRES: null,
    fechaSuministroTecnologia: '2025-07-04 09:00',
    tipoOS: '01',
    codTecnologiaSalud: 'JER-5ML',
    nomTecnologiaSalud: 'Jeringa desechable 5 ml',
    cantidadOS: 1,
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '79000001',
    vrUnitOS: 5000,
    vrDispensacion: 0,
    vrServicio: 5000,
    conceptoRecaudo: '05',
    valorPagoModerador: 0,
    numFEVPagoModerador: null,
    consecutivo: 1,
    codigoVIDA: null,
    ...extra,
  });

  it('incapacidad: 01/02 pass in both structures; SI/NO pass, with a notice under 948 only', () => {
    for (const v of ['01', '02']) {
      expect(nuevos(par1En948((u) => (u['incapacidad'] = v))), v).toEqual([]);
      expect(nuevos(par1En948((u) => (u['incapacidad'] = v)), 'res2275-2023').filter((h) => h.pathFuente.endsWith('incapacidad')), v).toEqual([]);
    }
    const no = nuevos(par1En948((u) => (u['incapacidad'] = 'NO')));
    expect(no).toMatchObject([{ clase: 'NOTIFICACION', codigo: 'RES948_V003', pathFuente: 'usuarios[0].incapacidad' }]);
    expect(no[0]?.observaciones).toContain('informa 02');
    expect(check(readSampleJson(SAMPLE.par1Json), 'res2275-2023').some((h) => h.codigo === 'RES948_V003')).toBe(false);
    // still a closed list: anything else is the structure's RVG01
    expect(nuevos(par1En948((u) => (u['incapacidad'] = 'QUIZAS')))).toMatchObject([{ clase: 'RECHAZADO', codigo: 'RVG01' }]);
  });

  it('vrDispensacion in medicamentos and otrosServicios, codigoVIDA in every service: known keys, no finding', () => {
    const rips = par1En948((_u, s) => {
      for (const p of s['procedimientos'] ?? []) p['codigoVIDA'] = 'VIDA-0001';
      s['otrosServicios'] = [otro({})];
    });
    expect(nuevos(rips)).toEqual([]);
    // the earlier notes' name is not the generators': an undefined key, a notice
    const viejo = par1En948((_u, s) => (s['otrosServicios'] = [otro({ valorDispensacion: 0 })]));
    expect(nuevos(viejo)).toMatchObject([{ clase: 'NOTIFICACION', codigo: 'PROPIEDAD_NO_DEFINIDA' }]);
  });

  it('the professional of tipoOS 01/04/05 (RVC050): a notice under 948, nothing for 02/03 or under 2275', () => {
    for (const tipoOS of ['01', '04', '05']) {
      const h = nuevos(par1En948((_u, s) => (s['otrosServicios'] = [otro({ tipoOS, codTecnologiaSalud: '890201', numDocumentoIdentificacion: null })])));
      expect(h, tipoOS).toMatchObject([
        { clase: 'NOTIFICACION', codigo: 'RVC050', pathFuente: 'usuarios[0].servicios.otrosServicios[0].numDocumentoIdentificacion' },
      ]);
    }
    for (const tipoOS of ['02', '03'])
      expect(
        nuevos(par1En948((_u, s) => (s['otrosServicios'] = [otro({ tipoOS, codTecnologiaSalud: '601T01', tipoDocumentoIdentificacion: null, numDocumentoIdentificacion: null })]))).filter((h) => h.codigo === 'RVC050'),
        tipoOS,
      ).toEqual([]);
    const en2275 = readSampleJson(SAMPLE.par1Json);
    const { codigoVIDA: _v, vrDispensacion: _d, ...otro2275 } = otro({ tipoDocumentoIdentificacion: null });
    ((en2275['usuarios'] as TJson[])[0]!['servicios'] as Record<string, TJson[]>)['otrosServicios'] = [otro2275];
    expect(check(en2275, 'res2275-2023').filter((h) => h.codigo === 'RVC050')).toEqual([]);
  });

  it('otrosServicios codPrestador may be null under 948 (DT1 v003: conditional), not under 2275; a wrong one is still RVG01', () => {
    expect(nuevos(par1En948((_u, s) => (s['otrosServicios'] = [otro({ codPrestador: null })])))).toEqual([]);
    expect(nuevos(par1En948((_u, s) => (s['otrosServicios'] = [otro({ codPrestador: '1100131205' })])))).toMatchObject([{ codigo: 'RVG01' }]);
    const en2275 = readSampleJson(SAMPLE.par1Json);
    const { codigoVIDA: _v, vrDispensacion: _d, ...otro2275 } = otro({ codPrestador: null });
    ((en2275['usuarios'] as TJson[])[0]!['servicios'] as Record<string, TJson[]>)['otrosServicios'] = [otro2275];
    expect(check(en2275, 'res2275-2023').filter((h) => h.pathFuente.endsWith('otrosServicios[0].codPrestador'))).toMatchObject([
      { clase: 'RECHAZADO', codigo: 'RVG01' },
    ]);
  });

  it('tipoOS 06 is not in the list (RVG01); conceptoRecaudo 04 is RVC092, a notice as the DT1 v002 audit gives it', () => {
    expect(nuevos(par1En948((_u, s) => (s['otrosServicios'] = [otro({ tipoOS: '06' })])))).toMatchObject([
      { clase: 'RECHAZADO', codigo: 'RVG01', pathFuente: 'usuarios[0].servicios.otrosServicios[0].tipoOS' },
    ]);
    const anticipo = nuevos(par1En948((_u, s) => (s['otrosServicios'] = [otro({ conceptoRecaudo: '04', valorPagoModerador: 1000, numFEVPagoModerador: 'FE1' })])));
    expect(anticipo.map((h) => `${h.clase} ${h.codigo}`)).toContain('NOTIFICACION RVC092');
    expect(anticipo.filter((h) => h.codigo === 'RVC092' || h.codigo === 'RES948_V003').every((h) => h.clase === 'NOTIFICACION')).toBe(true);
  });
});
