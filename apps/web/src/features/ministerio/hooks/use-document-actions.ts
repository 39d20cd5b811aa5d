import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TSendResult } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { getErrorMessage } from '../../../lib/http';
import { useCancelDocument } from '../api/cancel-document';
import { useDeleteDocumentFile } from '../api/delete-document-file';
import { useReactivateDocument } from '../api/reactivate-document';
import { useSendDocument } from '../api/send-document';
import { useSyncFormato } from '../api/sync-formato';
import type { TMinisterioDetail } from '../api/types';
import { configRequiredMessage, credentialsRejectedMessage, sinRespuestaMessage } from '../utils/config-required';
import { sendRejectedDetail, sendRejectedTitle, type TConfirm } from '../utils/document-editor';
import { forgetCancelledFilter } from '../utils/list-filters';
import { countRechazados } from '../utils/prevalidacion';
import { LONG_TOAST_MS, SAVE_REDIRECT_MS, SEND_REDIRECT_MS } from '../utils/timings';
import { kindLabel, type FileKind } from '../utils/validate-file';
import { useFailureToast } from './use-failure-toast';
/**
 * The document editor's actions (seed 001 §2 "Document detail and new report", §4, §5): send (asking first
 * when local prevalidation found RECHAZADO findings), cancel, reactivate, save, sync with the
 * ministry and remove a file, each with its toasts; the confirmation being asked; the last send's verdict;
 * the redirect to the list after a save or an accepted send. The server re-checks every guard. `configRefusal`
 * keeps the message of a send or sync refused for lack of a provider configuration (412 CONFIG_REQUIRED),
 * `credentialsRefusal` that of a send whose validator login the ministry refused (422 MUV_LOGIN_REJECTED).
 */
export function useDocumentActions(doc: TMinisterioDetail | null) {
  const cancel = useCancelDocument();
  const reactivate = useReactivateDocument();
  const removeFile = useDeleteDocumentFile();
  const sync = useSyncFormato();
  const { fail, onSessionError } = useFailureToast();
  const [confirm, setConfirm] = useState<TConfirm | null>(null);
  const { isRedirecting, redirectToList } = useRedirectToList();
  const { lastSend, configRefusal, setConfigRefusal, credentialsRefusal, doSend, isSending } = useSendAction(doc, redirectToList, onSessionError);
  const hasAnyFile = Boolean(doc && (doc.xml || doc.json));

  const doRemoveFile = async (kind: FileKind) => {
    if (!doc) return;
    try {
      const result = await removeFile.mutateAsync({ id: doc.id, tipoArchivo: kind });
      toast.success(MSG_MINISTERIO.fileRemoved(kindLabel(kind)));
      if (result.documentoAnulado)
        toast.info(MSG_MINISTERIO.documentoAnuladoSinArchivos, { duration: LONG_TOAST_MS });
    } catch (error) {
      fail(error, (m) => m);
    }
  };

  const doCancel = async () => {
    if (!doc) return;
    try {
      await cancel.mutateAsync(doc.id);
      toast.success(MSG_MINISTERIO.anulado);
      redirectToList(SAVE_REDIRECT_MS);
    } catch (error) {
      fail(error, MSG_MINISTERIO.cancelError);
    }
  };

  /** Local RECHAZADO findings ask for confirmation before sending. */
  const onSend = (andSave: boolean) => {
    if (andSave && !hasAnyFile) {
      toast.error(MSG_MINISTERIO.saveAndSendNeedsFile);
      return;
    }
    if (countRechazados(doc?.prevalidacion) > 0) setConfirm({ kind: 'send-anyway', andSave });
    else void doSend(andSave);
  };

  const onActivate = async () => {
    if (!doc) return;
    if (!hasAnyFile) {
      toast.error(MSG_MINISTERIO.activateNeedsFile);
      return;
    }
    try {
      await reactivate.mutateAsync(doc.id);
      toast.success(MSG_MINISTERIO.savedAndActivated);
      forgetCancelledFilter();
      redirectToList(SAVE_REDIRECT_MS);
    } catch (error) {
      fail(error, MSG_MINISTERIO.activateError);
    }
  };

  /** seed 001 §4: saving a document with no file asks first, then cancels it. */
  const onSave = () => {
    if (!doc) {
      toast.error(MSG_MINISTERIO.noIdAfterSave);
      return;
    }
    if (!hasAnyFile && doc.estado !== 'ANULADO') {
      setConfirm({ kind: 'save-empty' });
      return;
    }
    toast.success(MSG_MINISTERIO.saved);
    redirectToList(SAVE_REDIRECT_MS);
  };

  const onSync = async () => {
    if (!doc?.formato) {
      toast.error(MSG_MINISTERIO.syncNeedsFormato);
      return;
    }
    try {
      const result = await sync.mutateAsync(doc.formato);
      if (!result.informacionSincronizada || result.cantidadRegistrosGuardados === 0)
        toast.info(MSG_MINISTERIO.sincronizacionSinDatos);
      else toast.success(result.mensaje || MSG_MINISTERIO.syncDone(result.cantidadRegistrosGuardados));
    } catch (error) {
      const refusal = configRequiredMessage(error);
      setConfigRefusal(refusal);
      if (!refusal) fail(error, MSG_MINISTERIO.syncError);
    }
  };

  const onConfirm = async () => {
    const current = confirm;
    setConfirm(null);
    if (!current) return;
    if (current.kind === 'cancel' || current.kind === 'save-empty') await doCancel();
    else if (current.kind === 'remove') await doRemoveFile(current.fileKind);
    else await doSend(current.andSave);
  };

  return {
    lastSend,
    configRefusal,
    credentialsRefusal,
    confirm,
    askConfirm: setConfirm,
    closeConfirm: () => setConfirm(null),
    onConfirm,
    onSend,
    onSave,
    onActivate,
    onSync,
    isSending,
    isReactivating: reactivate.isPending,
    isSyncing: sync.isPending,
    /** Cancel, reactivate or file removal pending. */
    isMutating: cancel.isPending || reactivate.isPending || removeFile.isPending,
    isRedirecting,
  };
}

/** The redirect to the list after a save or an accepted send (`afterMs` to read the toast); cleared on unmount. */
function useRedirectToList() {
  const navigate = useNavigate();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  const redirectToList = (afterMs: number) => {
    setIsRedirecting(true);
    redirectTimer.current = setTimeout(() => navigate('/ministerio'), afterMs);
  };
  return { isRedirecting, redirectToList };
}

/**
 * Sending the document to the ministry: the last send's verdict, and the refusals explained on the page instead of by
 * a toast (no provider configuration, validator credentials refused). `setConfigRefusal` is shared with the sync.
 */
function useSendAction(doc: TMinisterioDetail | null, redirectToList: (afterMs: number) => void, onSessionError: (error: unknown) => boolean) {
  const send = useSendDocument();
  const [lastSend, setLastSend] = useState<TSendResult | null>(null);
  const [configRefusal, setConfigRefusal] = useState<string | null>(null);
  const [credentialsRefusal, setCredentialsRefusal] = useState<string | null>(null);

  const doSend = async (andSave: boolean) => {
    if (!doc) return;
    if (doc.id <= 0) {
      toast.error(MSG.invalidDocumentId);
      return;
    }
    setLastSend(null);
    setConfigRefusal(null);
    setCredentialsRefusal(null);
    try {
      const result = await send.mutateAsync(doc.id);
      setLastSend(result);
      if (result.exitoso) {
        toast.success(MSG.sendSucceeded, {
          description: MSG_MINISTERIO.sentDescription(result.cuv ?? MSG.cuvUnavailable, result.totalNotificaciones),
          duration: LONG_TOAST_MS,
        });
        redirectToList(SEND_REDIRECT_MS);
      } else {
        toast.error(sendRejectedTitle(result), { description: sendRejectedDetail(result) });
      }
    } catch (error) {
      if (onSessionError(error)) return;
      // A missing configuration is explained by the page's notice, not also by a toast.
      const refusal = configRequiredMessage(error);
      setConfigRefusal(refusal);
      if (refusal) return;
      // Wrong validator credentials: explained on the page with the way to Configuración, not a 3 s toast.
      const rejected = credentialsRejectedMessage(error);
      setCredentialsRefusal(rejected);
      if (rejected) return;
      // No verdict from the ministry (docs/decisions/047): not a failure of the document; Radica retries by itself and
      // the page shows the wait. Said as a warning that stays long enough to read the time of the next retry.
      const sinRespuesta = sinRespuestaMessage(error);
      if (sinRespuesta) {
        toast.warning(sinRespuesta, { duration: LONG_TOAST_MS });
        return;
      }
      if (andSave) toast.error(MSG_MINISTERIO.saveAndSendError(getErrorMessage(error, MSG.unknownError)));
      else toast.error(getErrorMessage(error, MSG.sendError));
    }
  };
  return { lastSend, configRefusal, setConfigRefusal, credentialsRefusal, doSend, isSending: send.isPending };
}
