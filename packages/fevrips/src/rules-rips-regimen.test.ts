import { describe, expect, it } from 'vitest';
import { checkFiles } from './engine.ts';
import { SAMPLE, readSampleJson } from '../test/samples.ts';

/** RVC035, RVC037, RVC053, RVC085: a minimal failing and passing case each, built from par1's RIPS. */

const NOW = new Date('2026-11-21T12:00:00-05:00');
type TJson = Record<string, unknown>;

/** par1's first user and its first procedimiento, to change; `codes` checks the RIPS and lists the codes given. */
function par1() {
  const rips = readSampleJson(SAMPLE.par1Json);
  const usuario = (rips['usuarios'] as TJson[])[0]!;
  const servicios = usuario['servicios'] as Record<string, TJson[]>;
  const proc = servicios['procedimientos']![0]!;
  const codes = () => checkFiles({ rips: Buffer.from(JSON.stringify(rips)) }, { now: NOW, version: 'res2275-2023' }).hallazgos.map((h) => h.codigo);
  return { rips, usuario, servicios, proc, codes };
}

describe('RIPS rules of the régimen, the death and the PyM finalidad', () => {
  it('par1 as it is has none of them', () => {
    const { codes } = par1();
    for (const code of ['RVC035', 'RVC037', 'RVC053', 'RVC085']) expect(codes()).not.toContain(code);
  });

  it('RVC035: a cuota moderadora (02) is for contributivo users (tipoUsuario 01–03) only', () => {
    const p = par1();
    p.proc['conceptoRecaudo'] = '02';
    p.proc['valorPagoModerador'] = 4500;
    p.usuario['tipoUsuario'] = '01';
    expect(p.codes()).not.toContain('RVC035');
    p.usuario['tipoUsuario'] = '04';
    expect(p.codes()).toContain('RVC035');
  });

  it('RVC037: a subsidiado user (04) pays no planes voluntarios share (03)', () => {
    const p = par1();
    p.proc['conceptoRecaudo'] = '03';
    p.proc['valorPagoModerador'] = 10000;
    p.usuario['tipoUsuario'] = '12';
    expect(p.codes()).not.toContain('RVC037');
    p.usuario['tipoUsuario'] = '04';
    expect(p.codes()).toContain('RVC037');
  });

  it('RVC053: no service more than 24 h after the death reported by an urgencias egreso 02', () => {
    const p = par1();
    const fecha = p.proc['fechaInicioAtencion'] as string; // "2025-07-04 …"
    const urgencia = {
      codPrestador: p.proc['codPrestador'],
      fechaInicioAtencion: '2025-07-01 08:00',
      causaMotivoAtencion: '38',
      codDiagnosticoPrincipal: 'I219',
      codDiagnosticoPrincipalE: 'I219',
      codDiagnosticoRelacionadoE1: null,
      codDiagnosticoRelacionadoE2: null,
      codDiagnosticoRelacionadoE3: null,
      condicionDestinoUsuarioEgreso: '02',
      codDiagnosticoCausaMuerte: 'I219',
      fechaEgreso: '2025-07-01 20:00',
      consecutivo: 1,
    };
    p.servicios['urgencias'] = [urgencia];
    expect(fecha > '2025-07-02 20:00').toBe(true);
    expect(p.codes()).toContain('RVC053');
    urgencia.fechaEgreso = `${fecha.slice(0, 10)} 06:00`;
    urgencia.fechaInicioAtencion = `${fecha.slice(0, 10)} 01:00`;
    expect(p.codes()).not.toContain('RVC053');
  });

  it('RVC085: finalidad 11 (valoración integral PyM) takes a Z diagnosis', () => {
    const p = par1();
    p.proc['finalidadTecnologiaSalud'] = '11';
    p.proc['codDiagnosticoPrincipal'] = 'Z000';
    expect(p.codes()).not.toContain('RVC085');
    p.proc['codDiagnosticoPrincipal'] = 'J459';
    expect(p.codes()).toContain('RVC085');
  });
});
