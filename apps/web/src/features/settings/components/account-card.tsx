import type { TUser } from '@radica/contracts/auth';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDateTime } from '../../../lib/format';

/** Account facts (seed 000 §2 "Settings"): authentication type and registration date ('No disponible'). */
export function AccountCard({
  user,
  fechaCreacion,
}: {
  user: TUser | null;
  fechaCreacion: string | null | undefined;
}) {
  return (
    <Card aria-labelledby="account-card-title">
      <CardHeader id="account-card-title" title="Cuenta" />
      <CardBody>
        <DetailList
          columns={1}
          items={[
            { label: 'Email de acceso', value: user?.email },
            { label: 'Tipo de autenticación', value: user?.authType === 'google' ? 'Google' : 'Manual' },
            { label: 'Fecha de registro', value: formatDateTime(fechaCreacion) },
            { label: 'Validador', value: user?.tenant.validator, mono: true },
          ]}
        />
        {user?.authType === 'google' && (
          <p className="mt-4 text-sm text-slate-500">La contraseña de esta cuenta la administra Google.</p>
        )}
      </CardBody>
    </Card>
  );
}
