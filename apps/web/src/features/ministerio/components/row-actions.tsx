import { AlertTriangle, Copy, Download, Eye, RotateCcw, Send, type LucideIcon } from 'lucide-react';
import type { TMinisterioRow } from '../api/types';
import { estadoGroup, isRowSendable } from '../utils/estado';

export type TRowActionHandlers = {
  onDetails: (row: TMinisterioRow) => void;
  onCopyCuv: (row: TMinisterioRow) => void;
  onDownloadAnswer: (row: TMinisterioRow) => void;
  onErrors: (row: TMinisterioRow) => void;
  /** Absent for a role that may not change documents (issue 28): the button is not shown. */
  onSend?: (row: TMinisterioRow) => void;
  onReactivate?: (row: TMinisterioRow) => void;
};

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40';

/** One icon button of a row: `label` is the accessible name, `title` the tooltip. */
function IconAction({
  label,
  title,
  icon: Icon,
  iconClassName = 'size-4',
  disabled,
  onClick,
}: {
  label: string;
  title: string;
  icon: LucideIcon;
  iconClassName?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={iconButton}
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className={iconClassName} />
    </button>
  );
}

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
      <IconAction
        label={`Ver detalles de ${f}`}
        title="Ver detalles"
        icon={Eye}
        onClick={() => handlers.onDetails(row)}
      />
      {group === 'accepted' && (
        <>
          <IconAction
            label={`Copiar CUV de ${f}`}
            title="Copiar CUV"
            icon={Copy}
            onClick={() => handlers.onCopyCuv(row)}
          />
          <IconAction
            label={`Descargar respuesta JSON de ${f}`}
            title="Descargar respuesta JSON"
            icon={Download}
            onClick={() => handlers.onDownloadAnswer(row)}
          />
        </>
      )}
      {group === 'rejected' && (
        <IconAction
          label={`Ver errores de ${f}`}
          title="Ver errores"
          icon={AlertTriangle}
          iconClassName="size-4 text-red-600"
          onClick={() => handlers.onErrors(row)}
        />
      )}
      {isRowSendable(row.estado) && handlers.onSend && (
        <IconAction
          label={`Enviar ${f} al Ministerio`}
          title="Enviar al Ministerio"
          icon={Send}
          disabled={isBusy}
          onClick={() => handlers.onSend?.(row)}
        />
      )}
      {group === 'cancelled' && handlers.onReactivate && (
        <IconAction
          label={`Reactivar ${f}`}
          title="Reactivar"
          icon={RotateCcw}
          disabled={isBusy}
          onClick={() => handlers.onReactivate?.(row)}
        />
      )}
    </div>
  );
}
