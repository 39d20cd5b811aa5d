import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import type { TDocumentRow } from '@radica/contracts/documents';
import { formatDateTime } from '../../../lib/format';
import { documentValue, tipoDocumentoLabel } from '../utils/display';
import { EstadoBadge } from './estado-badge';

export function DocumentsTable({ rows, firstRowNumber }: { rows: TDocumentRow[]; firstRowNumber: number }) {
  const th =
    'whitespace-nowrap px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
  const td = 'whitespace-nowrap px-4 py-3 text-sm';
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Documentos reportados al Ministerio</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              #
            </th>
            <th scope="col" className={th}>
              Formato
            </th>
            <th scope="col" className={th}>
              Tipo
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
            <tr key={row.id} className="hover:bg-slate-50">
              <td className={`${td} text-slate-500`}>{firstRowNumber + index}</td>
              <td className={`${td} font-mono font-medium text-slate-900`}>
                <Link to={`/ministerio/${row.id}`} className="hover:text-brand-700 hover:underline">
                  {row.formato}
                </Link>
              </td>
              <td className={`${td} text-slate-700`}>{tipoDocumentoLabel(row.tipoDocumento)}</td>
              <td className={`${td} text-right tabular-nums text-slate-700`}>{documentValue(row)}</td>
              <td className={`${td} text-slate-700`}>{formatDateTime(row.fechaCreacion, '—')}</td>
              <td className={`${td} text-slate-700`}>{formatDateTime(row.fechaRadicacion, '—')}</td>
              <td className={td}>
                <EstadoBadge estado={row.estado} />
              </td>
              <td className={td}>
                <Link
                  to={`/ministerio/${row.id}`}
                  aria-label={`Ver detalle de ${row.formato}`}
                  title="Ver detalle"
                  className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Eye aria-hidden="true" className="size-4" />
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
