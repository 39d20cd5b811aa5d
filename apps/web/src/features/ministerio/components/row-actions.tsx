import { AlertTriangle, Copy, Download, Eye, RotateCcw, Send } from 'lucide-react';
import type { TMinisterioRow } from '../api/types';
import { estadoGroup, isRowSendable } from '../utils/estado';

export type TRowActionHandlers = {
  onDetails: (row: TMinisterioRow) => void;
  onCopyCuv: (row: TMinisterioRow) => void;
  onDownloadAnswer: (row: TMinisterioRow) => void;
  onErrors: (row: TMinisterioRow) => void;
  onSend: (row: TMinisterioRow) => void;
  onReactivate: (row: TMinisterioRow) => void;
};

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The row actions of seed 001 §2: details always; copy CUV and download the JSON answer for accepted
 * documents; errors for rejected; send for pending, in process or processed; reactivate for cancelled.
 */
export function RowActions({
  row,
  handlers,
  busyId,
}: {
  row: TMinisterioRow;
  handlers: TRowActionHandlers;
  busyId: number | null;
}) {
  const group = estadoGroup(row.estado);
  const isBusy = busyId === row.id || Boolean(row.enviandose);
  const f = row.formato;
  return (
    <div className="flex items-center gap-0.5">
      <button
        type="button"
        className={iconButton}
        aria-label={`Ver detalles de ${f}`}
        title="Ver detalles"
        onClick={() => handlers.onDetails(row)}
      >
        <Eye aria-hidden="true" className="size-4" />
      </button>
      {group === 'accepted' && (
        <>
          <button
            type="button"
            className={iconButton}
            aria-label={`Copiar CUV de ${f}`}
            title="Copiar CUV"
            onClick={() => handlers.onCopyCuv(row)}
          >
            <Copy aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Descargar respuesta JSON de ${f}`}
            title="Descargar respuesta JSON"
            onClick={() => handlers.onDownloadAnswer(row)}
          >
            <Download aria-hidden="true" className="size-4" />
          </button>
        </>
      )}
      {group === 'rejected' && (
        <button
          type="button"
          className={iconButton}
          aria-label={`Ver errores de ${f}`}
          title="Ver errores"
          onClick={() => handlers.onErrors(row)}
        >
          <AlertTriangle aria-hidden="true" className="size-4 text-red-600" />
        </button>
      )}
      {isRowSendable(row.estado) && (
        <button
          type="button"
          className={iconButton}
          aria-label={`Enviar ${f} al Ministerio`}
          title="Enviar al Ministerio"
          disabled={isBusy}
          onClick={() => handlers.onSend(row)}
        >
          <Send aria-hidden="true" className="size-4" />
        </button>
      )}
      {group === 'cancelled' && (
        <button
          type="button"
          className={iconButton}
          aria-label={`Reactivar ${f}`}
          title="Reactivar"
          disabled={isBusy}
          onClick={() => handlers.onReactivate(row)}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
