import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { fevRips, fevRipsFiles } from '../../db/schema-documents.ts';
import type { TQuery } from '../documents/repository.ts';

/** The notes module's queries (docs/decisions/051). Every function takes the tenant and scopes its rows by it. */

/** The notes of the tenant's invoice `facturaId` (its family), oldest first, cancelled ones included. */
export function listNotasDeFactura(q: TQuery, tenantId: number, facturaId: number) {
  return q
    .select({
      id: fevRips.id,
      formato: fevRips.formato,
      tipoDocumento: fevRips.tipoDocumento,
      muvEndpoint: fevRips.muvEndpoint,
      totalFactura: fevRips.totalFactura,
      estado: fevRips.estado,
      cuv: fevRips.cuv,
      fechaCreacion: fevRips.fechaCreacion,
    })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), eq(fevRips.facturaId, facturaId)))
    .orderBy(asc(fevRips.fechaCreacion), asc(fevRips.id));
}

/** The notes of the tenant's invoices `facturaIds` (the Excel report's family columns), with the invoice they belong to. */
export function listNotasDeFacturas(q: TQuery, tenantId: number, facturaIds: number[]) {
  return q
    .select({
      facturaId: fevRips.facturaId,
      tipoDocumento: fevRips.tipoDocumento,
      muvEndpoint: fevRips.muvEndpoint,
      totalFactura: fevRips.totalFactura,
      estado: fevRips.estado,
    })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), inArray(fevRips.facturaId, facturaIds)));
}

/** Id and formato of the tenant's documents `ids`. */
export function findFacturaRefs(q: TQuery, tenantId: number, ids: number[]) {
  return q
    .select({ id: fevRips.id, formato: fevRips.formato })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), inArray(fevRips.id, ids)));
}

/** Id and formato of the tenant's document `id` (the invoice a note links back to), if any. */
export async function findFacturaRef(q: TQuery, tenantId: number, id: number) {
  const [row] = await q
    .select({ id: fevRips.id, formato: fevRips.formato })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), eq(fevRips.id, id)))
    .limit(1);
  return row;
}

/** The RIPS (JSON file content) of the tenant's notes `ids` that are not cancelled. */
export function readNotaJsons(q: TQuery, tenantId: number, ids: number[]) {
  return q
    .select({ fevRipsId: fevRipsFiles.fevRipsId, content: fevRipsFiles.content })
    .from(fevRipsFiles)
    .innerJoin(fevRips, and(eq(fevRips.id, fevRipsFiles.fevRipsId), eq(fevRips.tenantId, tenantId)))
    .where(and(eq(fevRipsFiles.tenantId, tenantId), inArray(fevRipsFiles.fevRipsId, ids), eq(fevRipsFiles.tipo, 'json'), ne(fevRips.estado, 'ANULADO')));
}

/** Link the tenant's note `id` to its invoice `facturaId`. */
export async function setFactura(q: TQuery, tenantId: number, id: number, facturaId: number): Promise<void> {
  await q
    .update(fevRips)
    .set({ facturaId })
    .where(and(eq(fevRips.tenantId, tenantId), eq(fevRips.id, id)));
}
