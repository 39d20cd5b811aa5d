import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { useSession } from '../../../lib/session';
import { useMiUsuario, useRol } from '../../../lib/usuario-actual';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { ROL_NOMBRE } from '@radica/contracts/usuarios';
import { WhatsappCard } from '../components/whatsapp-card';


/**
 * /profile (seed 000 §2 "Profile screen"): name or 'No especificado', e-mail, user id, authentication type; 
 * adds the role and the WhatsApp link of the assistant.
 */
export function ProfileRoute() {
  const { user } = useSession();
  const yo = useMiUsuario();
  const rol = useRol();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card aria-labelledby="profile-title">
        <CardHeader id="profile-title" title="Perfil" />
        <CardBody>
          <DetailList
            columns={1}
            items={[
              { label: 'Nombre', value: user?.name?.trim() || MSG_CUENTAS.profileNotSpecified },
              { label: 'Email', value: user?.email },
              { label: 'ID de usuario', value: user ? String(user.id) : undefined },
              { label: 'Tipo de autenticación', value: MSG_CUENTAS.authTypeLabel(user?.authType) },
              { label: MSG_USUARIOS.campoRol, value: rol ? ROL_NOMBRE[rol] : undefined },
            ]}
          />
        </CardBody>
      </Card>
      {yo.data && <WhatsappCard yo={yo.data} />}
    </div>
  );
}
