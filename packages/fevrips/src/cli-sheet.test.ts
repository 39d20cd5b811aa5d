import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainSheet } from './cli-sheet.ts';
import { readSheetFile } from './sheet-io.ts';

const SAMPLES = resolve(import.meta.dirname, '../../../../shared/samples');
/** Every real RIPS sample ('invalido_' files are transcriptions and synthetic errors; the request body is not a RIPS). */
const REAL = readdirSync(SAMPLES).filter(
  (f) => f.endsWith('.json') && f.includes('rips') && !f.startsWith('invalido_') && !f.includes('cuerpo-peticion'),
);
const dir = mkdtempSync(join(tmpdir(), 'fevrips-sheet-'));

async function cli(...argv: string[]): Promise<{ code: number; out: Buffer; err: string }> {
  const chunks: Uint8Array[] = [];
  let err = '';
  const code = await mainSheet(argv, (b) => chunks.push(b), (t) => (err += t));
  return { code, out: Buffer.concat(chunks), err };
}

/** Users and services in the same order, every value (inside an object the keys follow the structure's order). */
function expectSameRips(actual: Record<string, unknown>, expected: Record<string, unknown>) {
  expect(actual).toEqual(expected);
  const order = (r: Record<string, unknown>) =>
    (r['usuarios'] as Record<string, Record<string, unknown[]>>[]).map((u) => [
      u['numDocumentoIdentificacion'],
      Object.entries(u['servicios']!).map(([l, items]) => [l, (items as Record<string, unknown>[]).map((s) => s['consecutivo'])]),
    ]);
  expect(order(actual)).toEqual(order(expected));
}

describe('radica-fevrips to-sheet / from-sheet round trip, every real sample', () => {
  it('covers the six real RIPS samples', () => expect(REAL.length).toBeGreaterThanOrEqual(6));
  for (const f of REAL) {
    it(`${f.split('_nit')[0]}: JSON → XLSX → JSON and JSON → CSV → JSON give the same RIPS; the sheets agree`, async () => {
      const source = join(SAMPLES, f);
      const rips = JSON.parse(readFileSync(source, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown>;
      for (const kind of ['xlsx', 'csv'] as const) {
        const sheet = await cli('to-sheet', source, ...(kind === 'csv' ? ['--csv'] : []));
        expect([sheet.code, sheet.err]).toEqual([0, '']);
        const sheetPath = join(dir, `${f}.${kind}`);
        writeFileSync(sheetPath, sheet.out);
        const back = await cli('from-sheet', sheetPath);
        expect([back.code, back.err]).toEqual([0, '']);
        expect(back.out[0]).not.toBe(0xef); // no BOM
        const json = JSON.parse(back.out.toString('utf8')) as Record<string, unknown>;
        expectSameRips(json, rips);
        // and back again: the JSON written by from-sheet gives the same sheet
        const jsonPath = join(dir, `${f}.${kind}.json`);
        writeFileSync(jsonPath, back.out);
        const again = await cli('to-sheet', jsonPath, ...(kind === 'csv' ? ['--csv'] : []));
        expect(await readSheetFile(again.out, kind)).toEqual(await readSheetFile(sheet.out, kind));
      }
    });
  }
  it('from-sheet prints the errors per row and column, writes nothing and exits 1; wrong usage exits 2', async () => {
    const csvPath = join(dir, 'malo.csv');
    writeFileSync(csvPath, 'numFactura;tipoServicio\nFE1;consultas\n');
    const r = await cli('from-sheet', csvPath);
    expect(r.code).toBe(1);
    expect(r.out.length).toBe(0);
    expect(r.err).toContain('Fila 1, columna usuario.tipoDocumentoIdentificacion: Falta la columna obligatoria');
    expect((await cli('from-sheet', join(dir, 'x.pdf'))).code).toBe(2);
    expect((await cli('to-sheet')).code).toBe(2);
  });
});
