import { CANAL_ETIQUETAS, type TDocumentRow } from '@radica/contracts/documents';
import { TIPOS_DOCUMENTO } from '@radica/contracts/enums';
import { formatCop } from '../../../lib/format';

/** seed 001 §2: the value reads N/A when totalFactura is 0 or the document was not sent; else COP without decimals. */
export function documentValue(row: Pick<TDocumentRow, 'totalFactura' | 'fechaEnvio'>): string {
  return !row.totalFactura || !row.fechaEnvio ? 'N/A' : formatCop(row.totalFactura);
}

/** FV → 'Factura de Venta', NC → 'Nota Crédito', ND → 'Nota Débito' (seed 001 §3); others as they come. */
export function tipoDocumentoLabel(tipo: string): string {
  return TIPOS_DOCUMENTO[tipo as keyof typeof TIPOS_DOCUMENTO] ?? tipo;
}

/**
 * How a document's channel reads (issue 15, contracts CANAL_ETIQUETAS): plataforma → 'Plataforma', api → 'API',
 * email → 'Correo', sftp → 'SFTP'; an unknown value as it comes; none (a server before issue 15) → `fallback`.
 */
export function canalLabel(canal: string | null | undefined, fallback = '—'): string {
  if (!canal) return fallback;
  return CANAL_ETIQUETAS[canal as keyof typeof CANAL_ETIQUETAS] ?? canal;
}
