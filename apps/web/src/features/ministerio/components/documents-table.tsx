import { Link } from 'react-router';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { formatDateTime } from '../../../lib/format';
import type { TMinisterioRow } from '../api/types';
import { documentValue, tipoDocumentoLabel } from '../utils/display';
import { CanalBadge } from './canal-badge';
import { EsperaMinisterioChip } from './espera-ministerio';
import { EstadoIcon } from './estado-badge';
import { RowActions, type TRowActionHandlers } from './row-actions';

export type TSelectionProps = {
  isSelected: (id: number) => boolean;
  onToggle: (row: TMinisterioRow) => void;
  isAllSelected: boolean;
  isSomeSelected: boolean;
  onToggleAll: () => void;
  isSelectingAll: boolean;
};

/** What the table and the phone cards show: the page's rows (numbered from `firstRowNumber`), selection, actions. */
export type TDocumentsViewProps = {
  rows: TMinisterioRow[];
  firstRowNumber: number;
  selection: TSelectionProps;
  handlers: TRowActionHandlers;
  busyId: number | null;
};

/**
 * The documents table (seed 001 §2): select-all, #, format, type, channel, value, creation, filing, status,
 * actions.
 */
export function DocumentsTable({ rows, firstRowNumber, selection, handlers, busyId }: TDocumentsViewProps) {
  const th =
    'whitespace-nowrap px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
  const td = 'whitespace-nowrap px-3 py-2.5 text-sm';
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Documentos reportados al Ministerio</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${th} w-10`}>
              <input
                type="checkbox"
                aria-label={MSG_MINISTERIO.selectAll}
                checked={selection.isAllSelected}
                ref={(el) => {
                  if (el) el.indeterminate = !selection.isAllSelected && selection.isSomeSelected;
                }}
                disabled={selection.isSelectingAll}
                onChange={selection.onToggleAll}
                className="size-6 rounded border-slate-300 accent-brand-600"
              />
            </th>
            <th scope="col" className={th}>
              #
            </th>
            <th scope="col" className={th}>
              Formato
            </th>
            <th scope="col" className={th}>
              Tipo
            </th>
            <th scope="col" className={th}>
              {MSG_INTEGRACIONES.canal}
            </th>
            <th scope="col" className={`${th} text-right`}>
              Valor
            </th>
            <th scope="col" className={th}>
              Fecha creación
            </th>
            <th scope="col" className={th}>
              Fecha radicación
            </th>
            <th scope="col" className={th}>
              Estado
            </th>
            <th scope="col" className={th}>
              Acciones
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((row, index) => (
            <tr
              key={row.id}
              data-testid="fila-documento"
              className={selection.isSelected(row.id) ? 'bg-brand-50' : 'hover:bg-slate-50'}
              data-selected={selection.isSelected(row.id) || undefined}
            >
              <td className={td}>
                <input
                  type="checkbox"
                  aria-label={MSG_MINISTERIO.selectRow(row.formato)}
                  checked={selection.isSelected(row.id)}
                  onChange={() => selection.onToggle(row)}
                  className="size-6 rounded border-slate-300 accent-brand-600"
                />
              </td>
              <td className={`${td} text-slate-500`}>{firstRowNumber + index}</td>
              <td className={`${td} font-mono font-medium text-slate-900`}>
                <Link to={`/ministerio/${row.id}`} className="hover:text-brand-700 hover:underline">
                  {row.formato}
                </Link>
              </td>
              <td className={`${td} text-slate-700`}>{tipoDocumentoLabel(row.tipoDocumento)}</td>
              <td className={td}>
                <CanalBadge canal={row.canal} />
              </td>
              <td className={`${td} text-right tabular-nums text-slate-700`}>{documentValue(row)}</td>
              <td className={`${td} text-slate-700`}>{formatDateTime(row.fechaCreacion, '—')}</td>
              <td className={`${td} text-slate-700`}>{formatDateTime(row.fechaRadicacion, '—')}</td>
              <td className={td}>
                <div className="flex flex-col items-start">
                  <EstadoIcon estado={row.estado} isSending={row.enviandose} />
                  {row.esperaMinisterio && !row.enviandose && <EsperaMinisterioChip espera={row.esperaMinisterio} />}
                </div>
              </td>
              <td className={td}>
                <RowActions row={row} handlers={handlers} busyId={busyId} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
