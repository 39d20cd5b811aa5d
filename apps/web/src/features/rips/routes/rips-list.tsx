import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FilePlus2, Trash2 } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { ESTADO_BORRADOR_LABEL, ZEstadoBorrador, type TBorradorFila, type TEstadoBorrador, type TEstructuraRips } from '@radica/contracts/rips';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Pager } from '../../../components/ui/pager';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { LoadingScreen } from '../../../components/ui/spinner';
import { formatCop, formatDateTime } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cn } from '../../../lib/cn';
import { useBorradores, useEliminarBorrador } from '../api/borradores';
import { AccionRechazada, rechazoDe, type TRechazo } from '../components/accion-rechazada';
import { usePuede } from '../../../lib/usuario-actual';

const ESTADO_CLASE: Record<TEstadoBorrador, string> = {
  BORRADOR: 'bg-slate-100 text-slate-700',
  CON_HALLAZGOS: 'bg-red-100 text-red-700',
  LISTO: 'bg-emerald-100 text-emerald-700',
  RADICADO: 'bg-brand-100 text-brand-800',
};
const ESTRUCTURA_CORTA = { 'res2275-2023': '2275', 'res948-2026-dt1-v002': '948' } as const;

/** /listado-rips (issue 27 §1): the tenant's RIPS created or imported on the platform, as the ministry list looks. */
export function RipsListRoute() {
  const [texto, setTexto] = useState('');
  const [estado, setEstado] = useState<TEstadoBorrador | ''>('');
  const [estructura, setEstructura] = useState<TEstructuraRips | ''>('');
  const [pagina, setPagina] = useState(1);
  const [eliminar, setEliminar] = useState<TBorradorFila | null>(null);
  // Issue 28: a Consulta reads the RIPS; creating and deleting them is for Administrador and Facturador.
  const puedeEditar = usePuede().edicion;
  const busqueda = useDebouncedValue(texto.trim(), 400);
  const list = useBorradores({ texto: busqueda || undefined, estado: estado || undefined, estructura: estructura || undefined, pagina });
  const borrar = useEliminarBorrador();
  const rows = list.data?.items ?? [];

  const [rechazo, setRechazo] = useState<TRechazo | null>(null);
  const onEliminar = async () => {
    if (!eliminar) return;
    setRechazo(null);
    try {
      toast.success(await borrar.mutateAsync(eliminar.id));
    } catch (error) {
      setRechazo(rechazoDe('No se pudo eliminar el borrador', error));
    }
    setEliminar(null);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">RIPS creados en Radica</h2>
          <p className="text-sm text-slate-500">Créalos desde la factura, una hoja de cálculo o un RIPS existente, corrígelos y radícalos con su factura.</p>
        </div>
        {puedeEditar && (
          <Link to="/listado-rips/nuevo" className={buttonClasses('primary')}>
            <FilePlus2 aria-hidden="true" className="size-4" /> Nuevo RIPS
          </Link>
        )}
      </div>
      {rechazo && <AccionRechazada rechazo={rechazo} onCerrar={() => setRechazo(null)} />}
      <Card>
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4">
          <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm text-slate-600">
            Buscar
            <input
              type="search"
              value={texto}
              placeholder="Factura o nota…"
              onChange={(e) => {
                setTexto(e.target.value);
                setPagina(1);
              }}
              className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            Estado
            <select
              value={estado}
              onChange={(e) => {
                setEstado(e.target.value as TEstadoBorrador | '');
                setPagina(1);
              }}
              className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
            >
              <option value="">Todos</option>
              {ZEstadoBorrador.options.map((e) => (
                <option key={e} value={e}>
                  {ESTADO_BORRADOR_LABEL[e]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm text-slate-600">
            Estructura
            <select
              value={estructura}
              onChange={(e) => {
                setEstructura(e.target.value as TEstructuraRips | '');
                setPagina(1);
              }}
              className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
            >
              <option value="">Todas</option>
              <option value="res2275-2023">Res. 2275 de 2023</option>
              <option value="res948-2026-dt1-v002">Res. 948 de 2026</option>
            </select>
          </label>
          {(texto || estado || estructura) && (
            <Button
              variant="ghost"
              onClick={() => {
                setTexto('');
                setEstado('');
                setEstructura('');
                setPagina(1);
              }}
            >
              Limpiar filtros
            </Button>
          )}
        </div>
        {list.isPending ? (
          <LoadingScreen text={MSG.uiLoading} />
        ) : list.isError && !list.data ? (
          <div className="p-4">
            <Alert tone="error">
              <p>{getErrorMessage(list.error)}</p>
            </Alert>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState title="No hay RIPS" description={busqueda || estado || estructura ? 'Intenta ajustar los filtros de búsqueda' : 'Crea el primero con «Nuevo RIPS».'} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-sm">
              <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                <tr>
                  <th className="px-4 py-2">Formato</th>
                  <th className="px-4 py-2">Factura</th>
                  <th className="px-4 py-2 text-right">Usuarios</th>
                  <th className="px-4 py-2 text-right">Servicios</th>
                  <th className="px-4 py-2 text-right">Total</th>
                  <th className="px-4 py-2">Estructura</th>
                  <th className="px-4 py-2">Estado</th>
                  <th className="px-4 py-2">Modificado</th>
                  <th className="px-4 py-2">
                    <span className="sr-only">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100">
                    <td className="px-4 py-2 font-medium">
                      <Link to={`/listado-rips/${r.id}`} className="text-brand-700 hover:underline">
                        {r.formato ?? MSG_RIPS.borradorSinNumero}
                      </Link>
                    </td>
                    <td className="px-4 py-2">
                      {r.numFactura ?? '—'}
                      {r.tipoNota && <span className="text-slate-500"> · {r.tipoNota} {r.numNota}</span>}
                    </td>
                    <td className="px-4 py-2 text-right">{r.cantidadUsuarios}</td>
                    <td className="px-4 py-2 text-right">{r.cantidadServicios}</td>
                    <td className="px-4 py-2 text-right">{formatCop(r.totalValorServicios)}</td>
                    <td className="px-4 py-2">{ESTRUCTURA_CORTA[r.estructura]}</td>
                    <td className="px-4 py-2">
                      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', ESTADO_CLASE[r.estado])}>{ESTADO_BORRADOR_LABEL[r.estado]}</span>
                      {r.estado === 'CON_HALLAZGOS' && <span className="ml-1 text-xs text-red-700">{r.totalRechazos}</span>}
                    </td>
                    <td className="px-4 py-2 text-slate-500">{formatDateTime(r.fechaModificacion)}</td>
                    <td className="px-4 py-2 text-right">
                      {r.fevRipsId ? (
                        <Link to={`/ministerio/${r.fevRipsId}`} className="text-sm text-brand-700 hover:underline">
                          Documento
                        </Link>
                      ) : (
                        puedeEditar && <Button size="sm" variant="ghost" aria-label={`Eliminar ${r.formato ?? r.id}`} onClick={() => setEliminar(r)}>
                          <Trash2 aria-hidden="true" className="size-4" />
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.data && <Pager pagina={pagina} paginas={list.data.paginas} resumen={`${list.data.total} RIPS`} onPagina={setPagina} />}
      </Card>
      <Modal
        isOpen={eliminar !== null}
        title="¿Eliminar este borrador?"
        tone="error"
        onClose={() => setEliminar(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setEliminar(null)}>
              Cancelar
            </Button>
            <Button variant="danger" isLoading={borrar.isPending} onClick={() => void onEliminar()}>
              Eliminar
            </Button>
          </>
        }
      >
        <p>Se borra el RIPS {eliminar?.formato ?? ''} con sus usuarios y servicios. No se puede deshacer.</p>
      </Modal>
    </div>
  );
}
