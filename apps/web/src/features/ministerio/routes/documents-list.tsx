import { useState } from 'react';
import { Link } from 'react-router';
import { FilePlus2 } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useTerceroFevrips } from '../../../lib/provider-config';
import { usePuede } from '../../../lib/usuario-actual';
import { BulkBar, BulkSendConfirm } from '../components/bulk-bar';
import { DetailsPanel } from '../components/details-panel';
import { DocumentsCards } from '../components/documents-cards';
import { DocumentsTable } from '../components/documents-table';
import { ErrorsPanel } from '../components/errors-panel';
import { ListFiltersBar } from '../components/list-filters-bar';
import { Pagination } from '../components/pagination';
import { ProviderMissingAlert, type TProviderFormSlot } from '../components/provider-missing-alert';
import { useBulkActions } from '../hooks/use-bulk-actions';
import { useDocumentsList } from '../hooks/use-documents-list';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useRowActions } from '../hooks/use-row-actions';
import { useSelection } from '../hooks/use-selection';
import { selectionMayHaveApproved } from '../utils/selection';
import { hasActiveFilters } from '../utils/list-filters';

/**
 * /ministerio: the documents list (seed 001 §2 "Ministry documents list"). With no provider configuration (or after
 * a send refused for lack of one) it explains so; given `ProviderForm` (the app's router hands in the settings
 * form), 'Configurar Prestador' shows that form here, in place of the list, until it is saved or '← Volver'.
 */
export function DocumentsListRoute({ ProviderForm }: { ProviderForm?: TProviderFormSlot } = {}) {
  const [isConfiguring, setIsConfiguring] = useState(false);
  const provider = useTerceroFevrips();
  const list = useDocumentsList();
  const { query, rows, filters } = list;
  const selection = useSelection({ rows, filters, totalRecords: list.totalRecords });
  const rowActions = useRowActions();
  const bulk = useBulkActions(selection.items, selection.clear);
  const isPhone = useIsPhone();

  const sendingCount = rows.filter((r) => r.enviandose).length;
  // A Consulta reads; uploading, sending and reactivating are hidden (the server refuses them anyway).
  const puedeEditar = usePuede().edicion;
  const handlers = puedeEditar ? rowActions.handlers : { ...rowActions.handlers, onSend: undefined, onReactivate: undefined };
  const Results = isPhone ? DocumentsCards : DocumentsTable;

  if (ProviderForm && isConfiguring) {
    return (
      <div className="mx-auto max-w-4xl">
        <ProviderForm
          variant="inline"
          config={provider.data}
          onClose={() => {
            setIsConfiguring(false);
            rowActions.clearConfigRefusal();
          }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <DocumentsListHeader puedeEditar={puedeEditar} />

      <ProviderMissingAlert
        refusal={rowActions.configRefusal}
        onConfigure={ProviderForm ? () => setIsConfiguring(true) : undefined}
      />

      <Card>
        <ListFiltersBar
          filters={filters}
          searchText={list.searchText}
          onSearchChange={list.onSearchChange}
          onChange={list.changeFilters}
          onClear={list.clearFilters}
        />

        {selection.count > 0 && (
          <BulkBar
            count={selection.count}
            isAllResults={selection.isAllResults}
            showAnswers={selectionMayHaveApproved(selection.items, filters.estado)}
            busy={bulk.busy}
            onSend={puedeEditar ? () => void bulk.onBulkSend() : undefined}
            onReport={() => void bulk.onReport()}
            onAnswers={() => void bulk.onAnswers()}
            onClear={selection.clear}
          />
        )}
        <BulkSendConfirm bulk={bulk} />
        {sendingCount > 0 && (
          <p
            role="status"
            className="flex items-center gap-2 border-b border-indigo-100 bg-indigo-50 px-4 py-2 text-sm text-indigo-800"
          >
            <Spinner /> {MSG_MINISTERIO.bulkProgress(sendingCount)}
          </p>
        )}

        {query.isPending ? (
          <LoadingScreen text={MSG.uiLoading} />
        ) : query.isError && !query.data ? (
          <div className="p-4">
            <Alert tone="error">
              <p>{MSG.documentsLoadError(getErrorMessage(query.error, MSG.unknownError))}</p>
              <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
                Reintentar
              </Button>
            </Alert>
          </div>
        ) : rows.length === 0 && !hasActiveFilters(filters) ? (
          // Nothing filtered, so nothing to adjust: say how to make the first document.
          <EmptyState
            title={MSG_MINISTERIO.listaVaciaTitulo}
            description={MSG_MINISTERIO.listaVaciaTexto}
            action={
              puedeEditar && (
                <Link to="/ministerio/nuevo" className={buttonClasses('primary')}>
                  <FilePlus2 aria-hidden="true" className="size-4" /> {MSG_MINISTERIO.newReport}
                </Link>
              )
            }
          />
        ) : rows.length === 0 ? (
          <EmptyState title={MSG.documentsEmpty} description={MSG.documentsEmptyHint} />
        ) : (
          <Results
            rows={rows}
            firstRowNumber={list.firstRowNumber}
            selection={selection.tableProps}
            handlers={handlers}
            busyId={rowActions.busyRowId}
          />
        )}

        {query.data && rows.length > 0 && <DocumentsListFooter shown={rows.length} totalRecords={list.totalRecords} isFetching={query.isFetching} page={list.page} totalPages={list.totalPages} onPage={list.setPage} />}
      </Card>

      <DetailsPanel documentId={rowActions.detailsId} onClose={rowActions.closeDetails} />
      <ErrorsPanel
        documentId={rowActions.errorsRow?.id ?? null}
        formato={rowActions.errorsRow?.formato ?? ''}
        onClose={rowActions.closeErrors}
      />
    </div>
  );
}

/** The list's title, and 'Nuevo reporte' for the roles that upload. */
function DocumentsListHeader({ puedeEditar }: { puedeEditar: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Reportes FEV/RIPS</h2>
        <p className="text-sm text-slate-500">
          Facturas electrónicas y RIPS reportados al Ministerio de Salud.
        </p>
      </div>
      {puedeEditar && (
        <Link to="/ministerio/nuevo" className={buttonClasses('primary')}>
          <FilePlus2 aria-hidden="true" className="size-4" /> {MSG_MINISTERIO.newReport}
        </Link>
      )}
    </div>
  );
}

/** How many documents are shown of how many (a spinner while refetching), and the pages. */
function DocumentsListFooter(props: { shown: number; totalRecords: number; isFetching: boolean; page: number; totalPages: number; onPage: (page: number) => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3">
      <p className="flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
        {MSG.documentsShowing(props.shown, props.totalRecords)}
        {props.isFetching && <Spinner className="text-brand-600" />}
      </p>
      <Pagination page={props.page} totalPages={props.totalPages} onChange={props.onPage} />
    </div>
  );
}
