import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TRol } from '@radica/contracts/enums';
import type { TDb, TSqlRows } from '../../db/client.ts';
import { emailCodes, loginFailures, refreshTokens, tenants, terceros, userIdentities, users } from '../../db/schema-accounts.ts';

/**
 * The auth module's queries. Functions that act on a signed-in user take its tenant and scope by it. The ones that
 * find who is signing in (by e-mail, Google subject, refresh-token hash or mailed code) cannot know the tenant yet:
 * they are the identity lookups, named by what they search with, and return the tenant for the rest to use.
 */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TQuery = TDb | TTx;
export type TUserRow = typeof users.$inferSelect;
export type TTenantRow = typeof tenants.$inferSelect;

// ---- users and tenants ----------------------------------------------------------------------------------------

export async function findUserIdByEmail(q: TQuery, email: string): Promise<number | null> {
  const [row] = await q.select({ id: users.id }).from(users).where(and(eq(users.email, email), isNull(users.eliminadoEn))).limit(1);
  return row?.id ?? null;
}

/** The active user with that e-mail (identity lookup; a removed user is nobody). */
export async function findUserByEmail(q: TQuery, email: string): Promise<TUserRow | undefined> {
  const [row] = await q.select().from(users).where(and(eq(users.email, email), isNull(users.eliminadoEn))).limit(1);
  return row;
}

/** The user with that e-mail and its tenant (login). */
export async function findUserWithTenantByEmail(q: TQuery, email: string) {
  const [row] = await q
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(users.tenantId, tenants.id))
    .where(and(eq(users.email, email), isNull(users.eliminadoEn)))
    .limit(1);
  return row;
}

/**
 * The most recently removed user with that e-mail and no active one (identity lookup: a login with the right password
 * of someone an administrator removed is told so, not 'Credenciales inválidas'), with its company's name.
 */
export async function findRemovedUserByEmail(q: TQuery, email: string) {
  const [row] = await q
    .select({ id: users.id, tenantId: users.tenantId, passwordHash: users.passwordHash, empresa: sql<string>`coalesce(nullif(${terceros.razonSocial}, ''), ${terceros.nombre})` })
    .from(users)
    .innerJoin(terceros, and(eq(users.terceroId, terceros.id), eq(terceros.tenantId, users.tenantId)))
    .where(and(eq(users.email, email), sql`${users.eliminadoEn} is not null`))
    .orderBy(sql`${users.eliminadoEn} desc`)
    .limit(1);
  return row;
}

/** The tenant's user `userId`, active or removed: its role, and since when it is removed (a refused refresh says why). */
export async function findUserStanding(q: TQuery, tenantId: number, userId: number) {
  const [row] = await q
    .select({ rol: users.rol, eliminadoEn: users.eliminadoEn, empresa: sql<string>`coalesce(nullif(${terceros.razonSocial}, ''), ${terceros.nombre})` })
    .from(users)
    .innerJoin(terceros, and(eq(users.terceroId, terceros.id), eq(terceros.tenantId, tenantId)))
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  return row;
}

/** The user linked to that identity of a provider (Google `sub`) and its tenant. */
export async function findUserWithTenantByIdentity(q: TQuery, provider: 'google', subject: string) {
  const [row] = await q
    .select({ user: users, tenant: tenants })
    .from(userIdentities)
    .innerJoin(users, eq(userIdentities.userId, users.id))
    .innerJoin(tenants, eq(users.tenantId, tenants.id))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject), isNull(users.eliminadoEn)))
    .limit(1);
  return row;
}

/** Whether any company registered that NIT (identity lookup across tenants, the registration's warning). */
export async function companyNitExists(q: TQuery, nit: string): Promise<boolean> {
  const [row] = await q
    .select({ id: terceros.id })
    .from(terceros)
    .where(and(eq(terceros.tipoIdentidad, 'NI'), eq(terceros.numeroIdentificacion, nit)))
    .limit(1);
  return row !== undefined;
}

export async function identityExists(q: TQuery, provider: 'google', subject: string): Promise<boolean> {
  const [row] = await q
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return Boolean(row);
}

/** The tenant's active user `userId`. */
export async function findTenantUser(q: TQuery, tenantId: number, userId: number): Promise<TUserRow | undefined> {
  const [row] = await q
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.eliminadoEn)))
    .limit(1);
  return row;
}

/** A new account: its tenant, tercero, user and (Google) identity, in the caller's transaction. */
export async function insertAccount(
  tx: TTx,
  o: {
    tenant: typeof tenants.$inferInsert;
    tercero: Omit<typeof terceros.$inferInsert, 'tenantId'>;
    user: Omit<typeof users.$inferInsert, 'tenantId' | 'terceroId'>;
    identity: { provider: 'google'; subject: string; email: string } | null;
  },
) {
  const [tenant] = await tx.insert(tenants).values(o.tenant).returning();
  const [tercero] = await tx
    .insert(terceros)
    .values({ ...o.tercero, tenantId: tenant!.id })
    .returning();
  const [user] = await tx
    .insert(users)
    .values({ ...o.user, tenantId: tenant!.id, terceroId: tercero!.id })
    .returning();
  if (o.identity) await tx.insert(userIdentities).values({ ...o.identity, userId: user!.id });
  return { tenant: tenant!, tercero: tercero!, user: user! };
}

/** Note a successful sign-in (the users page shows it). */
export async function touchLastLogin(q: TQuery, tenantId: number, userId: number): Promise<void> {
  await q
    .update(users)
    .set({ ultimoIngreso: new Date() })
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
}

export async function setPasswordHash(q: TQuery, tenantId: number, userId: number, passwordHash: string): Promise<void> {
  await q
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
}

// ---- refresh tokens (sessions) ----------------------------------------------------------------------------------

export async function insertRefreshToken(q: TQuery, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await q.insert(refreshTokens).values(values);
}

/** The refresh token with that hash and its tenant (identity lookup). */
export async function findRefreshToken(q: TQuery, tokenHash: string) {
  const [row] = await q
    .select({ token: refreshTokens, tenant: tenants })
    .from(refreshTokens)
    .innerJoin(tenants, eq(refreshTokens.tenantId, tenants.id))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Mark the token used, once: false when it was used or revoked already (rotation race or reuse). */
export async function claimRefreshToken(q: TQuery, tenantId: number, id: number): Promise<boolean> {
  const rows = await q
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), eq(refreshTokens.tenantId, tenantId), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function readRefreshTokenState(q: TQuery, tenantId: number, id: number) {
  const [row] = await q
    .select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.id, id), eq(refreshTokens.tenantId, tenantId)));
  return row;
}

/** Revoke every live token of the tenant's sessions `familyIds`. */
export async function revokeFamilies(q: TQuery, tenantId: number, familyIds: string[]): Promise<void> {
  if (familyIds.length === 0) return;
  await q
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.tenantId, tenantId), inArray(refreshTokens.familyId, familyIds), isNull(refreshTokens.revokedAt)));
}

/** Revoke every live session of the tenant's user, except `keepFamily`; returns the sessions revoked. */
export async function revokeUserSessions(q: TQuery, tenantId: number, userId: number, keepFamily: string | null = null): Promise<string[]> {
  const rows = await q
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.tenantId, tenantId),
        isNull(refreshTokens.revokedAt),
        ...(keepFamily ? [ne(refreshTokens.familyId, keepFamily)] : []),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

/**
 * The role of the session's user while the session (refresh-token family) still has a live token and its user is not
 * removed, else null: one indexed query, prepared (the hot path of every authenticated call, session-check.ts).
 * Identity lookup: the family id comes from a verified access token.
 */
export async function sessionRole(rows: TSqlRows, familyId: string): Promise<TRol | null> {
  const [row] = await rows<{ rol: TRol }>(
    sql`select u.rol from refresh_tokens rt join users u on u.id = rt.user_id
        where rt.family_id = ${familyId} and rt.revoked_at is null and rt.expires_at > now() and u.eliminado_en is null limit 1`,
  );
  return row?.rol ?? null;
}

// ---- login attempts (lockout) -----------------------------------------------------------------------------------

export async function insertLoginAttempt(q: TQuery, email: string, clientKey: string) {
  const [row] = await q.insert(loginFailures).values({ email, clientKey }).returning({ id: loginFailures.id, at: loginFailures.failedAt });
  return row!;
}

/** Attempts of that e-mail since `since`, from every client, newest first. */
export function recentLoginAttempts(q: TQuery, email: string, since: Date) {
  return q
    .select({ clientKey: loginFailures.clientKey, failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since)))
    .orderBy(sql`${loginFailures.failedAt} desc`);
}

export async function deleteLoginAttempt(q: TQuery, id: number): Promise<void> {
  await q.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Forget the failures of the e-mail (from one client, or from all). */
export async function clearLoginFailures(q: TQuery, email: string, clientKey?: string): Promise<void> {
  await q.delete(loginFailures).where(and(eq(loginFailures.email, email), ...(clientKey === undefined ? [] : [eq(loginFailures.clientKey, clientKey)])));
}

// ---- mailed codes ---------------------------------------------------------------------------------------------

/** Retire the live codes of (email, purpose) and store a new one (its HMAC). */
export async function replaceCode(q: TQuery, email: string, purpose: string, codeHash: string, expiresAt: Date): Promise<void> {
  await q
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
  await q.insert(emailCodes).values({ email, purpose, codeHash, expiresAt });
}

/**
 * Claim one try of the newest live code of (email, purpose) in one conditional UPDATE (`attempts < maxAttempts`):
 * the row lock serialises concurrent claims. Returns the code's id, HMAC and attempts after this one, or undefined.
 */
export async function claimCodeTry(q: TQuery, email: string, purpose: string, maxAttempts: number) {
  const [row] = await q
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      sql`${emailCodes.id} = (select id from email_codes where email = ${email} and purpose = ${purpose} and used_at is null
            and expires_at > now() order by id desc limit 1)
          and ${emailCodes.attempts} < ${maxAttempts}`,
    )
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash, attempts: emailCodes.attempts });
  return row;
}

export async function hasLiveCode(q: TQuery, email: string, purpose: string): Promise<boolean> {
  const [row] = await q
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(sql`email = ${email} and purpose = ${purpose} and used_at is null and expires_at > now()`)
    .limit(1);
  return Boolean(row);
}

/** Mark the code used, once: false when a concurrent try used it first. */
export async function markCodeUsed(q: TQuery, id: number): Promise<boolean> {
  const rows = await q
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}
