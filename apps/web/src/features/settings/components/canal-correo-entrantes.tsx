import { Fragment, useState } from 'react';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import type { TCorreoEntrante, TEstadoCorreo, TResultadoArchivoCorreo } from '@radica/contracts/canal-correo';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { useEntrantesCanalCorreo } from '../api/get-entrantes-canal-correo';

const PAGE_SIZE = 20;

const ESTADO_LABELS: Record<TEstadoCorreo, string> = {
  PROCESADO: MSG_CORREO.estadoProcesado,
  PARCIAL: MSG_CORREO.estadoParcial,
  RECHAZADO: MSG_CORREO.estadoRechazado,
};
const ESTADO_TONES: Record<TEstadoCorreo, string> = {
  PROCESADO: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  PARCIAL: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  RECHAZADO: 'bg-red-50 text-red-700 ring-red-600/20',
};
const RESULTADO_LABELS: Record<TResultadoArchivoCorreo, string> = {
  RADICADO: MSG_CORREO.resultadoRadicado,
  ESPERANDO_PAR: MSG_CORREO.resultadoEsperandoPar,
  RECHAZADO: MSG_CORREO.resultadoRechazado,
  IGNORADO: MSG_CORREO.resultadoIgnorado,
  YA_RADICADO: MSG_CORREO.resultadoYaRadicado,
};

function Detalle({ entrante }: { entrante: TCorreoEntrante }) {
  return (
    <div className="space-y-2 text-sm">
      {entrante.motivo && <p className="font-medium text-slate-800">{entrante.motivo}</p>}
      {entrante.detalle.length > 0 && (
        <ul className="space-y-1">
          {entrante.detalle.map((d, i) => (
            <li key={`${d.archivo}-${i}`} className="break-words text-slate-700">
              <span className="font-mono text-xs">{d.archivo}</span> · <strong>{RESULTADO_LABELS[d.resultado]}</strong>
              {d.formato && ` · ${d.formato}`}
              {d.fevRipsId !== null && (
                <>
                  {' · '}
                  <Link className="text-brand-700 underline" to={`/ministerio/${d.fevRipsId}`}>
                    {MSG_CORREO.verDocumento}
                  </Link>
                </>
              )}
              {d.cuv && <span className="block font-mono text-xs text-slate-500">CUV {d.cuv}</span>}
              {d.mensaje && <span className="block text-slate-600">{d.mensaje}</span>}
              {d.hallazgos.length > 0 && <span className="block text-xs text-slate-500">{d.hallazgos.join(', ')}</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">{entrante.respuestaEnviada ? MSG_CORREO.respuestaEnviadaSi : MSG_CORREO.respuestaEnviadaNo}</p>
    </div>
  );
}

/**
 * The e-mail channel's inbox log: date, sender,
 * subject and result badge per message, newest first, 20 per page; 'Ver detalle' opens what happened to each file.
 * Loading, empty and error states.
 */
export function CanalCorreoEntrantes() {
  const [pagina, setPagina] = useState(1);
  const [abierto, setAbierto] = useState<number | null>(null);
  const entrantes = useEntrantesCanalCorreo(pagina, PAGE_SIZE);

  let body;
  if (entrantes.isPending) body = <LoadingScreen text={MSG.uiLoading} />;
  else if (entrantes.isError)
    body = (
      <div className="p-5">
        <Alert tone="error">
          <p>{MSG_CORREO.entrantesErrorCarga(getErrorMessage(entrantes.error))}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void entrantes.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </div>
    );
  else if (entrantes.data.total === 0)
    body = (
      <EmptyState
        icon={<Mail aria-hidden="true" className="size-10" />}
        title={MSG_CORREO.entrantesVacio}
        description={MSG_CORREO.entrantesVacioAyuda}
      />
    );
  else {
    const { items, totalPaginas } = entrantes.data;
    body = (
      <>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="correos-recibidos">
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">{MSG_CORREO.columnaFecha}</th>
                <th scope="col" className="px-3 py-2 font-medium">{MSG_CORREO.columnaRemitente}</th>
                <th scope="col" className="px-3 py-2 font-medium">{MSG_CORREO.columnaAsunto}</th>
                <th scope="col" className="px-3 py-2 font-medium">{MSG_CORREO.columnaEstadoCorreo}</th>
                <th scope="col" className="px-5 py-2 font-medium">
                  <span className="sr-only">{MSG_CORREO.columnaDetalle}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((e) => {
                const isOpen = abierto === e.id;
                const detalleId = `correo-entrante-${e.id}`;
                return (
                  <Fragment key={e.id}>
                    <tr data-testid="correo-recibido" data-estado={e.estado}>
                      <td className="whitespace-nowrap px-5 py-2 text-slate-700">{formatDateTime(e.recibidoEn)}</td>
                      <td className="max-w-48 truncate px-3 py-2 text-slate-700">{e.remitente}</td>
                      <td className="max-w-64 truncate px-3 py-2 text-slate-700">{e.asunto || MSG_CORREO.sinAsunto}</td>
                      <td className="px-3 py-2">
                        <span
                          className={cn(
                            'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                            ESTADO_TONES[e.estado],
                          )}
                        >
                          {ESTADO_LABELS[e.estado]}
                        </span>
                      </td>
                      <td className="px-5 py-2 text-right">
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-expanded={isOpen}
                          aria-controls={detalleId}
                          onClick={() => setAbierto(isOpen ? null : e.id)}
                        >
                          {isOpen ? MSG_CORREO.ocultarDetalle : MSG_CORREO.verDetalle}
                        </Button>
                      </td>
                    </tr>
                    {isOpen && (
                      <tr id={detalleId}>
                        <td colSpan={5} className="bg-slate-50 px-5 py-3">
                          <Detalle entrante={e} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
        {totalPaginas > 1 && (
          <nav aria-label={MSG_CORREO.entrantesTitulo} className="flex items-center justify-between gap-2 px-5 py-3 text-sm">
            <Button size="sm" variant="secondary" disabled={pagina <= 1} onClick={() => setPagina((p) => p - 1)}>
              {MSG_CORREO.paginaAnterior}
            </Button>
            <span className="text-slate-600">{MSG_CORREO.paginaDe(pagina, totalPaginas)}</span>
            <Button size="sm" variant="secondary" disabled={pagina >= totalPaginas} onClick={() => setPagina((p) => p + 1)}>
              {MSG_CORREO.paginaSiguiente}
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="correos-recibidos-title" className="border-t border-slate-100">
      <h3 id="correos-recibidos-title" className="px-5 pt-4 pb-2 text-sm font-semibold text-slate-900">
        {MSG_CORREO.entrantesTitulo}
      </h3>
      {body}
    </section>
  );
}
