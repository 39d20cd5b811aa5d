import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { PRESTADORES_MIN_TEXTO, type TPrestadorResultado, type TPrestadoresAutocompleteData, type TRepsImportData } from '@radica/contracts/reps';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { importRepsFile, type TRepsImportOptions } from './import.ts';
import { reglaPrestadorReps, type TCodPrestadorVisto } from '@radica/fevrips/engine';
import type { THallazgoLocal } from '@radica/fevrips/findings';
import {
  findByCodeOrNit,
  findByNameStart,
  findByNameWords,
  isRepsEmpty,
  lastCompletedImportId,
  nitsByCodigoHabilitacion,
  type TRepsSearchRow,
} from './repository.ts';
import { parseSearchQuery, wordPattern } from './search-text.ts';
import { perDatabase } from '../../lib/per-database.ts';

/**
 * The bundled seed (scripts/derive-reps-seed.ts): the shared REPS extract's needed columns, gzipped. A data file is
 * found from `import.meta.dirname`, which the compiled build keeps pointing at this source folder (decision 032).
 */
export const REPS_SEED_FILE = join(import.meta.dirname, 'data', 'reps-prestadores-semilla.csv.gz');

/** A search row → the contract's provider result (seed 000 §3 "Provider search result"). */
function toResultado(row: TRepsSearchRow): TPrestadorResultado {
  return {
    id: row.id,
    codigoPrestadorServicio: row.codigo_prestador,
    nombre: row.nombre,
    displayText: `${row.codigo_prestador} - ${row.nombre}${row.muni_nombre ? ` (${row.muni_nombre})` : ''}`,
    numeroIdentificacion: row.nit,
    razonSocial: row.razon_social,
    tipoPrestadorServicio: row.tipo_prestador,
    direccion: row.direccion,
    telefono: row.telefono,
    email: row.email,
    tipoCaracter: row.caracter,
    tipoClasePersona: row.clase_persona,
    tipoEntidad: row.tipo_entidad,
    nombreRepresentanteLegal: row.representante,
    fechaRadicacion: row.fecha_radicacion,
    fechaVencimiento: row.fecha_vencimiento,
    activo: row.habilitado,
  };
}

/** Search answers one process keeps (about 5 kB each). */
export const SEARCH_CACHE_ENTRIES = 5_000;
/**
 * On PostgreSQL, how often (at most) a process asks which import is the newest completed one: another process's
 * import reaches this process's cached answers within this time (like the session check's 1 s, decision 008).
 */
export const IMPORT_GENERATION_CHECK_MS = 500;

type TSearchCache = {
  generation: number;
  checkedAt: number;
  checking: Promise<void> | null;
  imports: number;
  answers: Map<string, Promise<TPrestadoresAutocompleteData>>;
  hits: number;
  misses: number;
};
/** Per database handle (each app instance: tests run several in one process). */
const cacheOf = perDatabase<TSearchCache>(() => ({ generation: 0, checkedAt: -Infinity, checking: null, imports: 0, answers: new Map(), hits: 0, misses: 0 }));

/** How the search's answer cache of this app has done (benchmarks and diagnostics). */
export function searchCacheStats(deps: Pick<TDeps, 'db'>): { hits: number; misses: number; entries: number } {
  const cache = cacheOf(deps.db);
  return { hits: cache.hits, misses: cache.misses, entries: cache.answers.size };
}

/**
 * PostgreSQL: drop the cached answers when another process completed an import since the last look (at most every
 * {@link IMPORT_GENERATION_CHECK_MS}; concurrent calls share one look).
 */
async function followOtherProcesses(deps: Pick<TDeps, 'dbKind' | 'dbRows'>, cache: TSearchCache): Promise<void> {
  if (deps.dbKind !== 'postgresql' || performance.now() - cache.checkedAt < IMPORT_GENERATION_CHECK_MS) return;
  cache.checking ??= lastCompletedImportId(deps.dbRows)
    .then((generation) => {
      cache.checkedAt = performance.now();
      if (generation !== cache.generation) {
        cache.answers.clear();
        cache.generation = generation;
      }
    })
    .finally(() => {
      cache.checking = null;
    });
  await cache.checking;
}

/**
 * Drop every cached answer of this database handle: called when an import through this process starts and when it
 * ends (an answer computed meanwhile is not kept past the end).
 */
function forgetAnswers(db: object) {
  const cache = cacheOf(db);
  cache.imports++;
  cache.answers.clear();
}

/**
 * GET /api/Auth/prestadores/autocomplete (seed 000 §7, §9): REPS providers matching `texto` (trimmed by the contract),
 * at most `limite`. Text shorter than {@link PRESTADORES_MIN_TEXTO} characters, or with no letters or digits, → no
 * items. Digits (with dots, blanks, a `-DV`) search the 10/12-digit code and the NIT; other text the names, word by
 * word, accent- and case-insensitively, every word in any order (search-text.ts). Best first (docs/decisions/019):
 * - digits: exact code or NIT (any status), then code prefixes, then NIT prefixes — habilitado before not;
 * - words: names starting with the text (alphabetically), then names holding every word (most similar first) —
 *   habilitado before not in each; the second step runs only when the first did not fill the page.
 * Answers are cached per process, keyed by the folded query, while the data they were read from is current: an import
 * through this process drops them when it starts and when it ends. The embedded database has one owner process, so
 * that is all there is; on PostgreSQL (several processes may import) a new completed import elsewhere drops them
 * within {@link IMPORT_GENERATION_CHECK_MS}.
 */
export async function searchPrestadores(deps: Pick<TDeps, 'db' | 'dbKind' | 'dbRows'>, input: { texto: string; limite: number }): Promise<TPrestadoresAutocompleteData> {
  if (input.texto.trim().length < PRESTADORES_MIN_TEXTO) return { items: [] };
  const q = parseSearchQuery(input.texto);
  if (q.kind === 'vacio') return { items: [] };
  const cache = cacheOf(deps.db);
  await followOtherProcesses(deps, cache);
  const key = q.kind === 'codigo' ? `c\u0000${q.digits}\u0000${q.nit}\u0000${input.limite}` : `n\u0000${q.folded}\u0000${input.limite}`;
  const hit = cache.answers.get(key);
  if (hit) {
    cache.hits++;
    // Most recently used last: the oldest entry is the first to go.
    cache.answers.delete(key);
    cache.answers.set(key, hit);
    return hit;
  }
  cache.misses++;
  const imports = cache.imports;
  const answer = (async () => ({ items: (await findPrestadores(deps, q, input.limite)).map(toResultado) }))();
  cache.answers.set(key, answer);
  if (cache.answers.size > SEARCH_CACHE_ENTRIES) cache.answers.delete(cache.answers.keys().next().value!);
  const drop = () => {
    if (cache.answers.get(key) === answer) cache.answers.delete(key);
  };
  answer.then(() => {
    if (cache.imports !== imports) drop();
  }, drop);
  return answer;
}

/** The search itself (see {@link searchPrestadores}): the page's rows, best first, each provider once (repository pageOf). */
async function findPrestadores(deps: Pick<TDeps, 'dbRows'>, q: Exclude<ReturnType<typeof parseSearchQuery>, { kind: 'vacio' }>, limit: number): Promise<TRepsSearchRow[]> {
  if (q.kind === 'codigo') {
    const { digits, nit } = q;
    const isCode = digits.length === 10 || digits.length === 12;
    return findByCodeOrNit(deps.dbRows, {
      codigo10: isCode ? digits.slice(0, 10) : null,
      codigo12: digits.length === 12 ? digits : null,
      digits: digits.length <= 12 ? digits : null,
      nit,
      limit,
    });
  }
  // A range bound, compared and never matched: no LIKE escaping here.
  const start = ` ${q.folded}`;
  const rows: TRepsSearchRow[] = await findByNameStart(deps.dbRows, { start, limit });
  if (rows.length < limit) rows.push(...(await findByNameWords(deps.dbRows, { patterns: q.words.map(wordPattern), folded: q.folded, start, limit: limit - rows.length })));
  return rows;
}

/**
 * Import a REPS file streamed from `input` (POST /api/admin/reps/import, `npm run reps:import`): import.ts
 * importRepsFile on the app's database. Throws what it throws (AppError REPS_COLUMNAS_FALTANTES,
 * REPS_IMPORT_EN_CURSO, REPS_CSV_INVALIDO, BODY_TOO_LARGE).
 */
export async function importReps(deps: Pick<TDeps, 'db'>, input: AsyncIterable<Buffer | Uint8Array | string>, opts: TRepsImportOptions): Promise<TRepsImportData> {
  forgetAnswers(deps.db);
  try {
    return await importRepsFile(deps.db, input, opts);
  } finally {
    forgetAnswers(deps.db);
  }
}

/**
 * Load the bundled seed into an empty reps_prestadores (a fresh install searches at once). Does nothing
 * when the table has rows or the seed file is absent; another process loading it at the same time (REPS_IMPORT_EN_CURSO)
 * is not an error. Returns what was imported, or null.
 */
export async function loadRepsSeedIfEmpty(deps: Pick<TDeps, 'db' | 'log'>): Promise<TRepsImportData | null> {
  if (!existsSync(REPS_SEED_FILE) || !(await isRepsEmpty(deps.db))) return null;
  try {
    const data = await importReps(deps, createReadStream(REPS_SEED_FILE).pipe(createGunzip()), { fuente: 'semilla', origen: 'semilla' });
    deps.log.info({ filas: data.filas, duracionMs: data.duracionMs }, 'REPS seed loaded');
    return data;
  } catch (err) {
    if (err instanceof AppError && err.code === 'REPS_IMPORT_EN_CURSO') return null;
    throw err;
  }
}

/**
 * RVC012 against Radica's REPS table (packages/fevrips rules-reps.ts): the codes a RIPS reports, looked up by
 * codigo de habilitación in one query, then decided by the engine's rule. A code the table does not have (regional
 * seed, old import) says nothing. Returns the RECHAZADO findings, [] when every code belongs to the NIT.
 */
export async function checkPrestadoresReps(
  deps: Pick<TDeps, 'db'>,
  codigos: readonly TCodPrestadorVisto[],
  numDocumentoIdObligado: string | null,
): Promise<THallazgoLocal[]> {
  if (codigos.length === 0 || !numDocumentoIdObligado) return [];
  const nits = await nitsByCodigoHabilitacion(deps.db, [...new Set(codigos.map((c) => c.codPrestador.slice(0, 10)))]);
  return reglaPrestadorReps(codigos, numDocumentoIdObligado, (codigo) =>
    nits.has(codigo) ? { nit: nits.get(codigo) ?? null } : undefined,
  );
}
