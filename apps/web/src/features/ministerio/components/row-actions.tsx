import { AlertTriangle, Copy, Download, Eye, RotateCcw, Send, type LucideIcon } from 'lucide-react';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TMinisterioRow } from '../api/types';
import { estadoGroup, isRowSendable } from '../utils/estado';

export type TRowActionHandlers = {
  onDetails: (row: TMinisterioRow) => void;
  onCopyCuv: (row: TMinisterioRow) => void;
  onDownloadAnswer: (row: TMinisterioRow) => void;
  onErrors: (row: TMinisterioRow) => void;
  /** Absent for a role that may not change documents: the button is not shown. */
  onSend?: (row: TMinisterioRow) => void;
  onReactivate?: (row: TMinisterioRow) => void;
};

const ACTION =
  'rounded-md hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40';
const iconButton = `inline-flex size-8 items-center justify-center text-slate-500 ${ACTION}`;
/** On a phone's card: the icon and a visible word, a 36 px tall target. */
const labelledButton = `inline-flex h-9 items-center gap-1.5 border border-slate-200 px-2.5 text-xs font-medium text-slate-700 ${ACTION}`;

/**
 * One action of a row: `label` is the accessible name, `title` the tooltip; `shown`, when given, the word shown beside
 * the icon (part of `label`, so a voice user can say what they see).
 */
function IconAction({
  label,
  title,
  shown,
  icon: Icon,
  iconClassName = 'size-4',
  disabled,
  onClick,
}: {
  label: string;
  title: string;
  shown?: string;
  icon: LucideIcon;
  iconClassName?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={shown ? labelledButton : iconButton}
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className={iconClassName} />
      {shown && <span>{shown}</span>}
    </button>
  );
}

/**
 * The row actions of seed 001 §2: details always; copy CUV and download the JSON answer for accepted
 * documents; errors for rejected; send for pending, in process or processed; reactivate for cancelled. `labelled`
 * (the phone's cards): each icon with its word, wrapping.
 */
export function RowActions({
  row,
  handlers,
  busyId,
  labelled = false,
}: {
  row: TMinisterioRow;
  handlers: TRowActionHandlers;
  busyId: number | null;
  labelled?: boolean;
}) {
  /** The word shown on a card: a part of the accessible name. */
  const say = (word: string) => (labelled ? word : undefined);
  const group = estadoGroup(row.estado);
  const isBusy = busyId === row.id || Boolean(row.enviandose);
  const f = row.formato;
  return (
    <div className={labelled ? 'flex flex-wrap items-center gap-2' : 'flex items-center gap-0.5'}>
      <IconAction
        label={`Ver detalles de ${f}`}
        title="Ver detalles"
        shown={say('Ver detalles')}
        icon={Eye}
        onClick={() => handlers.onDetails(row)}
      />
      {group === 'accepted' && (
        <>
          <IconAction
            label={`Copiar CUV de ${f}`}
            title="Copiar CUV"
            shown={say('Copiar CUV')}
            icon={Copy}
            onClick={() => handlers.onCopyCuv(row)}
          />
          <IconAction
            label={`Descargar respuesta JSON de ${f}`}
            title="Descargar respuesta JSON"
            shown={say(MSG_MINISTERIO.rowActionDownloadAnswer)}
            icon={Download}
            onClick={() => handlers.onDownloadAnswer(row)}
          />
        </>
      )}
      {group === 'rejected' && (
        <IconAction
          label={`Ver errores de ${f}`}
          title="Ver errores"
          shown={say('Ver errores')}
          icon={AlertTriangle}
          iconClassName="size-4 text-red-600"
          onClick={() => handlers.onErrors(row)}
        />
      )}
      {isRowSendable(row.estado) && handlers.onSend && (
        <IconAction
          label={`Enviar ${f} al Ministerio`}
          title="Enviar al Ministerio"
          shown={say(MSG_MINISTERIO.rowActionSend)}
          icon={Send}
          disabled={isBusy}
          onClick={() => handlers.onSend?.(row)}
        />
      )}
      {group === 'cancelled' && handlers.onReactivate && (
        <IconAction
          label={`Reactivar ${f}`}
          title="Reactivar"
          shown={say('Reactivar')}
          icon={RotateCcw}
          disabled={isBusy}
          onClick={() => handlers.onReactivate?.(row)}
        />
      )}
    </div>
  );
}
