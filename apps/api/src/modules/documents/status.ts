import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { ESTADOS_ENVIABLES, type TEstado } from '@radica/contracts/enums';
import { paqueteCompleto } from '@radica/contracts/muv';
import { AppError } from '../../lib/errors.ts';
import type { TTipoArchivo } from './analysis.ts';

/**
 * Every status transition and every edit/send guard of a ministry document, in one place. Source: seed 001 §4
 * (statuses APROBADO 500, EN_ESPERA 1, PENDIENTE_RIPS 69, PENDIENTE_XML 96, NO_APROBADO 999, ANULADO 333, and
 * PROCESADO, ENPROCESO, RECHAZADO, ERROR; the actions Send, Cancel, Reactivate, Delete file, Upload), with Radica's
 * additions noted where they apply (decision 002 for ENPROCESO; a send without a verdict keeps the status and waits,
 * docs/decisions/047).
 */
type TDocState = { estado: string };

/** Statuses a single send may start from (the seed's "pending, ENPROCESO or PROCESADO; rejected and error may be resent"). */
export const SENDABLE: readonly TEstado[] = ESTADOS_ENVIABLES;

/**
 * Statuses the bulk send accepts ("procesado, enproceso, rechazado, error in either status field"), plus EN_ESPERA
 * (both files, never sent) and NO_APROBADO (Radica's rejected status). ENPROCESO documents are skipped as being sent.
 */
export const ESTADOS_ENVIO_MASIVO = ['PROCESADO', 'ENPROCESO', 'RECHAZADO', 'ERROR', 'NO_APROBADO', 'EN_ESPERA'] as const;

/** Files may change unless the document is approved (locked for good) or being sent; a cancelled one accepts uploads. */
export function assertEditable(doc: TDocState): void {
  if (doc.estado === 'APROBADO') throw new AppError('DOCUMENT_LOCKED', MSG.documentApprovedLocked);
  if (doc.estado === 'ENPROCESO') throw new AppError('SEND_IN_PROGRESS', MSG.sendInProgress);
}

/** A send may start unless the document is approved, cancelled or already being sent. */
export function assertSendable(doc: TDocState): void {
  if (doc.estado === 'APROBADO') throw new AppError('DOCUMENT_APPROVED', MSG.documentApprovedLocked);
  if (doc.estado === 'ANULADO') throw new AppError('DOCUMENT_LOCKED', MSG.documentCancelledLocked);
  if (doc.estado === 'ENPROCESO') throw new AppError('SEND_IN_PROGRESS', MSG.sendInProgress);
}

/** Cancel: neither cancelled nor approved, nor being sent. */
export function assertCancellable(doc: TDocState): void {
  if (doc.estado === 'ANULADO' || doc.estado === 'APROBADO')
    throw new AppError('ANULAR_NO_PERMITIDO', doc.estado === 'APROBADO' ? MSG_MINISTERIO.aprobadoNoEditable : MSG_MINISTERIO.anularNoPermitido);
  if (doc.estado === 'ENPROCESO') throw new AppError('SEND_IN_PROGRESS', MSG.sendInProgress);
}

/** Reactivate: only a cancelled document, and it needs at least one file. */
export function assertReactivable(doc: TDocState, files: { xml: boolean; json: boolean }): void {
  if (doc.estado !== 'ANULADO') throw new AppError('REACTIVAR_NO_PERMITIDO', MSG_MINISTERIO.reactivarNoPermitido);
  if (!files.xml && !files.json) throw new AppError('SIN_ARCHIVOS', MSG_MINISTERIO.reactivarSinArchivos);
}

/**
 * After a reactivation: a complete package (both files, or the one file its endpoint needs: contracts `paqueteCompleto`,
 *) → PROCESADO, XML only → PENDIENTE_RIPS, else PENDIENTE_XML.
 */
export const estadoPorArchivos = (xml: boolean, json: boolean, endpoint: string | null = null): TEstado =>
  paqueteCompleto(endpoint, { xml, json }) ? 'PROCESADO' : xml ? 'PENDIENTE_RIPS' : 'PENDIENTE_XML';

/** A new document by the file it starts with: an XML waits for its RIPS (PENDIENTE_RIPS), a RIPS for its XML. */
export const estadoInicial = (tipo: TTipoArchivo): TEstado => (tipo === 'xml' ? 'PENDIENTE_RIPS' : 'PENDIENTE_XML');

/**
 * After an upload or a deletion, by the files the document holds and the endpoint they make (`endpoint`, the upload's
 * analysis): a complete package → EN_ESPERA (both files, or e.g. a total credit note or a RIPS without invoice alone:
 * contracts `paqueteCompleto`, seed 001 §4 knows only pairs, docs/spec-deviations.md); a cancelled one stays
 * ANULADO.
 */
export function estadoPorContenido(doc: TDocState, files: { xml: boolean; json: boolean }, endpoint: string | null = null): TEstado {
  if (doc.estado === 'ANULADO') return 'ANULADO';
  return paqueteCompleto(endpoint, files) ? 'EN_ESPERA' : files.xml ? 'PENDIENTE_RIPS' : 'PENDIENTE_XML';
}
