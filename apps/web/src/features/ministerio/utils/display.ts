import { CANAL_ETIQUETAS, type TDocumentRow } from '@radica/contracts/documents';
import { TIPOS_DOCUMENTO } from '@radica/contracts/enums';
import { formatCop } from '../../../lib/format';

/** What the value column shows when the document has no invoice total (no XML read yet, or a total of 0). */
export const SIN_VALOR = '—';

/**
 * The list's value column: the invoice's total in COP without decimals as soon as the XML gave it, sent or not, else
 * '—'. Seed 001 §2 read 'N/A' until the document was sent; a document ready to send has its value already
 * (docs/spec-deviations.md).
 */
export function documentValue(row: Pick<TDocumentRow, 'totalFactura'>): string {
  return row.totalFactura ? formatCop(row.totalFactura) : SIN_VALOR;
}

/** FV → 'Factura de Venta', NC → 'Nota Crédito', ND → 'Nota Débito' (seed 001 §3); others as they come. */
export function tipoDocumentoLabel(tipo: string): string {
  return TIPOS_DOCUMENTO[tipo as keyof typeof TIPOS_DOCUMENTO] ?? tipo;
}

/**
 * How a document's channel reads (contracts CANAL_ETIQUETAS): plataforma → 'Plataforma', api → 'API',
 * email → 'Correo', sftp → 'SFTP'; an unknown value as it comes; none (a server) → `fallback`.
 */
export function canalLabel(canal: string | null | undefined, fallback = '—'): string {
  if (!canal) return fallback;
  return CANAL_ETIQUETAS[canal as keyof typeof CANAL_ETIQUETAS] ?? canal;
}
