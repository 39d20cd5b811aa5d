import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { getErrorMessage } from '../../../lib/http';
import { BATCH_SUMMARY_POLL_MS, getBulkSendSummary, useBulkSendDocuments } from '../api/bulk-send-documents';
import { delay } from '../../../lib/format';
import { getMinistryAnswers } from '../api/get-ministry-answers';
import { getReportRows } from '../api/get-report-rows';
import { answersZipName, buildAnswersZip } from '../utils/answers-zip';
import { downloadFile, XLSX_MIME } from '../utils/download-file';
import { buildReportXlsx, reportFileName } from '../utils/report-excel';
import { bulkLeftOut, bulkSendableIds, validFormatos, type TSelectedDoc } from '../utils/selection';
import { LIST_TOAST_MS, LONG_TOAST_MS } from '../utils/timings';
import { useSessionExpiry } from './use-session-expiry';

/** How long a batch's summary is waited for: 30 minutes of polls. */
const BATCH_SUMMARY_MAX_POLLS = 600;

/** What the bulk send's confirmation shows: the ids it will queue and the selected documents it leaves out. */
export type TBulkSendConfirm = { ids: number[]; omitidos: { formato: string; motivo: string }[] };

/** Which bulk action is running. */
export type TBulkBusy = 'send' | 'report' | 'answers' | null;

/**
 * The bulk bar's actions on the selected documents (seed 001 §2, §5, §8): queue them for sending after a confirmation
 * (only the sendable ones; the left-out ones are named with why, the selection empties once some were
 * queued, and a summary comes when the batch ends), download the Excel report, download the ministry's answers as a ZIP. Each refuses an empty selection or one without valid formatos with a toast.
 */
export function useBulkActions(items: TSelectedDoc[], onQueued: () => void) {
  const [busy, setBusy] = useState<TBulkBusy>(null);
  const [confirmSend, setConfirmSend] = useState<TBulkSendConfirm | null>(null);
  const bulkSend = useBulkSendDocuments();
  const onSessionError = useSessionExpiry();
  const followBatch = useFollowBatch();
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

  /** 'Enviar Seleccionados': asks first, naming the selected documents that will be left out and why. */
  const onBulkSend = () => {
    if (!formatosOrExplain(MSG_MINISTERIO.noValidFormatos)) return;
    const ids = bulkSendableIds(items);
    if (ids.length === 0) return void toast.error(MSG_MINISTERIO.sinEstadoValidoEnvio, options);
    setConfirmSend({ ids, omitidos: bulkLeftOut(items) });
  };

  const confirmBulkSend = async () => {
    if (!confirmSend) return;
    const { ids, omitidos: locales } = confirmSend;
    setConfirmSend(null);
    setBusy('send');
    const desde = new Date().toISOString();
    try {
      const result = await bulkSend.mutateAsync(ids);
      const omitidos = [...locales, ...result.detalleOmitidos.map((o) => ({ formato: o.formato, motivo: o.motivo }))];
      if (result.encolados === 0) {
        toast.error(omitidos.length > 0 ? MSG_MINISTERIO.envioMasivoOmitidos(omitidos) : MSG_MINISTERIO.sinEstadoValidoEnvio, options);
      } else {
        toast.success(MSG_MINISTERIO.bulkQueued(result.encolados), options);
        if (omitidos.length > 0) toast.warning(MSG_MINISTERIO.envioMasivoOmitidos(omitidos), { duration: LONG_TOAST_MS });
        const left = new Set(result.detalleOmitidos.map((o) => o.id));
        onQueued();
        void followBatch({ ids: ids.filter((id) => !left.has(id)), desde });
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

  return {
    busy,
    onBulkSend,
    confirmSend,
    confirmBulkSend,
    cancelBulkSend: () => setConfirmSend(null),
    onReport,
    onAnswers,
  };
}

/**
 * The batch's summary once no send of it is running any more: asked for every
 * {@link BATCH_SUMMARY_POLL_MS} until then (at most {@link BATCH_SUMMARY_MAX_POLLS} times), while mounted, and said
 * in a toast (a warning when some were not approved, not sent or got no answer).
 */
function useFollowBatch() {
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const followBatch = async (batch: { ids: number[]; desde: string }) => {
    for (let i = 0; i < BATCH_SUMMARY_MAX_POLLS && alive.current; i++) {
      if (i > 0) await delay(BATCH_SUMMARY_POLL_MS);
      if (!alive.current) return;
      let r;
      try {
        r = await getBulkSendSummary(batch);
      } catch {
        continue;
      }
      if (r.enCurso > 0) continue;
      const text = MSG_MINISTERIO.envioMasivoTerminado({ aprobados: r.aprobados, noAprobados: r.noAprobados.length, sinEnviar: r.sinEnviar, sinRespuesta: r.sinRespuesta });
      const detalle = MSG_MINISTERIO.envioMasivoTerminadoDetalle(r.noAprobados);
      const show = r.noAprobados.length > 0 || r.sinEnviar > 0 || r.sinRespuesta > 0 ? toast.warning : toast.success;
      show(text, { description: detalle || undefined, duration: LONG_TOAST_MS });
      return;
    }
  };
  return followBatch;
}
