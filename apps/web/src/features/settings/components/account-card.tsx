import { useState } from 'react';
import type { TUser } from '@radica/contracts/auth';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDate } from '../../../lib/format';
import { ChangePasswordModal } from './change-password-modal';

/**
 * Account facts (seed 000 §2 "Settings"): authentication type (Google or Email/Contraseña, as the profile says it) and registration date (es-CO,
 * 'No disponible'); manual accounts get 'Cambiar Contraseña', Google accounts a note that Google manages it. The
 * tenant's validator value (seed 000 §1) is labelled as the account code, so it is not taken for the ministry's
 * Usuario Validador.
 */
export function AccountCard({
  user,
  fechaCreacion,
}: {
  user: TUser | null;
  fechaCreacion: string | null | undefined;
}) {
  const [isChanging, setIsChanging] = useState(false);
  return (
    <Card aria-labelledby="account-card-title">
      <CardHeader id="account-card-title" title="Cuenta" />
      <CardBody>
        <DetailList
          columns={1}
          items={[
            { label: 'Email de acceso', value: user?.email },
            { label: 'Tipo de autenticación', value: MSG_CUENTAS.authTypeLabel(user?.authType) },
            { label: 'Fecha de registro', value: formatDate(fechaCreacion) },
            {
              label: MSG_CUENTAS.accountCodeLabel,
              value: user?.tenant.validator && (
                <>
                  <span className="font-mono">{user.tenant.validator}</span>
                  <span className="mt-1 block text-xs text-slate-500">{MSG_CUENTAS.accountCodeHint}</span>
                </>
              ),
            },
          ]}
        />
        {user?.authType === 'google' ? (
          <p className="mt-4 text-sm text-slate-500">{MSG_CUENTAS.passwordManagedByGoogle}</p>
        ) : (
          user && (
            <Button variant="secondary" className="mt-4" onClick={() => setIsChanging(true)}>
              {MSG_CUENTAS.changePassword}
            </Button>
          )
        )}
      </CardBody>
      {isChanging && user && <ChangePasswordModal email={user.email} onClose={() => setIsChanging(false)} />}
    </Card>
  );
}
