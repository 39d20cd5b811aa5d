import type { TSendResult } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { paqueteCompleto } from '@radica/contracts/muv';
import type { TMinisterioDetail, UploadedFileRef } from '../api/types';
import { countRechazados } from './prevalidacion';
import { isRejectedEstado, isSendBlockedEstado } from './estado';
import { kindLabel, type FileKind } from './validate-file';

/** What the editor is doing right now, besides what the document says (mutations pending, timers). */
export type TEditorActivity = {
  /** A send of this document is waiting for the ministry's answer. */
  isSending: boolean;
  /** A file is being uploaded into either slot. */
  isUploadingAny: boolean;
  /** Cancel, reactivate or file removal is pending. */
  isMutating: boolean;
  /** A save or send succeeded and the page is about to return to the list. */
  isRedirecting: boolean;
};

/** The decisions of the document editor (seed 001 §2 "Document detail and new report", §4 guards). */
export type TEditorState = {
  isApproved: boolean;
  isCancelled: boolean;
  isRejected: boolean;
  /** ENPROCESO, a queued send, or a send pending on this screen. */
  isInFlight: boolean;
  /** Every action button is disabled. */
  isBusy: boolean;
  /** The upload zones refuse files and hide their remove button. */
  isFilesLocked: boolean;
  hasAnyFile: boolean;
  canSend: boolean;
  /** Why the send button is disabled, or null. */
  hint: string | null;
  showErrors: boolean;
  showNotifications: boolean;
  /** Local prevalidation findings the ministry would reject; > 0 asks for confirmation before sending. */
  rechazadosLocales: number;
};

/**
 * Why a document cannot be sent yet (seed 001 §4: both files, or the one its package type needs, not accepted, not cancelled, not being sent),
 * as the hint under the send button; null when it can be sent.
 */
export function sendHint(doc: TMinisterioDetail | null): string | null {
  if (!doc || (!doc.xml && !doc.json)) return MSG_MINISTERIO.sendHintNoFiles;
  if (!hasPackageFiles(doc)) return doc.xml ? MSG_MINISTERIO.sendHintNoJson : MSG_MINISTERIO.sendHintNoXml;
  if (doc.estado === 'APROBADO') return MSG.documentApprovedLocked;
  if (doc.estado === 'ANULADO') return MSG.documentCancelledLocked;
  if (doc.estado === 'ENPROCESO' || doc.enviandose) return MSG.sendInProgress;
  return null;
}

/**
 * The document holds the files its package needs: both, or the one its MUV endpoint takes alone (a total credit note,
 * a RIPS without invoice…; contracts `paqueteCompleto`, the same decision as the server's).
 */
function hasPackageFiles(doc: TMinisterioDetail): boolean {
  return paqueteCompleto(doc.servicioCarga, { xml: doc.xml, json: doc.json });
}

/**
 * seed 001 §4 (and for single-file packages): a document can be sent when it has its package's files, its
 * status allows it (not APROBADO, ANULADO or ENPROCESO) and nothing else is under way on the screen. The server checks the same guards again.
 */
export function canSend(doc: TMinisterioDetail | null, activity: TEditorActivity): boolean {
  if (!doc || !hasPackageFiles(doc) || isSendBlockedEstado(doc.estado)) return false;
  return !isBusy(doc, activity) && !activity.isUploadingAny;
}

function isInFlight(doc: TMinisterioDetail | null, activity: TEditorActivity): boolean {
  return doc?.estado === 'ENPROCESO' || Boolean(doc?.enviandose) || activity.isSending;
}

function isBusy(doc: TMinisterioDetail | null, activity: TEditorActivity): boolean {
  return isInFlight(doc, activity) || activity.isMutating || activity.isRedirecting;
}

/** Every flag the editor renders from, derived once from the document and the screen's activity. */
export function editorState(doc: TMinisterioDetail | null, activity: TEditorActivity): TEditorState {
  const estado = doc?.estado ?? '';
  const isApproved = estado === 'APROBADO';
  const isRejected = isRejectedEstado(estado);
  const inFlight = isInFlight(doc, activity);
  return {
    isApproved,
    isCancelled: estado === 'ANULADO',
    isRejected,
    isInFlight: inFlight,
    isBusy: isBusy(doc, activity),
    isFilesLocked: isApproved || inFlight,
    hasAnyFile: Boolean(doc && (doc.xml || doc.json)),
    canSend: canSend(doc, activity),
    hint: activity.isSending ? null : sendHint(doc),
    showErrors: doc !== null && (isRejected || doc.errores.length > 0),
    showNotifications: doc !== null && (isApproved || doc.notificaciones.length > 0),
    rechazadosLocales: countRechazados(doc?.prevalidacion),
  };
}

/** The file shown in an upload zone: the stored file's name and size, or a placeholder when only the flag is known. */
export function fileRef(doc: TMinisterioDetail | null, kind: FileKind): UploadedFileRef {
  if (!doc) return null;
  const archivo = kind === 'xml' ? doc.archivoXml : doc.archivoJson;
  if (archivo) return archivo;
  const has = kind === 'xml' ? doc.xml : doc.json;
  return has ? { nombre: `Archivo ${kindLabel(kind)}`, tamanoBytes: 0 } : null;
}

/** 'El Ministerio rechazó el documento: n errores' (a rejection, not a send error; said once). */
export function sendRejectedTitle(result: Pick<TSendResult, 'totalErrores'>): string {
  return MSG_MINISTERIO.rechazoMinisterio(result.totalErrores);
}

/** The server's message of a send that was not approved, when it says more than the title (never the title twice). */
export function sendRejectedDetail(result: Pick<TSendResult, 'totalErrores' | 'mensaje'>): string | undefined {
  const mensaje = result.mensaje?.trim();
  if (!mensaje || mensaje === sendRejectedTitle(result) || mensaje.startsWith(MSG.sendRejected)) return undefined;
  return mensaje;
}

/** The confirmations the editor may ask for. */
export type TConfirm =
  | { kind: 'cancel' }
  | { kind: 'remove'; fileKind: FileKind }
  | { kind: 'save-empty' }
  | { kind: 'send-anyway'; andSave: boolean };

/** Title, text, button and tone of a confirmation (seed 001 §2, §5; for 'send-anyway'). */
export function confirmContent(
  confirm: TConfirm,
  rechazadosLocales: number,
): { title: string; text: string; confirmLabel: string; tone: 'warning' | 'error' } {
  switch (confirm.kind) {
    case 'cancel':
      return {
        title: MSG_MINISTERIO.cancelConfirmTitle,
        text: MSG_MINISTERIO.cancelConfirmText,
        confirmLabel: MSG_MINISTERIO.cancelButton,
        tone: 'error',
      };
    case 'remove':
      return {
        title: MSG_MINISTERIO.removeFileTitle(kindLabel(confirm.fileKind)),
        text: MSG_MINISTERIO.removeFileText(kindLabel(confirm.fileKind)),
        confirmLabel: MSG_MINISTERIO.confirm,
        tone: 'error',
      };
    case 'save-empty':
      return {
        title: MSG_MINISTERIO.saveNoFilesTitle,
        text: MSG_MINISTERIO.saveNoFilesText,
        confirmLabel: MSG_MINISTERIO.confirm,
        tone: 'error',
      };
    case 'send-anyway':
      return {
        title: MSG_MINISTERIO.prevalidacionConfirmTitle,
        text: MSG_MINISTERIO.prevalidacionConfirmText(rechazadosLocales),
        confirmLabel: MSG_MINISTERIO.sendAnyway,
        tone: 'warning',
      };
  }
}
