import { History } from 'lucide-react';
import type { TEventoDocumento } from '@radica/contracts/documents';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';

/**
 * The document's history: who did what and when, newest first: uploads, sends, cancelling,
 * reactivating, file removals, syncs, through which channel (an API key by its name).
 */
export function HistorialCard({ historial }: { historial: readonly TEventoDocumento[] }) {
  return (
    <Card aria-labelledby="historial-title">
      <CardHeader id="historial-title" title={MSG_USUARIOS.historialTitulo} />
      <CardBody>
        {historial.length === 0 ? (
          <p className="text-sm text-slate-500">{MSG_USUARIOS.historialVacio}</p>
        ) : (
          <ol className="space-y-3" data-testid="historial">
            {historial.map((h) => (
              <li key={h.id} className="flex gap-3 text-sm">
                <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                <div className="min-w-0">
                  <p className="text-slate-900">
                    <span className="font-medium">{h.usuario ?? MSG_USUARIOS.historialCanal}</span> · {h.descripcion}
                  </p>
                  <p className="text-xs text-slate-500">{formatDateTime(h.fecha)}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
