import { randomBytes } from 'node:crypto';
import { constants, mkdirSync } from 'node:fs';
import { open, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { SFTP_CARPETAS, type TSftpCarpeta } from '@radica/contracts/canal-sftp';
import type { TDb } from '../../db/client.ts';
import {
  deleteArchivo,
  findArchivo,
  insertArchivo,
  listArchivos,
  moveArchivo,
  readArchivo,
  readArchivoById,
  renameArchivo,
  upsertArchivo,
} from './repository.ts';

/**
 * A tenant's SFTP tree: a virtual tree of exactly three folders, `entrada/`,
 * `resultados/` and `procesados/`, each holding plain files (no subfolders, no links), stored in the database
 * (`sftp_archivos`; docs/decisions/029), so any ingest node serves any tenant. Every client path is
 * resolved here: a path that climbs above the root ('..'), names a control character or a backslash is refused; an
 * absolute path is read from the tenant's root (so '/etc/passwd' is just a missing file of the tenant). Uploads are
 * written to a staging file on the receiving node (DATA_DIR/sftp/subidas, outside every tree: the connection's own
 * transient state) and appear in `entrada/` only once complete, when their row is stored.
 */

/** A client path, resolved against the tenant's root. */
export type TNodo =
  | { kind: 'raiz' }
  | { kind: 'carpeta'; carpeta: TSftpCarpeta }
  | { kind: 'archivo'; carpeta: TSftpCarpeta; nombre: string }
  /** Inside the root but not in the tree (a fourth folder, a subfolder): answered "no such file". */
  | { kind: 'inexistente' }
  /** Outside the root or malformed: answered "permission denied". */
  | { kind: 'invalida' };

/** Names of uploads still in progress by clients that upload under a temporary name and rename (WinSCP, lftp…). */
const TEMPORAL_RE = /\.(part|filepart|partial|tmp)$/i;
export const esNombreTemporal = (nombre: string) => TEMPORAL_RE.test(nombre);

const MAX_NOMBRE = 200;

/** A file name the tree accepts: 1–200 characters, no '/', '\', control characters, and not '.' or '..'. */
export function esNombreValido(nombre: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return nombre.length > 0 && nombre.length <= MAX_NOMBRE && nombre !== '.' && nombre !== '..' && !/[/\\\u0000-\u001f\u007f]/.test(nombre);
}

/**
 * Resolves a client path ('/entrada/a.xml', 'entrada/./a.xml', '.', '/') against the tenant's root. '..' moves up
 * within the tree; one that would leave the root makes the path invalid, as does a malformed segment.
 */
export function resolverRuta(ruta: string): TNodo {
  if (typeof ruta !== 'string' || ruta.length > 1024) return { kind: 'invalida' };
  const pila: string[] = [];
  for (const seg of ruta.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (pila.length === 0) return { kind: 'invalida' };
      pila.pop();
      continue;
    }
    if (!esNombreValido(seg)) return { kind: 'invalida' };
    pila.push(seg);
  }
  if (pila.length === 0) return { kind: 'raiz' };
  const carpeta = SFTP_CARPETAS.find((c) => c === pila[0]);
  if (!carpeta || pila.length > 2) return { kind: 'inexistente' };
  if (pila.length === 1) return { kind: 'carpeta', carpeta };
  return { kind: 'archivo', carpeta, nombre: pila[1]! };
}

/** The canonical client path of a node ('/', '/entrada', '/entrada/a.xml'). */
export function rutaCanonica(nodo: TNodo): string {
  if (nodo.kind === 'carpeta') return `/${nodo.carpeta}`;
  if (nodo.kind === 'archivo') return `/${nodo.carpeta}/${nodo.nombre}`;
  return '/';
}

/** Attributes of a listed entry (SFTP ATTRS: mode with its type bits, size in bytes, times in Unix seconds). */
export type TAtributos = { mode: number; uid: number; gid: number; size: number; atime: number; mtime: number };
export type TEntrada = { nombre: string; attrs: TAtributos };

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
export const attrsCarpeta = (mtimeS: number): TAtributos => ({ mode: S_IFDIR | 0o755, uid: 0, gid: 0, size: 0, atime: mtimeS, mtime: mtimeS });
const attrsArchivo = (size: number, mtimeS: number, escribible: boolean): TAtributos => ({
  mode: S_IFREG | (escribible ? 0o644 : 0o444),
  uid: 0,
  gid: 0,
  size,
  atime: mtimeS,
  mtime: mtimeS,
});

/** The database side of every tenant's tree; staging files of uploads in progress under `dataDir`/sftp/subidas. */
export type TArbol = ReturnType<typeof createArbol>;

const attrsDe = (e: { tamano: number; modificadoEn: Date }, carpeta: TSftpCarpeta) =>
  attrsArchivo(e.tamano, Math.floor(e.modificadoEn.getTime() / 1000), carpeta === 'entrada');

/**
 * Tree operations. Every function takes the tenantId and a node already resolved by {@link resolverRuta}; rows are
 * always scoped by the tenant. Names are checked by the resolver before they reach here.
 */
export function createArbol(db: TDb, dataDir: string) {
  const base = join(dataDir, 'sftp');
  const staging = join(base, 'subidas');
  let stagingMade = false;

  /** The three folders always exist (virtual): nothing to create. */
  const asegurar = async (_tenantId: number): Promise<void> => {};

  /** The file's size and time, or null when it is missing. */
  async function statArchivo(tenantId: number, carpeta: TSftpCarpeta, nombre: string): Promise<TAtributos | null> {
    const e = await findArchivo(db, tenantId, carpeta, nombre);
    return e ? attrsDe(e, carpeta) : null;
  }

  /** The files of a folder, by name. */
  async function listar(tenantId: number, carpeta: TSftpCarpeta): Promise<TEntrada[]> {
    return (await listArchivos(db, tenantId, carpeta)).filter((e) => esNombreValido(e.nombre)).map((e) => ({ nombre: e.nombre, attrs: attrsDe(e, carpeta) }));
  }

  /** A file's bytes (at most MAX_UPLOAD_BYTES; result files are small), or null when it is missing. */
  const leer = (tenantId: number, carpeta: TSftpCarpeta, nombre: string) => readArchivo(db, tenantId, carpeta, nombre);

  /** A new staging file for an upload (outside every tree, on this node): its path and handle. */
  async function abrirSubida(): Promise<{ ruta: string; fh: FileHandle }> {
    if (!stagingMade) mkdirSync(staging, { recursive: true, mode: 0o700 });
    stagingMade = true;
    const ruta = join(staging, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const fh = await open(ruta, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    return { ruta, fh };
  }

  /**
   * Stores a complete upload as entrada/`nombre` (replacing a file of that name) and removes its staging file.
   * `pendiente`: accepted for filing (a job will process it). Returns the row's id and time.
   */
  async function publicarSubida(tenantId: number, rutaStaging: string, nombre: string, pendiente: boolean): Promise<{ id: number; modificadoEn: Date }> {
    const bytes = await readFile(rutaStaging);
    const row = await upsertArchivo(db, tenantId, 'entrada', nombre, bytes, pendiente);
    await descartar(rutaStaging);
    return row;
  }

  const descartar = (ruta: string) => unlink(ruta).catch(() => undefined);

  /** File `id` of the tenant (its folder, name, bytes and whether it waits for filing), or undefined. */
  const leerPorId = (tenantId: number, id: number) => readArchivoById(db, tenantId, id);

  /** A name free in `carpeta`: `nombre`, else with `_2`, `_3`… before the extension. */
  async function* candidatos(nombre: string): AsyncGenerator<string> {
    const punto = nombre.lastIndexOf('.');
    const [raizNombre, ext] = punto > 0 ? [nombre.slice(0, punto), nombre.slice(punto)] : [nombre, ''];
    for (let i = 1; i < 10_000; i++) yield i === 1 ? nombre : `${raizNombre}_${i}${ext}`;
    yield `${raizNombre}_${Date.now()}${ext}`;
  }

  /** Moves file `id` (in entrada/) to procesados/ under a free name. Returns the name it got, or null when it was gone. */
  async function moverAProcesados(tenantId: number, id: number, nombre: string): Promise<string | null> {
    for await (const destino of candidatos(nombre)) {
      if (await findArchivo(db, tenantId, 'procesados', destino)) continue;
      if (await moveArchivo(db, tenantId, id, 'procesados', destino)) return destino;
      if (!(await leerPorId(tenantId, id))) return null;
    }
    return null;
  }

  /** Writes a result file into resultados/ (one row: a client never reads half of it) under a free name. Returns the name. */
  async function escribirResultado(tenantId: number, nombre: string, contenido: unknown): Promise<string> {
    const bytes = Buffer.from(`${JSON.stringify(contenido, null, 2)}\n`, 'utf8');
    for await (const destino of candidatos(nombre)) {
      if (await findArchivo(db, tenantId, 'resultados', destino)) continue;
      if (await insertArchivo(db, tenantId, 'resultados', destino, bytes)) return destino;
    }
    throw new Error('no free name in resultados/');
  }

  /** Removes a file. */
  const borrar = (tenantId: number, carpeta: TSftpCarpeta, nombre: string) => deleteArchivo(db, tenantId, carpeta, nombre);

  /**
   * Renames within one folder; null when the source is missing or the target exists. `pendiente`: the new name is
   * accepted for filing (a temporary upload name renamed to its final one in entrada/).
   */
  const renombrar = (tenantId: number, carpeta: TSftpCarpeta, de: string, a: string, pendiente = false) => renameArchivo(db, tenantId, carpeta, de, a, pendiente);

  return { base, asegurar, statArchivo, listar, leer, abrirSubida, publicarSubida, descartar, leerPorId, moverAProcesados, escribirResultado, borrar, renombrar };
}
