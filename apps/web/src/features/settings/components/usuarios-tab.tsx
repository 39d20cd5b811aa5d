import { useState } from 'react';
import { UserX, Users } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { ROL_NOMBRE, ROLES, type TRol, type TUsuario } from '@radica/contracts/usuarios';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Select } from '../../../components/ui/form-field';
import { LoadingScreen } from '../../../components/ui/spinner';
import { useIsPhone } from '../../../lib/use-is-phone';
import { getErrorMessage } from '../../../lib/http';
import {
  useCambiarRol,
  useCancelarInvitacion,
  useEliminarUsuario,
  useReenviarInvitacion,
  useUsuarios,
} from '../api/usuarios';
import { BajarRolModal, EliminarUsuarioModal, InvitarCard } from './usuarios-dialogs';
import { InvitacionesPendientes, UsuariosError, UsuariosLista } from './usuarios-lista';

/** Lower roles come later in ROLES: moving a user to a later role ends their sessions (the dialog says so first). */
const baja = (antes: TRol, despues: TRol) => ROLES.indexOf(despues) > ROLES.indexOf(antes);

/**
 * Configuración › Usuarios (administrators only, the server refuses anyone else): the company's users with
 * role, last sign-in and status, the open invitations (resend, cancel), the seats of the plan, and the invitation form.
 * A role change that lowers a role or a removal asks first (it ends the person's sessions).
 */
export function UsuariosTab() {
  const query = useUsuarios();
  const isPhone = useIsPhone();
  const reenviar = useReenviarInvitacion();
  const cancelar = useCancelarInvitacion();
  const cambiarRol = useCambiarRol();
  const eliminar = useEliminarUsuario();
  const [eliminando, setEliminando] = useState<TUsuario | null>(null);
  const [bajando, setBajando] = useState<{ usuario: TUsuario; rol: TRol } | null>(null);

  const run = async <T,>(call: () => Promise<{ message?: string } & T>) => {
    try {
      const r = await call();
      if (r.message) toast.success(r.message);
      return true;
    } catch (err) {
      toast.error(getErrorMessage(err, MSG.unknownError));
      return false;
    }
  };
  const onRolChange = (u: TUsuario, nuevo: TRol) => {
    if (nuevo === u.rol) return;
    if (baja(u.rol, nuevo)) setBajando({ usuario: u, rol: nuevo });
    else void run(() => cambiarRol.mutateAsync({ id: u.id, rol: nuevo }));
  };

  if (query.isPending) return <LoadingScreen text={MSG.uiLoading} />;
  if (query.isError) return <UsuariosError error={query.error} onRetry={() => void query.refetch()} />;
  const { usuarios, invitaciones, puestos } = query.data;
  const rolSelect = (u: TUsuario) => (
    <Select
      aria-label={MSG_USUARIOS.rolDe(u.nombre)}
      value={u.rol}
      disabled={cambiarRol.isPending}
      onChange={(e) => onRolChange(u, e.target.value as TRol)}
      className="w-full min-w-36 md:w-auto"
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROL_NOMBRE[r]}
        </option>
      ))}
    </Select>
  );
  const eliminarBoton = (u: TUsuario) => (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`${MSG_USUARIOS.eliminarUsuario} ${u.nombre}`}
      onClick={() => setEliminando(u)}
    >
      <UserX aria-hidden="true" className="size-4" /> {MSG_USUARIOS.eliminarUsuario}
    </Button>
  );

  return (
    <div className="space-y-6">
      <Card aria-labelledby="usuarios-title">
        <CardHeader
          id="usuarios-title"
          title={MSG_USUARIOS.usuariosTitulo}
          description={MSG_USUARIOS.usuariosDescripcion}
        />
        <CardBody className="space-y-5">
          {/* The seats, in line with the card's text (right-aligned in the header they floated under the description). */}
          <p className="text-sm" data-testid="puestos">
            <span className="font-semibold text-slate-900">
              {MSG_USUARIOS.puestos(puestos.usados, puestos.total)}
            </span>
            <span className="block text-xs text-slate-500">{MSG_USUARIOS.puestosAyuda}</span>
          </p>
          <UsuariosLista
            usuarios={usuarios}
            isPhone={isPhone}
            renderRol={rolSelect}
            renderEliminar={eliminarBoton}
          />
          {invitaciones.length > 0 && (
            <InvitacionesPendientes
              invitaciones={invitaciones}
              isReenviando={reenviar.isPending}
              isCancelando={cancelar.isPending}
              onReenviar={(id) => void run(() => reenviar.mutateAsync(id))}
              onCancelar={(id) => void run(() => cancelar.mutateAsync(id))}
            />
          )}
        </CardBody>
      </Card>

      <InvitarCard puestos={puestos} />

      {usuarios.length === 1 && invitaciones.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Users aria-hidden="true" className="size-4" /> {MSG_USUARIOS.usuariosVacio}
        </p>
      )}

      <EliminarUsuarioModal
        usuario={eliminando}
        isPending={eliminar.isPending}
        onCancel={() => setEliminando(null)}
        onConfirm={() =>
          void run(() => eliminar.mutateAsync(eliminando!.id)).then((ok) => ok && setEliminando(null))
        }
      />
      <BajarRolModal
        bajando={bajando}
        isPending={cambiarRol.isPending}
        onCancel={() => setBajando(null)}
        onConfirm={() =>
          void run(() => cambiarRol.mutateAsync({ id: bajando!.usuario.id, rol: bajando!.rol })).then(
            (ok) => ok && setBajando(null),
          )
        }
      />
    </div>
  );
}
