/**
 * Findings grouped for people: when a code repeats across users or services, the detail page, the
 * errors panel, the e-mail reply and the chat show one card per code with its count and the places it was found,
 * instead of 34 near-identical cards. Data only (no React, no Node): the web, the API and the chat use the same
 * function.
 */

/** The fields of a finding (local pre-validation or ministry answer) the grouping reads. */
export type THallazgoBase = {
  clase: string;
  codigo: string;
  descripcion: string;
  observaciones: string;
  pathFuente: string;
  fuente?: string;
};

/** One code of one class, with every finding of it in their order. */
export type TGrupoHallazgos<T extends THallazgoBase> = {
  codigo: string;
  clase: string;
  descripcion: string;
  fuente: string;
  items: T[];
};

/** True for the class that blocks the package (the ministry writes RECHAZADO; a catalogue entry, R). */
export const esRechazo = (clase: string) => clase.toUpperCase() === 'RECHAZADO' || clase === 'R';

/**
 * Groups `items` by (clase, codigo): rejections first, then notices, each in the order its code first appears.
 * Duplicates (same code, path and Observaciones: the ministry repeats FED129, reference §3.1) count once.
 */
export function agruparHallazgos<T extends THallazgoBase>(items: readonly T[]): TGrupoHallazgos<T>[] {
  const groups = new Map<string, TGrupoHallazgos<T>>();
  const seen = new Set<string>();
  for (const item of items) {
    const same = `${item.clase}|${item.codigo}|${item.pathFuente}|${item.observaciones}`;
    if (seen.has(same)) continue;
    seen.add(same);
    const key = `${item.clase}|${item.codigo}`;
    let group = groups.get(key);
    if (!group) {
      group = { codigo: item.codigo, clase: item.clase, descripcion: item.descripcion, fuente: item.fuente ?? '', items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  const all = [...groups.values()];
  return [...all.filter((g) => esRechazo(g.clase)), ...all.filter((g) => !esRechazo(g.clase))];
}

/** The identity of a finding across the two lists of a document (local pre-validation and the ministry's answer). */
const identidad = (h: THallazgoBase) => `${h.codigo}|${h.pathFuente.replace(/^rips\./, '')}|${h.observaciones}`;

/**
 * The local findings that the ministry's answer does not already say word for word (same code, path and
 * Observaciones), and how many it does: the document shows the two apart without repeating them.
 */
export function sinRepetir<T extends THallazgoBase>(
  locales: readonly T[],
  ministerio: readonly THallazgoBase[],
): { propios: T[]; repetidos: number } {
  const enMinisterio = new Set(ministerio.map(identidad));
  const propios = locales.filter((h) => !enMinisterio.has(identidad(h)));
  return { propios, repetidos: locales.length - propios.length };
}

/**
 * How a finding's source is written for people: the ministry's `Fuente` values are code-like ('Rips',
 * 'FacturaElectronica'); the screens write «RIPS» and «Factura electrónica» as everywhere else. Unknown values as given.
 */
export function fuenteLegible(fuente: string): string {
  if (fuente === 'Rips') return 'RIPS';
  if (fuente === 'FacturaElectronica') return 'Factura electrónica';
  if (fuente === 'Ambos') return 'RIPS y factura electrónica';
  return fuente;
}
