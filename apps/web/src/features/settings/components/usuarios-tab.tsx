import { Fragment, useState, type FormEvent } from 'react';
import { MailPlus, RotateCw, Trash2, UserX, Users } from 'lucide-react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { ROL_DESCRIPCION, ROL_NOMBRE, ROLES, type TRol, type TUsuario } from '@radica/contracts/usuarios';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { LoadingScreen } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useIsPhone } from '../../../lib/use-is-phone';
import { getErrorMessage, HttpError } from '../../../lib/http';
import {
  useCambiarRol,
  useCancelarInvitacion,
  useEliminarUsuario,
  useInvitar,
  useReenviarInvitacion,
  useUsuarios,
} from '../api/usuarios';

/** An instant as every page writes it ('01/12/2026, 21:38'), null when there is none. */
const formatDate = (iso: string | null) => (iso ? formatDateTime(iso) : null);

/** A user's state: every listed user is active (a removed one is not listed). */
function EstadoActivo() {
  return (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
      {MSG_USUARIOS.estadoActivo}
    </span>
  );
}

/**
 * An e-mail that wraps, when it must, after its '@', dots and hyphens instead of in the middle of a word
 * ('administradora.de.facturacion@…' broke as 'administ / radora…' on a phone).
 */
export function Email({ email }: { email: string }) {
  const partes = email.split(/(?<=[@.-])/);
  return (
    <span className="break-words">
      {partes.map((p, i) => (
        <Fragment key={i}>
          <span>{p}</span>
          {i < partes.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}

/** Lower roles come later in ROLES: moving a user to a later role ends their sessions (the dialog says so first). */
const baja = (antes: TRol, despues: TRol) => ROLES.indexOf(despues) > ROLES.indexOf(antes);

/**
 * Configuración › Usuarios (issue 28; administrators only, the server refuses anyone else): the company's users with
 * role, last sign-in and status, the open invitations (resend, cancel), the seats of the plan, and the invitation form.
 * A role change that lowers a role or a removal asks first (it ends the person's sessions).
 */
export function UsuariosTab() {
  const query = useUsuarios();
  const isPhone = useIsPhone();
  const invitar = useInvitar();
  const reenviar = useReenviarInvitacion();
  const cancelar = useCancelarInvitacion();
  const cambiarRol = useCambiarRol();
  const eliminar = useEliminarUsuario();
  const [email, setEmail] = useState('');
  const [rol, setRol] = useState<TRol>('facturador');
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
  const onRolChange = (u: TUsuario, nuevo: TRol) => {
    if (nuevo === u.rol) return;
    if (baja(u.rol, nuevo)) setBajando({ usuario: u, rol: nuevo });
    else void run(() => cambiarRol.mutateAsync({ id: u.id, rol: nuevo }));
  };

  if (query.isPending) return <LoadingScreen text={MSG.uiLoading} />;
  if (query.isError) {
    const forbidden = query.error instanceof HttpError && query.error.status === 403;
    return (
      <Alert tone={forbidden ? 'info' : 'error'}>
        <p>
          {forbidden
            ? MSG_USUARIOS.soloAdministradores
            : MSG_USUARIOS.errorCarga(getErrorMessage(query.error, MSG.unknownError))}
        </p>
        {!forbidden && (
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        )}
      </Alert>
    );
  }
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
  const lleno = puestos.usados >= puestos.total;
  const inviteError = invitar.error ? getErrorMessage(invitar.error, MSG.unknownError) : undefined;

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
            <span className="font-semibold text-slate-900">{MSG_USUARIOS.puestos(puestos.usados, puestos.total)}</span>
            <span className="block text-xs text-slate-500">{MSG_USUARIOS.puestosAyuda}</span>
          </p>
          {/* Phones: one card per user (the table's six columns crushed names, e-mails and the role select). */}
          {isPhone ? (
            <ul className="divide-y divide-slate-100" data-testid="usuarios-tarjetas">
              {usuarios.map((u) => (
                <li key={u.id} className="space-y-2 py-3">
                  <p className="font-medium text-slate-900">
                    {u.nombre}{' '}
                    {u.esYo && <span className="text-xs font-normal text-slate-500">{MSG_USUARIOS.tu}</span>}
                  </p>
                  <p className="text-sm text-slate-700">
                    <Email email={u.email} />
                  </p>
                  {rolSelect(u)}
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                    <span>
                      {MSG_USUARIOS.columnaUltimoIngreso}:{' '}
                      {formatDate(u.ultimoIngreso) ?? MSG_USUARIOS.nuncaIngreso}
                    </span>
                    <EstadoActivo />
                  </p>
                  {!u.esYo && eliminarBoton(u)}
                </li>
              ))}
            </ul>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{MSG_USUARIOS.usuariosTitulo}</caption>
                <thead className="text-xs uppercase text-slate-500">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      {MSG_USUARIOS.columnaNombre}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {MSG_USUARIOS.columnaCorreo}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {MSG_USUARIOS.campoRol}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {MSG_USUARIOS.columnaUltimoIngreso}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {MSG_MINISTERIO.filterStatus}
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {usuarios.map((u) => (
                    <tr key={u.id}>
                      <td className="py-2 pr-3 font-medium text-slate-900">
                        {u.nombre}{' '}
                        {u.esYo && (
                          <span className="text-xs font-normal text-slate-500">{MSG_USUARIOS.tu}</span>
                        )}
                      </td>
                      <td className="py-2 pr-3">
                        <Email email={u.email} />
                      </td>
                      <td className="py-2 pr-3">{rolSelect(u)}</td>
                      <td className="whitespace-nowrap py-2 pr-3 text-slate-600">
                        {formatDate(u.ultimoIngreso) ?? MSG_USUARIOS.nuncaIngreso}
                      </td>
                      <td className="py-2 pr-3">
                        <EstadoActivo />
                      </td>
                      <td className="py-2 text-right">{!u.esYo && eliminarBoton(u)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          {invitaciones.length > 0 && (
            <section aria-labelledby="invitaciones-title">
              <h3 id="invitaciones-title" className="mb-2 text-sm font-semibold text-slate-900">
                {MSG_USUARIOS.invitacionesTitulo}
              </h3>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {invitaciones.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                    <div className="min-w-0">
                      <p className="break-all text-sm font-medium text-slate-900">{i.email}</p>
                      <p className="text-xs text-slate-500">
                        {ROL_NOMBRE[i.rol]} · {MSG_USUARIOS.columnaInvitadoPor}: {i.invitadoPor} ·{' '}
                        {MSG_INTEGRACIONES.columnaVence}: {formatDate(i.expiraEn)}{' '}
                        <span
                          className={i.estado === 'vencida' ? 'font-medium text-red-700' : 'text-amber-800'}
                        >
                          (
                          {i.estado === 'vencida'
                            ? MSG_INTEGRACIONES.estadoVencida
                            : MSG_USUARIOS.estadoPendiente}
                          )
                        </span>
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={reenviar.isPending}
                        aria-label={`${MSG_USUARIOS.reenviar} ${i.email}`}
                        onClick={() => void run(() => reenviar.mutateAsync(i.id))}
                      >
                        <RotateCw aria-hidden="true" className="size-4" /> {MSG_USUARIOS.reenviar}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={cancelar.isPending}
                        aria-label={`${MSG_USUARIOS.cancelarInvitacion} ${i.email}`}
                        onClick={() => void run(() => cancelar.mutateAsync(i.id))}
                      >
                        <Trash2 aria-hidden="true" className="size-4" /> {MSG_USUARIOS.cancelarInvitacion}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby="invitar-title">
        <CardHeader
          id="invitar-title"
          title={MSG_USUARIOS.invitarTitulo}
          description={ROL_DESCRIPCION[rol]}
        />
        <CardBody>
          {lleno ? (
            <Alert tone="info">
              {puestos.plan ? MSG_USUARIOS.puestosAgotados(puestos.total) : MSG_USUARIOS.planSinUsuarios}
            </Alert>
          ) : (
            <form onSubmit={(e) => void onInvite(e)} className="flex flex-wrap items-end gap-3" noValidate>
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
              <Button type="submit" isLoading={invitar.isPending} disabled={email.trim() === ''}>
                <MailPlus aria-hidden="true" className="size-4" /> {MSG_USUARIOS.invitar}
              </Button>
            </form>
          )}
        </CardBody>
      </Card>

      {usuarios.length === 1 && invitaciones.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Users aria-hidden="true" className="size-4" /> {MSG_USUARIOS.usuariosVacio}
        </p>
      )}

      <Modal
        isOpen={eliminando !== null}
        title={eliminando ? MSG_USUARIOS.eliminarTitulo(eliminando.nombre) : ''}
        tone="warning"
        onClose={() => setEliminando(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setEliminando(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isLoading={eliminar.isPending}
              onClick={() =>
                void run(() => eliminar.mutateAsync(eliminando!.id)).then((ok) => ok && setEliminando(null))
              }
            >
              {MSG_USUARIOS.eliminarUsuario}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{MSG_USUARIOS.eliminarExplicacion}</p>
      </Modal>
      <Modal
        isOpen={bajando !== null}
        title={MSG_USUARIOS.bajarRolTitulo}
        tone="warning"
        onClose={() => setBajando(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setBajando(null)}>
              Cancelar
            </Button>
            <Button
              isLoading={cambiarRol.isPending}
              onClick={() =>
                void run(() => cambiarRol.mutateAsync({ id: bajando!.usuario.id, rol: bajando!.rol })).then(
                  (ok) => ok && setBajando(null),
                )
              }
            >
              {MSG_USUARIOS.confirmarCambio}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {bajando ? MSG_USUARIOS.bajarRolExplicacion(bajando.usuario.nombre, ROL_NOMBRE[bajando.rol]) : ''}
        </p>
      </Modal>
    </div>
  );
}
