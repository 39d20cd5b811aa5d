import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { MOTIVO_VERSION_LABEL } from '@radica/contracts/rips';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { LoadingScreen } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { useRestaurarVersion, useVersiones } from '../api/borradores';

/**
 * «Versiones anteriores» of a draft (docs/decisions/050): the contents the autosave kept (before removing a user or a
 * service, replacing or restoring, and every 10 minutes of editing), newest first, each with when, why and its users and
 * services; 'Restaurar' makes one the draft's content (the one it replaces is kept too). Restoring waits for the
 * pending changes to be saved (`guardado`), so nothing typed is lost; a refusal goes to `onError`.
 */
export function VersionesModal({
  id,
  version,
  guardado,
  onClose,
  onRestaurada,
  onError,
}: {
  id: number;
  version: number;
  guardado: boolean;
  onClose: () => void;
  onRestaurada: () => void;
  onError: (error: unknown) => void;
}) {
  const versiones = useVersiones(id, true);
  const restaurar = useRestaurarVersion(id);
  const onRestaurar = async (versionId: number, fecha: string) => {
    try {
      await restaurar.mutateAsync({ versionId, version });
      toast.success(MSG_RIPS.versionRestaurada(formatDateTime(fecha)));
      onRestaurada();
    } catch (error) {
      onClose();
      onError(error);
    }
  };
  return (
    <Modal isOpen title="Versiones anteriores" onClose={onClose}>
      {versiones.isPending ? (
        <LoadingScreen text={MSG.uiLoading} />
      ) : versiones.isError ? (
        <Alert tone="error">
          <p>{getErrorMessage(versiones.error)}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void versiones.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : versiones.data.length === 0 ? (
        <p className="text-sm text-slate-600">{MSG_RIPS.versionesVacio}</p>
      ) : (
        <>
          {!guardado && <p className="mb-2 text-sm text-amber-700">Espera a que se guarden los cambios para restaurar una versión.</p>}
          <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-auto" data-testid="versiones">
            {versiones.data.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-800">{formatDateTime(v.fecha)}</span>
                  <span className="block text-slate-600">
                    {MOTIVO_VERSION_LABEL[v.motivo]} · {v.cantidadUsuarios} usuario(s), {v.cantidadServicios} servicio(s)
                  </span>
                </span>
                <Button size="sm" variant="secondary" disabled={!guardado || restaurar.isPending} isLoading={restaurar.isPending && restaurar.variables?.versionId === v.id} onClick={() => void onRestaurar(v.id, v.fecha)}>
                  Restaurar
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
