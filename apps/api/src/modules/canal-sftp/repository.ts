import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { users } from '../../db/schema-accounts.ts';
import { sftpUsuarios } from '../../db/schema-canales.ts';

/**
 * The SFTP channel's queries (issue 16). Every function takes the tenant and scopes its rows by it, except
 * {@link findSftpUsuarioByName}, which is how a login names its tenant.
 */
export type TSftpUsuarioRow = typeof sftpUsuarios.$inferSelect;

export async function findSftpUsuario(db: TDb, tenantId: number): Promise<TSftpUsuarioRow | undefined> {
  const [row] = await db.select().from(sftpUsuarios).where(eq(sftpUsuarios.tenantId, tenantId)).limit(1);
  return row;
}

/** The SFTP user with login `usuario` (any tenant), or undefined: the login's lookup. */
export async function findSftpUsuarioByName(db: TDb, usuario: string): Promise<TSftpUsuarioRow | undefined> {
  const [row] = await db.select().from(sftpUsuarios).where(eq(sftpUsuarios.usuario, usuario)).limit(1);
  return row;
}

/**
 * Creates or replaces the tenant's SFTP user. `passwordHash` undefined keeps the stored one. Throws the database's
 * unique violation (code 23505) when another tenant holds `usuario`.
 */
export async function upsertSftpUsuario(
  db: TDb,
  tenantId: number,
  values: { usuario: string; passwordHash?: string; clavesPublicas: string[]; envioAutomatico: boolean; activo: boolean },
): Promise<TSftpUsuarioRow> {
  const now = new Date();
  const set = { ...values, actualizadoEn: now };
  const [row] = await db
    .insert(sftpUsuarios)
    .values({ tenantId, ...set })
    .onConflictDoUpdate({ target: sftpUsuarios.tenantId, set })
    .returning();
  return row!;
}

/** The tenant's first user (its owner, who registered it): the user the channel files on behalf of. */
export async function findOwnerUserId(db: TDb, tenantId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.id)).limit(1);
  return row?.id;
}
