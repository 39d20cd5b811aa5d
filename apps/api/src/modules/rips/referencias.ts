import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { RIPS_CODIGOS } from '@radica/contracts/rips-codigos';
import type { TCampoRips, TEstructuraData, TReferencia, TReferenciaTipo } from '@radica/contracts/rips';
import { buscarCatalogo, normalizarBusqueda } from '@radica/fevrips/catalogos';
import { USUARIO_OBLIGATORIO_SI, ripsSchema, type TRipsSchemaVersion } from '@radica/fevrips/engine';
import { RIPS_LISTS } from '@radica/fevrips/tables';
import { autocompleteUbicaciones, municipioNombre } from '../geography/service.ts';

/**
 * The editor's reference searches: CUPS and CIE-10 by code or name (packages/fevrips catalogos.ts,
 * derived from the SISPRO tables), DIVIPOLA municipalities (the geography module's data) and countries (ISO 3166
 * numeric codes, the RIPS `codPais…` fields, with their Spanish names from i18n-iso-countries).
 */

countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/es.json'));

type TPais = { codigo: string; nombre: string; clave: string };
let paises: TPais[] | null = null;

function listaPaises(): TPais[] {
  paises ??= Object.entries(countries.getNames('es', { select: 'official' }))
    .map(([alpha2, nombre]) => ({ codigo: countries.alpha2ToNumeric(alpha2) ?? '', nombre, clave: normalizarBusqueda(nombre) }))
    .filter((p) => /^\d{3}$/.test(p.codigo))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
  return paises;
}

/** Entries of one reference table matching `texto` (code prefix first), at most `limite`. */
export function buscarReferencias(tipo: TReferenciaTipo, texto: string, limite: number): TReferencia[] {
  if (tipo === 'cups' || tipo === 'cie10') return buscarCatalogo(tipo, texto, limite);
  if (tipo === 'paises') {
    const q = normalizarBusqueda(texto);
    const byCode = listaPaises().filter((p) => p.codigo.startsWith(q));
    const byName = listaPaises().filter((p) => !p.codigo.startsWith(q) && p.clave.includes(q));
    return [...byCode, ...byName].slice(0, limite).map(({ codigo, nombre }) => ({ codigo, nombre }));
  }
  if (/^\d{5}$/.test(texto)) {
    const nombre = municipioNombre(texto.slice(0, 2), texto.slice(2));
    return nombre ? [{ codigo: texto, nombre }] : [];
  }
  if (texto.trim().length < 2) return [];
  return autocompleteUbicaciones({ texto, limite }).ubicaciones.map((u) => ({
    codigo: `${u.ciudad.codDepartamento}${u.ciudad.codigo}`,
    nombre: u.ciudad.descripcion,
    detalle: u.departamento.descripcion,
  }));
}

const estructuras = new Map<TRipsSchemaVersion, TEstructuraData>();

/** GET /api/rips/estructura: every field of a structure (packages/fevrips schema.ts) with the names of its codes. */
export function estructuraRips(version: TRipsSchemaVersion): TEstructuraData {
  const cached = estructuras.get(version);
  if (cached) return cached;
  const schema = ripsSchema(version);
  const campos = (
    record: Record<string, { kind: TCampoRips['tipo']; required: boolean; minLength?: number; maxLength?: number; table?: string }>,
    obligatorioSi: Readonly<Record<string, { campo: string; valor: string }>> = {},
  ): TCampoRips[] =>
    Object.entries(record).map(([campo, s]) => {
      const lista = s.table && Object.hasOwn(RIPS_LISTS, s.table) ? (RIPS_LISTS as Record<string, readonly string[]>)[s.table] : undefined;
      const nombres = s.table ? (RIPS_CODIGOS[s.table] ?? {}) : {};
      const si = Object.hasOwn(obligatorioSi, campo) ? obligatorioSi[campo] : undefined;
      return {
        campo,
        tipo: s.kind,
        obligatorio: s.required,
        ...(si ? { obligatorioSi: { ...si } } : {}),
        ...(s.minLength !== undefined ? { min: s.minLength } : {}),
        ...(s.maxLength !== undefined ? { max: s.maxLength } : {}),
        ...(s.table ? { tabla: s.table } : {}),
        ...(lista ? { opciones: lista.map((codigo) => ({ codigo, nombre: nombres[codigo] ?? '' })) } : {}),
      };
    });
  const data: TEstructuraData = {
    version,
    norma: schema.norma,
    transaccion: campos(schema.transaccion),
    usuario: campos(schema.usuario, USUARIO_OBLIGATORIO_SI),
    servicios: Object.fromEntries(Object.entries(schema.servicios).map(([list, record]) => [list, campos(record)])),
  };
  estructuras.set(version, data);
  return data;
}
