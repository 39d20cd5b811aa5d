import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';

/** Display groups of a status (seed 001 §4 "Normalisation of a status for display"). */
export type EstadoGroup =
  'accepted' | 'rejected' | 'cancelled' | 'ready' | 'processing' | 'pending' | 'partial' | 'unknown';

export function isKnownEstado(estado: string | null | undefined): estado is TEstado {
  return typeof estado === 'string' && estado in ESTADO_ETIQUETAS;
}

/** APROBADO → accepted; RECHAZADO, ERROR, NO_APROBADO or anything with 'error'/'rechaza' → rejected; … */
export function estadoGroup(estado: string | null | undefined): EstadoGroup {
  const value = (estado ?? '').toUpperCase();
  switch (value) {
    case 'APROBADO':
      return 'accepted';
    case 'RECHAZADO':
    case 'ERROR':
    case 'NO_APROBADO':
      return 'rejected';
    case 'ANULADO':
      return 'cancelled';
    case 'PROCESADO':
      return 'ready';
    case 'ENPROCESO':
      return 'processing';
    case 'EN_ESPERA':
    case 'N/A':
      return 'pending';
    case 'PENDIENTE_RIPS':
    case 'PENDIENTE_XML':
      return 'partial';
    default:
      return /ERROR|RECHAZA/.test(value) ? 'rejected' : 'unknown';
  }
}

/** The label of a status ('Aprobado', 'Pendiente JSON'…); unknown values are shown as they come. */
export function estadoLabel(estado: string | null | undefined): string {
  if (isKnownEstado(estado)) return ESTADO_ETIQUETAS[estado];
  if (estadoGroup(estado) === 'rejected') return 'No aprobado';
  return estado || 'Desconocido';
}

/** States whose send button reads 'Reenviar al Ministerio'. */
export function isRejectedEstado(estado: string | null | undefined): boolean {
  return estadoGroup(estado) === 'rejected';
}

/** seed 001 §4: an accepted or cancelled document, or one being sent, cannot be sent. */
export function isSendBlockedEstado(estado: string | null | undefined): boolean {
  return estado === 'APROBADO' || estado === 'ANULADO' || estado === 'ENPROCESO';
}
