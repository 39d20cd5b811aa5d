import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TMinisterioRow } from '../api/types';
import { EMPTY_FILTERS } from '../utils/list-filters';
import { ListFiltersBar } from './list-filters-bar';
import { RowActions, type TRowActionHandlers } from './row-actions';

/**
 * phone (390 × 844): the list's filters filled the first screen (they fold behind 'Filtros' below 768 px,
 * the search stays), and a card's row actions were bare icons (each shows its word, a part of its accessible name).
 * jsdom applies no CSS: the fold is its `max-md:hidden` class; e2e/src/phone-dark.e2e.test.ts measures the screen.
 */
function renderFilters(filters = EMPTY_FILTERS) {
  render(
    <ListFiltersBar
      filters={filters}
      searchText=""
      onSearchChange={vi.fn()}
      onChange={vi.fn()}
      onClear={vi.fn()}
    />,
  );
  return {
    toggle: screen.getByRole('button', { name: /^Filtros/ }),
    fold: screen.getByTestId('filtros-del-listado'),
  };
}

describe('the list on a phone', () => {
  it("folds the filters behind 'Filtros' on a phone, the search outside the fold", () => {
    const { toggle, fold } = renderFilters();
    expect(toggle.textContent).toBe(MSG_MINISTERIO.filtersToggle);
    expect(toggle.className).toContain('md:hidden'); // no toggle on a wider screen, where the filters always show
    expect(toggle.getAttribute('aria-controls')).toBe(fold.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(fold.className.split(' ')).toContain('max-md:hidden');
    expect(fold.className.split(' ')).toContain('md:contents');
    expect(within(fold).getByLabelText(MSG_MINISTERIO.filterStatus)).toBeTruthy();
    expect(fold.contains(screen.getByRole('searchbox', { name: MSG_MINISTERIO.searchLabel }))).toBe(false);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(fold.className.split(' ')).not.toContain('max-md:hidden');
  });

  it('the folded toggle counts the filters in use (a date range once, the search not)', () => {
    const { toggle } = renderFilters({
      ...EMPTY_FILTERS,
      formato: 'FE1',
      estado: 'APROBADO',
      fechaCreacionDesde: '2026-01-01',
      fechaCreacionHasta: '2026-01-31',
    });
    expect(toggle.textContent).toBe(MSG_MINISTERIO.filtersToggleActive(2));
  });

  it("a card's actions show their word, and their accessible name holds it", () => {
    const row = { id: 1, formato: 'FE1', estado: 'APROBADO', enviandose: false } as TMinisterioRow;
    const handlers: TRowActionHandlers = {
      onDetails: vi.fn(),
      onCopyCuv: vi.fn(),
      onDownloadAnswer: vi.fn(),
      onErrors: vi.fn(),
      onSend: vi.fn(),
    };
    const { unmount } = render(<RowActions row={row} handlers={handlers} busyId={null} labelled />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Ver detalles',
      'Copiar CUV',
      MSG_MINISTERIO.rowActionDownloadAnswer,
    ]);
    for (const b of buttons) {
      expect(b.getAttribute('aria-label')).toContain(b.textContent!);
      // One text colour (two slate ones would leave the winner to the stylesheet's order).
      expect(b.className.match(/\btext-slate-\d+/g)).toEqual(['text-slate-700']);
    }
    unmount();
    render(<RowActions row={{ ...row, estado: 'PROCESADO' }} handlers={handlers} busyId={null} labelled />);
    const send = screen.getByRole('button', { name: 'Enviar FE1 al Ministerio' });
    expect(send.textContent).toBe(MSG_MINISTERIO.rowActionSend);
    // The table (wider screens) keeps its icon buttons.
    render(<RowActions row={row} handlers={handlers} busyId={null} />);
    expect(screen.getAllByRole('button', { name: 'Ver detalles de FE1' }).at(-1)!.textContent).toBe('');
  });
});
