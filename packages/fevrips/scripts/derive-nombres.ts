/**
 * Derives the names of the CUPS and CIE-10 codes for the editor's searches: `data/cups-nombres.txt` and
 * `data/cie10-nombres.txt`, `codigo;nombre` per line, from the same shared source files as derive-tables.ts.
 * Usage: npx tsx packages/fevrips/scripts/derive-nombres.ts [SOURCE_DIR]   (default ../shared/samples/tablas-referencia)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseSisproTable } from '../src/tables.ts';

const source = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../../shared/samples/tablas-referencia'));
const out = (name: string) => join(import.meta.dirname, '../data', name);
const clean = (s: string) => s.replace(/[;\r\n]+/g, ' ').replace(/\s+/g, ' ').trim();

const cups = parseSisproTable(readFileSync(join(source, 'TablaReferencia_CUPSRips__1.txt'), 'utf8')).filter((r) => r.habilitado);
writeFileSync(
  out('cups-nombres.txt'),
  `# CUPSRips names (SISPRO export TablaReferencia_CUPSRips__1.txt, see cups-rips.txt). codigo;nombre. ${cups.length} codes.\n${cups.map((r) => `${r.codigo};${clean(r.nombre)}`).join('\n')}\n`,
);
const cie = JSON.parse(readFileSync(join(source, 'CIE10_Colombia_12634-codigos_code-desc.json'), 'utf8')) as { code: string; desc: string }[];
writeFileSync(
  out('cie10-nombres.txt'),
  `# CIE-10 names (CIE10_Colombia_12634-codigos_code-desc.json, see cie10.txt). codigo;nombre. ${cie.length} codes.\n${cie.map((r) => `${r.code};${clean(r.desc)}`).join('\n')}\n`,
);
console.log(`cups ${cups.length}, cie10 ${cie.length}`);
