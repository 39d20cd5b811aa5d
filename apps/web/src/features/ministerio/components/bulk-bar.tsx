import { Download, FileSpreadsheet, Send, X } from 'lucide-react';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { MSG } from '@radica/contracts/messages';
import { Button } from '../../../components/ui/button';
import type { TBulkSendConfirm } from '../hooks/use-bulk-actions';
import { ConfirmDialog } from './confirm-dialog';

/** The bulk bar (seed 001 §2) shown while documents are selected. */
export function BulkBar({
  count,
  isAllResults,
  showAnswers,
  busy,
  onSend,
  onReport,
  onAnswers,
  onClear,
}: {
  count: number;
  isAllResults: boolean;
  showAnswers: boolean;
  busy: 'send' | 'report' | 'answers' | null;
  /** Absent for a role that may not send. */
  onSend?: () => void;
  onReport: () => void;
  onAnswers: () => void;
  onClear: () => void;
}) {
  return (
    <div
      role="region"
      aria-label="Acciones sobre la selección"
      className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50 px-4 py-3"
    >
      <p className="mr-auto text-sm font-medium text-brand-800" data-testid="seleccion-resumen">
        {MSG_MINISTERIO.selectedCount(count)} {isAllResults && <span>{MSG_MINISTERIO.allResults}</span>}
      </p>
      {onSend && (
        <Button size="sm" onClick={onSend} isLoading={busy === 'send'} disabled={busy !== null}>
          {busy !== 'send' && <Send aria-hidden="true" className="size-4" />}
          {MSG_MINISTERIO.sendSelected}
        </Button>
      )}
      <Button
        size="sm"
        variant="secondary"
        onClick={onReport}
        isLoading={busy === 'report'}
        disabled={busy !== null}
      >
        {busy !== 'report' && <FileSpreadsheet aria-hidden="true" className="size-4" />}
        {MSG_MINISTERIO.downloadReport}
      </Button>
      {showAnswers && (
        <Button
          size="sm"
          variant="secondary"
          onClick={onAnswers}
          isLoading={busy === 'answers'}
          disabled={busy !== null}
        >
          {busy !== 'answers' && <Download aria-hidden="true" className="size-4" />}
          {MSG_MINISTERIO.downloadAnswers}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onClear} disabled={busy !== null}>
        <X aria-hidden="true" className="size-4" />
        {MSG_MINISTERIO.clearSelection}
      </Button>
    </div>
  );
}

/**
 * The bulk send's confirmation: how many documents go to the ministry, and which selected ones will not,
 * with why (an approved one already has its CUV…).
 */
export function BulkSendConfirm({
  bulk,
}: {
  bulk: { confirmSend: TBulkSendConfirm | null; confirmBulkSend: () => Promise<void>; cancelBulkSend: () => void };
}) {
  const c = bulk.confirmSend;
  return (
    <ConfirmDialog
      isOpen={c !== null}
      title={MSG_MINISTERIO.envioMasivoConfirmarTitulo(c?.ids.length ?? 0)}
      confirmLabel={MSG.sendButton}
      onConfirm={() => void bulk.confirmBulkSend()}
      onClose={bulk.cancelBulkSend}
    >
      <p>{MSG_MINISTERIO.envioMasivoConfirmarTexto}</p>
      {c && c.omitidos.length > 0 && (
        <div className="mt-3">
          <p className="font-medium">{MSG_MINISTERIO.envioMasivoSeOmiten}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="envio-masivo-omitidos">
            {c.omitidos.slice(0, 20).map((o, i) => (
              <li key={`${o.formato}-${i}`}>
                <span className="font-mono">{o.formato}</span>: {o.motivo}
              </li>
            ))}
            {c.omitidos.length > 20 && <li>{MSG_MINISTERIO.yMas(c.omitidos.length - 20)}</li>}
          </ul>
        </div>
      )}
    </ConfirmDialog>
  );
}
