import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { LIST_PAGE_SIZE } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { getErrorMessage } from '../../../lib/http';
import { useSearchDocuments } from '../api/search-documents';
import type { TListFilters } from '../api/types';
import {
  applyFilterChange,
  EMPTY_FILTERS,
  loadListState,
  saveListState,
  toSearchRequest,
  type TStoredListState,
} from '../utils/list-filters';
import { LIST_TOAST_MS, SEARCH_DEBOUNCE_MS } from '../utils/timings';
import { useSessionExpiry } from './use-session-expiry';

/**
 * The documents list's state (seed 001 §2, §7, §9): filters and page saved in localStorage, the search text
 * applied 1 s after the last keystroke, any filter change back to page 1, a saved page beyond the last one
 * shown as the last page; and the search query for them, whose failure shows a toast (or ends an expired
 * session). `filters` keeps its identity until a filter value changes, so a selection can reset on it.
 */
export function useDocumentsList() {
  const [listState, setListState] = useState<TStoredListState>(() => loadListState());
  const { filters, page: storedPage } = listState;
  const [searchText, setSearchText] = useState(filters.formato);
  const onSessionError = useSessionExpiry();

  useEffect(() => saveListState(listState), [listState]);

  const changeFilters = (patch: Partial<TListFilters>) => setListState((prev) => applyFilterChange(prev, patch));
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const onSearchChange = (text: string) => {
    setSearchText(text);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => changeFilters({ formato: text.trim() }), SEARCH_DEBOUNCE_MS);
  };
  const clearFilters = () => {
    clearTimeout(searchTimer.current);
    setSearchText('');
    changeFilters(EMPTY_FILTERS);
  };
  // A saved page beyond the last one (documents removed since) shows the last page.
  const [knownLastPage, setKnownLastPage] = useState(0);
  const page = knownLastPage > 0 && storedPage > knownLastPage ? knownLastPage : storedPage;
  // The shown page's cursor to the page beside it, when that is where the user went (docs/decisions/052).
  const [cursor, setCursor] = useState<{ page: number; cursor: string } | null>(null);
  const params = useMemo(
    () => ({ ...toSearchRequest(filters, page), ...(cursor && cursor.page === page ? { cursor: cursor.cursor } : {}) }),
    [filters, page, cursor],
  );
  const query = useSearchDocuments(params);
  const lastPage = query.data?.totalPages ?? 0;
  if (query.data && !query.isPlaceholderData && lastPage !== knownLastPage) setKnownLastPage(lastPage);
  // A cursor the server refused (its key changed): the same page is read by number instead.
  if (query.isError && cursor) setCursor(null);

  /**
   * Previous and next go by the shown page's cursor (docs/decisions/052): the page after the rows the user saw, even
   * if documents were filed meanwhile, and a deep page costs what the first does. Page 1 and a jump to a numbered page
   * are read by number, as seed 001's page selection does.
   */
  const setPage = (next: number) => {
    const shown = query.data && !query.isPlaceholderData ? query.data : null;
    const beside = !shown || next <= 1 ? null : next === page + 1 ? shown.cursorSiguiente : next === page - 1 ? shown.cursorAnterior : null;
    setCursor(beside ? { page: next, cursor: beside } : null);
    setListState((prev) => ({ ...prev, page: next }));
  };

  useEffect(() => {
    if (!query.isError) return;
    if (onSessionError(query.error)) return;
    toast.error(MSG.documentsLoadError(getErrorMessage(query.error, MSG.unknownError)), {
      id: 'documents-load-error',
      duration: LIST_TOAST_MS,
    });
  }, [query.isError, query.error, onSessionError]);

  return {
    filters,
    page,
    searchText,
    onSearchChange,
    changeFilters,
    clearFilters,
    setPage,
    query,
    rows: query.data?.results.data ?? [],
    totalRecords: query.data?.totalRecords ?? 0,
    totalPages: query.data?.totalPages ?? 0,
    /** The number shown in the first row's '#' column. */
    firstRowNumber: (page - 1) * LIST_PAGE_SIZE + 1,
  };
}
