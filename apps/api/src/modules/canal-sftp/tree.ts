import { randomBytes } from 'node:crypto';
import { constants, mkdirSync, lstatSync } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { SFTP_CARPETAS, type TSftpCarpeta } from '@radica/contracts/canal-sftp';

/**
 * A tenant's SFTP tree (issue 16 "each confined to its own tree"): a virtual tree of exactly three folders, `entrada/`,
 * `resultados/` and `procesados/`, each holding plain files (no subfolders, no links), stored on disk under
 * DATA_DIR/sftp/tenants/{tenantId}/. Every client path is resolved here, never joined to a disk path as given: a path
 * that climbs above the root ('..'), names a control character or a backslash is refused; an absolute path is read
 * from the tenant's root (so '/etc/passwd' is just a missing file of the tenant). Uploads are written to a staging
 * folder outside every tree (DATA_DIR/sftp/subidas) and appear in `entrada/` only once complete.
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

/** The disk side of every tenant's tree, under `dataDir`/sftp. */
export type TArbol = ReturnType<typeof createArbol>;

/**
 * Disk operations on tenants' trees. Every function takes the tenantId and a node already resolved by
 * {@link resolverRuta}; files are opened with O_NOFOLLOW and checked with lstat, so a link placed on the disk by anyone
 * is never followed (it reads as missing).
 */
export function createArbol(dataDir: string) {
  const base = join(dataDir, 'sftp');
  const staging = join(base, 'subidas');
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const raiz = (tenantId: number) => join(base, 'tenants', String(Math.trunc(tenantId)));
  const carpetaDisco = (tenantId: number, carpeta: TSftpCarpeta) => join(raiz(tenantId), carpeta);
  const archivoDisco = (tenantId: number, carpeta: TSftpCarpeta, nombre: string) => join(carpetaDisco(tenantId, carpeta), nombre);
  const creados = new Set<number>();

  /** Creates the tenant's three folders once per process; refuses a tree whose folders are not real directories. */
  async function asegurar(tenantId: number): Promise<void> {
    if (creados.has(tenantId)) return;
    for (const c of SFTP_CARPETAS) {
      const dir = carpetaDisco(tenantId, c);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const st = await lstat(dir);
      if (!st.isDirectory() || st.isSymbolicLink()) throw new Error(`SFTP tree folder is not a directory: ${dir}`);
    }
    creados.add(tenantId);
  }

  /** The file's size and time, or null when it is missing or not a regular file (links included). */
  async function statArchivo(tenantId: number, carpeta: TSftpCarpeta, nombre: string): Promise<TAtributos | null> {
    await asegurar(tenantId);
    try {
      const st = await lstat(archivoDisco(tenantId, carpeta, nombre));
      if (!st.isFile()) return null;
      return attrsArchivo(st.size, Math.floor(st.mtimeMs / 1000), carpeta === 'entrada');
    } catch {
      return null;
    }
  }

  /** The regular files of a folder, by name (links and anything else skipped). */
  async function listar(tenantId: number, carpeta: TSftpCarpeta): Promise<TEntrada[]> {
    await asegurar(tenantId);
    const out: TEntrada[] = [];
    for (const d of await readdir(carpetaDisco(tenantId, carpeta), { withFileTypes: true })) {
      if (!d.isFile() || !esNombreValido(d.name)) continue;
      const attrs = await statArchivo(tenantId, carpeta, d.name);
      if (attrs) out.push({ nombre: d.name, attrs });
    }
    return out.sort((a, b) => a.nombre.localeCompare(b.nombre));
  }

  /** Opens a regular file of the tree for reading (never through a link). Throws ENOENT/ELOOP when it is not one. */
  async function abrirLectura(tenantId: number, carpeta: TSftpCarpeta, nombre: string): Promise<FileHandle> {
    await asegurar(tenantId);
    const fh = await open(archivoDisco(tenantId, carpeta, nombre), constants.O_RDONLY | constants.O_NOFOLLOW);
    if (!(await fh.stat()).isFile()) {
      await fh.close();
      throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    }
    return fh;
  }

  /** A new staging file for an upload (outside every tree): its path and handle. */
  async function abrirSubida(): Promise<{ ruta: string; fh: FileHandle }> {
    const ruta = join(staging, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const fh = await open(ruta, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    return { ruta, fh };
  }

  /** Publishes a complete upload as entrada/`nombre` (replacing a file of that name). */
  async function publicarSubida(tenantId: number, rutaStaging: string, nombre: string): Promise<void> {
    await asegurar(tenantId);
    await rename(rutaStaging, archivoDisco(tenantId, 'entrada', nombre));
  }

  const descartar = (ruta: string) => unlink(ruta).catch(() => undefined);

  /** Reads a regular file of entrada/ (null when it is gone). */
  async function leerEntrada(tenantId: number, nombre: string): Promise<Buffer | null> {
    const fh = await abrirLectura(tenantId, 'entrada', nombre).catch(() => null);
    if (!fh) return null;
    try {
      return await fh.readFile();
    } finally {
      await fh.close();
    }
  }

  /** A name free in `carpeta`: `nombre`, else with `_2`, `_3`… before the extension. */
  async function nombreLibre(tenantId: number, carpeta: TSftpCarpeta, nombre: string): Promise<string> {
    const punto = nombre.lastIndexOf('.');
    const [raizNombre, ext] = punto > 0 ? [nombre.slice(0, punto), nombre.slice(punto)] : [nombre, ''];
    for (let i = 1; i < 10_000; i++) {
      const candidato = i === 1 ? nombre : `${raizNombre}_${i}${ext}`;
      try {
        await lstat(archivoDisco(tenantId, carpeta, candidato));
      } catch {
        return candidato;
      }
    }
    return `${raizNombre}_${Date.now()}${ext}`;
  }

  /** Moves entrada/`nombre` to procesados/ (under a free name). Returns the name it got, or null when it was gone. */
  async function moverAProcesados(tenantId: number, nombre: string): Promise<string | null> {
    const destino = await nombreLibre(tenantId, 'procesados', nombre);
    try {
      await rename(archivoDisco(tenantId, 'entrada', nombre), archivoDisco(tenantId, 'procesados', destino));
      return destino;
    } catch {
      return null;
    }
  }

  /**
   * Writes a result file into resultados/ atomically (staged, then renamed: a client never reads half of it), under a
   * free name derived from `nombre`. Returns the name written.
   */
  async function escribirResultado(tenantId: number, nombre: string, contenido: unknown): Promise<string> {
    await asegurar(tenantId);
    const { ruta, fh } = await abrirSubida();
    try {
      await fh.writeFile(`${JSON.stringify(contenido, null, 2)}\n`, 'utf8');
    } finally {
      await fh.close();
    }
    const destino = await nombreLibre(tenantId, 'resultados', nombre);
    await rename(ruta, archivoDisco(tenantId, 'resultados', destino));
    return destino;
  }

  /** Removes a regular file (never a link's target). */
  async function borrar(tenantId: number, carpeta: TSftpCarpeta, nombre: string): Promise<boolean> {
    if (!(await statArchivo(tenantId, carpeta, nombre))) return false;
    await unlink(archivoDisco(tenantId, carpeta, nombre));
    return true;
  }

  /** Renames within one folder; false when the source is missing or the target exists. */
  async function renombrar(tenantId: number, carpeta: TSftpCarpeta, de: string, a: string): Promise<boolean> {
    if (!(await statArchivo(tenantId, carpeta, de))) return false;
    try {
      await lstat(archivoDisco(tenantId, carpeta, a));
      return false;
    } catch {
      /* the target is free */
    }
    await rename(archivoDisco(tenantId, carpeta, de), archivoDisco(tenantId, carpeta, a));
    return true;
  }

  /** A small state file of the channel (outside every tree), or null. */
  async function leerEstado(nombre: string): Promise<string | null> {
    return readFile(join(base, nombre), 'utf8').catch(() => null);
  }
  async function escribirEstado(nombre: string, texto: string): Promise<void> {
    const tmp = join(staging, `${nombre}.${randomBytes(4).toString('hex')}`);
    await writeFile(tmp, texto, { mode: 0o600 });
    await rename(tmp, join(base, nombre));
  }

  /** Whether a tenant's root exists as a real directory (tests and checks). */
  const raizExiste = (tenantId: number) => {
    try {
      return lstatSync(raiz(tenantId)).isDirectory();
    } catch {
      return false;
    }
  };

  return {
    base,
    raiz,
    asegurar,
    statArchivo,
    listar,
    abrirLectura,
    abrirSubida,
    publicarSubida,
    descartar,
    leerEntrada,
    moverAProcesados,
    escribirResultado,
    borrar,
    renombrar,
    leerEstado,
    escribirEstado,
    raizExiste,
  };
}
