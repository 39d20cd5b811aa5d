import { Mail, MonitorUp, Plug, Server, type LucideIcon } from 'lucide-react';
import type { TCanalDocumento } from '@radica/contracts/documents';
import { canalLabel } from '../utils/display';

const ICONS: Record<TCanalDocumento, LucideIcon> = {
  plataforma: MonitorUp,
  api: Plug,
  email: Mail,
  sftp: Server,
};

/** A document's channel as a small label: icon and 'Plataforma' / 'API' / 'Correo' / 'SFTP'. */
export function CanalBadge({ canal }: { canal: string | null | undefined }) {
  const Icon = canal ? ICONS[canal as TCanalDocumento] : undefined;
  return (
    <span
      data-testid="canal-documento"
      data-canal={canal ?? ''}
      className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600"
    >
      {Icon && <Icon aria-hidden="true" className="size-3 shrink-0" />}
      {canalLabel(canal)}
    </span>
  );
}
