import { toast } from 'sonner';
import { Copy, ShieldCheck } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { Button } from '../../../components/ui/button';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../lib/format';

/** The Ministry's acceptance: the full CUV (96 hex), its copy button, filing date and process id. */
export function ApprovalPanel({
  cuv,
  fechaRadicacion,
  procesoId,
}: {
  cuv: string | null;
  fechaRadicacion: string | null;
  procesoId: number | null;
}) {
  const onCopy = async () => {
    if (!cuv) {
      toast.info(MSG.cuvUnavailable);
      return;
    }
    try {
      await navigator.clipboard.writeText(cuv);
      toast.success(MSG.cuvCopied);
    } catch {
      toast.error(MSG.cuvCopyFailed);
    }
  };
  return (
    <div className="space-y-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4">
      <div className="flex items-center gap-2 text-emerald-800">
        <ShieldCheck aria-hidden="true" className="size-5" />
        <p className="font-semibold">Documento aprobado por el Ministerio</p>
      </div>
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          CUV (Código Único de Validación)
        </p>
        <div className="mt-1 flex flex-wrap items-start gap-2">
          <code
            data-testid="cuv"
            className="min-w-0 flex-1 break-all rounded-md bg-white px-3 py-2 font-mono text-xs text-slate-900 ring-1 ring-emerald-200"
          >
            {cuv ?? MSG.cuvUnavailable}
          </code>
          <Button variant="secondary" size="sm" onClick={() => void onCopy()} disabled={!cuv}>
            <Copy aria-hidden="true" className="size-4" /> Copiar CUV
          </Button>
        </div>
      </div>
      <DetailList
        items={[
          { label: 'Fecha de radicación', value: formatDateTime(fechaRadicacion) },
          { label: 'ID del proceso', value: procesoId ?? '', mono: true },
        ]}
      />
    </div>
  );
}
