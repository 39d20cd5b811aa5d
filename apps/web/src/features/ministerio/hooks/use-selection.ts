import { useState } from 'react';
import { LIST_PAGE_SIZE } from '@radica/contracts/enums';
import { getPageFormatos } from '../api/get-page-formatos';
import { searchDocuments } from '../api/search-documents';
import type { TListFilters, TMinisterioRow } from '../api/types';
import type { TSelectionProps } from '../components/documents-table';
import { SELECT_ALL_LIMIT, toPageFormatosRequest, toSearchRequest } from '../utils/list-filters';
import { selectAllResults, toSelected, type TSelectedDoc } from '../utils/selection';

/**
 * The list's selection (seed 001 §2, §7, §9): rows ticked one by one, or every result of the filters (up to
 * 10 000) through formatos-pagina with its fallbacks. It empties when the filters change.
 */
export function useSelection({
  rows,
  filters,
  totalRecords,
}: {
  rows: TMinisterioRow[];
  filters: TListFilters;
  totalRecords: number;
}) {
  const [selected, setSelected] = useState<Map<number, TSelectedDoc>>(() => new Map());
  const [isAllResults, setIsAllResults] = useState(false);
  const [isSelectingAll, setIsSelectingAll] = useState(false);
  const [selectionFilters, setSelectionFilters] = useState(filters);

  const clear = () => {
    setSelected(new Map());
    setIsAllResults(false);
  };
  if (selectionFilters !== filters) {
    setSelectionFilters(filters);
    clear();
  }

  const isPageSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const onToggleAll = async () => {
    if (isAllResults || isPageSelected) {
      clear();
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

  const tableProps: TSelectionProps = {
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

  return { items: [...selected.values()], count: selected.size, isAllResults, clear, tableProps };
}
