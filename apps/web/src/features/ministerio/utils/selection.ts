import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TMinisterioRow, TPageFormato } from '../api/types';
import { SELECT_ALL_LIMIT } from './list-filters';

/** A selected document: `estado` is known for rows that were on screen, unknown for select-all results. */
export type TSelectedDoc = { id: number; formato: string; estado?: string };

export type TSelectAllSource = 'formatos-pagina' | 'search' | 'current-page';

export type TSelectAllFetchers = {
  /** POST /api/FevRips/formatos-pagina with the current filters. */
  pageFormatos: () => Promise<TPageFormato[]>;
  /** POST /api/FevRips/search with the current filters and pageSize = limit, page 1. */
  searchAll: (limit: number) => Promise<TMinisterioRow[]>;
  /** The rows on screen. */
  currentPage: TMinisterioRow[];
};

/**
 * Select every result of the current filters (seed 001 §7 "Select-all falls back to the search endpoint,
 * then to the current page"; §9 up to 10 000): formatos-pagina first; if it fails or answers nothing while
 * the page has rows, the search endpoint with pageSize 10 000; if that fails too, the current page.
 * Never throws. At most `limit` items, without duplicate ids.
 */
export async function selectAllResults(
  fetchers: TSelectAllFetchers,
  limit: number = SELECT_ALL_LIMIT,
): Promise<{ items: TSelectedDoc[]; source: TSelectAllSource }> {
  const unique = (items: TSelectedDoc[]) => {
    const seen = new Set<number>();
    return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true))).slice(0, limit);
  };
  try {
    const formatos = await fetchers.pageFormatos();
    if (formatos.length > 0 || fetchers.currentPage.length === 0) {
      return {
        items: unique(
          formatos.map((f) => {
            const estado = (f as TPageFormato & { estado?: unknown }).estado;
            return typeof estado === 'string'
              ? { id: f.id, formato: f.formato, estado }
              : { id: f.id, formato: f.formato };
          }),
        ),
        source: 'formatos-pagina',
      };
    }
  } catch {
    /* fall back to the search endpoint */
  }
  try {
    const rows = await fetchers.searchAll(limit);
    if (rows.length > 0) return { items: unique(rows.map(toSelected)), source: 'search' };
  } catch {
    /* fall back to the current page */
  }
  return { items: unique(fetchers.currentPage.map(toSelected)), source: 'current-page' };
}

export function toSelected(row: Pick<TMinisterioRow, 'id' | 'formato' | 'estado'>): TSelectedDoc {
  return { id: row.id, formato: row.formato, estado: row.estado };
}

/**
 * seed 001 §4: bulk send accepts procesado, enproceso, rechazado, error (NO_APROBADO is the rejected code);
 * EN_ESPERA too, because a document with both files waits in EN_ESPERA until its first send (the server
 * skips, as `omitidos`, any document without both files).
 */
export const BULK_SENDABLE = new Set([
  'EN_ESPERA',
  'PROCESADO',
  'ENPROCESO',
  'RECHAZADO',
  'ERROR',
  'NO_APROBADO',
]);

/** Formats that are real (non-empty, not 'N/A'): seed 001 §5 "selected documents with real formats". */
export function validFormatos(items: TSelectedDoc[]): string[] {
  return [
    ...new Set(items.map((i) => i.formato.trim()).filter((f) => f !== '' && f.toUpperCase() !== 'N/A')),
  ];
}

/**
 * The ids to send in bulk (seed 001 §4): known statuses must be sendable; unknown ones (select-all) go to
 * the server, which skips the rest.
 */
export function bulkSendableIds(items: TSelectedDoc[]): number[] {
  return items
    .filter((i) => i.estado === undefined || BULK_SENDABLE.has(i.estado.toUpperCase()))
    .map((i) => i.id);
}

/**
 * The selected documents a bulk send leaves out by their known status (an approved row was skipped
 * silently), each with the reason text the server gives its own (contracts motivoOmision).
 */
export function bulkLeftOut(items: TSelectedDoc[]): { formato: string; motivo: string }[] {
  return items
    .filter((i) => i.estado !== undefined && !BULK_SENDABLE.has(i.estado.toUpperCase()))
    .map((i) => ({ formato: i.formato, motivo: MSG_MINISTERIO.motivoOmision(i.estado!.toUpperCase()) }));
}

/**
 * Whether 'Descargar Respuestas' is shown (seed 001 §2, condition not shown; Radica's rule): the selection
 * contains an approved document, or documents of unknown status while the status filter could include
 * approved ones.
 */
export function selectionMayHaveApproved(items: TSelectedDoc[], estadoFilter: string): boolean {
  return items.some((i) =>
    i.estado === undefined ? estadoFilter === '' || estadoFilter === 'APROBADO' : i.estado === 'APROBADO',
  );
}
