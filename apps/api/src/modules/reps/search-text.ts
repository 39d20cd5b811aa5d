/**
 * Text folding of the REPS provider search. One function writes the stored `busqueda` column and reads the
 * user's text, so PGlite and PostgreSQL compare the same strings without the unaccent extension.
 */

/**
 * Lower case, diacritics removed (NFD, marks dropped: 'BOGOTÁ' → 'bogota', 'Nariño' → 'narino'), every run of
 * characters that are neither letters nor digits turned into one space (punctuation, LIKE wildcards `%` `_` `\`,
 * quotes), trimmed. Returns '' for text with no letters or digits.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The stored search text of a provider: its folded name, then its folded razón social when that says something else,
 * with a leading space so a word start reads `LIKE '% word%'` (and the name's start `LIKE ' text%'`).
 */
export function providerSearchText(nombre: string, razonSocial: string | null): string {
  const name = foldSearchText(nombre);
  const razon = razonSocial ? foldSearchText(razonSocial) : '';
  return ` ${razon && razon !== name ? `${name} ${razon}` : name}`;
}

/** `text` with the LIKE wildcards `%`, `_` and the escape character `\` escaped (PostgreSQL's default escape `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Most words of one query that take part in the match (the contract allows 200 characters; the rest is ignored). */
export const MAX_QUERY_WORDS = 8;

/** What the search makes of the user's text: a code/NIT query or name words. */
export type TSearchQuery =
  | { kind: 'codigo'; digits: string; nit: string }
  | { kind: 'nombre'; folded: string; words: string[] }
  | { kind: 'vacio' };

/**
 * Read the user's (trimmed) text: only digits with dots, blanks or dashes (`1905009019`, `190500901901`,
 * `900.123.456-7`) is a code or NIT query (`nit` without a trailing `-DV`); otherwise the folded text's distinct words,
 * longest first, at most {@link MAX_QUERY_WORDS}. Fewer than 2 digits, or no words, is an empty query.
 */
export function parseSearchQuery(texto: string): TSearchQuery {
  const text = texto.trim();
  if (/^[\d\s.-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length < 2) return { kind: 'vacio' };
    const dv = /^(.*\d)\s*-\s*\d$/.exec(text);
    return { kind: 'codigo', digits, nit: dv ? dv[1]!.replace(/\D/g, '') : digits };
  }
  const folded = foldSearchText(text);
  if (!folded) return { kind: 'vacio' };
  const words = [...new Set(folded.split(' '))].sort((a, b) => b.length - a.length).slice(0, MAX_QUERY_WORDS);
  return { kind: 'nombre', folded, words };
}

/**
 * The LIKE pattern of one query word against `busqueda`: anywhere in a word (`%word%`) from 3 characters on, where the
 * trigram index has whole trigrams to look up; a shorter word must start a word (`% wo%`), which the index serves
 * through the word-start trigrams.
 */
export function wordPattern(word: string): string {
  return word.length >= 3 ? `%${escapeLike(word)}%` : `% ${escapeLike(word)}%`;
}
