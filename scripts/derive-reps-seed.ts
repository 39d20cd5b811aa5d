/**
 * Derives apps/api/src/modules/reps/data/reps-prestadores-semilla.csv.gz (the REPS providers a fresh install can search
 * at once) and its record reps-prestadores-semilla.json from the REPS "Prestadores" extract described in
 * ../shared/samples/SOURCES.md §7.2 (Ministerio de Salud, corte REPS 2023-06-19; Cali, Valle del Cauca, Cauca, Nariño,
 * Buenaventura).
 *
 * Usage: npx tsx scripts/derive-reps-seed.ts [path/to/REPS_prestadores_extracto-…csv]
 *
 * Keeps only the columns reps_prestadores needs, under the export's own names (so the server loads it with the same
 * import as any REPS file: modules/reps/import.ts), values as the extract has them; drops rows without a 10-digit
 * codigo_habilitacion (the extract has one, '76111 1330'); sorts by code. Keeps only legal persons (clase_persona
 * JURIDICO: IPS, transport, entities): an independent professional's NIT is his or her cédula, and SOURCES.md §7.2 asks to
 * treat those names and numbers like the other real samples, so they are not shipped (a full import loads them). The output is gzipped (deterministic: no
 * name or time in the gzip header). The script fails if the header or the row count differs from the verified ones.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';

const HERE = dirname(fileURLToPath(import.meta.url));
const DEFAULT_CSV = resolve(HERE, '../../shared/samples/tablas-referencia/REPS_prestadores_extracto-Cali-Valle-Cauca-Narino_corte-2023-06-19.csv');
const OUT_DIR = resolve(HERE, '../apps/api/src/modules/reps/data');
const OUT_CSV = 'reps-prestadores-semilla.csv.gz';
const OUT_JSON = 'reps-prestadores-semilla.json';
const EXPECTED_HEADER = [
  'depa_nombre', 'muni_nombre', 'codigo_habilitacion', 'nombre_prestador', 'nits_nit', 'razon_social', 'clpr_codigo', 'clpr_nombre', 'ese',
  'nivel', 'caracter', 'habilitado', 'fecha_radicacion', 'fecha_vencimiento', 'dv', 'clase_persona', 'naju_codigo', 'naju_nombre',
  'numero_sede_principal', 'fecha_corte_REPS',
];
const EXPECTED_ROWS = 9941;
/** The columns the import reads into reps_prestadores (modules/reps/reps-file.ts), in the export's order. */
const KEPT = [
  'depa_nombre', 'muni_nombre', 'codigo_habilitacion', 'nombre_prestador', 'nits_nit', 'razon_social', 'clpr_codigo', 'caracter',
  'habilitado', 'fecha_radicacion', 'fecha_vencimiento', 'dv', 'clase_persona', 'naju_codigo', 'numero_sede_principal',
];
const MONTHS: Record<string, string> = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' };

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

function main() {
  const csvPath = resolve(process.argv[2] ?? DEFAULT_CSV);
  const bytes = readFileSync(csvPath);
  const gitBlob = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  const records = parse(bytes, { bom: true }) as string[][];
  const [header, ...rows] = records;
  if (JSON.stringify(header) !== JSON.stringify(EXPECTED_HEADER)) throw new Error(`unexpected header: ${header?.join(',')}`);
  if (rows.length !== EXPECTED_ROWS) throw new Error(`expected ${EXPECTED_ROWS} rows, got ${rows.length}`);
  const at = Object.fromEntries(EXPECTED_HEADER.map((h, i) => [h, i])) as Record<string, number>;
  // 'Fecha corte REPS: Jun 19 2023 4:41PM' (the time differs between the export's pages; the date must not).
  const cortesTexto = [...new Set(rows.map((r) => r[at.fecha_corte_REPS!]!))].sort();
  const cortes = new Set(
    cortesTexto.map((t) => {
      const m = /(\w{3}) (\d{1,2}) (\d{4})/.exec(t);
      if (!m || !MONTHS[m[1]!]) throw new Error(`unreadable fecha_corte_REPS: ${t}`);
      return `${m[3]}-${MONTHS[m[1]!]}-${m[2]!.padStart(2, '0')}`;
    }),
  );
  if (cortes.size !== 1) throw new Error(`expected one fecha_corte_REPS date, got ${[...cortes].join(' | ')}`);
  const corte = [...cortes][0]!;

  const valid = rows.filter((r) => /^\d{10}$/.test(r[at.codigo_habilitacion!]!.trim()));
  const skipped = rows.filter((r) => !valid.includes(r)).map((r) => r[at.codigo_habilitacion!]);
  const kept = valid.filter((r) => r[at.clase_persona!] === 'JURIDICO');
  const personasNaturales = valid.length - kept.length;
  const codes = new Set(kept.map((r) => r[at.codigo_habilitacion!]));
  if (codes.size !== kept.length) throw new Error('duplicate codigo_habilitacion');
  kept.sort((a, b) => a[at.codigo_habilitacion!]!.localeCompare(b[at.codigo_habilitacion!]!));
  const text = [KEPT.join(','), ...kept.map((r) => KEPT.map((c) => field(r[at[c]!]!)).join(','))].join('\n') + '\n';
  const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
  writeFileSync(resolve(OUT_DIR, OUT_CSV), gz);
  const record = {
    source: {
      file: basename(csvPath),
      repository: 'caicedojhojan-cell/BasesGSL',
      path: 'Prestadores_REPS.csv',
      commit: 'eb557db38ed4063628c858776e7611893da460ec',
      blob: gitBlob,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      rows: rows.length,
      fechaCorteREPS: corte,
      fechaCorteREPSTexto: cortesTexto,
      publisher: 'Ministerio de Salud y Protección Social — REPS, export "Prestadores"',
      describedIn: '../shared/samples/SOURCES.md §7.2',
    },
    seed: {
      file: OUT_CSV,
      columns: KEPT,
      rows: kept.length,
      skipped: skipped.map((code) => ({ codigo_habilitacion: code, reason: 'not 10 digits' })),
      /** Independent professionals (clase_persona NATURAL) left out: their NIT is a personal ID number (PII). */
      excludedNaturalPersons: personasNaturales,
      /** sha256 of the uncompressed CSV. */
      sha256: createHash('sha256').update(text).digest('hex'),
      derivedBy: 'scripts/derive-reps-seed.ts',
    },
  };
  writeFileSync(resolve(OUT_DIR, OUT_JSON), `${JSON.stringify(record, null, 2)}\n`);
  console.log(
    `wrote apps/api/src/modules/reps/data/${OUT_CSV}: ${kept.length} providers (${skipped.length} skipped, ${personasNaturales} natural persons left out), ${gz.length} bytes gzipped, corte ${corte}`,
  );
}

main();
