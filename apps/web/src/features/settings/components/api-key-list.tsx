import type { ReactNode } from 'react';
import type { TApiKey } from '@radica/contracts/integraciones';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime } from '../../../lib/format';
import { apiKeyEstado, sortApiKeys, type TApiKeyEstado } from '../utils/api-key-estado';

const ESTADO_LABELS: Record<TApiKeyEstado, string> = {
  activa: MSG_INTEGRACIONES.estadoActiva,
  revocada: MSG_INTEGRACIONES.estadoRevocada,
  vencida: MSG_INTEGRACIONES.estadoVencida,
  suspendida: MSG_USUARIOS.claveEstadoSuspendida,
};
const ESTADO_TONES: Record<TApiKeyEstado, string> = {
  activa:
    'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30',
  revocada: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-950 dark:text-red-300 dark:ring-red-400/30',
  vencida: 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:ring-slate-400/30',
  suspendida: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30',
};

function Fact({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={cn('mt-0.5 truncate text-sm text-slate-800', mono && 'font-mono')}>{children}</dd>
    </div>
  );
}

/**
 * The tenant's API keys, newest first, one card each on every width: name and state, prefix, creation,
 * expiry, last use ('Nunca' when unused); active keys offer 'Revocar'. The keys themselves are never here.
 */
export function ApiKeyList({
  keys,
  onRevoke,
  onConfirm,
}: {
  keys: readonly TApiKey[];
  onRevoke: (key: TApiKey) => void;
  /** Keep a suspended key (it works again, as the confirming administrator's). */
  onConfirm?: (key: TApiKey) => void;
}) {
  return (
    <ul aria-label={MSG_INTEGRACIONES.clavesLista} className="divide-y divide-slate-100">
      {sortApiKeys(keys).map((key) => {
        const estado = apiKeyEstado(key);
        return (
          <li
            key={key.id}
            data-testid="clave-api"
            data-estado={estado}
            className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="min-w-0 break-words font-medium text-slate-900">{key.nombre}</p>
                <span
                  className={cn(
                    'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                    ESTADO_TONES[estado],
                  )}
                >
                  <span className="sr-only">{MSG_INTEGRACIONES.columnaEstadoClave}: </span>
                  {ESTADO_LABELS[estado]}
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
                <Fact label={MSG_INTEGRACIONES.columnaPrefijo} mono>
                  {key.prefijo}…
                </Fact>
                <Fact label={MSG_INTEGRACIONES.columnaCreada}>{formatDate(key.creadaEn)}</Fact>
                <Fact label={MSG_INTEGRACIONES.columnaVence}>{formatDate(key.expiraEn)}</Fact>
                <Fact label={MSG_INTEGRACIONES.columnaUltimoUso}>
                  {formatDateTime(key.ultimoUso, MSG_INTEGRACIONES.usoNunca)}
                </Fact>
              </dl>
              {key.creadaPor && <p className="mt-2 text-xs text-slate-500">{MSG_USUARIOS.claveCreadaPor(key.creadaPor)}</p>}
              {estado === 'suspendida' && <p className="mt-1 text-xs text-amber-800">{MSG_USUARIOS.claveSuspendida}</p>}
            </div>
            {estado === 'suspendida' && onConfirm && (
              <div className="flex gap-2 self-start sm:self-center">
                <Button size="sm" aria-label={MSG_USUARIOS.claveConfirmarDe(key.nombre)} onClick={() => onConfirm(key)}>
                  {MSG_MINISTERIO.confirm}
                </Button>
                <Button variant="secondary" size="sm" aria-label={MSG_INTEGRACIONES.revocarClaveDe(key.nombre)} onClick={() => onRevoke(key)}>
                  {MSG_INTEGRACIONES.revocar}
                </Button>
              </div>
            )}
            {estado === 'activa' && (
              <Button
                variant="secondary"
                size="sm"
                className="self-start sm:self-center"
                aria-label={MSG_INTEGRACIONES.revocarClaveDe(key.nombre)}
                onClick={() => onRevoke(key)}
              >
                {MSG_INTEGRACIONES.revocar}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
