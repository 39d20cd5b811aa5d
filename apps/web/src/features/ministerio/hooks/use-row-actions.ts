import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { getMinistryAnswers } from '../api/get-ministry-answers';
import { useReactivateDocument } from '../api/reactivate-document';
import { useSendDocument } from '../api/send-document';
import type { TMinisterioRow } from '../api/types';
import type { TRowActionHandlers } from '../components/row-actions';
import { answerFileName, answerJson } from '../utils/answers-zip';
import { configRequiredMessage, sinRespuestaMessage } from '../utils/config-required';
import { downloadFile } from '../utils/download-file';
import { LIST_TOAST_MS } from '../utils/timings';
import { useFailureToast } from './use-failure-toast';

/**
 * A list row's actions (seed 001 §2 "Row actions"): view details (side panel), view errors (side panel), copy
 * the CUV, download the ministry's answer, send, reactivate. `busyRowId` is the row whose send or reactivation
 * is pending. `configRefusal` keeps the message of a send refused for lack of a provider configuration (412
 * CONFIG_REQUIRED) so the list explains it with its notice, instead of a toast.
 */
export function useRowActions() {
  const [busyRowId, setBusyRowId] = useState<number | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [errorsRow, setErrorsRow] = useState<TMinisterioRow | null>(null);
  const [configRefusal, setConfigRefusal] = useState<string | null>(null);
  const send = useSendDocument();
  const reactivate = useReactivateDocument();
  const { fail } = useFailureToast(LIST_TOAST_MS);
  const options = { duration: LIST_TOAST_MS };

  const handlers: TRowActionHandlers = {
    onDetails: (row) => setDetailsId(row.id),
    onErrors: (row) => setErrorsRow(row),
    onCopyCuv: async (row) => {
      if (!row.cuv) {
        toast.info(MSG.cuvUnavailable, options);
        return;
      }
      try {
        await navigator.clipboard.writeText(row.cuv);
        toast.success(MSG_MINISTERIO.cuvCopiedShort, options);
      } catch {
        toast.error(MSG_MINISTERIO.clipboardError, options);
      }
    },
    onDownloadAnswer: async (row) => {
      try {
        const answers = await getMinistryAnswers([row.formato]);
        const answer = answers.find((a) => a.formato === row.formato && a.respuesta != null);
        if (!answer) {
          toast.info(MSG_MINISTERIO.noInfoForDocument, options);
          return;
        }
        downloadFile(answerJson(answer), answerFileName(answer), 'application/json');
        toast.success(MSG_MINISTERIO.answerDownloaded, options);
      } catch (error) {
        fail(error, MSG_MINISTERIO.downloadAnswerError);
      }
    },
    onSend: async (row) => {
      setBusyRowId(row.id);
      try {
        const result = await send.mutateAsync(row.id);
        if (result.exitoso) toast.success(MSG_MINISTERIO.documentSent, options);
        // Queued behind the company's other sends (202): not an error; the list shows the result when it comes.
        else if (result.enCola) toast.info(result.mensaje, options);
        else toast.error(MSG_MINISTERIO.sendDocumentError(result.mensaje), options);
      } catch (error) {
        // A missing configuration is explained by the list's notice, not also by a toast.
        const refusal = configRequiredMessage(error);
        const sinRespuesta = sinRespuestaMessage(error);
        if (refusal) setConfigRefusal(refusal);
        // No verdict from the ministry (docs/decisions/047): Radica retries by itself; the row shows the wait.
        else if (sinRespuesta) toast.warning(sinRespuesta, options);
        else fail(error, MSG_MINISTERIO.sendDocumentError);
      } finally {
        setBusyRowId(null);
      }
    },
    onReactivate: async (row) => {
      if (!row.xml && !row.json) {
        toast.error(MSG_MINISTERIO.reactivarSinArchivos, options);
        return;
      }
      setBusyRowId(row.id);
      try {
        await reactivate.mutateAsync(row.id);
        toast.success(MSG_MINISTERIO.reactivado, options);
      } catch (error) {
        fail(error, MSG_MINISTERIO.reactivateError);
      } finally {
        setBusyRowId(null);
      }
    },
  };

  return {
    handlers,
    busyRowId,
    detailsId,
    closeDetails: () => setDetailsId(null),
    errorsRow,
    closeErrors: () => setErrorsRow(null),
    configRefusal,
    clearConfigRefusal: () => setConfigRefusal(null),
  };
}
