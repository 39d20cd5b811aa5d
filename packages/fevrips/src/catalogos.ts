import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Searches of the reference catalogues by code or name (editor: CUPS and CIE-10 search "from the reference
 * tables"): the names shipped in `data/cups-nombres.txt` and `data/cie10-nombres.txt` (derived by
 * scripts/derive-nombres.ts from the same SISPRO / CIE-10 sources as the code lists the checks use). Loaded once, on
 * first use (about 25,000 lines).
 */

export type TCatalogo = 'cups' | 'cie10';
export type TEntradaCatalogo = { codigo: string; nombre: string };

type TIndexed = TEntradaCatalogo & { texto: string };
const loaded = new Map<TCatalogo, TIndexed[]>();
const FILES: Record<TCatalogo, string> = { cups: 'cups-nombres.txt', cie10: 'cie10-nombres.txt' };

/** Text without accents, upper case, single spaces (how codes and names are compared). */
export function normalizarBusqueda(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function entries(catalogo: TCatalogo): TIndexed[] {
  let list = loaded.get(catalogo);
  if (list) return list;
  // `import.meta.dirname`, not `import.meta.url`: the compiled build rewrites the folder to this source's own, so
  // the bundle in apps/api/dist reads packages/fevrips/data as the sources do (scripts/build.mjs, decision 032).
  const text = readFileSync(join(import.meta.dirname, '..', 'data', FILES[catalogo]), 'utf8');
  list = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const i = line.indexOf(';');
    const codigo = line.slice(0, i);
    const nombre = line.slice(i + 1);
    list.push({ codigo, nombre, texto: normalizarBusqueda(`${codigo} ${nombre}`) });
  }
  loaded.set(catalogo, list);
  return list;
}

/**
 * Entries of `catalogo` whose code starts with `texto` (first, in code order), then those whose code or name holds
 * every word of `texto`; at most `limite`.
 */
export function buscarCatalogo(catalogo: TCatalogo, texto: string, limite = 15): TEntradaCatalogo[] {
  const query = normalizarBusqueda(texto);
  if (!query) return [];
  const words = query.split(' ');
  const byCode: TEntradaCatalogo[] = [];
  const byWords: TEntradaCatalogo[] = [];
  for (const e of entries(catalogo)) {
    if (e.codigo.startsWith(query)) {
      if (byCode.length < limite) byCode.push({ codigo: e.codigo, nombre: e.nombre });
    } else if (byWords.length < limite && words.every((w) => e.texto.includes(w))) byWords.push({ codigo: e.codigo, nombre: e.nombre });
  }
  return [...byCode, ...byWords].slice(0, limite);
}

/** The name of a code, or null. */
export function nombreEnCatalogo(catalogo: TCatalogo, codigo: string): string | null {
  return entries(catalogo).find((e) => e.codigo === codigo)?.nombre ?? null;
}
