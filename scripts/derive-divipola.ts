/**
 * Derives apps/api/src/modules/geography/data/divipola.json (all Colombian departments and municipalities with
 * their DIVIPOLA codes) from the DANE DIVIPOLA sample described in ../shared/samples/SOURCES.md §7.1.
 *
 * Usage: npx tsx scripts/derive-divipola.ts [path/to/DIVIPOLA_DANE_municipios-islas-ANM_1122-filas.csv]
 *
 * Fixes applied (SOURCES.md §7.1 "Defects"): the uploader replaced commas inside names with periods, so
 * 'BOGOTÁ. D.C.' → 'BOGOTÁ, D.C.' and 'ARCHIPIÉLAGO DE SAN ANDRÉS. PROVIDENCIA Y SANTA CATALINA' →
 * 'ARCHIPIÉLAGO DE SAN ANDRÉS, PROVIDENCIA Y SANTA CATALINA'. Row order is not relied on: the output is sorted
 * by code. The script fails if the counts differ from the verified ones (33 departments, 1,122 units).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const DEFAULT_CSV = resolve(HERE, '../../shared/samples/tablas-referencia/DIVIPOLA_DANE_municipios-islas-ANM_1122-filas.csv');
const OUT = resolve(HERE, '../apps/api/src/modules/geography/data/divipola.json');
const EXPECTED_HEADER =
  'Código Departamento,Código Municipio,Nombre Departamento,Nombre Municipio,Tipo: Municipio / Isla / Área no municipalizada';
const EXPECTED_DEPARTMENTS = 33;
const EXPECTED_UNITS = 1122;
const TIPOS: Record<string, 'M' | 'I' | 'A'> = { Municipio: 'M', Isla: 'I', 'Área no municipalizada': 'A' };

/** Undo the uploader's comma → period replacement inside names (SOURCES.md §7.1). */
export function fixName(name: string): string {
  return name
    .replace(/^BOGOTÁ\. D\.C\.$/, 'BOGOTÁ, D.C.')
    .replace(/^ARCHIPIÉLAGO DE SAN ANDRÉS\. PROVIDENCIA Y SANTA CATALINA$/, 'ARCHIPIÉLAGO DE SAN ANDRÉS, PROVIDENCIA Y SANTA CATALINA');
}

function main() {
  const csvPath = resolve(process.argv[2] ?? DEFAULT_CSV);
  const bytes = readFileSync(csvPath);
  const gitBlob = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.length > 0);
  if (lines[0] !== EXPECTED_HEADER) throw new Error(`unexpected header: ${lines[0]}`);
  const departamentos = new Map<string, string>();
  const municipios = new Map<string, [string, string, 'M' | 'I' | 'A']>();
  for (const [i, line] of lines.slice(1).entries()) {
    const cols = line.split(',');
    if (cols.length !== 5) throw new Error(`line ${i + 2}: expected 5 columns, got ${cols.length}`);
    const [codDep, codMun, nomDep, nomMun, tipo] = cols.map((c) => c.trim()) as [string, string, string, string, string];
    if (!/^\d{2}$/.test(codDep) || !/^\d{5}$/.test(codMun) || !codMun.startsWith(codDep))
      throw new Error(`line ${i + 2}: bad codes ${codDep} ${codMun}`);
    const t = TIPOS[tipo];
    if (!t) throw new Error(`line ${i + 2}: unknown type ${tipo}`);
    const dep = fixName(nomDep);
    const known = departamentos.get(codDep);
    if (known && known !== dep) throw new Error(`line ${i + 2}: department ${codDep} named ${known} and ${dep}`);
    departamentos.set(codDep, dep);
    if (municipios.has(codMun)) throw new Error(`line ${i + 2}: duplicate ${codMun}`);
    municipios.set(codMun, [codMun, fixName(nomMun), t]);
  }
  if (departamentos.size !== EXPECTED_DEPARTMENTS) throw new Error(`expected ${EXPECTED_DEPARTMENTS} departments, got ${departamentos.size}`);
  if (municipios.size !== EXPECTED_UNITS) throw new Error(`expected ${EXPECTED_UNITS} units, got ${municipios.size}`);
  const data = {
    source: {
      file: basename(csvPath),
      repository: 'cifuentesedw/vys_inundaciones-col_1998-2024',
      path: 'DIVIPOLA.csv',
      commit: '0c8bdc2fb932b63e99e05a737db7b22deff116d7',
      commitDate: '2026-02-21',
      blob: gitBlob,
      describedIn: '../shared/samples/SOURCES.md §7.1',
      fixes: ["'BOGOTÁ. D.C.' → 'BOGOTÁ, D.C.'", "'ARCHIPIÉLAGO DE SAN ANDRÉS. PROVIDENCIA…' → 'ARCHIPIÉLAGO DE SAN ANDRÉS, PROVIDENCIA…'"],
      derivedBy: 'scripts/derive-divipola.ts',
    },
    /** [code, name] sorted by code. */
    departamentos: [...departamentos.entries()].sort(([a], [b]) => a.localeCompare(b)),
    /** [5-digit DIVIPOLA code, name, type M=Municipio / I=Isla / A=Área no municipalizada] sorted by code. */
    municipios: [...municipios.values()].sort(([a], [b]) => a.localeCompare(b)),
  };
  const json =
    '{\n' +
    `  "source": ${JSON.stringify(data.source)},\n` +
    `  "departamentos": [\n${data.departamentos.map((d) => `    ${JSON.stringify(d)}`).join(',\n')}\n  ],\n` +
    `  "municipios": [\n${data.municipios.map((m) => `    ${JSON.stringify(m)}`).join(',\n')}\n  ]\n}\n`;
  writeFileSync(OUT, json);
  console.log(`wrote ${join('apps/api/src/modules/geography/data', basename(OUT))}: ${departamentos.size} departments, ${municipios.size} units, blob ${gitBlob}`);
}

main();
