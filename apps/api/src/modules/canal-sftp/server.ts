import type { FileHandle } from 'node:fs/promises';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ssh2, { type AuthContext, type Connection, type SFTPWrapper } from 'ssh2';
import { SFTP_CARPETAS } from '@radica/contracts/canal-sftp';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { claimThrottledLoginAttempt, forgetLoginFailures } from '../auth/login.ts';
import { cuentaSftp } from '../avisos/service.ts';
import { createProcesador, encolarArchivo } from './processing.ts';
import { autenticarPassword, avisarFallasDeUsuario, cargarHostKey, clavesDeUsuario, type TSftpInfo } from './service.ts';
import { attrsCarpeta, createArbol, esNombreTemporal, resolverRuta, rutaCanonica, type TArbol, type TAtributos, type TNodo } from './tree.ts';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
const METODOS: ('password' | 'publickey')[] = ['password', 'publickey'];
/** Uploads one session may have open at once, and connections the server holds at once. */
const MAX_SUBIDAS_SESION = 16;
const MAX_CONEXIONES = 500;
/** Time to log in after connecting (ms). */
const AUTH_TIMEOUT_MS = 30_000;
/** Largest chunk answered to one READ (clients ask for 32–256 KB). */
const MAX_LECTURA = 256 * 1024;

/** The channel's SFTP server as buildApp holds it: what settings show, start (on listen) and stop. */
export type TCanalSftp = TSftpInfo & {
  start: () => Promise<number>;
  close: () => Promise<void>;
  /** Resolves once every received file has been processed (tests). */
  inactivo: () => Promise<void>;
};

const igualesConstante = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

type THandle =
  | { kind: 'dir'; entradas: { filename: string; longname: string; attrs: TAtributos }[]; enviado: boolean }
  | { kind: 'lectura'; data: Buffer }
  | { kind: 'escritura'; fh: FileHandle; ruta: string; nombre: string; size: number; grande: boolean; escrituras: Set<Promise<unknown>>; cerrado: boolean };

const MESES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** An `ls -l` line (clients read the type and permissions from its first characters). */
function longname(nombre: string, a: TAtributos): string {
  const d = new Date(a.mtime * 1000);
  const tipo = (a.mode & 0o170000) === 0o040000 ? 'd' : '-';
  const perm = (a.mode & 0o777).toString(8).padStart(3, '0');
  const rwx = [...perm].map((c) => ['---', '--x', '-w-', '-wx', 'r--', 'r-x', 'rw-', 'rwx'][Number(c)]).join('');
  return `${tipo}${rwx}    1 radica   radica   ${String(a.size).padStart(10)} ${MESES[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} ${nombre}`;
}

/**
 * The SFTP channel's server (issue 16 "SFTP channel"; ssh2): per-tenant users (password or public key, set in
 * settings), each session confined to its tenant's tree (tree.ts), uploads only into `entrada/` (at most
 * config.sftp.maxFileBytes each), filed when their upload closes (processing.ts). Nothing but SFTP is served (no
 * shell, exec or forwarding). Listens when `start()` is called (buildApp: once the API listens).
 */
export function createCanalSftp(deps: TDeps, arbol: TArbol = createArbol(deps.db, deps.config.dataDir)): TCanalSftp {
  const cfg = deps.config.sftp;
  const procesador = createProcesador(deps, arbol);
  const conexiones = new Set<Connection>();
  const inicio = Math.floor(Date.now() / 1000);
  let puerto: number | null = null;

  let server: ssh2.Server | null = null;
  let hostKey: { privada: string; huella: string } | null = null;
  const onConnection = (client: Connection, info: ssh2.ClientInfo) => {
    if (conexiones.size >= MAX_CONEXIONES) {
      client.end();
      return;
    }
    conexiones.add(client);
    let tenantId: number | null = null;
    // A connection that does not log in within AUTH_TIMEOUT_MS is closed (it would hold a socket for nothing).
    const authTimer = setTimeout(() => client.end(), AUTH_TIMEOUT_MS);
    authTimer.unref();
    client.on('ready', () => clearTimeout(authTimer));
    client.on('close', () => clearTimeout(authTimer));
    client.on('error', (err: Error) => deps.log.info({ err: err.message, ip: info.ip }, 'sftp: connection error'));
    client.on('close', () => conexiones.delete(client));
    client.on('authentication', (ctx) => {
      void autenticar(ctx, info.ip).then(
        (t) => {
          if (t === null) return ctx.reject(METODOS);
          if (t !== 'consulta') tenantId = t;
          ctx.accept();
        },
        (err: unknown) => {
          deps.log.error({ err }, 'sftp: authentication failed unexpectedly');
          ctx.reject(METODOS);
        },
      );
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          if (tenantId === null) return;
          servirSftp(acceptSftp(), tenantId);
        });
      });
    });
  };

  /**
   * Claims one attempt of `usuario` from `ip` (auth/login.ts claimThrottledLoginAttempt, counted in the database before
   * the secret is checked): false when this address is banned for the account. An account with many failures from all
   * addresses is slowed down here (the wait comes before the check, right secret or wrong) and never locked, so its
   * owner gets in from any other address; once its failures reach LOGIN_LOCKOUT_ACCOUNT_MAX_FAILURES the tenant is
   * alerted (service.ts avisarFallasDeUsuario, once per window).
   */
  async function intentar(usuario: string, ip: string): Promise<boolean> {
    let claim: { delayMs: number; accountFailures: number };
    try {
      claim = await claimThrottledLoginAttempt(deps, cuentaSftp(usuario), ip);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ACCOUNT_LOCKED') return false;
      throw err;
    }
    if (claim.accountFailures >= deps.config.loginLockoutAccountMaxFailures) await avisarFallasDeUsuario(deps, usuario);
    if (claim.delayMs > 0) await new Promise((r) => setTimeout(r, claim.delayMs));
    return true;
  }

  /** The tenant id of a valid login, 'consulta' for a public key the user owns (asked before signing), or null. */
  async function autenticar(ctx: AuthContext, ip: string): Promise<number | 'consulta' | null> {
    const usuario = ctx.username.trim().toLowerCase();
    if (!/^[a-z0-9._-]{3,32}$/.test(usuario)) return null;
    if (ctx.method === 'password') {
      if (!(await intentar(usuario, ip))) return null;
      const tenant = await autenticarPassword(deps, usuario, ctx.password);
      if (tenant !== null) await forgetLoginFailures(deps, cuentaSftp(usuario), ip);
      return tenant;
    }
    if (ctx.method === 'publickey') {
      const found = await clavesDeUsuario(deps, usuario);
      const clave = found?.claves.find((k) => igualesConstante(k.getPublicSSH(), ctx.key.data));
      if (!found || !clave) return null;
      if (!ctx.signature || !ctx.blob) return 'consulta';
      if (!(await intentar(usuario, ip))) return null;
      if (clave.verify(ctx.blob, ctx.signature, ctx.hashAlgo) !== true) return null;
      await forgetLoginFailures(deps, cuentaSftp(usuario), ip);
      return found.tenantId;
    }
    return null;
  }

  /** One SFTP session of `tenantId`: every request resolved against its tree. */
  function servirSftp(sftp: SFTPWrapper, tenantId: number) {
    const handles = new Map<number, THandle>();
    let siguiente = 1;
    const nuevoHandle = (h: THandle) => {
      const id = siguiente++;
      handles.set(id, h);
      const buf = Buffer.alloc(4);
      buf.writeUInt32BE(id, 0);
      return buf;
    };
    const leerHandle = (buf: Buffer) => (buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined);
    const idHandle = (buf: Buffer) => buf.readUInt32BE(0);
    const negar = (reqid: number, msg: string = MSG_SFTP.fueraDelArbol) => sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, msg);
    const noExiste = (reqid: number) => sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
    const fallo = (reqid: number, msg?: string) => sftp.status(reqid, STATUS_CODE.FAILURE, msg);
    /** Runs an async handler; an unexpected error answers FAILURE and is logged (never crashes the process). */
    const run = (reqid: number, fn: () => Promise<void>) =>
      void fn().catch((err: unknown) => {
        deps.log.error({ err, tenantId }, 'sftp: request failed');
        try {
          fallo(reqid);
        } catch {
          /* the channel is gone */
        }
      });

    const attrsDe = async (nodo: TNodo): Promise<TAtributos | null> => {
      if (nodo.kind === 'raiz' || nodo.kind === 'carpeta') return attrsCarpeta(inicio);
      if (nodo.kind === 'archivo') return arbol.statArchivo(tenantId, nodo.carpeta, nodo.nombre);
      return null;
    };

    const stat = (reqid: number, ruta: string) =>
      run(reqid, async () => {
        const nodo = resolverRuta(ruta);
        if (nodo.kind === 'invalida') return negar(reqid);
        const attrs = await attrsDe(nodo);
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
        sftp.handle(reqid, nuevoHandle({ kind: 'dir', entradas, enviado: false }));
      }),
    );
    sftp.on('READDIR', (reqid, handle) => {
      const h = leerHandle(handle);
      if (!h || h.kind !== 'dir') return fallo(reqid);
      if (h.enviado || h.entradas.length === 0) return sftp.status(reqid, STATUS_CODE.EOF);
      h.enviado = true;
      sftp.name(reqid, h.entradas);
    });

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
          sftp.handle(reqid, nuevoHandle({ kind: 'escritura', fh, ruta: staging, nombre: nodo.nombre, size: 0, grande: false, escrituras: new Set(), cerrado: false }));
          return;
        }
        if (nodo.kind !== 'archivo') return nodo.kind === 'inexistente' ? noExiste(reqid) : fallo(reqid);
        const data = await arbol.leer(tenantId, nodo.carpeta, nodo.nombre);
        if (!data) return noExiste(reqid);
        sftp.handle(reqid, nuevoHandle({ kind: 'lectura', data }));
      }),
    );

    sftp.on('WRITE', (reqid, handle, offset, data) => {
      const h = leerHandle(handle);
      if (!h || h.kind !== 'escritura' || h.cerrado) return fallo(reqid);
      if (h.grande || offset + data.length > cfg.maxFileBytes) {
        const mensaje = MSG_SFTP.archivoDemasiadoGrande(Math.round(cfg.maxFileBytes / 1_048_576));
        // Reported at the first refused write, not at CLOSE: a client whose upload stalls on the refusal may never
        // close the handle (its session's end discards the staged bytes).
        if (!h.grande) void procesador.rechazado(tenantId, h.nombre, 'FILE_TOO_LARGE', mensaje);
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

    sftp.on('CLOSE', (reqid, handle) => {
      const h = leerHandle(handle);
      if (!h) return fallo(reqid);
      handles.delete(idHandle(handle));
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
        // Durable before OK (issue 24 §3): the file's row, then its job; a temporary name waits for its rename.
        const aceptado = !esNombreTemporal(h.nombre);
        const row = await arbol.publicarSubida(tenantId, h.ruta, h.nombre, aceptado);
        if (aceptado) await aceptar(tenantId, row);
        sftp.status(reqid, STATUS_CODE.OK);
      });
    });

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
        if (aceptado) await aceptar(tenantId, row);
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
    // Times and permissions are Radica's: accepted and ignored (clients set them after an upload).
    sftp.on('SETSTAT', (reqid, ruta) =>
      run(reqid, async () => {
        const nodo = resolverRuta(ruta);
        if (nodo.kind === 'invalida') return negar(reqid);
        if (!(await attrsDe(nodo))) return noExiste(reqid);
        sftp.status(reqid, STATUS_CODE.OK);
      }),
    );
    sftp.on('FSETSTAT', (reqid, handle) => (leerHandle(handle) ? sftp.status(reqid, STATUS_CODE.OK) : fallo(reqid)));

    // A dropped session leaves no half file: open uploads are discarded, open files closed.
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

  /** An accepted file's job; when it cannot be enqueued now, the minute's sweep does it (the row says it waits). */
  async function aceptar(tenantId: number, row: { id: number; modificadoEn: Date }) {
    await encolarArchivo(deps, tenantId, row.id, row.modificadoEn).catch((err: unknown) =>
      deps.log.warn({ err: String((err as Error).message ?? err), tenantId }, 'sftp: job not enqueued; the sweep will'),
    );
  }

  return {
    huella: async () => hostKey?.huella ?? (await cargarHostKey(deps)).huella,
    port: () => puerto,
    start: async () => {
      hostKey = await cargarHostKey(deps);
      const srv = new ssh2.Server({ hostKeys: [hostKey.privada], ident: 'Radica-SFTP' }, onConnection);
      srv.on('error', (err: Error) => deps.log.error({ err }, 'sftp: server error'));
      server = srv;
      return new Promise<number>((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(cfg.port, cfg.host, () => {
          srv.off('error', reject);
          puerto = (srv.address() as AddressInfo).port;
          deps.log.info({ host: cfg.host, port: puerto, huella: hostKey!.huella }, 'sftp: listening');
          resolve(puerto);
        });
      });
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        if (!server?.listening) return resolve();
        server.close(() => resolve());
        for (const c of conexiones) c.end();
      });
    },
    inactivo: () => procesador.inactivo(),
  };
}
