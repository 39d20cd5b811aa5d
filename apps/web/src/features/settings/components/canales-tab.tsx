import { CanalCorreoCard } from './canal-correo-card';
import { CanalSftpCard } from './canal-sftp-card';

/**
 * Settings › Canales: the delivery channels besides the platform and the API, each in its own card: the
 * e-mail channel (inbound address, allowed senders, inbox log) and the SFTP channel (user, keys, folders).
 */
export function CanalesTab() {
  return (
    <div className="space-y-6">
      <CanalCorreoCard />
      <CanalSftpCard />
    </div>
  );
}
