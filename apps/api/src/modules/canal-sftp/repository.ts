import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { users } from '../../db/schema-accounts.ts';
import { sftpUsuarios } from '../../db/schema-canales.ts';
import { clavesServidor, sftpArchivos, sftpPendientes } from '../../db/schema-runtime.ts';

/**
 * The SFTP channel's queries. Every function takes the tenant and scopes its rows by it, except
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

// ---- the virtual trees, pending pairs and host key in the database (docs/decisions/029) ----

/** A file of a tree without its bytes (listings, stat). */
export type TSftpEntrada = { id: number; nombre: string; tamano: number; modificadoEn: Date; pendiente: boolean };
const sinContenido = {
  id: sftpArchivos.id,
  nombre: sftpArchivos.nombre,
  tamano: sftpArchivos.tamano,
  modificadoEn: sftpArchivos.modificadoEn,
  pendiente: sftpArchivos.pendiente,
};

export async function findArchivo(db: TDb, tenantId: number, carpeta: string, nombre: string): Promise<TSftpEntrada | undefined> {
  const [row] = await db
    .select(sinContenido)
    .from(sftpArchivos)
    .where(and(eq(sftpArchivos.tenantId, tenantId), eq(sftpArchivos.carpeta, carpeta), eq(sftpArchivos.nombre, nombre)))
    .limit(1);
  return row;
}

export async function listArchivos(db: TDb, tenantId: number, carpeta: string): Promise<TSftpEntrada[]> {
  return db
    .select(sinContenido)
    .from(sftpArchivos)
    .where(and(eq(sftpArchivos.tenantId, tenantId), eq(sftpArchivos.carpeta, carpeta)))
    .orderBy(asc(sftpArchivos.nombre));
}

export async function readArchivo(db: TDb, tenantId: number, carpeta: string, nombre: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ contenido: sftpArchivos.contenido })
    .from(sftpArchivos)
    .where(and(eq(sftpArchivos.tenantId, tenantId), eq(sftpArchivos.carpeta, carpeta), eq(sftpArchivos.nombre, nombre)))
    .limit(1);
  return row?.contenido ?? null;
}

export async function readArchivoById(db: TDb, tenantId: number, id: number): Promise<(TSftpEntrada & { carpeta: string; contenido: Buffer }) | undefined> {
  const [row] = await db
    .select({ ...sinContenido, carpeta: sftpArchivos.carpeta, contenido: sftpArchivos.contenido })
    .from(sftpArchivos)
    .where(and(eq(sftpArchivos.tenantId, tenantId), eq(sftpArchivos.id, id)))
    .limit(1);
  return row;
}

/** Stores a file under `carpeta`/`nombre`, replacing one of that name. Returns its id and time. */
export async function upsertArchivo(
  db: TDb,
  tenantId: number,
  carpeta: string,
  nombre: string,
  contenido: Buffer,
  pendiente: boolean,
): Promise<{ id: number; modificadoEn: Date }> {
  const modificadoEn = new Date();
  const values = { contenido, tamano: contenido.length, pendiente, modificadoEn };
  const [row] = await db
    .insert(sftpArchivos)
    .values({ tenantId, carpeta, nombre, ...values })
    .onConflictDoUpdate({ target: [sftpArchivos.tenantId, sftpArchivos.carpeta, sftpArchivos.nombre], set: values })
    .returning({ id: sftpArchivos.id, modificadoEn: sftpArchivos.modificadoEn });
  return row!;
}

/** Inserts a new file; false when the name is taken (the unique index decides). */
export async function insertArchivo(db: TDb, tenantId: number, carpeta: string, nombre: string, contenido: Buffer): Promise<boolean> {
  const rows = await db
    .insert(sftpArchivos)
    .values({ tenantId, carpeta, nombre, contenido, tamano: contenido.length })
    .onConflictDoNothing()
    .returning({ id: sftpArchivos.id });
  return rows.length === 1;
}

export async function deleteArchivo(db: TDb, tenantId: number, carpeta: string, nombre: string): Promise<boolean> {
  const rows = await db
    .delete(sftpArchivos)
    .where(and(eq(sftpArchivos.tenantId, tenantId), eq(sftpArchivos.carpeta, carpeta), eq(sftpArchivos.nombre, nombre)))
    .returning({ id: sftpArchivos.id });
  return rows.length === 1;
}

/** Renames within a folder; false when the source is missing or the target exists. Returns the row when done. */
export async function renameArchivo(db: TDb, tenantId: number, carpeta: string, de: string, a: string, pendiente: boolean): Promise<{ id: number; modificadoEn: Date } | null> {
  try {
    const [row] = await db
      .update(sftpArchivos)
      .set({ nombre: a, pendiente, modificadoEn: new Date() })
      .where(and(eq(sftpArchivos.tenantId, tenantId), eq(sftpArchivos.carpeta, carpeta), eq(sftpArchivos.nombre, de)))
      .returning({ id: sftpArchivos.id, modificadoEn: sftpArchivos.modificadoEn });
    return row ?? null;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') return null;
    throw err;
  }
}

/** Moves file `id` to `carpeta` under `nombre`; false when that name is taken there. */
export async function moveArchivo(db: TDb, tenantId: number, id: number, carpeta: string, nombre: string): Promise<boolean> {
  try {
    const rows = await db
      .update(sftpArchivos)
      .set({ carpeta, nombre })
      .where(and(eq(sftpArchivos.tenantId, tenantId), eq(sftpArchivos.id, id)))
      .returning({ id: sftpArchivos.id });
    return rows.length === 1;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') return false;
    throw err;
  }
}

export async function clearPendiente(db: TDb, tenantId: number, id: number): Promise<void> {
  await db.update(sftpArchivos).set({ pendiente: false }).where(and(eq(sftpArchivos.tenantId, tenantId), eq(sftpArchivos.id, id)));
}

/** Accepted files still waiting for their job (any tenant), accepted before `before`: the sweep re-enqueues them. */
export async function findPendientesAllTenants(db: TDb, before: Date): Promise<Array<{ id: number; tenantId: number; modificadoEn: Date }>> {
  return db
    .select({ id: sftpArchivos.id, tenantId: sftpArchivos.tenantId, modificadoEn: sftpArchivos.modificadoEn })
    .from(sftpArchivos)
    .where(and(eq(sftpArchivos.pendiente, true), lt(sftpArchivos.modificadoEn, before)))
    .limit(1000);
}

/** Files accepted and not processed yet (tests wait for none). */
export async function countPendientes(db: TDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sftpArchivos).where(eq(sftpArchivos.pendiente, true));
  return row?.n ?? 0;
}

export type TPendienteRow = typeof sftpPendientes.$inferSelect;

export async function findPendiente(db: TDb, tenantId: number, fevRipsId: number): Promise<TPendienteRow | undefined> {
  const [row] = await db
    .select()
    .from(sftpPendientes)
    .where(and(eq(sftpPendientes.tenantId, tenantId), eq(sftpPendientes.fevRipsId, fevRipsId)))
    .limit(1);
  return row;
}

/** Records (or extends with `archivos`) a half package; returns its row (its `desde` is the first file's). */
export async function upsertPendiente(db: TDb, tenantId: number, fevRipsId: number, formato: string, archivos: string[]): Promise<TPendienteRow> {
  const [row] = await db
    .insert(sftpPendientes)
    .values({ tenantId, fevRipsId, formato, archivos })
    .onConflictDoUpdate({
      target: [sftpPendientes.tenantId, sftpPendientes.fevRipsId],
      set: { archivos: sql`${sftpPendientes.archivos} || ${JSON.stringify(archivos)}::jsonb` },
    })
    .returning();
  return row!;
}

/** Removes a half package's row; returns it when it existed (so only one caller reports it). */
export async function deletePendiente(db: TDb, tenantId: number, fevRipsId: number): Promise<TPendienteRow | undefined> {
  const [row] = await db
    .delete(sftpPendientes)
    .where(and(eq(sftpPendientes.tenantId, tenantId), eq(sftpPendientes.fevRipsId, fevRipsId)))
    .returning();
  return row;
}

export async function findClaveServidor(db: TDb, nombre: string): Promise<string | undefined> {
  const [row] = await db.select({ v: clavesServidor.valorCifrado }).from(clavesServidor).where(eq(clavesServidor.nombre, nombre)).limit(1);
  return row?.v;
}

/** Stores a server key unless one of that name exists (the first process to store it wins). */
export async function insertClaveServidor(db: TDb, nombre: string, valorCifrado: string): Promise<void> {
  await db.insert(clavesServidor).values({ nombre, valorCifrado }).onConflictDoNothing();
}

/**
 * Replaces a server key only if it still holds `anterior` (compare and swap: of two processes replacing the same
 * unreadable key, the first wins and the second reads the winner's).
 */
export async function replaceClaveServidor(db: TDb, nombre: string, anterior: string, valorCifrado: string): Promise<void> {
  await db
    .update(clavesServidor)
    .set({ valorCifrado })
    .where(and(eq(clavesServidor.nombre, nombre), eq(clavesServidor.valorCifrado, anterior)));
}
