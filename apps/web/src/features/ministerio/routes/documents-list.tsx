import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FilePlus2, Search } from 'lucide-react';
import { LIST_PAGE_SIZE, TIPOS_DOCUMENTO } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { MSG_MIN_WEB } from '@radica/contracts/messages-ministerio-web';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Select } from '../../../components/ui/form-field';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useBulkSendDocuments } from '../api/bulk-send-documents';
import { getMinistryAnswers } from '../api/get-ministry-answers';
import { getPageFormatos } from '../api/get-page-formatos';
import { useProviderStatus } from '../api/get-provider-status';
import { getReportRows } from '../api/get-report-rows';
import { useReactivateDocument } from '../api/reactivate-document';
import { searchDocuments, useSearchDocuments } from '../api/search-documents';
import { useSendDocument } from '../api/send-document';
import type { TListFilters, TMinisterioRow } from '../api/types';
import { BulkBar } from '../components/bulk-bar';
import { DateRangePicker } from '../components/date-range-picker';
import { DetailsPanel } from '../components/details-panel';
import { DocumentsCards } from '../components/documents-cards';
import { DocumentsTable, type TSelectionProps } from '../components/documents-table';
import { ErrorsPanel } from '../components/errors-panel';
import { Pagination } from '../components/pagination';
import type { TRowActionHandlers } from '../components/row-actions';
import { useIsPhone } from '../hooks/use-is-phone';
import { useSessionExpiry } from '../hooks/use-session-expiry';
import { answerFileName, answerJson, answersZipName, buildAnswersZip } from '../utils/answers-zip';
import { downloadFile, XLSX_MIME } from '../utils/download-file';
import {
  applyFilterChange,
  EMPTY_FILTERS,
  hasActiveFilters,
  loadListState,
  saveListState,
  SELECT_ALL_LIMIT,
  toPageFormatosRequest,
  toSearchRequest,
  type TStoredListState,
} from '../utils/list-filters';
import { buildReportXlsx, reportFileName } from '../utils/report-excel';
import {
  bulkSendableIds,
  selectAllResults,
  selectionMayHaveApproved,
  toSelected,
  validFormatos,
  type TSelectedDoc,
} from '../utils/selection';

/** seed 001 §9: the search text waits 1 s. */
const SEARCH_DEBOUNCE_MS = 1000;
/** seed 001 §8, §9: list toasts last 3 s. */
const TOAST_MS = 3000;

/** Status filter (seed 001 §7): no choice searches with EXCLUDE_ANULADO; 'Anulados' shows the cancelled ones. */
const ESTADO_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: MSG_MIN_WEB.allStatuses },
  { value: 'APROBADO', label: 'Aprobados' },
  { value: 'NO_APROBADO', label: 'No aprobados' },
  { value: 'EN_ESPERA', label: 'En espera' },
  { value: 'PROCESADO', label: 'Listos para envío' },
  { value: 'PENDIENTE_XML', label: 'Pendiente XML' },
  { value: 'PENDIENTE_RIPS', label: 'Pendiente JSON' },
  { value: 'ANULADO', label: 'Anulados' },
];

type TBusy = 'send' | 'report' | 'answers' | null;

/** /ministerio: the documents list (seed 001 §2 "Ministry documents list"). */
export function DocumentsListRoute() {
  const [listState, setListState] = useState<TStoredListState>(() => loadListState());
  const { filters, page: storedPage } = listState;
  const [searchText, setSearchText] = useState(filters.formato);
  const [selected, setSelected] = useState<Map<number, TSelectedDoc>>(() => new Map());
  const [isAllResults, setIsAllResults] = useState(false);
  const [isSelectingAll, setIsSelectingAll] = useState(false);
  const [busy, setBusy] = useState<TBusy>(null);
  const [busyRowId, setBusyRowId] = useState<number | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [errorsRow, setErrorsRow] = useState<TMinisterioRow | null>(null);
  const isPhone = useIsPhone();
  const onSessionError = useSessionExpiry();
  const send = useSendDocument();
  const reactivate = useReactivateDocument();
  const bulkSend = useBulkSendDocuments();
  const provider = useProviderStatus();
  const isProviderMissing = provider.data?.configurado === false;
  useEffect(() => {
    if (isProviderMissing) toast.warning(MSG.configNotFound, { id: 'provider-missing', duration: TOAST_MS });
  }, [isProviderMissing]);

  useEffect(() => saveListState(listState), [listState]);

  const clearSelection = () => {
    setSelected(new Map());
    setIsAllResults(false);
  };
  const changeFilters = (patch: Partial<TListFilters>) => {
    setListState((prev) => {
      const next = applyFilterChange(prev, patch);
      if (next !== prev) clearSelection();
      return next;
    });
  };
  // The search text is one more filter, applied 1 s after the last keystroke (seed 001 §9).
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const onSearchChange = (text: string) => {
    setSearchText(text);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => changeFilters({ formato: text.trim() }), SEARCH_DEBOUNCE_MS);
  };

  // A saved page beyond the last one (documents removed since) shows the last page.
  const [knownLastPage, setKnownLastPage] = useState(0);
  const page = knownLastPage > 0 && storedPage > knownLastPage ? knownLastPage : storedPage;
  const params = useMemo(() => toSearchRequest(filters, page), [filters, page]);
  const query = useSearchDocuments(params);
  const lastPage = query.data?.totalPages ?? 0;
  if (query.data && !query.isPlaceholderData && lastPage !== knownLastPage) setKnownLastPage(lastPage);
  const errorMessage = query.isError ? getErrorMessage(query.error, MSG.unknownError) : null;

  useEffect(() => {
    if (!query.isError) return;
    if (onSessionError(query.error)) return;
    toast.error(MSG.documentsLoadError(getErrorMessage(query.error, MSG.unknownError)), {
      id: 'documents-load-error',
      duration: TOAST_MS,
    });
  }, [query.isError, query.error, onSessionError]);

  const rows = query.data?.results.data ?? [];
  const totalRecords = query.data?.totalRecords ?? 0;
  const totalPages = query.data?.totalPages ?? 0;
  const items = [...selected.values()];
  const sendingCount = rows.filter((r) => r.enviandose).length;

  const fail = (error: unknown, text: (reason: string) => string) => {
    if (onSessionError(error)) return;
    toast.error(text(getErrorMessage(error, MSG.unknownError)), { duration: TOAST_MS });
  };

  // Row actions (seed 001 §2 "Row actions").
  const handlers: TRowActionHandlers = {
    onDetails: (row) => setDetailsId(row.id),
    onErrors: (row) => setErrorsRow(row),
    onCopyCuv: async (row) => {
      if (!row.cuv) {
        toast.info(MSG.cuvUnavailable, { duration: TOAST_MS });
        return;
      }
      try {
        await navigator.clipboard.writeText(row.cuv);
        toast.success(MSG_MIN_WEB.cuvCopiedShort, { duration: TOAST_MS });
      } catch {
        toast.error(MSG_MIN_WEB.clipboardError, { duration: TOAST_MS });
      }
    },
    onDownloadAnswer: async (row) => {
      try {
        const answers = await getMinistryAnswers([row.formato]);
        const answer = answers.find((a) => a.formato === row.formato && a.respuesta != null);
        if (!answer) {
          toast.info(MSG_MIN_WEB.noInfoForDocument, { duration: TOAST_MS });
          return;
        }
        downloadFile(answerJson(answer), answerFileName(row.formato), 'application/json');
        toast.success(MSG_MIN_WEB.answerDownloaded, { duration: TOAST_MS });
      } catch (error) {
        fail(error, MSG_MIN_WEB.downloadAnswerError);
      }
    },
    onSend: async (row) => {
      setBusyRowId(row.id);
      try {
        const result = await send.mutateAsync(row.id);
        if (result.exitoso) toast.success(MSG_MIN_WEB.documentSent, { duration: TOAST_MS });
        else toast.error(MSG_MIN_WEB.sendDocumentError(result.mensaje), { duration: TOAST_MS });
      } catch (error) {
        fail(error, MSG_MIN_WEB.sendDocumentError);
      } finally {
        setBusyRowId(null);
      }
    },
    onReactivate: async (row) => {
      if (!row.xml && !row.json) {
        toast.error(MSG_MIN_WEB.reactivateNeedsFile, { duration: TOAST_MS });
        return;
      }
      setBusyRowId(row.id);
      try {
        await reactivate.mutateAsync(row.id);
        toast.success(MSG_MIN_WEB.reactivated, { duration: TOAST_MS });
      } catch (error) {
        fail(error, MSG_MIN_WEB.reactivateError);
      } finally {
        setBusyRowId(null);
      }
    },
  };

  // Selection (seed 001 §2, §7, §9).
  const isPageSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const onToggleAll = async () => {
    if (isAllResults || isPageSelected) {
      clearSelection();
      return;
    }
    setIsSelectingAll(true);
    try {
      const result = await selectAllResults({
        pageFormatos: () => getPageFormatos(toPageFormatosRequest(filters, LIST_PAGE_SIZE)),
        searchAll: async (limit) => (await searchDocuments(toSearchRequest(filters, 1, limit))).results.data,
        currentPage: rows,
      });
      // Rows on screen keep their known status.
      const known = new Map(rows.map((r) => [r.id, r.estado]));
      setSelected(
        new Map(result.items.map((i) => [i.id, { ...i, estado: i.estado ?? known.get(i.id) }] as const)),
      );
      setIsAllResults(
        result.items.length >= Math.min(totalRecords, SELECT_ALL_LIMIT) && result.items.length > 0,
      );
    } finally {
      setIsSelectingAll(false);
    }
  };
  const selection: TSelectionProps = {
    isSelected: (id) => selected.has(id),
    onToggle: (row) => {
      setSelected((prev) => {
        const next = new Map(prev);
        if (next.has(row.id)) next.delete(row.id);
        else next.set(row.id, toSelected(row));
        return next;
      });
      setIsAllResults(false);
    },
    isAllSelected: isAllResults || isPageSelected,
    isSomeSelected: selected.size > 0,
    onToggleAll: () => void onToggleAll(),
    isSelectingAll,
  };

  // Bulk actions (seed 001 §2, §5, §8).
  const onBulkSend = async () => {
    if (items.length === 0) return void toast.error(MSG_MIN_WEB.noneSelected, { duration: TOAST_MS });
    if (validFormatos(items).length === 0)
      return void toast.error(MSG_MIN_WEB.noValidFormatos, { duration: TOAST_MS });
    const ids = bulkSendableIds(items);
    if (ids.length === 0) return void toast.error(MSG_MIN_WEB.noValidStatusForBulk, { duration: TOAST_MS });
    setBusy('send');
    try {
      const result = await bulkSend.mutateAsync(ids);
      if (result.encolados === 0) {
        toast.error(
          result.omitidos > 0
            ? MSG_MIN_WEB.bulkSendFailed(result.omitidos)
            : MSG_MIN_WEB.noValidStatusForBulk,
          { duration: TOAST_MS },
        );
      } else {
        toast.success(MSG_MIN_WEB.bulkQueued(result.encolados), { duration: TOAST_MS });
        if (result.omitidos > 0)
          toast.warning(MSG_MIN_WEB.bulkSendFailed(result.omitidos), { duration: TOAST_MS });
        clearSelection();
      }
    } catch (error) {
      if (!onSessionError(error))
        toast.error(MSG_MIN_WEB.bulkSendError, { description: getErrorMessage(error), duration: TOAST_MS });
    } finally {
      setBusy(null);
    }
  };

  const onReport = async () => {
    if (items.length === 0) return void toast.error(MSG_MIN_WEB.noneSelected, { duration: TOAST_MS });
    const formatos = validFormatos(items);
    if (formatos.length === 0)
      return void toast.error(MSG_MIN_WEB.noValidFormatosReport, { duration: TOAST_MS });
    setBusy('report');
    try {
      let reportRows;
      try {
        reportRows = await getReportRows(formatos);
      } catch (error) {
        if (!onSessionError(error))
          toast.error(MSG_MIN_WEB.reportError, { description: getErrorMessage(error), duration: TOAST_MS });
        return;
      }
      if (reportRows.length === 0) return void toast.info(MSG_MIN_WEB.noReportData, { duration: TOAST_MS });
      try {
        const bytes = await buildReportXlsx(reportRows);
        downloadFile(bytes, reportFileName(), XLSX_MIME);
        toast.success(MSG_MIN_WEB.excelDownloaded, { duration: TOAST_MS });
      } catch {
        toast.error(MSG_MIN_WEB.excelError, { duration: TOAST_MS });
      }
    } finally {
      setBusy(null);
    }
  };

  const onAnswers = async () => {
    if (items.length === 0) return void toast.error(MSG_MIN_WEB.noneSelected, { duration: TOAST_MS });
    const formatos = validFormatos(items);
    if (formatos.length === 0) return void toast.error(MSG_MIN_WEB.noValidFormatos, { duration: TOAST_MS });
    setBusy('answers');
    try {
      let answers;
      try {
        answers = await getMinistryAnswers(formatos);
      } catch (error) {
        if (!onSessionError(error))
          toast.error(MSG_MIN_WEB.zipError, { description: getErrorMessage(error), duration: TOAST_MS });
        return;
      }
      if (answers.length === 0)
        return void toast.info(MSG_MIN_WEB.noApprovedInSelection, { duration: TOAST_MS });
      try {
        const zip = buildAnswersZip(answers);
        if (!zip) return void toast.info(MSG_MIN_WEB.noAnswersFound, { duration: TOAST_MS });
        downloadFile(zip, answersZipName(), 'application/zip');
        toast.success(MSG_MIN_WEB.zipDownloaded(answers.length), { duration: TOAST_MS });
      } catch {
        toast.error(MSG_MIN_WEB.zipError, { duration: TOAST_MS });
      }
    } finally {
      setBusy(null);
    }
  };

  const showAnswers = selectionMayHaveApproved(items, filters.estado);
  const firstRowNumber = (page - 1) * LIST_PAGE_SIZE + 1;

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Reportes FEV/RIPS</h2>
          <p className="text-sm text-slate-500">
            Facturas electrónicas y RIPS reportados al Ministerio de Salud.
          </p>
        </div>
        <Link to="/ministerio/nuevo" className={buttonClasses('primary')}>
          <FilePlus2 aria-hidden="true" className="size-4" /> {MSG_MIN_WEB.newReport}
        </Link>
      </div>

      {isProviderMissing && (
        <Alert tone="info" title={MSG.providerEmpty}>
          <p>{MSG.configNotFound}</p>
          <Link to="/settings?tab=ministerio" className={buttonClasses('secondary', 'sm', 'mt-2')}>
            {MSG.providerConfigure}
          </Link>
        </Alert>
      )}

      <Card>
        <div className="grid gap-3 border-b border-slate-100 p-4 md:grid-cols-2 xl:grid-cols-4">
          <div className="relative md:col-span-2">
            <span className="mb-1 block text-xs font-medium text-slate-600">{MSG_MIN_WEB.searchLabel}</span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute bottom-3 left-3 size-4 text-slate-400"
            />
            <Input
              type="search"
              aria-label={MSG_MIN_WEB.searchLabel}
              placeholder={MSG.documentsSearchPlaceholder}
              value={searchText}
              onChange={(e) => onSearchChange(e.target.value)}
              className="pl-9"
            />
          </div>
          <div>
            <label htmlFor="filtro-tipo" className="mb-1 block text-xs font-medium text-slate-600">
              {MSG_MIN_WEB.filterType}
            </label>
            <Select
              id="filtro-tipo"
              value={filters.tipoDocumento}
              onChange={(e) => changeFilters({ tipoDocumento: e.target.value })}
            >
              <option value="">{MSG_MIN_WEB.allTypes}</option>
              {Object.entries(TIPOS_DOCUMENTO).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor="filtro-estado" className="mb-1 block text-xs font-medium text-slate-600">
              {MSG_MIN_WEB.filterStatus}
            </label>
            <Select
              id="filtro-estado"
              value={filters.estado}
              onChange={(e) => changeFilters({ estado: e.target.value })}
            >
              {ESTADO_FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
          <div className="xl:col-span-2">
            <DateRangePicker
              label={MSG_MIN_WEB.filterCreated}
              testId="filtro-fecha-creacion"
              from={filters.fechaCreacionDesde}
              to={filters.fechaCreacionHasta}
              onChange={({ from, to }) => changeFilters({ fechaCreacionDesde: from, fechaCreacionHasta: to })}
            />
          </div>
          <div className="xl:col-span-2">
            <DateRangePicker
              label={MSG_MIN_WEB.filterFiled}
              testId="filtro-fecha-radicacion"
              from={filters.fechaRadicacionDesde}
              to={filters.fechaRadicacionHasta}
              onChange={({ from, to }) =>
                changeFilters({ fechaRadicacionDesde: from, fechaRadicacionHasta: to })
              }
            />
          </div>
          <div className="flex items-end justify-end md:col-span-2 xl:col-span-4">
            <Button
              variant="ghost"
              disabled={!hasActiveFilters(filters) && !searchText}
              onClick={() => {
                clearTimeout(searchTimer.current);
                setSearchText('');
                changeFilters(EMPTY_FILTERS);
              }}
            >
              {MSG_MIN_WEB.clearFilters}
            </Button>
          </div>
        </div>

        {selected.size > 0 && (
          <BulkBar
            count={selected.size}
            isAllResults={isAllResults}
            showAnswers={showAnswers}
            busy={busy}
            onSend={() => void onBulkSend()}
            onReport={() => void onReport()}
            onAnswers={() => void onAnswers()}
            onClear={clearSelection}
          />
        )}
        {sendingCount > 0 && (
          <p
            role="status"
            className="flex items-center gap-2 border-b border-indigo-100 bg-indigo-50 px-4 py-2 text-sm text-indigo-800"
          >
            <Spinner /> {MSG_MIN_WEB.bulkProgress(sendingCount)}
          </p>
        )}

        {query.isPending ? (
          <LoadingScreen text={MSG.uiLoading} />
        ) : query.isError && !query.data ? (
          <div className="p-4">
            <Alert tone="error">
              <p>{MSG.documentsLoadError(errorMessage ?? '')}</p>
              <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
                Reintentar
              </Button>
            </Alert>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState title={MSG.documentsEmpty} description={MSG.documentsEmptyHint} />
        ) : isPhone ? (
          <DocumentsCards
            rows={rows}
            firstRowNumber={firstRowNumber}
            selection={selection}
            handlers={handlers}
            busyId={busyRowId}
          />
        ) : (
          <DocumentsTable
            rows={rows}
            firstRowNumber={firstRowNumber}
            selection={selection}
            handlers={handlers}
            busyId={busyRowId}
          />
        )}

        {query.data && rows.length > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3">
            <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
              {MSG.documentsShowing(rows.length, totalRecords)}
              {query.isFetching && <Spinner className="text-brand-600" />}
            </p>
            <Pagination
              page={page}
              totalPages={totalPages}
              onChange={(next) => setListState((prev) => ({ ...prev, page: next }))}
            />
          </div>
        )}
      </Card>

      <DetailsPanel documentId={detailsId} onClose={() => setDetailsId(null)} />
      <ErrorsPanel
        documentId={errorsRow?.id ?? null}
        formato={errorsRow?.formato ?? ''}
        onClose={() => setErrorsRow(null)}
      />
    </div>
  );
}
