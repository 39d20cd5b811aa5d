import { useState } from 'react';
import { SlidersHorizontal, Search } from 'lucide-react';
import { CANAL_ETIQUETAS, CANALES_DOCUMENTO, FILTRO_NOTAS } from '@radica/contracts/documents';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { TIPOS_DOCUMENTO } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/form-field';
import type { TListFilters } from '../api/types';
import { cn } from '../../../lib/cn';
import { hasActiveFilters } from '../utils/list-filters';
import { DateRangePicker } from './date-range-picker';

/** Status filter (seed 001 §7): no choice searches with EXCLUDE_ANULADO; 'Anulados' shows the cancelled ones. */
const ESTADO_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: MSG_MINISTERIO.allStatuses },
  { value: 'APROBADO', label: 'Aprobados' },
  { value: 'NO_APROBADO', label: 'No aprobados' },
  { value: 'EN_ESPERA', label: 'En espera' },
  { value: 'PROCESADO', label: 'Listos para envío' },
  { value: 'PENDIENTE_XML', label: 'Pendiente XML' },
  { value: 'PENDIENTE_RIPS', label: 'Pendiente JSON' },
  { value: 'ANULADO', label: 'Anulados' },
];

/**
 * The list's filters (seed 001 §2, §7): search by formato, document type, status, channel, creation and
 * filing date ranges, and 'Limpiar filtros'. The search text is shown as typed; the list applies it after its debounce.
 * On a phone (< 768 px) only the search shows; the rest folds behind 'Filtros' (with how many are in use), so the
 * first documents are on the first screen.
 */
export function ListFiltersBar({
  filters,
  searchText,
  onSearchChange,
  onChange,
  onClear,
}: {
  filters: TListFilters;
  searchText: string;
  onSearchChange: (text: string) => void;
  onChange: (patch: Partial<TListFilters>) => void;
  onClear: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  // The folded ones in use (the search is outside the fold); a date range is one filter, however many ends are set.
  const inUse = (Object.keys(filters) as (keyof TListFilters)[]).filter(
    (k) => k !== 'formato' && filters[k] !== '',
  );
  const count = new Set(inUse.map((k) => k.replace(/(Desde|Hasta)$/, ''))).size;
  return (
    <div className="grid gap-3 border-b border-slate-100 p-4 md:grid-cols-2 xl:grid-cols-4">
      <div className="flex items-end gap-2 md:col-span-2 xl:col-span-1">
        <div className="relative min-w-0 flex-1">
          <span className="mb-1 block text-xs font-medium text-slate-600">{MSG_MINISTERIO.searchLabel}</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute bottom-3 left-3 size-4 text-slate-400"
          />
          <Input
            type="search"
            aria-label={MSG_MINISTERIO.searchLabel}
            placeholder={MSG.documentsSearchPlaceholder}
            value={searchText}
            onChange={(e) => onSearchChange(e.target.value)}
            className="pl-9"
          />
        </div>
        <Button
          variant="secondary"
          className="shrink-0 md:hidden"
          aria-expanded={isOpen}
          aria-controls="filtros-del-listado"
          onClick={() => setIsOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {count > 0 ? MSG_MINISTERIO.filtersToggleActive(count) : MSG_MINISTERIO.filtersToggle}
        </Button>
      </div>
      <div
        id="filtros-del-listado"
        data-testid="filtros-del-listado"
        className={cn('grid gap-3 md:contents', !isOpen && 'max-md:hidden')}
      >
        <SelectFilters filters={filters} onChange={onChange} />
        <div className="xl:col-span-2">
          <DateRangePicker
            label={MSG_MINISTERIO.filterCreated}
            testId="filtro-fecha-creacion"
            from={filters.fechaCreacionDesde}
            to={filters.fechaCreacionHasta}
            onChange={({ from, to }) => onChange({ fechaCreacionDesde: from, fechaCreacionHasta: to })}
          />
        </div>
        <div className="xl:col-span-2">
          <DateRangePicker
            label={MSG_MINISTERIO.filterFiled}
            testId="filtro-fecha-radicacion"
            from={filters.fechaRadicacionDesde}
            to={filters.fechaRadicacionHasta}
            onChange={({ from, to }) => onChange({ fechaRadicacionDesde: from, fechaRadicacionHasta: to })}
          />
        </div>
        <div className="flex items-end justify-end md:col-span-2 xl:col-span-4">
          <Button variant="ghost" disabled={!hasActiveFilters(filters) && !searchText} onClick={onClear}>
            {MSG_MINISTERIO.clearFilters}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The folded selects: document type (with the notes), status and channel. */
function SelectFilters({ filters, onChange }: { filters: TListFilters; onChange: (patch: Partial<TListFilters>) => void }) {
  return (
    <>
      <div>
        <label htmlFor="filtro-tipo" className="mb-1 block text-xs font-medium text-slate-600">
          {MSG_MINISTERIO.filterType}
        </label>
        <Select
          id="filtro-tipo"
          value={filters.tipoDocumento}
          onChange={(e) => onChange({ tipoDocumento: e.target.value })}
        >
          <option value="">{MSG_MINISTERIO.allTypes}</option>
          {Object.entries(TIPOS_DOCUMENTO).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
          <option value={FILTRO_NOTAS}>{MSG_NOTAS.filtroNotas}</option>
        </Select>
      </div>
      <div>
        <label htmlFor="filtro-estado" className="mb-1 block text-xs font-medium text-slate-600">
          {MSG_MINISTERIO.filterStatus}
        </label>
        <Select
          id="filtro-estado"
          value={filters.estado}
          onChange={(e) => onChange({ estado: e.target.value })}
        >
          {ESTADO_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="filtro-canal" className="mb-1 block text-xs font-medium text-slate-600">
          {MSG_INTEGRACIONES.canal}
        </label>
        <Select
          id="filtro-canal"
          value={filters.canal}
          onChange={(e) => {
            const canal = CANALES_DOCUMENTO.find((c) => c === e.target.value) ?? '';
            onChange({ canal });
          }}
        >
          <option value="">{MSG_INTEGRACIONES.todosLosCanales}</option>
          {CANALES_DOCUMENTO.map((canal) => (
            <option key={canal} value={canal}>
              {CANAL_ETIQUETAS[canal]}
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}
