import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, type TCliSalida } from './cli.ts';
import { SAMPLES_DIR, SAMPLE, readSampleJson } from '../test/samples.ts';

const sample = (name: string) => resolve(SAMPLES_DIR, name);

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = main(
    argv,
    (t) => (out += t),
    (t) => (err += t),
  );
  return { code, out, err };
}

describe('radica-fevrips check', () => {
  it('a clean pair prints its findings and exits 0', () => {
    const r = run('check', sample(SAMPLE.par1Xml), sample(SAMPLE.par1Json), '--fecha', '2026-11-21');
    expect(r.code).toBe(0);
    expect(r.out).toContain('NOTIFICACION FED131 [FacturaElectronica]');
    expect(r.out).toContain('Servicio del Ministerio: CargarFevRips');
    expect(r.out).toContain('Resumen: 1 paquete(s), 0 con rechazo');
  });

  it('--json, and exit 1 on any RECHAZADO (files given in any order)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fevrips-cli-'));
    const rips = readSampleJson(SAMPLE.par1Json);
    rips['numDocumentoIdObligado'] = '900000001';
    writeFileSync(join(dir, 'rips.json'), JSON.stringify(rips));
    const r = run('check', join(dir, 'rips.json'), sample(SAMPLE.par1Xml), '--json');
    expect(r.code).toBe(1);
    const salida = JSON.parse(r.out) as TCliSalida;
    expect(salida.paquetes[0]?.hallazgos.map((h) => h.codigo)).toEqual(['RVC001', 'FED131']);
    expect(salida.resumen).toMatchObject({ paquetes: 1, conRechazo: 1, rechazados: 1 });
  });

  it('a folder: pairs matched by formato, lone files checked alone, unreadable files reported, summary', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fevrips-cli-'));
    for (const name of [SAMPLE.par1Xml, SAMPLE.par1Json, SAMPLE.par2Xml, SAMPLE.par2Json, SAMPLE.capitaXml])
      copyFileSync(sample(name), join(dir, name));
    writeFileSync(join(dir, 'roto.json'), '{"numFactura": ');
    const r = run('check', dir, '--json');
    const salida = JSON.parse(r.out) as TCliSalida;
    const byFormato = new Map(salida.paquetes.map((p) => [p.formato ?? p.rips ?? '', p]));
    expect(byFormato.get('A01E5687')?.xml).toContain('par1_fev');
    expect(byFormato.get('FECE214626')?.rips).toContain('par2_rips');
    expect(byFormato.get('AWAS1283785')).toMatchObject({ rips: null, endpoint: 'CargarCapitaInicial' });
    expect(salida.paquetes.find((p) => p.rips?.endsWith('roto.json'))?.error?.codigo).toBe('JSON_INVALID');
    expect(salida.resumen.paquetes).toBe(4);
    expect(r.code).toBe(1);
    const text = run('check', dir);
    expect(text.out).toMatch(/Resumen: 4 paquete\(s\), 1 con rechazo/);
  });

  it('usage errors exit 2', () => {
    expect(run().code).toBe(2);
    expect(run('check').code).toBe(2);
    expect(run('check', '/no/such/file.json').err).toContain('No se encontró');
    expect(run('check', sample(SAMPLE.par1Json), '--version', 'res948').code).toBe(2);
  });

  it('a consulta repeating the principal diagnosis as a related one: NOTIFICACION RVC086, exit 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fevrips-cli-'));
    const rips = readSampleJson(SAMPLE.par1Json) as { usuarios: { servicios: Record<string, Record<string, unknown>[]> }[] };
    const proc = rips.usuarios[0]!.servicios['procedimientos']![0]!;
    proc['codDiagnosticoRelacionado'] = proc['codDiagnosticoPrincipal'];
    writeFileSync(join(dir, 'rips.json'), JSON.stringify(rips));
    const r = run('check', join(dir, 'rips.json'), '--fecha', '2026-11-21');
    expect(r.out).toContain('NOTIFICACION RVC086 [Rips] usuarios[0].servicios.procedimientos[0].codDiagnosticoRelacionado');
    expect(r.out).not.toMatch(/^RECHAZADO /m);
    expect(r.code).toBe(0);
  });

  /** par1's RIPS with its first procedimiento's related diagnosis equal to the principal, header changed by `cabecera`. */
  function ripsRepetido(cabecera: Record<string, unknown>): string {
    const dir = mkdtempSync(join(tmpdir(), 'fevrips-cli-'));
    const rips = readSampleJson(SAMPLE.par1Json) as { usuarios: { servicios: Record<string, Record<string, unknown>[]> }[] };
    const proc = rips.usuarios[0]!.servicios['procedimientos']![0]!;
    proc['codDiagnosticoRelacionado'] = proc['codDiagnosticoPrincipal'];
    writeFileSync(join(dir, 'rips.json'), JSON.stringify({ ...rips, ...cabecera }));
    return join(dir, 'rips.json');
  }

  it("a credit note's RIPS with a repeated diagnosis: RECHAZADO RVC086 (the note's class), exit 1", () => {
    const r = run('check', ripsRepetido({ tipoNota: 'NC', numNota: 'NC1' }), '--fecha', '2026-11-21');
    expect(r.out).toContain('Servicio del Ministerio: CargarNC');
    expect(r.out).toContain('RECHAZADO RVC086 [Rips] usuarios[0].servicios.procedimientos[0].codDiagnosticoRelacionado');
    expect(r.out).toContain('en el RIPS de la nota'); // the note's 'Cómo corregir'
    expect(r.code).toBe(1);
    // debit and adjustment notes too; the invoice's RIPS stays a notice
    for (const tipoNota of ['ND', 'NA'])
      expect(run('check', ripsRepetido({ tipoNota, numNota: `${tipoNota}1` }), '--json').out, tipoNota).toMatch(
        /"clase": "RECHAZADO",\s+"codigo": "RVC086"/,
      );
    const factura = run('check', ripsRepetido({}), '--fecha', '2026-11-21');
    expect(factura.out).toContain('NOTIFICACION RVC086');
    expect(factura.code).toBe(0);
  });

  it('--paquete gives the classes of the type named (the invoice RIPS checked as a credit note), and refuses an unknown one', () => {
    const r = run('check', ripsRepetido({}), '--paquete', 'CargarNC', '--fecha', '2026-11-21');
    expect(r.out).toContain('Servicio del Ministerio: CargarNC');
    expect(r.out).toContain('RECHAZADO RVC086');
    expect(r.code).toBe(1);
    const bad = run('check', ripsRepetido({}), '--paquete', 'CargarOtra');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Tipo de paquete desconocido: CargarOtra');
  });

  it('the bin launcher (npx radica-fevrips) runs the CLI with its exit code', () => {
    const bin = resolve(import.meta.dirname, '../bin/radica-fevrips.mjs');
    const ok = spawnSync(
      process.execPath,
      [bin, 'check', sample(SAMPLE.par2Xml), sample(SAMPLE.par2Json), '--json'],
      { encoding: 'utf8' },
    );
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as TCliSalida).resumen.paquetes).toBe(1);
    const bad = spawnSync(process.execPath, [bin, 'check', sample(SAMPLE.invalidoSinteticoJson)], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('RECHAZADO RVG01 [Rips] usuarios[0].servicios.consultas[0].codPrestador');
  }, 20_000);
});

describe('radica-fevrips rules (the rule inventory)', () => {
  it('prints every rule of the catalogue and the coverage counts that add up', () => {
    const r = run('rules');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^RVC001\s+R implementada /m);
    expect(r.out).toMatch(/^GI013\s+R ministerio /m);
    const counts = /Reglas: (\d+) en el catálogo; (\d+) implementadas en Radica, (\d+) solo las decide el Ministerio, (\d+) pendientes\./.exec(r.out);
    expect(counts).not.toBeNull();
    const [total, impl, min, pend] = counts!.slice(1).map(Number) as [number, number, number, number];
    expect(impl + min + pend).toBe(total);
    expect(r.out.trim().split('\n').length).toBe(total + 2);
  });

  it('says which rules change class by package type, and lists the rules as they apply to one type', () => {
    const r = run('rules');
    expect(r.out).toMatch(/^RVC086\s+N implementada .* Por tipo de paquete: N en CargarFevRips; R en CargarNC, CargarNCTotal, CargarND, CargarNotaAjuste, CargarNcCapita, CargarNCAcuerdoVoluntades\.$/m);
    const nc = run('rules', '--paquete', 'CargarNC', '--estado', 'implementada');
    expect(nc.out).toMatch(/^RVC086\s+R implementada /m);
    expect(nc.out).toMatch(/^RVC063\s+N implementada /m);
    const json = JSON.parse(run('rules', '--json', '--paquete', 'CargarND').out) as { reglas: { codigo: string; clase: string; origen: string }[] };
    expect(json.reglas.find((x) => x.codigo === 'RVC089')).toMatchObject({ clase: 'R' });
    expect(run('rules', '--paquete', 'CargarOtra').code).toBe(2);
  });

  it('filters by status, prints JSON, and refuses an unknown status with exit 2', () => {
    const json = JSON.parse(run('rules', '--json', '--estado', 'ministerio').out) as { reglas: { estado: string }[]; cobertura: { ministerio: number } };
    expect(json.reglas.length).toBe(json.cobertura.ministerio);
    expect(new Set(json.reglas.map((r) => r.estado))).toEqual(new Set(['ministerio']));
    expect(run('rules', '--estado', 'quizas').code).toBe(2);
    expect(run('rules', '--otra').code).toBe(2);
  });

  it('check prints how to fix each finding, from the catalogue', () => {
    const r = run('check', sample(SAMPLE.par1Xml), sample(SAMPLE.par1Json), '--fecha', '2026-11-21');
    expect(r.out).toMatch(/NOTIFICACION FED131[^\n]*\n(?: {2}[^\n]*\n)* {2}Cómo corregir: \S/);
  });
});
