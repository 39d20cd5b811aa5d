import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { mainNota } from './cli-nota.ts';
import { SAMPLES_DIR, SAMPLE, readSampleText } from '../test/samples.ts';
import { notaDeFactura } from '../test/notas.ts';

/** `radica-fevrips nota` on the real par1 invoice; the notes are par1 rewritten as DIAN notes (test/notas.ts). */
const factura = resolve(SAMPLES_DIR, SAMPLE.par1Json);
const dir = mkdtempSync(join(tmpdir(), 'fevrips-nota-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const nota = (numero: string, lineas: { codigo: string; cantidad?: number; valor: number }[], referencia?: string) =>
  write(`${numero}.xml`, notaDeFactura(readSampleText(SAMPLE.par1Xml), { tipo: 'NC', numero, lineas, referencia }));

function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = mainNota(argv, (t) => (out += t), (t) => (err += t));
  return { code, out, err };
}

const p = (u: number) => `usuarios[${u}].servicios.procedimientos[0]`;

describe('radica-fevrips nota', () => {
  it("writes the note's RIPS with the chosen services and values, tipoNota NC, numNota and the invoice's numFactura", () => {
    const xml = nota('NC71', [{ codigo: '893815', valor: 300000 }]);
    const servicios = JSON.stringify([{ pathFuente: p(1), valor: 100000 }, { pathFuente: p(3), valor: 200000 }]);
    const r = run('--factura', factura, '--xml', xml, '--servicios', servicios);
    expect(r.code).toBe(0);
    const rips = JSON.parse(r.out);
    expect(rips).toMatchObject({ numFactura: 'A01E5687', tipoNota: 'NC', numNota: 'NC71', numDocumentoIdObligado: '901019681' });
    expect(rips.usuarios.map((u: { servicios: { procedimientos: { vrServicio: number }[] } }) => u.servicios.procedimientos[0]!.vrServicio)).toEqual([
      100000, 200000,
    ]);
    expect(r.err).toBe('');
  });

  it('uses the proposal from the note lines without --servicios, and writes --out', () => {
    const xml = nota('NC72', [{ codigo: '893815', cantidad: 2, valor: 560000 }]);
    const out = join(dir, 'nc72.json');
    const r = run('--factura', factura, '--xml', xml, '--out', out);
    expect(r.code).toBe(0);
    expect(r.err).toContain(MSG_NOTAS.cliPropuesta(2));
    expect(r.err).toContain(p(0));
    const rips = JSON.parse(readFileSync(out, 'utf8'));
    expect(rips.usuarios).toHaveLength(2);
    expect(rips.numNota).toBe('NC72');
  });

  it('refuses a note on another invoice, an unknown service and a bad list; wrong usage exits 2', () => {
    const otra = run('--factura', factura, '--xml', nota('NC73', [{ codigo: '893815', valor: 1 }], 'A01E9999'), '--servicios', '[]');
    expect([otra.code, otra.err.trim()]).toEqual([1, MSG_NOTAS.otraFactura('A01E9999', 'A01E5687')]);
    const xml = nota('NC74', [{ codigo: '893815', valor: 1 }]);
    const desconocido = run('--factura', factura, '--xml', xml, '--servicios', JSON.stringify([{ pathFuente: p(7) }]));
    expect([desconocido.code, desconocido.err.trim()]).toEqual([1, MSG_NOTAS.servicioDesconocido(p(7))]);
    expect(run('--factura', factura, '--xml', xml, '--servicios', '{no').code).toBe(1);
    const file = write('servicios.json', JSON.stringify([{ pathFuente: p(0), valor: 1 }]));
    expect(run('--factura', factura, '--xml', xml, '--servicios', `@${file}`).code).toBe(0);
    expect(run('--factura', factura).code).toBe(2);
    expect(run('--factura', factura, '--xml', xml, '--tipo', 'XX').code).toBe(2);
    expect(run('--nada').code).toBe(2);
  });

  it('runs as the installed command (bin/radica-fevrips.mjs nota)', () => {
    const xml = nota('NC75', [{ codigo: '893815', valor: 280000 }]);
    const bin = resolve(import.meta.dirname, '../bin/radica-fevrips.mjs');
    const r = spawnSync(process.execPath, [bin, 'nota', '--factura', factura, '--xml', xml], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ tipoNota: 'NC', numNota: 'NC75' });
  }, 90_000);
});
