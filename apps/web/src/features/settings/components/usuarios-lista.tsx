import { Fragment } from 'react';
import { RotateCw, Trash2 } from 'lucide-react';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { ROL_NOMBRE, type TInvitacion, type TUsuario } from '@radica/contracts/usuarios';
import { MSG } from '@radica/contracts/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage, HttpError } from '../../../lib/http';
import { formatDateTime } from '../../../lib/format';
import type { ReactNode } from 'react';

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

/**
 * The company's users with role (`renderRol`: its select), last sign-in, status and removal (`renderEliminar`, not
 * for oneself): one card per user on a phone (the table's six columns crushed names, e-mails and the role select),
 * a table elsewhere.
 */
export function UsuariosLista({
  usuarios,
  isPhone,
  renderRol,
  renderEliminar,
}: {
  usuarios: TUsuario[];
  isPhone: boolean;
  renderRol: (u: TUsuario) => ReactNode;
  renderEliminar: (u: TUsuario) => ReactNode;
}) {
  return isPhone ? (
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
          {renderRol(u)}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>
              {MSG_USUARIOS.columnaUltimoIngreso}: {formatDate(u.ultimoIngreso) ?? MSG_USUARIOS.nuncaIngreso}
            </span>
            <EstadoActivo />
          </p>
          {!u.esYo && renderEliminar(u)}
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
                {u.esYo && <span className="text-xs font-normal text-slate-500">{MSG_USUARIOS.tu}</span>}
              </td>
              <td className="py-2 pr-3">
                <Email email={u.email} />
              </td>
              <td className="py-2 pr-3">{renderRol(u)}</td>
              <td className="whitespace-nowrap py-2 pr-3 text-slate-600">
                {formatDate(u.ultimoIngreso) ?? MSG_USUARIOS.nuncaIngreso}
              </td>
              <td className="py-2 pr-3">
                <EstadoActivo />
              </td>
              <td className="py-2 text-right">{!u.esYo && renderEliminar(u)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The open invitations, each with its role, inviter, expiry and state, and 'Reenviar' / 'Cancelar invitación'. */
export function InvitacionesPendientes({
  invitaciones,
  isReenviando,
  isCancelando,
  onReenviar,
  onCancelar,
}: {
  invitaciones: TInvitacion[];
  isReenviando: boolean;
  isCancelando: boolean;
  onReenviar: (id: number) => void;
  onCancelar: (id: number) => void;
}) {
  return (
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
                <span className={i.estado === 'vencida' ? 'font-medium text-red-700' : 'text-amber-800'}>
                  ({i.estado === 'vencida' ? MSG_INTEGRACIONES.estadoVencida : MSG_USUARIOS.estadoPendiente})
                </span>
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={isReenviando}
                aria-label={`${MSG_USUARIOS.reenviar} ${i.email}`}
                onClick={() => onReenviar(i.id)}
              >
                <RotateCw aria-hidden="true" className="size-4" /> {MSG_USUARIOS.reenviar}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={isCancelando}
                aria-label={`${MSG_USUARIOS.cancelarInvitacion} ${i.email}`}
                onClick={() => onCancelar(i.id)}
              >
                <Trash2 aria-hidden="true" className="size-4" /> {MSG_USUARIOS.cancelarInvitacion}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why the list could not be shown: only administrators see it (403), or the load failed ('Reintentar'). */
export function UsuariosError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const forbidden = error instanceof HttpError && error.status === 403;
  return (
    <Alert tone={forbidden ? 'info' : 'error'}>
      <p>
        {forbidden
          ? MSG_USUARIOS.soloAdministradores
          : MSG_USUARIOS.errorCarga(getErrorMessage(error, MSG.unknownError))}
      </p>
      {!forbidden && (
        <Button size="sm" variant="secondary" className="mt-2" onClick={onRetry}>
          Reintentar
        </Button>
      )}
    </Alert>
  );
}
