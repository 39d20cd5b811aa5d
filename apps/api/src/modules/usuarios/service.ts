import { randomBytes, randomInt } from 'node:crypto';
import type { TLoginData } from '@radica/contracts/auth';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import {
  INVITACION_DIAS,
  PUESTOS_POR_PLAN,
  ROL_NOMBRE,
  type TAceptarInvitacionRequest,
  type TInvitacion,
  type TInvitacionInfo,
  type TMiUsuario,
  type TRol,
  type TUsuario,
  type TUsuarioCambio,
  type TUsuariosData,
} from '@radica/contracts/usuarios';
import type { TAuthContext, TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { issueCode, normalizeEmail, tryCode } from '../auth/codes.ts';
import { WhatsappError } from '../../integrations/whatsapp/client.ts';
import { verifyGoogleIdToken } from '../auth/google.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserSessions, identityExists } from '../auth/repository.ts';
import { startSession } from '../auth/session.ts';
import { tenantPlan } from '../products/service.ts';
import { findTerceroOfUser } from '../accounts/repository.ts';
import {
  cancelInvitacion,
  claimInvitacion,
  countAdministradores,
  countPuestosUsados,
  countUsuarios,
  findInvitacionAbierta,
  findInvitacionAbiertaPorEmail,
  findInvitacionPorToken,
  findUsuario,
  insertInvitacion,
  insertUsuario,
  listInvitacionesAbiertas,
  listUsuarios,
  lockTenant,
  markEliminado,
  linkWhatsapp,
  renewInvitacion,
  setRol,
  setWhatsappPendiente,
  unlinkWhatsapp,
  findUsuarioPorWhatsapp,
  suspendKeysOf,
  tenantOfEmail,
  type TInvitacionRow,
  type TUsuarioRow,
} from './repository.ts';
import { recordLegalAcceptance } from '../legal/service.ts';

type TCtx = Pick<TAuthContext, 'tenantId' | 'userId' | 'sessionId'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DIA_MS = 86_400_000;
/** Lower roles come later: a change to a later role lowers it (its sessions end). */
const ORDEN: Record<TRol, number> = { administrador: 0, facturador: 1, consulta: 2 };

const toUsuario = (u: TUsuarioRow, ctx: { userId: number }): TUsuario => ({
  id: u.id,
  nombre: u.name,
  email: u.email,
  rol: u.rol,
  authType: u.authType,
  ultimoIngreso: iso(u.ultimoIngreso),
  creadoEn: u.createdAt.toISOString(),
  esYo: u.id === ctx.userId,
});

const toInvitacion = (i: TInvitacionRow, invitadoPor: string, now = Date.now()): TInvitacion => ({
  id: i.id,
  email: i.email,
  rol: i.rol,
  creadaEn: i.creadaEn.toISOString(),
  expiraEn: i.expiraEn.toISOString(),
  invitadoPor,
  estado: i.expiraEn.getTime() > now ? 'pendiente' : 'vencida',
});

/** Seats the tenant's plan allows (PUESTOS_POR_PLAN; docs/decisions/039) and the plan; a tenant without a plan has its one user. */
async function puestosDelPlan(deps: TDeps, tenantId: number) {
  const plan = await tenantPlan(deps, tenantId);
  return { plan, total: plan ? PUESTOS_POR_PLAN[plan] : 1 };
}

/** GET /api/usuarios: the company's users, its open invitations and the seats (users + open invitations of the plan's total). */
export async function listarUsuarios(deps: TDeps, ctx: TCtx): Promise<TUsuariosData> {
  const [usuarios, invitaciones, usados, { plan, total }] = await Promise.all([
    listUsuarios(deps.db, ctx.tenantId),
    listInvitacionesAbiertas(deps.db, ctx.tenantId),
    countPuestosUsados(deps.db, ctx.tenantId),
    puestosDelPlan(deps, ctx.tenantId),
  ]);
  return {
    usuarios: usuarios.map((u) => toUsuario(u, ctx)),
    invitaciones: invitaciones.map((r) => toInvitacion(r.invitacion, r.invitadoPor)),
    puestos: { usados, total, plan },
  };
}

/** The signed-in user (GET /api/usuarios/yo): the role the server enforces, the plan and the WhatsApp link. */
export async function miUsuario(deps: TDeps, ctx: TCtx): Promise<TMiUsuario> {
  const [u, { plan }] = await Promise.all([findUsuario(deps.db, ctx.tenantId, ctx.userId), puestosDelPlan(deps, ctx.tenantId)]);
  if (!u) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  return { id: u.id, nombre: u.name, email: u.email, rol: u.rol, plan, whatsapp: { numero: u.whatsappNumero, pendiente: u.whatsappPendiente } };
}

/** A fresh invitation token (32 random bytes, base64url) and its stored SHA-256. */
function nuevoToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/** Refuse an e-mail that already has an active user: of this company, or of another (never a second company). */
async function emailLibre(deps: TDeps, q: Parameters<typeof tenantOfEmail>[0], tenantId: number, email: string) {
  const owner = await tenantOfEmail(q, email);
  if (owner === tenantId) throw new AppError('EMAIL_YA_USUARIO', MSG_USUARIOS.emailYaEsUsuario(email));
  if (owner !== null) throw new AppError('EMAIL_OTRA_EMPRESA', MSG_USUARIOS.emailConOtraEmpresa(email));
}

/** Mail an invitation's link (`baseUrl` + /auth/invitacion?token=…). Throws INVITACION_CORREO (502) when the mail fails. */
async function enviarInvitacion(deps: Pick<TDeps, 'log' | 'mailer'>, o: { email: string; rol: TRol; token: string; invitadoPor: string; empresa: string; baseUrl: string }) {
  const enlace = `${o.baseUrl.replace(/\/$/, '')}/auth/invitacion?token=${encodeURIComponent(o.token)}`;
  try {
    await deps.mailer.send({
      to: o.email,
      subject: MSG_USUARIOS.invitacionAsunto(o.empresa),
      text: MSG_USUARIOS.invitacionTexto({ invitadoPor: o.invitadoPor, empresa: o.empresa, rol: ROL_NOMBRE[o.rol], enlace, dias: INVITACION_DIAS }),
    });
  } catch (err) {
    deps.log.error({ event: 'usuarios.invitacion.correo', err: String((err as Error).message ?? err) }, 'invitation mail failed');
    throw new AppError('INVITACION_CORREO', MSG_USUARIOS.invitacionCorreoFallo);
  }
}

/** Who invites and the company's name, as the mail says them. */
async function remitente(deps: Pick<TDeps, 'db'>, ctx: TCtx) {
  const inviter = await findUsuario(deps.db, ctx.tenantId, ctx.userId);
  const tercero = await findTerceroOfUser(deps.db, ctx.tenantId, ctx.userId);
  return { invitadoPor: inviter?.name ?? 'Un administrador', empresa: tercero?.razonSocial || tercero?.nombre || 'tu empresa' };
}

/**
 * POST /api/usuarios/invitaciones: invite `email` with role `rol`. Under the tenant's lock: the e-mail must not be a
 * user (of this company: EMAIL_YA_USUARIO; of another: EMAIL_OTRA_EMPRESA) nor have an open invitation
 * (INVITACION_PENDIENTE), and a seat must be free (users + open invitations < the plan's seats, PUESTOS_AGOTADOS).
 * The link (7 days, single use; only its hash stored) is mailed; a failed mail cancels the invitation (INVITACION_CORREO).
 */
export async function invitar(deps: TDeps, ctx: TCtx, input: { email: string; rol: TRol }, baseUrl: string): Promise<TInvitacion> {
  const email = normalizeEmail(input.email);
  const { plan, total } = await puestosDelPlan(deps, ctx.tenantId);
  const { token, hash } = nuevoToken();
  const row = await deps.db.transaction(async (tx) => {
    await lockTenant(tx, ctx.tenantId);
    await emailLibre(deps, tx, ctx.tenantId, email);
    if (await findInvitacionAbiertaPorEmail(tx, ctx.tenantId, email)) throw new AppError('INVITACION_PENDIENTE', MSG_USUARIOS.invitacionYaPendiente(email));
    if ((await countPuestosUsados(tx, ctx.tenantId)) >= total)
      throw new AppError('PUESTOS_AGOTADOS', plan ? MSG_USUARIOS.puestosAgotados(total) : MSG_USUARIOS.planSinUsuarios);
    return insertInvitacion(tx, ctx.tenantId, { email, rol: input.rol, tokenHash: hash, invitadoPor: ctx.userId, expiraEn: new Date(Date.now() + INVITACION_DIAS * DIA_MS) });
  });
  const who = await remitente(deps, ctx);
  try {
    await enviarInvitacion(deps, { email, rol: input.rol, token, ...who, baseUrl });
  } catch (err) {
    await cancelInvitacion(deps.db, ctx.tenantId, row.id);
    throw err;
  }
  deps.log.info({ event: 'usuarios.invitacion', tenantId: ctx.tenantId, by: ctx.userId, invitacionId: row.id, rol: input.rol }, 'user invited');
  return toInvitacion(row, who.invitadoPor);
}

/** POST /api/usuarios/invitaciones/{id}/reenviar: a new link (the old one stops working), valid 7 days from now, mailed again. */
export async function reenviarInvitacion(deps: Pick<TDeps, 'db' | 'log' | 'mailer'>, ctx: TCtx, id: number, baseUrl: string): Promise<TInvitacion> {
  const { token, hash } = nuevoToken();
  const row = await renewInvitacion(deps.db, ctx.tenantId, id, hash, new Date(Date.now() + INVITACION_DIAS * DIA_MS));
  if (!row) throw new AppError('INVITACION_NO_ENCONTRADA', MSG_USUARIOS.invitacionNoEncontrada);
  const who = await remitente(deps, ctx);
  await enviarInvitacion(deps, { email: row.email, rol: row.rol, token, ...who, baseUrl });
  return toInvitacion(row, who.invitadoPor);
}

/** DELETE /api/usuarios/invitaciones/{id}: its link stops working and its seat is free. */
export async function cancelarInvitacion(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<TInvitacion> {
  const row = await cancelInvitacion(deps.db, ctx.tenantId, id);
  if (!row) throw new AppError('INVITACION_NO_ENCONTRADA', MSG_USUARIOS.invitacionNoEncontrada);
  return toInvitacion(row, '');
}

/** The open invitation of a link, or INVITACION_INVALIDA (400) for an unknown, used, cancelled or lapsed one. */
async function invitacionDeToken(deps: Pick<TDeps, 'db'>, token: string) {
  const found = await findInvitacionPorToken(deps.db, sha256(token));
  if (!found) throw new AppError('INVITACION_INVALIDA', MSG_USUARIOS.invitacionInvalida);
  return found;
}

/** POST /api/usuarios/invitaciones/consultar: what the invitation page shows (e-mail, role, company, inviter, expiry). */
export async function consultarInvitacion(deps: Pick<TDeps, 'db'>, token: string): Promise<TInvitacionInfo> {
  const f = await invitacionDeToken(deps, token);
  return { email: f.invitacion.email, rol: f.invitacion.rol, empresa: f.empresa, invitadoPor: f.invitadoPor, expiraEn: f.invitacion.expiraEn.toISOString() };
}

/**
 * POST /api/usuarios/invitaciones/aceptar: the invitee joins the inviting company with the invitation's role, with a
 * name and a password (argon2id) or with a Google ID token of the invited e-mail, and is signed in (login data and the
 * company's name).
 * One transaction under the tenant's lock: the link is used once (a concurrent second acceptance finds it used), the
 * e-mail must not have an account in any company (EMAIL_OTRA_EMPRESA / EMAIL_YA_USUARIO: never a second company), and
 * the plan must still have the seat. Throws INVITACION_INVALIDA, GOOGLE_EMAIL_MISMATCH, GOOGLE_ALREADY_REGISTERED,
 * PUESTOS_AGOTADOS.
 */
export async function aceptarInvitacion(deps: TDeps, input: TAceptarInvitacionRequest): Promise<{ login: TLoginData; empresa: string }> {
  const found = await invitacionDeToken(deps, input.token);
  const inv = found.invitacion;
  let google: Awaited<ReturnType<typeof verifyGoogleIdToken>> | null = null;
  let passwordHash: string | null = null;
  if (input.googleToken) {
    google = await verifyGoogleIdToken(deps.config, input.googleToken, deps.log);
    if (google.profile.email !== inv.email) throw new AppError('GOOGLE_EMAIL_MISMATCH', MSG_USUARIOS.invitacionEmailGoogle(inv.email));
  } else {
    passwordHash = await hashPassword(input.password ?? '');
  }
  const nombre = (google ? google.profile.name || input.nombre : input.nombre)?.trim() || inv.email.split('@')[0]!;
  const { plan, total } = await puestosDelPlan(deps, inv.tenantId);
  let user: TUsuarioRow;
  try {
    user = await deps.db.transaction(async (tx) => {
      await lockTenant(tx, inv.tenantId);
      // A concurrent acceptance of the same link that committed first: this one is too late.
      const open = await findInvitacionAbierta(tx, inv.tenantId, inv.id);
      if (!open || open.tokenHash !== inv.tokenHash || open.expiraEn.getTime() <= Date.now())
        throw new AppError('INVITACION_INVALIDA', MSG_USUARIOS.invitacionInvalida);
      await emailLibre(deps, tx, inv.tenantId, inv.email);
      if (google && (await identityExists(tx, 'google', google.sub))) throw new AppError('GOOGLE_ALREADY_REGISTERED', MSG_CUENTAS.googleAlreadyRegistered);
      if ((await countUsuarios(tx, inv.tenantId)) >= total)
        throw new AppError('PUESTOS_AGOTADOS', plan ? MSG_USUARIOS.puestosAgotados(total) : MSG_USUARIOS.planSinUsuarios);
      const created = await insertUsuario(
        tx,
        inv.tenantId,
        { terceroId: found.terceroId, email: inv.email, name: nombre, passwordHash, authType: google ? 'google' : 'manual', rol: inv.rol },
        google ? { provider: 'google', subject: google.sub, email: google.profile.email } : null,
      );
      if (!(await claimInvitacion(tx, inv.tenantId, inv.id, created.id))) throw new AppError('INVITACION_INVALIDA', MSG_USUARIOS.invitacionInvalida);
      // The invitee's own account: it accepts the terms and privacy versions in force, as a registration does.
      await recordLegalAcceptance(tx, { tenantId: inv.tenantId, userId: created.id, email: inv.email, origen: 'registro' });
      return created;
    });
  } catch (err) {
    // A concurrent registration or acceptance of the same e-mail won the unique index.
    if (!(err instanceof AppError) && String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505')
      throw new AppError('EMAIL_OTRA_EMPRESA', MSG_USUARIOS.emailConOtraEmpresa(inv.email));
    throw err;
  }
  deps.log.info({ event: 'usuarios.invitacion.aceptada', tenantId: inv.tenantId, userId: user.id, rol: user.rol }, 'invitation accepted');
  return { login: await startSession(deps, { user, tenant: found.tenant }, false), empresa: found.empresa };
}

/** End every session of the tenant's user `id` (refused from the next call on, in every process within a second). */
async function cerrarSesiones(deps: Pick<TDeps, 'db' | 'sessions'>, tenantId: number, id: number) {
  const revoked = await revokeUserSessions(deps.db, tenantId, id);
  deps.sessions.forget(revoked);
  return revoked.length;
}

/**
 * PATCH /api/usuarios/{id}: set the role of the tenant's user `id`. The company keeps an administrator
 * (ULTIMO_ADMINISTRADOR, 409, checked under the tenant's lock); a lower role ends the user's sessions; leaving
 * Administrador suspends the API keys they created until an administrator confirms them (docs/decisions/039).
 * Another tenant's id is USUARIO_NO_ENCONTRADO (404).
 */
export async function cambiarRol(deps: Pick<TDeps, 'db' | 'log' | 'sessions'>, ctx: TCtx, id: number, rol: TRol): Promise<TUsuarioCambio> {
  const { usuario, antes, claves } = await deps.db.transaction(async (tx) => {
    await lockTenant(tx, ctx.tenantId);
    const u = await findUsuario(tx, ctx.tenantId, id);
    if (!u) throw new AppError('USUARIO_NO_ENCONTRADO', MSG_USUARIOS.usuarioNoEncontrado);
    if (u.rol === 'administrador' && rol !== 'administrador' && (await countAdministradores(tx, ctx.tenantId)) <= 1)
      throw new AppError('ULTIMO_ADMINISTRADOR', MSG_USUARIOS.ultimoAdministrador);
    const updated = await setRol(tx, ctx.tenantId, id, rol);
    const claves = u.rol === 'administrador' && rol !== 'administrador' ? await suspendKeysOf(tx, ctx.tenantId, id) : 0;
    return { usuario: updated!, antes: u.rol, claves };
  });
  if (ORDEN[rol] > ORDEN[antes]) await cerrarSesiones(deps, ctx.tenantId, id);
  deps.log.info({ event: 'usuarios.rol', tenantId: ctx.tenantId, by: ctx.userId, userId: id, from: antes, to: rol, keysSuspended: claves }, 'role changed');
  return { usuario: toUsuario(usuario, ctx), clavesSuspendidas: claves };
}

/**
 * DELETE /api/usuarios/{id}: remove the tenant's user `id`: its sessions end at once, its WhatsApp link and sign-in
 * identities go, the API keys it created are suspended until an administrator confirms them; its row stays for the
 * audit. Not oneself (NO_AUTOELIMINAR) and never the last administrator (ULTIMO_ADMINISTRADOR).
 */
export async function eliminarUsuario(deps: Pick<TDeps, 'db' | 'log' | 'sessions'>, ctx: TCtx, id: number): Promise<TUsuarioCambio> {
  if (id === ctx.userId) throw new AppError('NO_AUTOELIMINAR', MSG_USUARIOS.noEliminarseASiMismo);
  const { usuario, claves } = await deps.db.transaction(async (tx) => {
    await lockTenant(tx, ctx.tenantId);
    const u = await findUsuario(tx, ctx.tenantId, id);
    if (!u) throw new AppError('USUARIO_NO_ENCONTRADO', MSG_USUARIOS.usuarioNoEncontrado);
    if (u.rol === 'administrador' && (await countAdministradores(tx, ctx.tenantId)) <= 1)
      throw new AppError('ULTIMO_ADMINISTRADOR', MSG_USUARIOS.ultimoAdministrador);
    const removed = await markEliminado(tx, ctx.tenantId, id);
    const claves = await suspendKeysOf(tx, ctx.tenantId, id);
    return { usuario: removed!, claves };
  });
  const sesiones = await cerrarSesiones(deps, ctx.tenantId, id);
  deps.log.info({ event: 'usuarios.eliminado', tenantId: ctx.tenantId, by: ctx.userId, userId: id, sessions: sesiones, keysSuspended: claves }, 'user removed');
  return { usuario: toUsuario(usuario, ctx), clavesSuspendidas: claves };
}

// ---- the WhatsApp link -------------------------------------------------------------------------------

/** The code's key: user and number, so a code sent to one number never links another. */
const claveCodigo = (userId: number, numero: string) => `wa:${userId}:${numero}`;

/**
 * POST /api/usuarios/yo/whatsapp { numero }: sends a 6-digit code to the number through the approved code template
 * (WHATSAPP_CODE_TEMPLATE; valid 30 minutes, 5 tries, only its HMAC stored) and keeps the number pending. The
 * assistant is a Business feature (PLAN_BUSINESS_REQUIRED); a number linked to another user is 409; no WhatsApp
 * here is 503; a send WhatsApp refuses is 502 WHATSAPP_ENVIO_FALLIDO.
 */
export async function solicitarVinculoWhatsapp(deps: TDeps, ctx: TCtx, numero: string): Promise<TMiUsuario> {
  if (!deps.whatsapp) throw new AppError('WHATSAPP_NO_DISPONIBLE', MSG_USUARIOS.whatsappNoDisponible);
  if ((await tenantPlan(deps, ctx.tenantId)) !== 'business') throw new AppError('PLAN_BUSINESS_REQUIRED', MSG_USUARIOS.whatsappSoloBusiness);
  const otro = await findUsuarioPorWhatsapp(deps.db, numero);
  if (otro && otro.user.id !== ctx.userId) throw new AppError('WHATSAPP_NUMERO_OCUPADO', MSG_USUARIOS.whatsappNumeroOcupado);
  const code = String(randomInt(100_000, 1_000_000));
  await issueCode(deps, claveCodigo(ctx.userId, numero), 'whatsapp-link', code);
  await setWhatsappPendiente(deps.db, ctx.tenantId, ctx.userId, numero);
  try {
    await deps.whatsapp.sendTemplate(numero, [code], deps.config.whatsapp.codeTemplate);
  } catch (err) {
    if (!(err instanceof WhatsappError)) throw err;
    deps.log.warn({ event: 'whatsapp.codigo', userId: ctx.userId, err: err.message }, 'whatsapp link code not sent');
    throw new AppError('WHATSAPP_ENVIO_FALLIDO', MSG_USUARIOS.whatsappEnvioFallido);
  }
  return miUsuario(deps, ctx);
}

/**
 * POST /api/usuarios/yo/whatsapp/confirmar { codigo }: links the pending number when the code matches (one try claimed
 * atomically: codes.ts). 400 WHATSAPP_CODIGO_INCORRECTO / _VENCIDO, 429 after 5 tries, 409 when another user linked
 * the number meanwhile.
 */
export async function confirmarVinculoWhatsapp(deps: TDeps, ctx: TCtx, codigo: string): Promise<TMiUsuario> {
  const u = await findUsuario(deps.db, ctx.tenantId, ctx.userId);
  const numero = u?.whatsappPendiente;
  if (!numero) throw new AppError('WHATSAPP_CODIGO_VENCIDO', MSG_USUARIOS.whatsappCodigoVencido);
  const outcome = await tryCode(deps, claveCodigo(ctx.userId, numero), 'whatsapp-link', codigo);
  if (outcome === 'missing') throw new AppError('WHATSAPP_CODIGO_VENCIDO', MSG_USUARIOS.whatsappCodigoVencido);
  if (outcome === 'exhausted') throw new AppError('CODE_TOO_MANY_ATTEMPTS', MSG.codeTooManyAttempts);
  if (outcome === 'wrong') throw new AppError('WHATSAPP_CODIGO_INCORRECTO', MSG_USUARIOS.whatsappCodigoIncorrecto);
  try {
    if (!(await linkWhatsapp(deps.db, ctx.tenantId, ctx.userId, numero)))
      throw new AppError('WHATSAPP_NUMERO_OCUPADO', MSG_USUARIOS.whatsappNumeroOcupado);
  } catch (err) {
    if (!(err instanceof AppError) && String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505')
      throw new AppError('WHATSAPP_NUMERO_OCUPADO', MSG_USUARIOS.whatsappNumeroOcupado);
    throw err;
  }
  deps.log.info({ event: 'whatsapp.vinculado', userId: ctx.userId }, 'whatsapp number linked');
  return miUsuario(deps, ctx);
}

/** DELETE /api/usuarios/yo/whatsapp: the number no longer answers with the company's data. */
export async function desvincularWhatsapp(deps: TDeps, ctx: TCtx): Promise<TMiUsuario> {
  await unlinkWhatsapp(deps.db, ctx.tenantId, ctx.userId);
  return miUsuario(deps, ctx);
}
