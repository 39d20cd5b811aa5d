import { Link } from 'react-router';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { formatDateTime } from '../../../lib/format';
import { documentValue, tipoDocumentoLabel } from '../utils/display';
import { CanalBadge } from './canal-badge';
import { EsperaMinisterioChip } from './espera-ministerio';
import type { TDocumentsViewProps } from './documents-table';
import { EstadoIcon } from './estado-badge';
import { RowActions } from './row-actions';

/** seed 001 §2 "On phones cards replace the table" (≤ 768 px). */
export function DocumentsCards({ rows, firstRowNumber, selection, handlers, busyId }: TDocumentsViewProps) {
  return (
    <div className="space-y-3 p-3">
      <label className="flex items-center gap-2 px-1 text-sm text-slate-600">
        <input
          type="checkbox"
          checked={selection.isAllSelected}
          disabled={selection.isSelectingAll}
          onChange={selection.onToggleAll}
          className="size-6 accent-brand-600"
        />
        {MSG_MINISTERIO.selectAll}
      </label>
      <ul className="space-y-3">
        {rows.map((row, index) => (
          <li
            key={row.id}
            data-testid="tarjeta-documento"
            className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
          >
            <div className="flex items-start gap-2">
              <input
                type="checkbox"
                aria-label={MSG_MINISTERIO.selectRow(row.formato)}
                checked={selection.isSelected(row.id)}
                onChange={() => selection.onToggle(row)}
                className="size-6 shrink-0 accent-brand-600"
              />
              <div className="min-w-0 flex-1">
                <div className="flex items-center justify-between gap-2">
                  <Link
                    to={`/ministerio/${row.id}`}
                    className="truncate font-mono text-sm font-semibold text-slate-900"
                  >
                    {firstRowNumber + index}. {row.formato}
                  </Link>
                  <EstadoIcon estado={row.estado} isSending={row.enviandose} />
                </div>
                {row.esperaMinisterio && !row.enviandose && <EsperaMinisterioChip espera={row.esperaMinisterio} />}
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                  <dt className="text-slate-500">Tipo</dt>
                  <dd className="text-slate-800">{tipoDocumentoLabel(row.tipoDocumento)}</dd>
                  <dt className="text-slate-500">{MSG_INTEGRACIONES.canal}</dt>
                  <dd className="min-w-0">
                    <CanalBadge canal={row.canal} />
                  </dd>
                  <dt className="text-slate-500">Valor</dt>
                  <dd className="text-slate-800">{documentValue(row)}</dd>
                  <dt className="text-slate-500">Creación</dt>
                  <dd className="text-slate-800">{formatDateTime(row.fechaCreacion, '—')}</dd>
                  <dt className="text-slate-500">Radicación</dt>
                  <dd className="text-slate-800">{formatDateTime(row.fechaRadicacion, '—')}</dd>
                </dl>
                <div className="mt-2 border-t border-slate-100 pt-2">
                  <RowActions row={row} handlers={handlers} busyId={busyId} labelled />
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
