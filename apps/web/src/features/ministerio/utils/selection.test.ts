import { describe, expect, it, vi } from 'vitest';
import type { TMinisterioRow } from '../api/types';
import { bulkSendableIds, selectAllResults, selectionMayHaveApproved, validFormatos } from './selection';

const row = (id: number, estado = 'PROCESADO'): TMinisterioRow =>
  ({ id, formato: `FE${id}`, estado }) as unknown as TMinisterioRow;

describe('selectAllResults (seed 001 §7, §9)', () => {
  it('uses formatos-pagina first', async () => {
    const searchAll = vi.fn();
    const result = await selectAllResults({
      pageFormatos: async () => [
        { id: 1, formato: 'FE1', pagina: 1, posicionEnPagina: 1 },
        { id: 2, formato: 'FE2', pagina: 1, posicionEnPagina: 2 },
        { id: 2, formato: 'FE2', pagina: 1, posicionEnPagina: 2 },
      ],
      searchAll,
      currentPage: [row(1)],
    });
    expect(result.source).toBe('formatos-pagina');
    expect(result.items).toEqual([
      { id: 1, formato: 'FE1' },
      { id: 2, formato: 'FE2' },
    ]);
    expect(searchAll).not.toHaveBeenCalled();
  });

  it('falls back to the search endpoint with up to 10 000, then to the current page', async () => {
    const searchAll = vi.fn(async () => [row(7, 'APROBADO'), row(8)]);
    const viaSearch = await selectAllResults({
      pageFormatos: async () => {
        throw new Error('500');
      },
      searchAll,
      currentPage: [row(7)],
    });
    expect(searchAll).toHaveBeenCalledWith(10_000);
    expect(viaSearch.source).toBe('search');
    expect(viaSearch.items.map((i) => i.id)).toEqual([7, 8]);

    const viaPage = await selectAllResults({
      pageFormatos: async () => [],
      searchAll: async () => {
        throw new Error('400');
      },
      currentPage: [row(3), row(4, 'ANULADO')],
    });
    expect(viaPage).toEqual({
      source: 'current-page',
      items: [
        { id: 3, formato: 'FE3', estado: 'PROCESADO' },
        { id: 4, formato: 'FE4', estado: 'ANULADO' },
      ],
    });
  });

  it('caps the selection at the limit', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      formato: `F${i}`,
      pagina: 1,
      posicionEnPagina: i,
    }));
    const result = await selectAllResults(
      { pageFormatos: async () => many, searchAll: vi.fn(), currentPage: [] },
      10,
    );
    expect(result.items).toHaveLength(10);
  });
});

describe('bulk rules (seed 001 §4, §5)', () => {
  it('sends only en espera, procesado, enproceso, rechazado, error (and unknown statuses for the server to judge)', () => {
    const items = [
      { id: 1, formato: 'A1', estado: 'PROCESADO' },
      { id: 2, formato: 'A2', estado: 'APROBADO' },
      { id: 3, formato: 'A3', estado: 'NO_APROBADO' },
      { id: 4, formato: 'A4', estado: 'ANULADO' },
      { id: 5, formato: 'A5' },
      { id: 6, formato: 'A6', estado: 'ERROR' },
      { id: 7, formato: 'A7', estado: 'EN_ESPERA' },
      { id: 8, formato: 'A8', estado: 'PENDIENTE_RIPS' },
    ];
    expect(bulkSendableIds(items)).toEqual([1, 3, 5, 6, 7]);
  });
  it('keeps real formats only', () => {
    expect(
      validFormatos([
        { id: 1, formato: 'N/A' },
        { id: 2, formato: ' ' },
        { id: 3, formato: 'FE1' },
        { id: 4, formato: 'FE1' },
      ]),
    ).toEqual(['FE1']);
  });
  it('shows Descargar Respuestas when approved documents may be selected', () => {
    expect(selectionMayHaveApproved([{ id: 1, formato: 'A', estado: 'APROBADO' }], '')).toBe(true);
    expect(selectionMayHaveApproved([{ id: 1, formato: 'A', estado: 'PROCESADO' }], '')).toBe(false);
    expect(selectionMayHaveApproved([{ id: 1, formato: 'A' }], '')).toBe(true);
    expect(selectionMayHaveApproved([{ id: 1, formato: 'A' }], 'ANULADO')).toBe(false);
  });
});
