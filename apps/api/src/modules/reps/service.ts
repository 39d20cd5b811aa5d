import { createReadStream, existsSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { PRESTADORES_MIN_TEXTO, type TPrestadorResultado, type TPrestadoresAutocompleteData, type TRepsImportData } from '@radica/contracts/reps';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { importRepsFile, type TRepsImportOptions } from './import.ts';
import { isRepsEmpty, searchByCode, searchByWords, type TRepsSearchRow } from './repository.ts';
import { parseSearchQuery, wordPattern, escapeLike } from './search-text.ts';

/** The bundled seed (scripts/derive-reps-seed.ts): the shared REPS extract's needed columns, gzipped. */
export const REPS_SEED_FILE = new URL('./data/reps-prestadores-semilla.csv.gz', import.meta.url);

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

/**
 * GET /api/Auth/prestadores/autocomplete (seed 000 §7, §9): REPS providers matching `texto` (trimmed by the contract),
 * at most `limite`. Text shorter than {@link PRESTADORES_MIN_TEXTO} characters, or with no letters or digits, → no
 * items. Digits (with dots, blanks, a `-DV`) search the 10/12-digit code and the NIT by prefix; other text searches
 * the names word by word, accent- and case-insensitively, every word in any order (search-text.ts). Best first:
 * exact code or NIT, prefixes, names starting with the text, then trigram similarity; habilitado before not; name.
 */
export async function searchPrestadores(deps: TDeps, input: { texto: string; limite: number }): Promise<TPrestadoresAutocompleteData> {
  if (input.texto.trim().length < PRESTADORES_MIN_TEXTO) return { items: [] };
  const q = parseSearchQuery(input.texto);
  if (q.kind === 'vacio') return { items: [] };
  const rows =
    q.kind === 'codigo'
      ? await searchByCode(deps.dbRows, { digits: q.digits, nit: q.nit, limit: input.limite })
      : await searchByWords(deps.dbRows, {
          first: wordPattern(q.words[0]!),
          rest: q.words.slice(1).map(wordPattern),
          startsWith: ` ${escapeLike(q.folded)}%`,
          folded: q.folded,
          limit: input.limite,
        });
  return { items: rows.map(toResultado) };
}

/**
 * Import a REPS file streamed from `input` (POST /api/admin/reps/import, `npm run reps:import`): import.ts
 * importRepsFile on the app's database. Throws what it throws (AppError REPS_COLUMNAS_FALTANTES,
 * REPS_IMPORT_EN_CURSO, REPS_CSV_INVALIDO, BODY_TOO_LARGE).
 */
export async function importReps(deps: Pick<TDeps, 'db'>, input: AsyncIterable<Buffer | Uint8Array | string>, opts: TRepsImportOptions): Promise<TRepsImportData> {
  return importRepsFile(deps.db, input, opts);
}

/**
 * Load the bundled seed into an empty reps_prestadores (issue 13: a fresh install searches at once). Does nothing
 * when the table has rows or the seed file is absent; another process loading it at the same time (REPS_IMPORT_EN_CURSO)
 * is not an error. Returns what was imported, or null.
 */
export async function loadRepsSeedIfEmpty(deps: Pick<TDeps, 'db' | 'log'>): Promise<TRepsImportData | null> {
  if (!existsSync(REPS_SEED_FILE) || !(await isRepsEmpty(deps.db))) return null;
  try {
    const data = await importRepsFile(deps.db, createReadStream(REPS_SEED_FILE).pipe(createGunzip()), { fuente: 'semilla', origen: 'semilla' });
    deps.log.info({ filas: data.filas, duracionMs: data.duracionMs }, 'REPS seed loaded');
    return data;
  } catch (err) {
    if (err instanceof AppError && err.code === 'REPS_IMPORT_EN_CURSO') return null;
    throw err;
  }
}
