import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ssh2, { type AuthContext, type Connection } from 'ssh2';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { claimThrottledLoginAttempt, forgetLoginFailures } from '../auth/login.ts';
import { cuentaSftp } from '../avisos/service.ts';
import { createProcesador, encolarArchivo } from './processing.ts';
import { autenticarPassword, avisarFallasDeUsuario, cargarHostKey, clavesDeUsuario, type TSftpInfo } from './service.ts';
import { servirSftp, type TServidorSftp } from './session.ts';
import { createArbol, type TArbol } from './tree.ts';

const METODOS: ('password' | 'publickey')[] = ['password', 'publickey'];
/** Connections the server holds at once. */
const MAX_CONEXIONES = 500;
/** Time to log in after connecting (ms). */
const AUTH_TIMEOUT_MS = 30_000;

/** The channel's SFTP server as buildApp holds it: what settings show, start (on listen) and stop. */
export type TCanalSftp = TSftpInfo & {
  start: () => Promise<number>;
  close: () => Promise<void>;
  /** Resolves once every received file has been processed (tests). */
  inactivo: () => Promise<void>;
};

const igualesConstante = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * The SFTP channel's server (ssh2): per-tenant users (password or public key, set in settings), each session confined
 * to its tenant's tree (tree.ts), uploads only into `entrada/` (at most config.sftp.maxFileBytes each), filed when
 * their upload closes (processing.ts). Nothing but SFTP is served (no shell, exec or forwarding). Listens when
 * `start()` is called (buildApp: once the API listens).
 */
export function createCanalSftp(deps: TDeps, arbol: TArbol = createArbol(deps.db, deps.config.dataDir)): TCanalSftp {
  const cfg = deps.config.sftp;
  const servidor: TServidorSftp = {
    deps,
    arbol,
    procesador: createProcesador(deps, arbol),
    inicio: Math.floor(Date.now() / 1000),
    aceptar: (tenantId, row) => aceptar(deps, tenantId, row),
  };
  const autenticar = createAutenticador(deps);
  const conexiones = new Set<Connection>();
  let puerto: number | null = null;
  let server: ssh2.Server | null = null;
  let hostKey: { privada: string; huella: string } | null = null;

  return {
    huella: async () => hostKey?.huella ?? (await cargarHostKey(deps)).huella,
    port: () => puerto,
    start: async () => {
      hostKey = await cargarHostKey(deps);
      const srv = new ssh2.Server({ hostKeys: [hostKey.privada], ident: 'Radica-SFTP' }, (client, info) =>
        atenderConexion(servidor, autenticar, conexiones, client, info),
      );
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
    inactivo: () => servidor.procesador.inactivo(),
  };
}

type TAutenticador = (ctx: AuthContext, ip: string) => Promise<number | 'consulta' | null>;

/**
 * One client connection (at most MAX_CONEXIONES held at once): it logs in within AUTH_TIMEOUT_MS, then each SFTP
 * subsystem it opens is served for the tenant it logged in as.
 */
function atenderConexion(servidor: TServidorSftp, autenticar: TAutenticador, conexiones: Set<Connection>, client: Connection, info: ssh2.ClientInfo): void {
  const { deps } = servidor;
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
        servirSftp(servidor, acceptSftp(), tenantId);
      });
    });
  });
}

/**
 * The login check of the server: the tenant id of a valid login, 'consulta' for a public key the user owns (asked
 * before signing), or null.
 */
function createAutenticador(deps: TDeps): TAutenticador {
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

  return async function autenticar(ctx, ip) {
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
  };
}

/** An accepted file's job; when it cannot be enqueued now, the minute's sweep does it (the row says it waits). */
async function aceptar(deps: TDeps, tenantId: number, row: { id: number; modificadoEn: Date }): Promise<void> {
  await encolarArchivo(deps, tenantId, row.id, row.modificadoEn).catch((err: unknown) =>
    deps.log.warn({ err: String((err as Error).message ?? err), tenantId }, 'sftp: job not enqueued; the sweep will'),
  );
}
