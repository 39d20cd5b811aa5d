import type { TDocumentRow } from '@radica/contracts/documents';
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
