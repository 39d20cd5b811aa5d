import { createHash, createHmac } from 'node:crypto';
import ssh2, { type ParsedKey } from 'ssh2';
import type { TCanalSftpData, TSftpClavePublica } from '@radica/contracts/canal-sftp';
import { ZCanalSftpUpdateRequest } from '@radica/contracts/canal-sftp';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import type { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { alertarFallasSftp } from '../avisos/service.ts';
import {
  findClaveServidor,
  findSftpUsuario,
  findSftpUsuarioByName,
  insertClaveServidor,
  replaceClaveServidor,
  upsertSftpUsuario,
  type TSftpUsuarioRow,
} from './repository.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the settings tell about the SFTP server: its port (the running server's in this process, else SFTP_PORT) and
 * its host key's fingerprint (from the database: every ingest node serves the same key).
 */
export type TSftpInfo = { port: () => number | null; huella: () => Promise<string | null> };

/** Name of the SFTP host key in `claves_servidor`. */
const HOST_KEY = 'sftp_host_ed25519';
/**
 * The host key as this process read it, per database handle (tests run several databases in one worker: a key cached
 * from another database would be served without being stored in this one, and a restored backup's key ignored). It
 * never changes while the row stays (an operator deletes it to rotate).
 */
const hostKeyCache = perDatabase<{ cargada?: Promise<{ privada: string; huella: string }> }>(() => ({}));

/**
 * A new ed25519 key pair in OpenSSH format (`{ private, public }`, `comment` in both) that ssh2 itself can read back.
 * ssh2's `generateKeyPairSync('ed25519')` drops the leading zero bytes of the public key, so about 1 key in 256 comes
 * out malformed (a known bug of ssh2's keygen, still open upstream): such a pair is thrown away and another drawn. Throws only if ten
 * draws in a row fail (a broken ssh2, not chance: 256^-10).
 */
export function generarClaveEd25519(comment?: string): { private: string; public: string } {
  for (let i = 0; i < 10; i++) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519', comment === undefined ? undefined : { comment });
    if (!(ssh2.utils.parseKey(pair.private) instanceof Error) && !(ssh2.utils.parseKey(pair.public) instanceof Error)) return pair;
  }
  throw new Error('ssh2 produced no readable ed25519 key in ten draws');
}

/**
 * The SFTP host key (docs/decisions/029): an ed25519 key stored AES-256-GCM encrypted (ENCRYPTION_KEY)
 * in `claves_servidor`, so every ingest node serves the same key and clients that trusted it keep trusting it. The
 * first process creates it (an install that had DATA_DIR/sftp/host_ed25519 imports that file, keeping its
 * fingerprint); a process that loses the race uses the winner's. Returns the private key (OpenSSH format) and the
 * SHA256 fingerprint of its public key. Read once per process.
 */
export function cargarHostKey(deps: Pick<TDeps, 'db' | 'cipher' | 'config' | 'log'>): Promise<{ privada: string; huella: string }> {
  const slot = hostKeyCache(deps.db);
  if (slot.cargada) return slot.cargada;
  const cargada = (async () => {
    let sellada = await findClaveServidor(deps.db, HOST_KEY);
    if (!sellada) {
      const legado = join(deps.config.dataDir, 'sftp', 'host_ed25519');
      const privada = existsSync(legado) ? readFileSync(legado, 'utf8') : generarClaveEd25519('radica-sftp').private;
      await insertClaveServidor(deps.db, HOST_KEY, deps.cipher.encrypt(privada));
      sellada = (await findClaveServidor(deps.db, HOST_KEY))!;
      if (existsSync(legado)) deps.log.info({ archivo: legado }, 'sftp: host key imported into the database');
    }
    let privada = deps.cipher.decrypt(sellada);
    let parsed = ssh2.utils.parseKey(privada);
    if (parsed instanceof Error || Array.isArray(parsed)) {
      // A key ssh2 cannot read never served a connection, so no client trusts its fingerprint: an install whose key
      // was drawn malformed (see generarClaveEd25519) gets a readable one instead of an SFTP channel that never starts.
      await replaceClaveServidor(deps.db, HOST_KEY, sellada, deps.cipher.encrypt(generarClaveEd25519('radica-sftp').private));
      deps.log.warn({ clave: HOST_KEY }, 'sftp: the stored host key was unreadable; a new one replaces it');
      sellada = (await findClaveServidor(deps.db, HOST_KEY))!;
      privada = deps.cipher.decrypt(sellada);
      parsed = ssh2.utils.parseKey(privada);
      if (parsed instanceof Error || Array.isArray(parsed)) throw new Error('SFTP host key unreadable (claves_servidor)');
    }
    return { privada, huella: huellaSsh(parsed.getPublicSSH()) };
  })();
  slot.cargada = cargada;
  cargada.catch(() => {
    if (slot.cargada === cargada) slot.cargada = undefined;
  });
  return cargada;
}

/** The settings' view of the SFTP server when this process does not run it (an api-only process): SFTP_PORT and the stored key. */
export function sftpInfoRemota(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'cipher'>): TSftpInfo | null {
  if (!deps.config.sftp.enabled) return null;
  return { port: () => deps.config.sftp.port || null, huella: async () => (await cargarHostKey(deps)).huella };
}

/** SHA256 fingerprint of an SSH public key blob, as OpenSSH prints it (`SHA256:` + unpadded base64). */
export function huellaSsh(publicSsh: Buffer): string {
  return `SHA256:${createHash('sha256').update(publicSsh).digest('base64').replace(/=+$/, '')}`;
}

/** One OpenSSH public key line parsed by ssh2, or null when it is not a single public key (a private key included). */
export function parsearClavePublica(linea: string): ParsedKey | null {
  const parsed = ssh2.utils.parseKey(linea.trim());
  if (parsed instanceof Error || Array.isArray(parsed) || !parsed) return null;
  if (parsed.isPrivateKey()) return null;
  return parsed;
}

function describirClave(linea: string): TSftpClavePublica {
  const key = parsearClavePublica(linea);
  return { clave: linea, tipo: key?.type ?? '', comentario: key?.comment ?? '', huella: key ? huellaSsh(key.getPublicSSH()) : '' };
}

/**
 * The suggested login of a tenant (never its NIT, which is public): `radica-` and 10 base32
 * characters of an HMAC of the tenant id with the server's code key, so it is the same on every read and guessed by
 * nobody. On the (unlikely) clash with another tenant's login, 16 characters.
 */
async function sugerirUsuario(deps: Pick<TDeps, 'db' | 'codeKey'>, tenantId: number): Promise<string> {
  const mac = createHmac('sha256', deps.codeKey).update(`sftp-usuario:${tenantId}`).digest();
  const base32 = [...mac].map((b) => 'abcdefghijklmnopqrstuvwxyz234567'[b & 31]).join('');
  const base = `radica-${base32.slice(0, 10)}`;
  const taken = await findSftpUsuarioByName(deps.db, base);
  return taken && taken.tenantId !== tenantId ? `radica-${base32.slice(0, 16)}` : base;
}

async function toData(deps: Pick<TDeps, 'config'>, info: TSftpInfo | null, row: TSftpUsuarioRow | undefined, usuario: string): Promise<TCanalSftpData> {
  const { sftp } = deps.config;
  return {
    configurado: Boolean(row),
    usuario,
    host: sftp.publicHost ?? (sftp.host === '0.0.0.0' || sftp.host === '::' ? 'localhost' : sftp.host),
    port: info?.port() ?? sftp.port,
    huellaServidor: info ? await info.huella() : null,
    habilitado: info !== null,
    tienePassword: Boolean(row?.passwordHash),
    clavesPublicas: (row?.clavesPublicas ?? []).map(describirClave),
    envioAutomatico: row?.envioAutomatico ?? false,
    activo: row?.activo ?? true,
  };
}

/**
 * GET /api/canales/sftp: the tenant's SFTP user without its password (`tienePassword`), its keys with
 * their fingerprints, and where to connect. Without a saved user, `usuario` is a suggestion (not the NIT).
 */
export async function getCanalSftp(deps: Pick<TDeps, 'config' | 'db' | 'codeKey'>, ctx: { tenantId: number }, info: TSftpInfo | null): Promise<TCanalSftpData> {
  const row = await findSftpUsuario(deps.db, ctx.tenantId);
  return toData(deps, info, row, row?.usuario ?? (await sugerirUsuario(deps, ctx.tenantId)));
}

/**
 * PUT /api/canales/sftp: saves the tenant's SFTP user. `password` (≥ SFTP_PASSWORD_MIN) is stored as
 * argon2id; absent keeps the current one. Keys are OpenSSH public key lines, stored normalised (type, base64,
 * comment) and deduplicated. Throws AppError SFTP_CLAVE_INVALIDA (400) for a line that is not one public key,
 * SFTP_USUARIO_OCUPADO (409) when another tenant holds `usuario`.
 */
export async function updateCanalSftp(
  deps: Pick<TDeps, 'config' | 'db'>,
  ctx: { tenantId: number },
  body: z.output<typeof ZCanalSftpUpdateRequest>,
  info: TSftpInfo | null,
): Promise<TCanalSftpData> {
  const claves: string[] = [];
  const huellas = new Set<string>();
  body.clavesPublicas.forEach((linea, i) => {
    const key = parsearClavePublica(linea);
    if (!key) throw new AppError('SFTP_CLAVE_INVALIDA', body.clavesPublicas.length > 1 ? MSG_SFTP.claveInvalidaN(i + 1) : MSG_SFTP.claveInvalida);
    const blob = key.getPublicSSH();
    const huella = huellaSsh(blob);
    if (huellas.has(huella)) return;
    huellas.add(huella);
    claves.push(`${key.type} ${blob.toString('base64')}${key.comment ? ` ${key.comment.replace(/\s+/g, ' ').trim()}` : ''}`);
  });
  const owner = await findSftpUsuarioByName(deps.db, body.usuario);
  if (owner && owner.tenantId !== ctx.tenantId) throw new AppError('SFTP_USUARIO_OCUPADO', MSG_SFTP.usuarioOcupado);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  let row: TSftpUsuarioRow;
  try {
    row = await upsertSftpUsuario(deps.db, ctx.tenantId, {
      usuario: body.usuario,
      ...(passwordHash ? { passwordHash } : {}),
      clavesPublicas: claves,
      envioAutomatico: body.envioAutomatico,
      activo: body.activo,
    });
  } catch (err) {
    // Two tenants claiming one name at once: the unique index decides.
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') throw new AppError('SFTP_USUARIO_OCUPADO', MSG_SFTP.usuarioOcupado);
    throw err;
  }
  return toData(deps, info, row, row.usuario);
}

/** A PHC string no password matches, verified when the login is unknown so every failure costs the same. */
let dummyHash: Promise<string> | null = null;

/**
 * Password login of the SFTP server: the tenant of active user `usuario` whose argon2id hash matches, or
 * null. An unknown, inactive or password-less user is verified against a dummy hash, so the outcome takes the same
 * time whatever failed.
 */
export async function autenticarPassword(deps: Pick<TDeps, 'db'>, usuario: string, password: string): Promise<number | null> {
  const row = await findSftpUsuarioByName(deps.db, usuario);
  const usable = row && row.activo && row.passwordHash ? row : null;
  dummyHash ??= hashPassword(`radica-sftp-${Math.random()}`);
  const ok = await verifyPassword(usable?.passwordHash ?? (await dummyHash), password);
  return usable && ok ? usable.tenantId : null;
}

/** The active user `usuario`'s tenant and parsed public keys (public-key login), or null. */
export async function clavesDeUsuario(deps: Pick<TDeps, 'db'>, usuario: string): Promise<{ tenantId: number; claves: ParsedKey[] } | null> {
  const row = await findSftpUsuarioByName(deps.db, usuario);
  if (!row || !row.activo) return null;
  const claves = row.clavesPublicas.map(parsearClavePublica).filter((k): k is ParsedKey => k !== null);
  return { tenantId: row.tenantId, claves };
}

/**
 * Tells the tenant of SFTP user `usuario` that its account sees many wrong secrets (avisos alertarFallasSftp); an
 * unknown user name has nobody to tell. Never throws.
 */
export async function avisarFallasDeUsuario(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'jobs'>, usuario: string): Promise<void> {
  const row = await findSftpUsuarioByName(deps.db, usuario).catch(() => undefined);
  if (row) await alertarFallasSftp(deps, row.tenantId, usuario);
}

/** Whether the tenant's SFTP user still exists and is active (checked again before each filing). */
export async function usuarioActivo(deps: Pick<TDeps, 'db'>, tenantId: number): Promise<TSftpUsuarioRow | null> {
  const row = await findSftpUsuario(deps.db, tenantId);
  return row && row.activo ? row : null;
}
