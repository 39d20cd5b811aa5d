import type { TCampoRips, TEstructuraData, THallazgoRips } from '@radica/contracts/rips';
import { RVC065_CAMPOS, RVC065_TIPOS } from '@radica/contracts/rips-codigos';

/**
 * Values of the editor's fields: what an input shows for a RIPS value and the value the input's text
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
 * professional, the prestador, diagnoses, modality…) copied, amounts left empty. Without one, codPrestador starts as
 * `codPrestador` (the RIPS's own or the provider's: the server's `codPrestadorSugerido`).
 */
export function nuevoServicio(
  campos: TCampoRips[],
  consecutivo: number,
  anterior: Record<string, unknown> | null,
  codPrestador: string | null = null,
): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  for (const c of campos) s[c.campo] = anterior && COPIADOS.test(c.campo) ? (anterior[c.campo] ?? null) : null;
  if ('codPrestador' in s && (s['codPrestador'] === null || s['codPrestador'] === '') && codPrestador) s['codPrestador'] = codPrestador;
  s['consecutivo'] = consecutivo;
  return s;
}

/** The first codPrestador a service of the RIPS has (what a user's first service starts with), or null. */
export function primerCodPrestador(rips: { usuarios: Record<string, unknown>[] }): string | null {
  for (const u of rips.usuarios) {
    const servicios = u['servicios'];
    if (typeof servicios !== 'object' || servicios === null) continue;
    for (const items of Object.values(servicios)) {
      if (!Array.isArray(items)) continue;
      for (const item of items as Record<string, unknown>[]) if (typeof item?.['codPrestador'] === 'string' && item['codPrestador']) return item['codPrestador'];
    }
  }
  return null;
}

/**
 * The fields a medicine picked from the tenant's catalogue fills in a service: its code, and what the catalogue knows,
 * except, for tipoMedicamento 01, 02 and 04, the fields the ministry expects null for those types (RVC065).
 */
export function servicioConMedicamento(servicio: Record<string, unknown>, codigo: string, medicamento: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...servicio, codTecnologiaSalud: codigo };
  for (const k of ['nomTecnologiaSalud', 'formaFarmaceutica', 'concentracionMedicamento', 'unidadMedida', 'unidadMinDispensa', 'tipoMedicamento'])
    if (medicamento[k] !== null && medicamento[k] !== undefined) out[k] = medicamento[k];
  const tipo = out['tipoMedicamento'];
  if (typeof tipo === 'string' && RVC065_TIPOS.includes(tipo)) for (const k of RVC065_CAMPOS) out[k] = null;
  return out;
}

/**
 * Whether a finding's path is a field the editor shows, so it goes under that field: a field of the invoice's, of a user
 * that exists, or of a service that exists in a list of the structure. Anything else (the file as a whole, a list that
 * is not a list, a property the structure does not have) goes to the general findings, never to a field the user cannot
 * reach.
 */
export function esRutaDeCampo(path: string, estructura: TEstructuraData, rips: { usuarios: Record<string, unknown>[] }): boolean {
  if (estructura.transaccion.some((c) => c.campo === path)) return true;
  const usuario = /^usuarios\[(\d+)\]\.(\w+)$/.exec(path);
  if (usuario) return Number(usuario[1]) < rips.usuarios.length && estructura.usuario.some((c) => c.campo === usuario[2]);
  const servicio = /^usuarios\[(\d+)\]\.servicios\.(\w+)\[(\d+)\]\.(\w+)$/.exec(path);
  if (!servicio) return false;
  const [, u, lista, j, campo] = servicio as unknown as [string, string, string, string, string];
  const campos = Object.hasOwn(estructura.servicios, lista) ? estructura.servicios[lista] : undefined;
  const items = (rips.usuarios[Number(u)]?.['servicios'] as Record<string, unknown> | undefined)?.[lista];
  return Boolean(campos?.some((c) => c.campo === campo)) && Array.isArray(items) && Number(j) < items.length;
}

/** Whether a field is required for this record: the structure's flag, or its condition on another field (`obligatorioSi`). */
export function esObligatorio(campo: TCampoRips, registro: Record<string, unknown>): boolean {
  return campo.obligatorio || (campo.obligatorioSi !== undefined && registro[campo.obligatorioSi.campo] === campo.obligatorioSi.valor);
}

/** True for "YYYY-MM-DD…" whose date part is a real calendar date (1963-02-30 is not). */
function esFechaReal(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Age in whole years at a date ("YYYY-MM-DD…"), or null when the birth date is not a real date (no age from 1963-02-30). */
export function edadEn(fechaNacimiento: unknown, fecha: string | null): number | null {
  if (typeof fechaNacimiento !== 'string' || fechaNacimiento.length !== 10 || !esFechaReal(fechaNacimiento)) return null;
  const ref = fecha && esFechaReal(fecha) ? fecha.slice(0, 10) : new Date().toISOString().slice(0, 10);
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
