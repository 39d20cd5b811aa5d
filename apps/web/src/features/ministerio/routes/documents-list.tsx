import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FilePlus2, Search } from 'lucide-react';
import { LIST_PAGE_SIZE, TIPOS_DOCUMENTO } from '@radica/contracts/enums';
import type { TSearchRequest } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Select } from '../../../components/ui/form-field';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchDocuments } from '../api/search-documents';
import { DocumentsTable } from '../components/documents-table';
import { Pagination } from '../components/pagination';

/** seed 001 §9: the search text waits 1 s. */
const SEARCH_DEBOUNCE_MS = 1000;

/** Status filter; no choice searches with EXCLUDE_ANULADO (seed 001 §7). */
const ESTADO_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Todos (sin anulados)' },
  { value: 'APROBADO', label: 'Aprobados' },
  { value: 'NO_APROBADO', label: 'No aprobados' },
  { value: 'EN_ESPERA', label: 'En espera' },
  { value: 'PROCESADO', label: 'Listos para envío' },
  { value: 'PENDIENTE_XML', label: 'Pendiente XML' },
  { value: 'PENDIENTE_RIPS', label: 'Pendiente JSON' },
  { value: 'ANULADO', label: 'Anulados' },
];

/** /ministerio: the documents list (seed 001 §2 "Ministry documents list"). */
export function DocumentsListRoute() {
  const [searchText, setSearchText] = useState('');
  const [estado, setEstado] = useState('');
  const [tipoDocumento, setTipoDocumento] = useState('');
  const formato = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // A change of filter starts again at page 1 (seed 001 §9), derived without an effect.
  const filterKey = `${formato}|${estado}|${tipoDocumento}`;
  const [pageState, setPageState] = useState({ key: filterKey, page: 1 });
  const page = pageState.key === filterKey ? pageState.page : 1;

  const params: TSearchRequest = {
    pageIndex: page,
    pageSize: LIST_PAGE_SIZE,
    tipoDocumento,
    formato,
    estado: estado || 'EXCLUDE_ANULADO',
  };
  const query = useSearchDocuments(params);
  const errorMessage = query.isError ? getErrorMessage(query.error, MSG.unknownError) : null;

  useEffect(() => {
    if (errorMessage) toast.error(MSG.documentsLoadError(errorMessage), { id: 'documents-load-error' });
  }, [errorMessage]);

  const rows = query.data?.results.data ?? [];
  const totalRecords = query.data?.totalRecords ?? 0;
  const totalPages = query.data?.totalPages ?? 0;
  const hasFilters = Boolean(searchText || estado || tipoDocumento);

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
          <FilePlus2 aria-hidden="true" className="size-4" /> Nuevo Reporte
        </Link>
      </div>

      <Card>
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4">
          <div className="relative min-w-56 flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            />
            <Input
              type="search"
              aria-label="Buscar documentos"
              placeholder={MSG.documentsSearchPlaceholder}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              className="pl-9"
            />
          </div>
          <div className="w-full sm:w-52">
            <label htmlFor="filtro-estado" className="mb-1 block text-xs font-medium text-slate-600">
              Estado
            </label>
            <Select id="filtro-estado" value={estado} onChange={(e) => setEstado(e.target.value)}>
              {ESTADO_FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
          <div className="w-full sm:w-48">
            <label htmlFor="filtro-tipo" className="mb-1 block text-xs font-medium text-slate-600">
              Tipo de documento
            </label>
            <Select id="filtro-tipo" value={tipoDocumento} onChange={(e) => setTipoDocumento(e.target.value)}>
              <option value="">Todos</option>
              {Object.entries(TIPOS_DOCUMENTO).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          {hasFilters && (
            <Button
              variant="ghost"
              onClick={() => {
                setSearchText('');
                setEstado('');
                setTipoDocumento('');
              }}
            >
              Limpiar filtros
            </Button>
          )}
        </div>

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
        ) : (
          <DocumentsTable rows={rows} firstRowNumber={(page - 1) * LIST_PAGE_SIZE + 1} />
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
              onChange={(next) => setPageState({ key: filterKey, page: next })}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
