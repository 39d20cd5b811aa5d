import { randomUUID } from 'node:crypto';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import type { TLoginData, TTokens } from '@radica/contracts/auth';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { newOpaqueToken, sha256 } from '../../lib/tokens.ts';
import { claimRefreshToken, findRefreshToken, findUserStanding, insertRefreshToken, readRefreshTokenState, revokeFamilies, touchLastLogin, type TTenantRow, type TUserRow } from './repository.ts';

/** Login data (seed 000 §3 "Login response data") for a user: a new refresh chain plus an access token. */
export async function startSession(
  deps: Pick<TDeps, 'config' | 'db' | 'tokens'>,
  row: { user: TUserRow; tenant: TTenantRow },
  rememberMe: boolean,
): Promise<TLoginData> {
  const tokens = await issueTokens(deps, {
    userId: row.user.id,
    tenantId: row.tenant.id,
    validator: row.tenant.validator,
    rememberMe,
    familyId: randomUUID(),
    expiresAt: null,
  });
  const tenant = { validator: row.tenant.validator, database: row.tenant.databaseName };
  await touchLastLogin(deps.db, row.tenant.id, row.user.id);
  return {
    user: { id: row.user.id, name: row.user.name, email: row.user.email, tenant, authType: row.user.authType, rol: row.user.rol },
    tenant,
    authType: row.user.authType,
    ...tokens,
  };
}

async function issueTokens(
  deps: Pick<TDeps, 'config' | 'db' | 'tokens'>,
  o: { userId: number; tenantId: number; validator: string; rememberMe: boolean; familyId: string; expiresAt: Date | null },
): Promise<TTokens> {
  const access = await deps.tokens.signAccess({ userId: o.userId, tenantId: o.tenantId, validator: o.validator, sessionId: o.familyId });
  const refresh = newOpaqueToken();
  const ttl = o.rememberMe ? deps.config.refreshTokenRememberTtlS : deps.config.refreshTokenTtlS;
  // The refresh chain keeps the absolute expiry of the login that started it.
  const expiresAt = o.expiresAt ?? new Date(Date.now() + ttl * 1000);
  await insertRefreshToken(deps.db, {
    userId: o.userId,
    tenantId: o.tenantId,
    tokenHash: refresh.hash,
    familyId: o.familyId,
    rememberMe: o.rememberMe,
    expiresAt,
  });
  return {
    accessToken: access.token,
    refreshToken: refresh.token,
    accessTokenExpiry: access.expiresAt.toISOString(),
    refreshTokenExpiry: expiresAt.toISOString(),
    tokenType: 'Bearer',
  };
}

/**
 * The holder of a revoked, unexpired refresh token learns why its session ended, so the web does not leave them on a
 * bare login page (docs/decisions/039): removed from the company → 401 USUARIO_RETIRADO naming it; otherwise 401
 * SESION_CERRADA with the user's role now (`data.rol`): the web compares it with the role it signed in with and says
 * the role was lowered when it was (a logout elsewhere or a password change keep the role: the usual notice).
 */
async function explainRevokedSession(deps: Pick<TDeps, 'db'>, tenantId: number, userId: number): Promise<void> {
  const user = await findUserStanding(deps.db, tenantId, userId);
  if (!user) return;
  if (user.eliminadoEn) throw new AppError('USUARIO_RETIRADO', MSG_USUARIOS.usuarioRetirado(user.empresa));
  throw new AppError('SESION_CERRADA', MSG.refreshFailed, { rol: user.rol });
}

/**
 * POST /api/Auth/refresh: rotates the refresh token. A token that was already used revokes its whole chain
 * (reuse detection); expired, revoked or unknown tokens and a validator of another tenant answer 401.
 */
export async function refresh(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'tokens' | 'sessions'>, input: { refreshToken: string | undefined; validator?: string }): Promise<TTokens> {
  if (!input.refreshToken) throw new AppError('NO_REFRESH_TOKEN', MSG.refreshFailed);
  const hash = sha256(input.refreshToken);
  const row = await findRefreshToken(deps.db, hash);
  if (!row || row.token.revokedAt || row.token.expiresAt <= new Date()) {
    deps.log.info({ event: 'auth.refresh', outcome: row ? 'revoked_or_expired' : 'unknown', userId: row?.token.userId ?? null }, 'refresh refused');
    if (row?.token.revokedAt && row.token.expiresAt > new Date() && (!input.validator || input.validator === row.tenant.validator))
      await explainRevokedSession(deps, row.token.tenantId, row.token.userId);
    throw new AppError('REFRESH_INVALID', MSG.refreshFailed);
  }
  if (input.validator && input.validator !== row.tenant.validator)
    throw new AppError('REFRESH_INVALID', MSG.refreshFailed);
  if (!(await claimRefreshToken(deps.db, row.token.tenantId, row.token.id))) {
    // Two tabs refreshing at once present the same token: within the grace the loser gets 409 REFRESH_RACE and
    // keeps the session (the winner's cookie is already set); later it is reuse (docs/decisions/003).
    const now = await readRefreshTokenState(deps.db, row.token.tenantId, row.token.id);
    const graceMs = deps.config.refreshRaceGraceS * 1000;
    if (now?.usedAt && !now.revokedAt && Date.now() - now.usedAt.getTime() <= graceMs) {
      deps.log.info({ event: 'auth.refresh', outcome: 'race', userId: row.token.userId }, 'concurrent refresh within grace');
      throw new AppError('REFRESH_RACE', MSG_CUENTAS.refreshRace);
    }
    await revokeFamilies(deps.db, row.token.tenantId, [row.token.familyId]);
    deps.sessions.forget([row.token.familyId]);
    deps.log.warn({ userId: row.token.userId, familyId: row.token.familyId }, 'refresh token reuse: chain revoked');
    throw new AppError('REFRESH_REUSED', MSG_CUENTAS.refreshReuse);
  }
  deps.log.info({ event: 'auth.refresh', outcome: 'success', userId: row.token.userId }, 'refresh');
  return issueTokens(deps, {
    userId: row.token.userId,
    tenantId: row.token.tenantId,
    validator: row.tenant.validator,
    rememberMe: row.token.rememberMe,
    familyId: row.token.familyId,
    expiresAt: row.token.expiresAt,
  });
}

/**
 * POST /api/Auth/logout: revokes the session of the presented refresh token and, when the call carries a valid
 * access token, that token's session too. Its access tokens are refused from the next call on. Always
 * succeeds.
 */
export async function logout(
  deps: Pick<TDeps, 'db' | 'sessions'>,
  input: { refreshToken: string | undefined; session?: { tenantId: number; sessionId: string } | null },
): Promise<void> {
  const revoke = async (tenantId: number, familyId: string) => {
    await revokeFamilies(deps.db, tenantId, [familyId]);
    deps.sessions.forget([familyId]);
  };
  if (input.session) await revoke(input.session.tenantId, input.session.sessionId);
  const row = input.refreshToken ? await findRefreshToken(deps.db, sha256(input.refreshToken)) : undefined;
  if (row && row.token.familyId !== input.session?.sessionId) await revoke(row.token.tenantId, row.token.familyId);
}
