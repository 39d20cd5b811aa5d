/**
 * Derives the compact catalogues in `packages/fevrips/data/` from the shared reference files
 * (`/work/shared/samples/tablas-referencia`, provenance in its SOURCES.md §5 and §7). Keeps only the facts
 * the rules need (codes and a few columns) and records the source in each file's header.
 *
 *   npx tsx packages/fevrips/scripts/derive-tables.ts [SOURCE_DIR]
 *
 * The CUPS file goes through the same SISPRO loader the engine uses at run time (`parseSisproTable`), so a
 * newer `TablaReferencia_CUPSRips__N.txt` from SISPRO can be dropped into SOURCE_DIR and re-derived.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CUPS_COLUMNS, parseSisproTable } from '../src/tables.ts';

const source = resolve(
  process.argv[2] ?? resolve(import.meta.dirname, '../../../../shared/samples/tablas-referencia'),
);
const out = resolve(import.meta.dirname, '../data');
const find = (re: RegExp) => {
  const name = readdirSync(source)
    .filter((f) => re.test(f))
    .sort()
    .pop();
  if (!name) throw new Error(`No file matching ${re} in ${source}`);
  return name;
};

// CUPSRips: Codigo;UsoCodigoCUP;Sexo;DxRequerido;Ambito;Cobertura of enabled rows (the columns the rules read).
const cupsName = find(/^TablaReferencia_CUPSRips.*\.txt$/);
const cupsRows = parseSisproTable(readFileSync(join(source, cupsName), 'utf8')).filter((r) => r.habilitado);
const updated = cupsRows
  .map((r) => /^(\d{4}-\d{2}-\d{2})/.exec(r.campos['Fecha_Actualizacion'] ?? '')?.[1] ?? '')
  .sort()
  .pop();
writeFileSync(
  join(out, 'cups-rips.txt'),
  [
    `# CUPSRips (SISPRO). Derived by scripts/derive-tables.ts from ${cupsName}`,
    '# (djcarvi/neuraudit-colombia context/TablaReferencia_CUPSRips__1.txt @5742d04, SISPRO export).',
    `# Enabled rows only: ${cupsRows.length}. Columns: Codigo;Extra_I UsoCodigoCUP;Extra_VI Sexo;Extra_V DxRequerido;Extra_VII Ambito;Extra_IX Cobertura. ${updated ? `Last update in source: ${updated}.` : ''}`,
    ...cupsRows.map((r) =>
      [r.codigo, ...CUPS_COLUMNS.map((c) => r.extra[c] ?? '')].join(';'),
    ),
    '',
  ].join('\n'),
);

// CIE-10: code set only (descriptions would add 1.4 MB).
const cieName = find(/^CIE10.*\.json$/);
const cie = (JSON.parse(readFileSync(join(source, cieName), 'utf8')) as { code: string }[])
  .map((c) => c.code.trim())
  .filter((c) => /^[A-Z]\d{2}[0-9X]$/.test(c))
  .sort();
writeFileSync(
  join(out, 'cie10.txt'),
  [
    `# CIE-10 (Colombia, RIPS style: 4 characters, no dot). Derived by scripts/derive-tables.ts from ${cieName}`,
    '# (Xulian7/Arl_table_conver cie10.json @bb4bbcd). Code set only; no sex/age columns in the source.',
    `# ${cie.length} codes.`,
    ...cie,
    '',
  ].join('\n'),
);

// DIVIPOLA: 5-digit municipality codes.
const divName = find(/^DIVIPOLA.*\.csv$/);
const municipios = readFileSync(join(source, divName), 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .map((l) => l.split(',')[1]?.trim() ?? '')
  .filter((c) => /^\d{5}$/.test(c))
  .sort();
writeFileSync(
  join(out, 'divipola-municipios.txt'),
  [
    `# DIVIPOLA municipality codes (DANE; municipios, isla, áreas no municipalizadas). Derived by scripts/derive-tables.ts`,
    `# from ${divName} (cifuentesedw/vys_inundaciones-col_1998-2024 DIVIPOLA.csv @0c8bdc2). ${municipios.length} codes.`,
    ...municipios,
    '',
  ].join('\n'),
);
console.log(`cups ${cupsRows.length}, cie10 ${cie.length}, municipios ${municipios.length} → ${out}`);
