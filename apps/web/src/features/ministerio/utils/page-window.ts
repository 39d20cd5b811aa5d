export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/**
 * Page buttons (seed 001 §2 "Pagination"): a window of `size` page numbers around `current`, plus the
 * first and last pages with an ellipsis where pages are skipped. 1-based.
 * getPageWindow(7, 20) → [1, '…', 5, 6, 7, 8, 9, '…', 20].
 */
export function getPageWindow(current: number, total: number, size = 5): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), total - size + 1));
  const end = Math.min(total, start + size - 1);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push('start-ellipsis');
  }
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < total) {
    if (end < total - 1) items.push('end-ellipsis');
    items.push(total);
  }
  return items;
}
