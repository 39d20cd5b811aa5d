import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FilePlus2 } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import type { TBorradorFila, TEstadoBorrador, TEstructuraRips } from '@radica/contracts/rips';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Pager } from '../../../components/ui/pager';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useBorradores, useEliminarBorrador } from '../api/borradores';
import { AccionRechazada, rechazoDe, type TRechazo } from '../components/accion-rechazada';
import { FiltrosBorradores, TablaBorradores } from '../components/rips-list-partes';
import { usePuede } from '../../../lib/usuario-actual';

/** /listado-rips: the tenant's RIPS created or imported on the platform, as the ministry list looks. */
export function RipsListRoute() {
  const [texto, setTexto] = useState('');
  const [estado, setEstado] = useState<TEstadoBorrador | ''>('');
  const [estructura, setEstructura] = useState<TEstructuraRips | ''>('');
  const [pagina, setPagina] = useState(1);
  const [eliminar, setEliminar] = useState<TBorradorFila | null>(null);
  // A Consulta reads the RIPS; creating and deleting them is for Administrador and Facturador.
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
        <FiltrosBorradores texto={texto} setTexto={setTexto} estado={estado} setEstado={setEstado} estructura={estructura} setEstructura={setEstructura} setPagina={setPagina} />
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
          <TablaBorradores rows={rows} puedeEditar={puedeEditar} onEliminar={setEliminar} />
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
