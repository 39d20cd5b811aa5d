import { cargaEndpoint, esSinFactura } from '@radica/contracts/muv';
import type { TFamilia, TNotaFamilia } from '@radica/contracts/notas';
import type { TQuery } from '../documents/repository.ts';
import { findFacturaRef, listNotasDeFactura } from './repository.ts';

/** What a document is in its family: an invoice, a note, or neither (a RIPS without invoice). */
export type TLugarFamilia = 'factura' | 'nota' | null;

/**
 * A document's place in its family, from its XML's document type and its package type (contracts/muv
 * MUV_CARGA_ENDPOINTS): a credit or debit note, or any package whose RIPS says NC, ND or NA, is a note; a RIPS without
 * invoice is neither; everything else is an invoice.
 */
export function lugarEnFamilia(doc: { tipoDocumento: string; muvEndpoint: string | null }): TLugarFamilia {
  if (esSinFactura(doc.muvEndpoint)) return null;
  if (doc.tipoDocumento === 'NC' || doc.tipoDocumento === 'ND' || cargaEndpoint(doc.muvEndpoint)?.tipoNota) return 'nota';
  return 'factura';
}

/**
 * How a note moves its invoice's net value: a credit note subtracts its value, a debit note adds it, an adjustment note
 * (CargarNotaAjuste: data only) neither.
 */
export function signoDeNota(nota: { tipoDocumento: string; muvEndpoint: string | null }): -1 | 0 | 1 {
  if (nota.muvEndpoint === 'CargarNotaAjuste') return 0;
  if (nota.tipoDocumento === 'NC' || cargaEndpoint(nota.muvEndpoint)?.tipoNota === 'NC') return -1;
  if (nota.tipoDocumento === 'ND' || cargaEndpoint(nota.muvEndpoint)?.tipoNota === 'ND') return 1;
  return 0;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The family of the tenant's document for its detail (docs/decisions/051): for an invoice, its notes (oldest first)
 * and the net value = invoice − credits + debits in COP, cancelled notes left out (`valorNetoRadicado`: only the notes
 * the ministry approved); for a note, the invoice it corrects; null for a RIPS without invoice.
 */
export async function familiaDe(
  q: TQuery,
  tenantId: number,
  doc: { id: number; tipoDocumento: string; muvEndpoint: string | null; totalFactura: string; facturaId: number | null },
): Promise<TFamilia | null> {
  const lugar = lugarEnFamilia(doc);
  if (lugar === null) return null;
  if (lugar === 'nota') {
    const factura = doc.facturaId ? ((await findFacturaRef(q, tenantId, doc.facturaId)) ?? null) : null;
    return { factura, notas: [], valorFactura: null, creditos: 0, debitos: 0, valorNeto: null, valorNetoRadicado: null };
  }
  const rows = await listNotasDeFactura(q, tenantId, doc.id);
  const notas: TNotaFamilia[] = rows.map((r) => ({
    id: r.id,
    formato: r.formato,
    tipoDocumento: r.tipoDocumento,
    servicioCarga: r.muvEndpoint,
    valor: Number(r.totalFactura),
    estado: r.estado,
    cuv: r.cuv,
    fechaCreacion: r.fechaCreacion.toISOString(),
  }));
  const valorFactura = Number(doc.totalFactura);
  const { creditos, debitos, valorNeto, valorNetoRadicado } = resumirFamilia(valorFactura, rows);
  return { factura: null, notas, valorFactura, creditos, debitos, valorNeto, valorNetoRadicado };
}

/**
 * The sums of an invoice's family, COP: credits and debits of the notes not cancelled, the net value (invoice − credits
 * + debits) and the net value counting only the notes the ministry approved. Adjustment notes move nothing.
 */
export function resumirFamilia(
  valorFactura: number,
  notas: readonly { tipoDocumento: string; muvEndpoint: string | null; totalFactura: string | number; estado: string }[],
): { creditos: number; debitos: number; valorNeto: number; valorNetoRadicado: number } {
  let creditos = 0;
  let debitos = 0;
  let netoRadicado = valorFactura;
  for (const n of notas) {
    if (n.estado === 'ANULADO') continue;
    const signo = signoDeNota(n);
    const valor = Number(n.totalFactura);
    if (signo < 0) creditos += valor;
    if (signo > 0) debitos += valor;
    if (n.estado === 'APROBADO') netoRadicado += signo * valor;
  }
  return { creditos: cents(creditos), debitos: cents(debitos), valorNeto: cents(valorFactura - creditos + debitos), valorNetoRadicado: cents(netoRadicado) };
}
