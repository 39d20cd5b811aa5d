import { useState } from 'react';
import { toast } from 'sonner';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { getErrorMessage } from '../../../lib/http';
import { useBulkSendDocuments } from '../api/bulk-send-documents';
import { getMinistryAnswers } from '../api/get-ministry-answers';
import { getReportRows } from '../api/get-report-rows';
import { answersZipName, buildAnswersZip } from '../utils/answers-zip';
import { downloadFile, XLSX_MIME } from '../utils/download-file';
import { buildReportXlsx, reportFileName } from '../utils/report-excel';
import { bulkSendableIds, validFormatos, type TSelectedDoc } from '../utils/selection';
import { LIST_TOAST_MS } from '../utils/timings';
import { useSessionExpiry } from './use-session-expiry';

/** Which bulk action is running. */
export type TBulkBusy = 'send' | 'report' | 'answers' | null;

/**
 * The bulk bar's actions on the selected documents (seed 001 §2, §5, §8): queue them for sending (only the
 * sendable ones; the selection empties once some were queued), download the Excel report, download the
 * ministry's answers as a ZIP. Each refuses an empty selection or one without valid formatos with a toast.
 */
export function useBulkActions(items: TSelectedDoc[], onQueued: () => void) {
  const [busy, setBusy] = useState<TBulkBusy>(null);
  const bulkSend = useBulkSendDocuments();
  const onSessionError = useSessionExpiry();
  const options = { duration: LIST_TOAST_MS };
  const failWith = (title: string, error: unknown) => {
    if (!onSessionError(error)) toast.error(title, { description: getErrorMessage(error), ...options });
  };
  /** The selection's valid formatos, or null after telling the user why there are none. */
  const formatosOrExplain = (noneMessage: string): string[] | null => {
    const formatos = validFormatos(items);
    if (items.length === 0) toast.error(MSG_MINISTERIO.noHayDocumentosSeleccionados, options);
    else if (formatos.length === 0) toast.error(noneMessage, options);
    return formatos.length > 0 ? formatos : null;
  };

  const onBulkSend = async () => {
    if (!formatosOrExplain(MSG_MINISTERIO.noValidFormatos)) return;
    const ids = bulkSendableIds(items);
    if (ids.length === 0) return void toast.error(MSG_MINISTERIO.sinEstadoValidoEnvio, options);
    setBusy('send');
    try {
      const result = await bulkSend.mutateAsync(ids);
      if (result.encolados === 0) {
        toast.error(
          result.omitidos > 0
            ? MSG_MINISTERIO.bulkSendFailed(result.omitidos)
            : MSG_MINISTERIO.sinEstadoValidoEnvio,
          options,
        );
      } else {
        toast.success(MSG_MINISTERIO.bulkQueued(result.encolados), options);
        if (result.omitidos > 0) toast.warning(MSG_MINISTERIO.bulkSendFailed(result.omitidos), options);
        onQueued();
      }
    } catch (error) {
      failWith(MSG_MINISTERIO.bulkSendError, error);
    } finally {
      setBusy(null);
    }
  };

  const onReport = async () => {
    const formatos = formatosOrExplain(MSG_MINISTERIO.noValidFormatosReport);
    if (!formatos) return;
    setBusy('report');
    try {
      let reportRows;
      try {
        reportRows = await getReportRows(formatos);
      } catch (error) {
        return failWith(MSG_MINISTERIO.reportError, error);
      }
      if (reportRows.length === 0) return void toast.info(MSG_MINISTERIO.noReportData, options);
      try {
        downloadFile(await buildReportXlsx(reportRows), reportFileName(), XLSX_MIME);
        toast.success(MSG_MINISTERIO.excelDownloaded, options);
      } catch {
        toast.error(MSG_MINISTERIO.excelError, options);
      }
    } finally {
      setBusy(null);
    }
  };

  const onAnswers = async () => {
    const formatos = formatosOrExplain(MSG_MINISTERIO.noValidFormatos);
    if (!formatos) return;
    setBusy('answers');
    try {
      let answers;
      try {
        answers = await getMinistryAnswers(formatos);
      } catch (error) {
        return failWith(MSG_MINISTERIO.zipError, error);
      }
      if (answers.length === 0) return void toast.info(MSG_MINISTERIO.noApprovedInSelection, options);
      try {
        const zip = buildAnswersZip(answers);
        if (!zip) return void toast.info(MSG_MINISTERIO.noAnswersFound, options);
        downloadFile(zip, answersZipName(), 'application/zip');
        toast.success(MSG_MINISTERIO.zipDownloaded(answers.length), options);
      } catch {
        toast.error(MSG_MINISTERIO.zipError, options);
      }
    } finally {
      setBusy(null);
    }
  };

  return { busy, onBulkSend, onReport, onAnswers };
}
