import type { TNotaServicio, TServicioFactura, TTipoNota } from '@radica/contracts/notas';

/**
 * The 'Crear nota' page's choice of services (docs/decisions/051): which services of the invoice the note names and
 * the value typed for each ('' = the service's whole value, as the API takes an omitted `valor`).
 */
export type TSeleccion = Record<string, string>;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The services whose code, description, user, list or date contains every word of `texto` (accents and case ignored;
 * a date also matches as dd/mm/aaaa). Empty text: all.
 */
export function filtrarServicios(servicios: readonly TServicioFactura[], texto: string): TServicioFactura[] {
  const palabras = fold(texto).split(/\s+/).filter(Boolean);
  if (palabras.length === 0) return [...servicios];
  return servicios.filter((s) => {
    const fecha = s.fecha ? `${s.fecha} ${s.fecha.split('-').reverse().join('/')}` : '';
    const haystack = fold([s.codigo, s.descripcion, s.usuarioId, s.lista, fecha].filter(Boolean).join(' '));
    return palabras.every((p) => haystack.includes(p));
  });
}

/** The services grouped by user, in the invoice's order (one group per `usuario` index). */
export function agruparPorUsuario(
  servicios: readonly TServicioFactura[],
): { usuario: number; usuarioId: string; servicios: TServicioFactura[] }[] {
  const grupos = new Map<number, { usuario: number; usuarioId: string; servicios: TServicioFactura[] }>();
  for (const s of servicios) {
    const g = grupos.get(s.usuario) ?? { usuario: s.usuario, usuarioId: s.usuarioId, servicios: [] };
    g.servicios.push(s);
    grupos.set(s.usuario, g);
  }
  return [...grupos.values()];
}

/** Whether a service can be in a note of this type: credit and debit notes need a service with a value. */
export const seleccionable = (tipo: TTipoNota, s: TServicioFactura) =>
  tipo === 'NA' || (s.valor !== null && (tipo !== 'NC' || (s.disponible ?? 0) > 0));

/** A typed value as a number (COP), null when empty; NaN when it is not a number. */
export function leerValor(texto: string): number | null {
  const t = texto.trim();
  if (t === '') return null;
  return /^\d+(?:[.,]\d{1,2})?$/.test(t) ? Number(t.replace(',', '.')) : Number.NaN;
}

/** What a chosen service adds to the note: the typed value, else the service's whole value (what is left of it for a credit note). */
export function valorElegido(tipo: TTipoNota, s: TServicioFactura, texto: string | undefined): number {
  const v = leerValor(texto ?? '');
  if (v !== null) return Number.isNaN(v) ? 0 : v;
  if (tipo === 'NA') return 0;
  return (tipo === 'NC' ? s.disponible : s.valor) ?? 0;
}

/** The chosen services in the invoice's order as the API takes them (`valor` only when typed; none on an adjustment note). */
export function serviciosElegidos(
  tipo: TTipoNota,
  seleccion: TSeleccion,
  servicios: readonly TServicioFactura[],
): TNotaServicio[] {
  return servicios
    .filter((s) => s.pathFuente in seleccion)
    .map((s) => {
      const v = tipo === 'NA' ? null : leerValor(seleccion[s.pathFuente] ?? '');
      return v === null ? { pathFuente: s.pathFuente } : { pathFuente: s.pathFuente, valor: v };
    });
}

/** Σ of the chosen services' values, COP (cents kept). */
export function totalElegido(
  tipo: TTipoNota,
  seleccion: TSeleccion,
  servicios: readonly TServicioFactura[],
): number {
  const total = servicios
    .filter((s) => s.pathFuente in seleccion)
    .reduce((sum, s) => sum + valorElegido(tipo, s, seleccion[s.pathFuente]), 0);
  return Math.round(total * 100) / 100;
}

/** The proposal as a choice: each proposed service with its value written out. */
export function seleccionDePropuesta(
  propuesta: readonly { pathFuente: string; valor: number | null }[],
): TSeleccion {
  return Object.fromEntries(propuesta.map((p) => [p.pathFuente, p.valor === null ? '' : String(p.valor)]));
}

/** `seleccion` with every selectable service of `grupo` in (`incluir`) or out. Values already typed stay. */
export function alternarGrupo(
  tipo: TTipoNota,
  seleccion: TSeleccion,
  grupo: readonly TServicioFactura[],
  incluir: boolean,
): TSeleccion {
  const next = { ...seleccion };
  for (const s of grupo) {
    if (!incluir) delete next[s.pathFuente];
    else if (seleccionable(tipo, s) && !(s.pathFuente in next)) next[s.pathFuente] = '';
  }
  return next;
}
