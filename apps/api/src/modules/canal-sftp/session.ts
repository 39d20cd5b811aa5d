import type { FileHandle } from 'node:fs/promises';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { SFTP_CARPETAS } from '@radica/contracts/canal-sftp';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import type { TDeps } from '../../deps.ts';
import type { TProcesador } from './processing.ts';
import { attrsCarpeta, esNombreTemporal, resolverRuta, rutaCanonica, type TArbol, type TAtributos, type TNodo } from './tree.ts';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
/** Uploads one session may have open at once. */
const MAX_SUBIDAS_SESION = 16;
/** Largest chunk answered to one READ (clients ask for 32–256 KB). */
const MAX_LECTURA = 256 * 1024;

type THandle =
  | { kind: 'dir'; entradas: { filename: string; longname: string; attrs: TAtributos }[]; enviado: boolean }
  | { kind: 'lectura'; data: Buffer }
  | { kind: 'escritura'; fh: FileHandle; ruta: string; nombre: string; size: number; grande: boolean; escrituras: Set<Promise<unknown>>; cerrado: boolean };

/** What every session of the server shares: its dependencies, the tenants' tree, the filing processor. */
export type TServidorSftp = {
  deps: TDeps;
  arbol: TArbol;
  procesador: TProcesador;
  /** The server's start (Unix seconds): the time shown on the folders. */
  inicio: number;
  /** Enqueues the filing of an accepted file (never throws: the minute's sweep retries). */
  aceptar: (tenantId: number, row: { id: number; modificadoEn: Date }) => Promise<void>;
};

/** One session as its request handlers see it: the channel, its tenant, its open handles and the usual answers. */
type TSesion = TServidorSftp & {
  sftp: SFTPWrapper;
  tenantId: number;
  handles: Map<number, THandle>;
  nuevoHandle: (h: THandle) => Buffer;
  leerHandle: (buf: Buffer) => THandle | undefined;
  negar: (reqid: number, msg?: string) => void;
  noExiste: (reqid: number) => void;
  fallo: (reqid: number, msg?: string) => void;
  /** Runs an async handler; an unexpected error answers FAILURE and is logged (never crashes the process). */
  run: (reqid: number, fn: () => Promise<void>) => void;
  attrsDe: (nodo: TNodo) => Promise<TAtributos | null>;
};

const MESES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** An `ls -l` line (clients read the type and permissions from its first characters). */
function longname(nombre: string, a: TAtributos): string {
  const d = new Date(a.mtime * 1000);
  const tipo = (a.mode & 0o170000) === 0o040000 ? 'd' : '-';
  const perm = (a.mode & 0o777).toString(8).padStart(3, '0');
  const rwx = [...perm].map((c) => ['---', '--x', '-w-', '-wx', 'r--', 'r-x', 'rw-', 'rwx'][Number(c)]).join('');
  return `${tipo}${rwx}    1 radica   radica   ${String(a.size).padStart(10)} ${MESES[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} ${nombre}`;
}

/** One SFTP session of `tenantId`: every request resolved against its tree. */
export function servirSftp(servidor: TServidorSftp, sftp: SFTPWrapper, tenantId: number): void {
  const s = crearSesion(servidor, sftp, tenantId);
  atenderConsultas(s);
  atenderSubidas(s);
  atenderCambios(s);
  limpiarAlCerrar(s);
}

/** The session's state: its handle table (ids are 4-byte big-endian numbers) and the answers every handler uses. */
function crearSesion(servidor: TServidorSftp, sftp: SFTPWrapper, tenantId: number): TSesion {
  const { deps, arbol, inicio } = servidor;
  const handles = new Map<number, THandle>();
  let siguiente = 1;
  const fallo = (reqid: number, msg?: string) => sftp.status(reqid, STATUS_CODE.FAILURE, msg);
  return {
    ...servidor,
    sftp,
    tenantId,
    handles,
    nuevoHandle: (h) => {
      const id = siguiente++;
      handles.set(id, h);
      const buf = Buffer.alloc(4);
      buf.writeUInt32BE(id, 0);
      return buf;
    },
    leerHandle: (buf) => (buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined),
    negar: (reqid, msg = MSG_SFTP.fueraDelArbol) => sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, msg),
    noExiste: (reqid) => sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE),
    fallo,
    run: (reqid, fn) =>
      void fn().catch((err: unknown) => {
        deps.log.error({ err, tenantId }, 'sftp: request failed');
        try {
          fallo(reqid);
        } catch {
          /* the channel is gone */
        }
      }),
    attrsDe: async (nodo) => {
      if (nodo.kind === 'raiz' || nodo.kind === 'carpeta') return attrsCarpeta(inicio);
      if (nodo.kind === 'archivo') return arbol.statArchivo(tenantId, nodo.carpeta, nodo.nombre);
      return null;
    },
  };
}

/** Requests that only read: paths, attributes, listings, reading a file, and the attribute changes accepted as no-ops. */
function atenderConsultas(s: TSesion): void {
  const { sftp, arbol, tenantId, inicio, negar, noExiste, fallo, run, leerHandle } = s;
  const stat = (reqid: number, ruta: string) =>
    run(reqid, async () => {
      const nodo = resolverRuta(ruta);
      if (nodo.kind === 'invalida') return negar(reqid);
      const attrs = await s.attrsDe(nodo);
      if (!attrs) return noExiste(reqid);
      sftp.attrs(reqid, attrs);
    });

  sftp.on('REALPATH', (reqid, ruta) => {
    const nodo = resolverRuta(ruta);
    if (nodo.kind === 'invalida') return negar(reqid);
    const canon = nodo.kind === 'inexistente' ? `/${ruta.replace(/^\/+/, '')}` : rutaCanonica(nodo);
    sftp.name(reqid, [{ filename: canon, longname: canon, attrs: {} as TAtributos }]);
  });
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);

  sftp.on('OPENDIR', (reqid, ruta) =>
    run(reqid, async () => {
      const nodo = resolverRuta(ruta);
      if (nodo.kind === 'invalida') return negar(reqid);
      if (nodo.kind === 'archivo' || nodo.kind === 'inexistente') return noExiste(reqid);
      const entradas =
        nodo.kind === 'raiz'
          ? SFTP_CARPETAS.map((c) => ({ filename: c, longname: longname(c, attrsCarpeta(inicio)), attrs: attrsCarpeta(inicio) }))
          : (await arbol.listar(tenantId, nodo.carpeta)).map((e) => ({ filename: e.nombre, longname: longname(e.nombre, e.attrs), attrs: e.attrs }));
      sftp.handle(reqid, s.nuevoHandle({ kind: 'dir', entradas, enviado: false }));
    }),
  );
  sftp.on('READDIR', (reqid, handle) => {
    const h = leerHandle(handle);
    if (!h || h.kind !== 'dir') return fallo(reqid);
    if (h.enviado || h.entradas.length === 0) return sftp.status(reqid, STATUS_CODE.EOF);
    h.enviado = true;
    sftp.name(reqid, h.entradas);
  });

  sftp.on('READ', (reqid, handle, offset, length) => {
    const h = leerHandle(handle);
    if (!h || h.kind !== 'lectura') return fallo(reqid);
    if (offset >= h.data.length) return sftp.status(reqid, STATUS_CODE.EOF);
    sftp.data(reqid, h.data.subarray(offset, offset + Math.min(length, MAX_LECTURA)));
  });

  sftp.on('FSTAT', (reqid, handle) => {
    const h = leerHandle(handle);
    if (!h) return fallo(reqid);
    if (h.kind === 'dir') return sftp.attrs(reqid, attrsCarpeta(inicio));
    if (h.kind === 'escritura') return sftp.attrs(reqid, { mode: 0o100644, uid: 0, gid: 0, size: h.size, atime: inicio, mtime: inicio });
    sftp.attrs(reqid, { mode: 0o100444, uid: 0, gid: 0, size: h.data.length, atime: inicio, mtime: inicio });
  });

  // Times and permissions are Radica's: accepted and ignored (clients set them after an upload).
  sftp.on('SETSTAT', (reqid, ruta) =>
    run(reqid, async () => {
      const nodo = resolverRuta(ruta);
      if (nodo.kind === 'invalida') return negar(reqid);
      if (!(await s.attrsDe(nodo))) return noExiste(reqid);
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );
  sftp.on('FSETSTAT', (reqid, handle) => (leerHandle(handle) ? sftp.status(reqid, STATUS_CODE.OK) : fallo(reqid)));
}

/**
 * Opening a file (writing only into `entrada/`, at most config.sftp.maxFileBytes; reading anywhere in the tree),
 * writing to it, and closing it: a closed upload is published and, unless it has a temporary name, accepted.
 */
function atenderSubidas(s: TSesion): void {
  const { sftp, deps, arbol, tenantId, negar, noExiste, fallo, run, leerHandle, handles } = s;
  const cfg = deps.config.sftp;
  sftp.on('OPEN', (reqid, ruta, flags) =>
    run(reqid, async () => {
      const nodo = resolverRuta(ruta);
      if (nodo.kind === 'invalida') return negar(reqid);
      if (flags & OPEN_MODE.WRITE) {
        if (nodo.kind !== 'archivo' || nodo.carpeta !== 'entrada') return negar(reqid, MSG_SFTP.soloEntrada);
        if (flags & (OPEN_MODE.READ | OPEN_MODE.APPEND)) return fallo(reqid, MSG_SFTP.sinAnexar);
        if (flags & OPEN_MODE.EXCL && (await arbol.statArchivo(tenantId, 'entrada', nodo.nombre))) return fallo(reqid);
        const abiertas = [...handles.values()].filter((h) => h.kind === 'escritura').length;
        if (abiertas >= MAX_SUBIDAS_SESION) return fallo(reqid, MSG_SFTP.demasiadasSubidas);
        const { ruta: staging, fh } = await arbol.abrirSubida();
        sftp.handle(reqid, s.nuevoHandle({ kind: 'escritura', fh, ruta: staging, nombre: nodo.nombre, size: 0, grande: false, escrituras: new Set(), cerrado: false }));
        return;
      }
      if (nodo.kind !== 'archivo') return nodo.kind === 'inexistente' ? noExiste(reqid) : fallo(reqid);
      const data = await arbol.leer(tenantId, nodo.carpeta, nodo.nombre);
      if (!data) return noExiste(reqid);
      sftp.handle(reqid, s.nuevoHandle({ kind: 'lectura', data }));
    }),
  );

  sftp.on('WRITE', (reqid, handle, offset, data) => {
    const h = leerHandle(handle);
    if (!h || h.kind !== 'escritura' || h.cerrado) return fallo(reqid);
    if (h.grande || offset + data.length > cfg.maxFileBytes) {
      const mensaje = MSG_SFTP.archivoDemasiadoGrande(Math.round(cfg.maxFileBytes / 1_048_576));
      // Reported at the first refused write, not at CLOSE: a client whose upload stalls on the refusal may never
      // close the handle (its session's end discards the staged bytes).
      if (!h.grande) void s.procesador.rechazado(tenantId, h.nombre, 'FILE_TOO_LARGE', mensaje);
      h.grande = true;
      return fallo(reqid, mensaje);
    }
    const p = h.fh.write(data, 0, data.length, offset).then(
      () => {
        h.size = Math.max(h.size, offset + data.length);
        sftp.status(reqid, STATUS_CODE.OK);
      },
      (err: unknown) => {
        deps.log.error({ err, tenantId }, 'sftp: write failed');
        fallo(reqid);
      },
    );
    h.escrituras.add(p);
    void p.finally(() => h.escrituras.delete(p));
  });

  sftp.on('CLOSE', (reqid, handle) => {
    const h = leerHandle(handle);
    if (!h) return fallo(reqid);
    handles.delete(handle.readUInt32BE(0));
    if (h.kind === 'dir') return sftp.status(reqid, STATUS_CODE.OK);
    if (h.kind === 'lectura') return sftp.status(reqid, STATUS_CODE.OK);
    h.cerrado = true;
    run(reqid, async () => {
      await Promise.allSettled([...h.escrituras]);
      await h.fh.close();
      if (h.grande) {
        await arbol.descartar(h.ruta);
        return sftp.status(reqid, STATUS_CODE.OK);
      }
      // Durable before OK (docs/decisions/029): the file's row, then its job; a temporary name waits for its rename.
      const aceptado = !esNombreTemporal(h.nombre);
      const row = await arbol.publicarSubida(tenantId, h.ruta, h.nombre, aceptado);
      if (aceptado) await s.aceptar(tenantId, row);
      sftp.status(reqid, STATUS_CODE.OK);
    });
  });
}

/** Removing and renaming files; the three folders are fixed (no folder is made or removed, no links). */
function atenderCambios(s: TSesion): void {
  const { sftp, arbol, tenantId, negar, noExiste, fallo, run } = s;
  sftp.on('REMOVE', (reqid, ruta) =>
    run(reqid, async () => {
      const nodo = resolverRuta(ruta);
      if (nodo.kind === 'invalida') return negar(reqid);
      if (nodo.kind !== 'archivo') return noExiste(reqid);
      if (nodo.carpeta === 'entrada' && !esNombreTemporal(nodo.nombre)) return negar(reqid, MSG_SFTP.noBorrable);
      if (!(await arbol.borrar(tenantId, nodo.carpeta, nodo.nombre))) return noExiste(reqid);
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  sftp.on('RENAME', (reqid, de, a) =>
    run(reqid, async () => {
      const origen = resolverRuta(de);
      const destino = resolverRuta(a);
      if (origen.kind === 'invalida' || destino.kind === 'invalida') return negar(reqid);
      if (origen.kind !== 'archivo' || destino.kind !== 'archivo' || origen.carpeta !== destino.carpeta)
        return negar(reqid, MSG_SFTP.renombrarMismaCarpeta);
      const aceptado = destino.carpeta === 'entrada' && !esNombreTemporal(destino.nombre);
      const row = await arbol.renombrar(tenantId, origen.carpeta, origen.nombre, destino.nombre, aceptado);
      if (!row) return fallo(reqid);
      if (aceptado) await s.aceptar(tenantId, row);
      sftp.status(reqid, STATUS_CODE.OK);
    }),
  );

  sftp.on('MKDIR', (reqid, ruta) => {
    const nodo = resolverRuta(ruta);
    // The three folders always exist: "creating" one succeeds, anything else is refused.
    if (nodo.kind === 'carpeta') return run(reqid, async () => {
      await arbol.asegurar(tenantId);
      sftp.status(reqid, STATUS_CODE.OK);
    });
    negar(reqid, MSG_SFTP.sinCarpetas);
  });
  sftp.on('RMDIR', (reqid) => negar(reqid, MSG_SFTP.sinCarpetas));
  sftp.on('SYMLINK', (reqid) => negar(reqid));
  sftp.on('READLINK', (reqid) => negar(reqid));
}

/** A dropped session leaves no half file: open uploads are discarded, open files closed. */
function limpiarAlCerrar(s: TSesion): void {
  const { sftp, arbol, handles } = s;
  let limpio = false;
  const limpiar = () => {
    if (limpio) return;
    limpio = true;
    for (const h of handles.values()) {
      if (h.kind === 'escritura' && !h.cerrado) {
        h.cerrado = true;
        void Promise.allSettled([...h.escrituras])
          .then(() => h.fh.close())
          .catch(() => undefined)
          .then(() => arbol.descartar(h.ruta));
      }
    }
    handles.clear();
  };
  sftp.on('close', limpiar);
  sftp.on('end', limpiar);
  sftp.on('error', () => limpiar());
}
