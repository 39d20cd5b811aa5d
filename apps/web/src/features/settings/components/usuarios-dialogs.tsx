import { useState, type FormEvent } from 'react';
import { MailPlus } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import {
  ROL_DESCRIPCION,
  ROL_NOMBRE,
  ROLES,
  type TRol,
  type TUsuario,
  type TUsuariosData,
} from '@radica/contracts/usuarios';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/http';
import { useInvitar } from '../api/usuarios';

/**
 * 'Invitar usuario': e-mail and role (the card's description explains the chosen role), or, when every seat of the
 * plan is taken, why no one can be invited. A refused invitation shows its reason under the field.
 */
export function InvitarCard({ puestos }: { puestos: TUsuariosData['puestos'] }) {
  const invitar = useInvitar();
  const [email, setEmail] = useState('');
  const [rol, setRol] = useState<TRol>('facturador');
  const onInvite = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await invitar.mutateAsync({ email: email.trim(), rol });
      toast.success(r.message ?? MSG_USUARIOS.invitacionEnviada(email.trim()));
      setEmail('');
    } catch {
      /* shown under the field */
    }
  };
  const onSubmit = (e: FormEvent) => void onInvite(e);
  const isPending = invitar.isPending;
  const lleno = puestos.usados >= puestos.total;
  const inviteError = invitar.error ? getErrorMessage(invitar.error, MSG.unknownError) : undefined;
  return (
    <Card aria-labelledby="invitar-title">
      <CardHeader id="invitar-title" title={MSG_USUARIOS.invitarTitulo} description={ROL_DESCRIPCION[rol]} />
      <CardBody>
        {lleno ? (
          <Alert tone="info">
            {puestos.plan ? MSG_USUARIOS.puestosAgotados(puestos.total) : MSG_USUARIOS.planSinUsuarios}
          </Alert>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" noValidate>
            <FormField
              id="invitar-email"
              label={MSG_USUARIOS.campoEmailInvitado}
              error={inviteError}
              className="min-w-64 flex-1"
            >
              <Input
                id="invitar-email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
            </FormField>
            <FormField id="invitar-rol" label={MSG_USUARIOS.campoRol}>
              <Select id="invitar-rol" value={rol} onChange={(e) => setRol(e.target.value as TRol)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROL_NOMBRE[r]}
                  </option>
                ))}
              </Select>
            </FormField>
            <Button type="submit" isLoading={isPending} disabled={email.trim() === ''}>
              <MailPlus aria-hidden="true" className="size-4" /> {MSG_USUARIOS.invitar}
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}

/** 'Eliminar usuario' confirmation: removing a person ends their sessions. */
export function EliminarUsuarioModal({
  usuario,
  isPending,
  onCancel,
  onConfirm,
}: {
  usuario: TUsuario | null;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      isOpen={usuario !== null}
      title={usuario ? MSG_USUARIOS.eliminarTitulo(usuario.nombre) : ''}
      tone="warning"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
          <Button variant="danger" isLoading={isPending} onClick={onConfirm}>
            {MSG_USUARIOS.eliminarUsuario}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{MSG_USUARIOS.eliminarExplicacion}</p>
    </Modal>
  );
}

/** Confirmation of a role change that lowers a role: it ends the person's sessions. */
export function BajarRolModal({
  bajando,
  isPending,
  onCancel,
  onConfirm,
}: {
  bajando: { usuario: TUsuario; rol: TRol } | null;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      isOpen={bajando !== null}
      title={MSG_USUARIOS.bajarRolTitulo}
      tone="warning"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
          <Button isLoading={isPending} onClick={onConfirm}>
            {MSG_USUARIOS.confirmarCambio}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        {bajando ? MSG_USUARIOS.bajarRolExplicacion(bajando.usuario.nombre, ROL_NOMBRE[bajando.rol]) : ''}
      </p>
    </Modal>
  );
}
