import { randomUUID } from 'node:crypto';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import type { TLoginData } from '@radica/contracts/auth';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { normalizeEmail } from './codes.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { sha256 } from '../../lib/tokens.ts';
import { verifyGoogleIdToken } from './google.ts';
import { startSession } from './session.ts';
import {
  clearLoginFailures,
  deleteLoginAttempt,
  findUserIdByEmail,
  findUserWithTenantByEmail,
  findRemovedUserByEmail,
  findUserWithTenantByIdentity,
  insertLoginAttempt,
  recentLoginAttempts,
} from './repository.ts';

let dummyHash: Promise<string> | null = null;

/** An argon2id verification against a throw-away hash, so unknown accounts cost the same time as known ones. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomUUID());
  await verifyPassword(await dummyHash, password);
}

/** Short, non-reversible tag of an e-mail for logs (authentication attempts are logged without secrets or PII). */
export const emailTag = (email: string) => sha256(`radica-log:${normalizeEmail(email)}`).slice(0, 12);

/**
 * Claim one login attempt of account `email` from `clientKey` before its password is checked ("Server
 * security", OWASP Authentication Cheat Sheet "Account lockout"; the SFTP
 * channel's logins use {@link claimThrottledLoginAttempt} instead). The counters live in the database, so every
 * process sees the same:
 * - `loginLockoutMaxFailures` failures of this e-mail from this client within `loginLockoutWindowS` lock that pair
 *   only: the owner signs in from another client;
 * - `loginLockoutAccountMaxFailures` failures from all clients together lock the account for everyone (the slower,
 *   global back-off against a guesser spread over many addresses).
 * The attempt's row is written (committed) first and then every recent row is counted, so of concurrent guesses the
 * one counted last sees all the others: at most the allowed number ever reach the password check. Throws 429 ACCOUNT_LOCKED with the seed's 429 text and `data.retryAfterSeconds` (the
 * route sets Retry-After); unknown e-mails behave the same (no enumeration).
 */
export async function claimLoginAttempt(deps: Pick<TDeps, 'config' | 'db' | 'log'>, email: string, clientKey: string): Promise<void> {
  const { attempt, recent, fromClient, windowMs } = await countAttempt(deps, email, clientKey);
  const clientLocked = fromClient.length > deps.config.loginLockoutMaxFailures;
  const lockedBy = clientLocked
    ? fromClient[deps.config.loginLockoutMaxFailures]
    : recent.length > deps.config.loginLockoutAccountMaxFailures
      ? recent[deps.config.loginLockoutAccountMaxFailures]
      : null;
  if (!lockedBy) return;
  await refuseAttempt(deps, attempt.id, lockedBy.failedAt, windowMs, clientLocked ? 'client' : 'account', email);
}

/** Records the attempt (committed) and reads every attempt of the account within the window, newest first. */
async function countAttempt(deps: Pick<TDeps, 'config' | 'db'>, account: string, clientKey: string) {
  const windowMs = deps.config.loginLockoutWindowS * 1000;
  const attempt = await insertLoginAttempt(deps.db, account, clientKey);
  const recent = await recentLoginAttempts(deps.db, account, new Date(attempt.at.getTime() - windowMs));
  return { attempt, recent, fromClient: recent.filter((r) => r.clientKey === clientKey), windowMs };
}

/** A refused attempt checked no secret, so it does not count: its row goes, and 429 ACCOUNT_LOCKED is thrown. */
async function refuseAttempt(deps: Pick<TDeps, 'db' | 'log'>, attemptId: number, lockedByAt: Date, windowMs: number, scope: 'client' | 'account', account: string): Promise<never> {
  await deleteLoginAttempt(deps.db, attemptId);
  const retryAfterSeconds = Math.max(1, Math.ceil((lockedByAt.getTime() + windowMs - Date.now()) / 1000));
  deps.log.warn({ event: 'auth.login', outcome: 'locked', scope, emailTag: emailTag(account) }, 'login refused: locked');
  throw new AppError('ACCOUNT_LOCKED', MSG.http429, { retryAfterSeconds });
}

/**
 * Claims one login attempt of a channel account (the SFTP channel's `sftp:{usuario}`) from `clientKey`, the way
 * OpenSSH with fail2ban treats guessing: the address is banned, the account is only slowed down, so nobody who knows a
 * user name can lock its owner out.
 * - `loginLockoutMaxFailures` failures of the account from this address within `loginLockoutWindowS` lock that
 *   address (throws 429 ACCOUNT_LOCKED, as {@link claimLoginAttempt});
 * - the account is never locked: past `loginLockoutMaxFailures` failures from all addresses together, each attempt
 *   waits `delayMs` before its secret is checked, growing linearly up to `sftpLoginDelayMaxMs` at twice that many
 *   failures (right and wrong secrets wait the same, so the timing tells nothing). A guesser spread over many
 *   addresses is slowed and banned address by address; the owner, from any address not banned, still gets in.
 * Returns the delay (ms) and the account's failures within the window (this attempt included), from which the caller
 * alerts the tenant. The counters live in the database, as the web login's.
 */
export async function claimThrottledLoginAttempt(deps: Pick<TDeps, 'config' | 'db' | 'log'>, account: string, clientKey: string): Promise<{ delayMs: number; accountFailures: number }> {
  const { attempt, recent, fromClient, windowMs } = await countAttempt(deps, account, clientKey);
  const free = deps.config.loginLockoutMaxFailures;
  if (fromClient.length > free) await refuseAttempt(deps, attempt.id, fromClient[free]!.failedAt, windowMs, 'client', account);
  const before = recent.length - 1;
  const delayMs = before <= free ? 0 : Math.min(deps.config.sftpLoginDelayMaxMs, Math.round((deps.config.sftpLoginDelayMaxMs * (before - free)) / free));
  return { delayMs, accountFailures: recent.length };
}

/** The account's failed attempts within the login window and how many addresses they came from (alerts). */
export async function accountFailureSummary(deps: Pick<TDeps, 'db' | 'config'>, account: string): Promise<{ fallas: number; direcciones: number }> {
  const recent = await recentLoginAttempts(deps.db, account, new Date(Date.now() - deps.config.loginLockoutWindowS * 1000));
  return { fallas: recent.length, direcciones: new Set(recent.map((r) => r.clientKey)).size };
}

/** After a successful login: forgets the failures of account `email` from `clientKey` (see {@link claimLoginAttempt}). */
export async function forgetLoginFailures(deps: Pick<TDeps, 'db'>, email: string, clientKey: string): Promise<void> {
  await clearLoginFailures(deps.db, email, clientKey);
}

/**
 * POST /api/Auth/login (seed 000 §7). Verifies argon2id (a dummy hash is checked when the account does not exist,
 * so timing does not reveal it) and issues an access token plus a rotating refresh token. `clientKey` is the
 * caller's address (lockout per account and client, claimLoginAttempt); a success clears that pair's failures.
 * Throws 401 with the seed's text on bad credentials, 403 USUARIO_RETIRADO to a removed user who gives the right
 * password (naming the company; docs/decisions/039), 429 ACCOUNT_LOCKED when locked.
 */
export async function login(
  deps: Pick<TDeps, 'config' | 'db' | 'log' | 'tokens'>,
  input: { email: string; password: string; rememberMe?: boolean },
  clientKey = '',
): Promise<TLoginData> {
  const email = normalizeEmail(input.email);
  await claimLoginAttempt(deps, email, clientKey);
  const row = await findUserWithTenantByEmail(deps.db, email);
  let ok = false;
  if (!row?.user.passwordHash) {
    // No active account: someone an administrator removed who gives their right password is told so (the check costs
    // what the dummy check costs, so an unknown e-mail still reveals nothing).
    const removed = row ? undefined : await findRemovedUserByEmail(deps.db, email);
    if (removed?.passwordHash && (await verifyPassword(removed.passwordHash, input.password))) {
      deps.log.info({ event: 'auth.login', outcome: 'removed', userId: removed.id }, 'login refused: user removed');
      throw new AppError('USUARIO_RETIRADO', MSG_USUARIOS.usuarioRetirado(removed.empresa));
    }
    if (!removed?.passwordHash) await burnPasswordCheck(input.password);
  } else ok = await verifyPassword(row.user.passwordHash, input.password);
  if (!row || !ok) {
    deps.log.info({ event: 'auth.login', outcome: 'failure', emailTag: emailTag(email), userId: row?.user.id ?? null }, 'login failed');
    throw new AppError('INVALID_CREDENTIALS', MSG.http401);
  }
  await clearLoginFailures(deps.db, email, clientKey);
  deps.log.info({ event: 'auth.login', outcome: 'success', userId: row.user.id, authType: 'manual' }, 'login');
  return startSession(deps, row, Boolean(input.rememberMe));
}

/**
 * POST /api/Auth/google (seed 000 §7). Verifies the ID token (google.ts) and finds the user by
 * (provider 'google', subject `sub`), never by e-mail alone. Returns login data like POST /api/Auth/login.
 * Throws 404 GOOGLE_NOT_REGISTERED with the token's profile as `data` when no identity exists, 409 EMAIL_TAKEN
 * ('Este email ya está registrado') when another account already uses that e-mail (no silent linking),
 * 401 GOOGLE_TOKEN_INVALID, 400 GOOGLE_DISABLED.
 */
export async function googleLogin(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'tokens'>, input: { googleToken: string }): Promise<TLoginData> {
  const google = await verifyGoogleIdToken(deps.config, input.googleToken, deps.log);
  const row = await findUserWithTenantByIdentity(deps.db, 'google', google.sub);
  if (row) {
    deps.log.info({ event: 'auth.google', outcome: 'success', userId: row.user.id }, 'google login');
    return startSession(deps, row, false);
  }
  const byEmail = await findUserIdByEmail(deps.db, google.profile.email);
  if (byEmail !== null) {
    deps.log.info({ event: 'auth.google', outcome: 'email_taken', userId: byEmail }, 'google login: e-mail used by another account');
    throw new AppError('EMAIL_TAKEN', MSG.emailAlreadyRegistered);
  }
  deps.log.info({ event: 'auth.google', outcome: 'not_registered' }, 'google login: no account');
  throw new AppError('GOOGLE_NOT_REGISTERED', MSG_CUENTAS.googleNotRegistered, google.profile);
}

