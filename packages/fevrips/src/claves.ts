import { RIPS_SCHEMA_VERSIONS, ripsSchema, type TRecordSpec } from './schema.ts';

/**
 * The case of a RIPS's property names, read as the ministry's validator reads them.
 *
 * The MUV's local API is an ASP.NET Core application (its `/BasicHealth` names it `FVE.WebAPILocal`, its container runs
 * with `ASPNETCORE_ENVIRONMENT`; reference §1.1). ASP.NET Core binds a JSON body with System.Text.Json under
 * `JsonSerializerDefaults.Web`, whose documented meaning is "property names are treated as case-insensitive"
 * (learn.microsoft.com, `System.Text.Json.JsonSerializerDefaults`, field `Web`; "How to enable case-insensitive property
 * name matching with System.Text.Json": "The web default is case-insensitive"). A `"Servicios"` key therefore reaches the
 * ministry's `servicios`: Radica reads it the same way (docs/decisions/025: never reject what the ministry accepts;
 * docs/decisions/050), and writes the norm's spelling in what it stores from the editor and sends to the MUV.
 *
 * Only a key equal to one of the norm's names but for case is renamed; a misspelt one (`numAutoriacion`, `Servicios `
 * with a space) is left as it is (the structure check reports it as PROPIEDAD_NO_DEFINIDA). When a record holds a name
 * twice in different case, the last one in the file wins, as System.Text.Json keeps the last value of a repeated property.
 */

/** One property whose name was read in the norm's spelling. `path` is the JSON path with the norm's names. */
export type TClaveLeida = { path: string; enviada: string; leida: string };

/** How many renamed properties are kept with their paths (the rest are only counted). */
export const MAX_CLAVES_LEIDAS = 20;

type TNombres = { exactos: ReadonlySet<string>; porMinuscula: ReadonlyMap<string, string> };

function nombres(keys: Iterable<string>): TNombres {
  const exactos = new Set(keys);
  return { exactos, porMinuscula: new Map([...exactos].map((k) => [k.toLowerCase(), k])) };
}

type TNiveles = { transaccion: TNombres; usuario: TNombres; servicios: TNombres; listas: ReadonlyMap<string, TNombres> };
let niveles: TNiveles | null = null;

/** The names of every level, in every structure Radica knows (a name of either norm keeps its spelling). */
function nivelesRips(): TNiveles {
  if (niveles) return niveles;
  const schemas = RIPS_SCHEMA_VERSIONS.map((v) => ripsSchema(v));
  const union = (pick: (s: (typeof schemas)[number]) => TRecordSpec, extra: string[] = []) => nombres([...schemas.flatMap((s) => Object.keys(pick(s))), ...extra]);
  const listas = [...new Set(schemas.flatMap((s) => Object.keys(s.servicios)))];
  niveles = {
    transaccion: union((s) => s.transaccion, ['usuarios']),
    usuario: union((s) => s.usuario, ['servicios']),
    servicios: nombres(listas),
    listas: new Map(listas.map((l) => [l, union((s) => s.servicios[l as keyof typeof s.servicios])])),
  };
  return niveles;
}

/** Collects the renamed properties (the first {@link MAX_CLAVES_LEIDAS} with their paths, all counted). */
class Registro {
  readonly leidas: TClaveLeida[] = [];
  total = 0;
  add(path: string, enviada: string, leida: string) {
    this.total++;
    if (this.leidas.length < MAX_CLAVES_LEIDAS) this.leidas.push({ path, enviada, leida });
  }
}

/**
 * `record` itself when every key is spelt as in `n` or unknown to it (the usual case: one Set lookup per key), else a
 * copy in the same key order with the case variants renamed. Keys are defined as own properties, so a `__proto__` key
 * of the file stays a plain key.
 */
function renombrar(record: Record<string, unknown>, n: TNombres, prefix: string, registro: Registro): Record<string, unknown> {
  let variante = false;
  for (const key in record) {
    if (!n.exactos.has(key) && n.porMinuscula.has(key.toLowerCase())) {
      variante = true;
      break;
    }
  }
  if (!variante) return record;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const leida = n.exactos.has(key) ? key : (n.porMinuscula.get(key.toLowerCase()) ?? key);
    if (leida !== key) registro.add(`${prefix}${leida}`, key, leida);
    Object.defineProperty(out, leida, { value: record[key], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The RIPS with its property names in the norm's spelling (transaction, usuarios, `servicios`, its lists and their
 * services), as the ministry's validator binds them (see the module's comment). Copy on write: the objects that had no
 * case variant are the same objects, and a RIPS without any is returned as it is (`rips` is never modified).
 * @returns the RIPS to read and send, and the renamed properties (`total` counts all; `leidas` keeps the first 20).
 */
export function leerClavesComoElMinisterio(rips: Record<string, unknown>): { rips: Record<string, unknown>; leidas: TClaveLeida[]; total: number } {
  const n = nivelesRips();
  const registro = new Registro();
  const top = renombrar(rips, n.transaccion, '', registro);
  const usuarios = top['usuarios'];
  let out = top;
  if (Array.isArray(usuarios)) {
    let copia: unknown[] | null = null;
    for (let u = 0; u < usuarios.length; u++) {
      const usuario: unknown = usuarios[u];
      if (!isRecord(usuario)) continue;
      const leido = usuarioLeido(usuario, u, n, registro);
      if (leido !== usuario) (copia ??= [...usuarios])[u] = leido;
    }
    // a spread defines own properties: a `__proto__` key stays a plain key
    if (copia) out = { ...out, usuarios: copia };
  }
  return { rips: out, leidas: registro.leidas, total: registro.total };
}

/** A shallow copy that keeps a `__proto__` key a plain key. */
function copiar(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) Object.defineProperty(out, key, { value: record[key], enumerable: true, writable: true, configurable: true });
  return out;
}

function usuarioLeido(usuario: Record<string, unknown>, u: number, n: TNiveles, registro: Registro): Record<string, unknown> {
  const prefix = `usuarios[${u}].`;
  let out = renombrar(usuario, n.usuario, prefix, registro);
  const servicios = out['servicios'];
  if (!isRecord(servicios)) return out;
  const serviciosLeidos = renombrar(servicios, n.servicios, `${prefix}servicios.`, registro);
  let listas: Record<string, unknown> = serviciosLeidos;
  for (const [lista, nombresLista] of n.listas) {
    const items = serviciosLeidos[lista];
    if (!Array.isArray(items)) continue;
    let copia: unknown[] | null = null;
    for (let j = 0; j < items.length; j++) {
      const item: unknown = items[j];
      if (!isRecord(item)) continue;
      const leido = renombrar(item, nombresLista, `${prefix}servicios.${lista}[${j}].`, registro);
      if (leido !== item) (copia ??= [...items])[j] = leido;
    }
    if (copia) {
      if (listas === servicios) listas = copiar(servicios);
      Object.defineProperty(listas, lista, { value: copia, enumerable: true, writable: true, configurable: true });
    }
  }
  if (listas !== servicios) {
    if (out === usuario) out = copiar(usuario);
    out['servicios'] = listas;
  }
  return out;
}

/**
 * The RIPS without the properties no structure Radica knows defines (at every level: transaction, usuarios, `servicios`
 * and its services), for the RIPS editor: it shows one field per defined property, so an undefined one (`icIMIPRES`,
 * `tipoPagoModerador` of the old norm) could neither be seen nor corrected there, and the ministry's validator ignores
 * it anyway (its DTOs accept and drop extra keys, reference §2.1). Give it a RIPS read by rips.ts `parseRipsHead` (names
 * already in the norm's spelling). Values that are not objects are kept as they are (the checks report them).
 * @returns the RIPS and the distinct names removed (in the order met).
 */
export function soloPropiedadesDefinidas(rips: Record<string, unknown>): { rips: Record<string, unknown>; quitadas: string[] } {
  const n = nivelesRips();
  const quitadas = new Set<string>();
  const limpiar = (record: Record<string, unknown>, nombresNivel: TNombres): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record)) {
      if (!nombresNivel.exactos.has(key)) {
        quitadas.add(key);
        continue;
      }
      out[key] = record[key];
    }
    return out;
  };
  const out = limpiar(rips, n.transaccion);
  if (Array.isArray(out['usuarios']))
    out['usuarios'] = out['usuarios'].map((usuario: unknown) => {
      if (!isRecord(usuario)) return usuario;
      const u = limpiar(usuario, n.usuario);
      if (isRecord(u['servicios'])) {
        const servicios = limpiar(u['servicios'], n.servicios);
        for (const [lista, nombresLista] of n.listas)
          if (Array.isArray(servicios[lista])) servicios[lista] = servicios[lista].map((s: unknown) => (isRecord(s) ? limpiar(s, nombresLista) : s));
        u['servicios'] = servicios;
      }
      return u;
    });
  return { rips: out, quitadas: [...quitadas] };
}
