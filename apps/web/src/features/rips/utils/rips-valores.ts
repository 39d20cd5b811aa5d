import type { TCampoRips, THallazgoRips } from '@radica/contracts/rips';

/**
 * Values of the editor's fields (issue 27 §3): what an input shows for a RIPS value and the value the input's text
 * gives back (numbers as numbers, an empty input as null, like the ministry's files), the JSON paths findings point at,
 * new users and services, ages.
 */

/** The text an input shows for a value. */
export function aTexto(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** The RIPS value of an input's text: '' → null; an integer / decimal field's number when the text is one. */
export function deTexto(text: string, campo: TCampoRips): unknown {
  if (text === '') return null;
  if (campo.tipo === 'entero' && /^-?\d{1,15}$/.test(text.trim())) return Number(text.trim());
  if (campo.tipo === 'decimal' && /^-?\d{1,15}([.,]\d+)?$/.test(text.trim())) return Number(text.trim().replace(',', '.'));
  return text;
}

/** The JSON path of a field, as the engine's `pathFuente` writes it. */
export function rutaCampo(u: number | null, lista: string | null, j: number | null, campo: string): string {
  if (u === null) return campo;
  if (lista === null) return `usuarios[${u}].${campo}`;
  return `usuarios[${u}].servicios.${lista}[${j}].${campo}`;
}

/** Findings by the path they point at ('' for the general ones). */
export function hallazgosPorRuta(hallazgos: THallazgoRips[]): Map<string, THallazgoRips[]> {
  const map = new Map<string, THallazgoRips[]>();
  for (const h of hallazgos) {
    const key = h.fuente === 'Rips' ? h.pathFuente : '';
    const list = map.get(key);
    if (list) list.push(h);
    else map.set(key, [h]);
  }
  return map;
}

/** RECHAZADO findings of each user (by index), for the users' list. */
export function rechazosPorUsuario(hallazgos: THallazgoRips[]): Map<number, number> {
  const map = new Map<number, number>();
  for (const h of hallazgos) {
    const m = /^usuarios\[(\d+)\]/.exec(h.pathFuente);
    if (m && h.clase === 'RECHAZADO') map.set(Number(m[1]), (map.get(Number(m[1])) ?? 0) + 1);
  }
  return map;
}

/** A new user: every field of the structure null, consecutivo n, Colombia as country, incapacidad NO. */
export function nuevoUsuario(campos: TCampoRips[], consecutivo: number): Record<string, unknown> {
  const u: Record<string, unknown> = {};
  for (const c of campos) u[c.campo] = null;
  Object.assign(u, { codPaisResidencia: '170', incapacidad: 'NO', consecutivo, codPaisOrigen: '170' });
  u['servicios'] = {};
  return u;
}

/** Fields a new service copies from the previous one of its list ("copy the previous row's dates and codes"). */
const COPIADOS = /^(cod|fecha|tipo|num(Documento|Autorizacion)|modalidad|grupo|finalidad|causa|via|condicion|conceptoRecaudo)/;

/**
 * A new service of a list: every field null and consecutivo n; with a previous service, its dates and codes (the
 * professional, the prestador, diagnoses, modality…) copied, amounts left empty.
 */
export function nuevoServicio(campos: TCampoRips[], consecutivo: number, anterior: Record<string, unknown> | null): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  for (const c of campos) s[c.campo] = anterior && COPIADOS.test(c.campo) ? (anterior[c.campo] ?? null) : null;
  s['consecutivo'] = consecutivo;
  return s;
}

/** Age in whole years at a date ("YYYY-MM-DD…"), or null. */
export function edadEn(fechaNacimiento: unknown, fecha: string | null): number | null {
  if (typeof fechaNacimiento !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(fechaNacimiento)) return null;
  const ref = fecha && /^\d{4}-\d{2}-\d{2}/.test(fecha) ? fecha.slice(0, 10) : new Date().toISOString().slice(0, 10);
  const [y, m, d] = fechaNacimiento.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [ry, rm, rd] = ref.split('-').map(Number) as [number, number, number];
  const age = ry - y - (rm < m || (rm === m && rd < d) ? 1 : 0);
  return age >= 0 && age < 150 ? age : null;
}

/** The first service date of a user ("YYYY-MM-DD HH:mm"), or null. */
export function primeraFecha(usuario: Record<string, unknown>): string | null {
  const servicios = usuario['servicios'];
  if (typeof servicios !== 'object' || servicios === null) return null;
  let min: string | null = null;
  for (const items of Object.values(servicios)) {
    if (!Array.isArray(items)) continue;
    for (const s of items as Record<string, unknown>[]) {
      const f = s['fechaInicioAtencion'] ?? s['fechaDispensAdmon'] ?? s['fechaSuministroTecnologia'];
      if (typeof f === 'string' && (min === null || f < min)) min = f;
    }
  }
  return min;
}
