import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { formatDateTime } from '../../../lib/format';

/** Display groups of a status (seed 001 §4 "Normalisation of a status for display"). */
export type EstadoGroup =
  | 'accepted'
  | 'rejected'
  | 'cancelled'
  | 'ready'
  | 'processing'
  | 'pending'
  | 'partial'
  | 'draft'
  | 'unknown';

/** seed 001 §4 "Labels" of each display group. */
export const ESTADO_GROUP_LABELS: Record<EstadoGroup, string> = {
  pending: 'En espera',
  accepted: 'Aprobado',
  rejected: 'No aprobado',
  cancelled: 'Anulado',
  ready: 'Listo',
  partial: 'Parcial',
  draft: 'Borrador',
  processing: 'Procesando',
  unknown: 'Desconocido',
};

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
    case 'PENDIENTE':
    case 'N/A':
      return 'pending';
    case 'BORRADOR':
    case 'DRAFT':
      return 'draft';
    case 'PENDIENTE_RIPS':
    case 'PENDIENTE_XML':
      return 'partial';
    default:
      return /ERROR|RECHAZA/.test(value) ? 'rejected' : 'unknown';
  }
}

/** seed 001 §4: ERROR is rejected but also shown as an error. */
export function isErrorEstado(estado: string | null | undefined): boolean {
  return (estado ?? '').toUpperCase() === 'ERROR';
}

/**
 * The list's status icon label: the one status label of contracts (the list said 'Parcial' where the detail
 * said 'Pendiente XML'); the seed's group label only for a status Radica does not know.
 */
export function estadoGroupLabel(estado: string | null | undefined): string {
  return isKnownEstado(estado) ? ESTADO_ETIQUETAS[estado] : ESTADO_GROUP_LABELS[estadoGroup(estado)];
}

/** seed 001 §2 row action "send (pending, in process or processed)". */
export function isRowSendable(estado: string | null | undefined): boolean {
  const group = estadoGroup(estado);
  return group === 'pending' || group === 'ready' || group === 'processing';
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

/**
 * What an empty 'Errores' list says (seed 001 §8 text), except for a document in ERROR: the ministry never answered
 * its last send, so the list is empty for that reason, said with the time of that send. A failed send
 * leaves its time in `fechaModificacion`.
 */
export function noErrorsText(doc: { estado: string; fechaModificacion: string }): string {
  return doc.estado === 'ERROR' ? MSG_MINISTERIO.errorSinRespuesta(formatDateTime(doc.fechaModificacion)) : MSG.hallazgosNoErrors;
}
