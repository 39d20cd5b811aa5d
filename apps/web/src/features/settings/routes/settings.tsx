import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Building2 } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useTerceroFevrips } from '../../../lib/provider-config';
import { AccountCard } from '../components/account-card';
import { ProviderConfigForm } from '../components/provider-config-form';
import { ProviderConfigView } from '../components/provider-config-view';
import { IntegracionesTab } from '../components/integraciones-tab';
import { CanalesTab } from '../components/canales-tab';
import { SETTINGS_TABS, SettingsTabs, settingsTabOf, type SettingsTab } from '../components/settings-tabs';
import { UsuariosTab } from '../components/usuarios-tab';
import { MiPlanTab } from '../components/mi-plan-tab';
import { usePuede, useRol } from '../../../lib/usuario-actual';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { TerceroCard } from '../components/tercero-card';

/**
 * /settings with the tabs General, Ministerio (seed 000 §2 "Settings"), Integraciones (API keys, webhooks,
 * alerts), Canales (e-mail and SFTP delivery), Usuarios and Mi plan; ?tab=… opens one. Only General and
 * Ministerio wait for the company data. Every tab but General is for administrators: the other roles see
 * General read-only (and their own password change).
 */
export function SettingsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: SettingsTab = settingsTabOf(searchParams.get('tab'));
  const { user } = useSession();
  const query = useTerceroFevrips();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const rol = useRol();
  const esAdmin = usePuede().administracion;
  const tabs = SETTINGS_TABS.filter((t) => !t.admin || esAdmin);

  const onTabChange = (next: SettingsTab) => {
    setSearchParams(next === 'general' ? {} : { tab: next }, { replace: true });
  };

  let panel;
  const adminTab = SETTINGS_TABS.find((t) => t.id === tab)?.admin ?? false;
  if (adminTab && rol === null) {
    panel = <LoadingScreen text={MSG.uiLoading} />;
  } else if (adminTab && !esAdmin) {
    // The other roles do not see these tabs; an address typed by hand says why instead of a 403.
    panel = <Alert tone="info">{MSG_USUARIOS.soloAdministradores}</Alert>;
  } else if (tab === 'usuarios') {
    panel = <UsuariosTab />;
  } else if (tab === 'integraciones') {
    panel = <IntegracionesTab />;
  } else if (tab === 'canales') {
    panel = <CanalesTab />;
  } else if (tab === 'plan') {
    panel = <MiPlanTab />;
  } else if (query.isPending) {
    panel = <LoadingScreen text={MSG.uiLoading} />;
  } else if (query.isError) {
    panel = (
      <Alert tone="error">
        <p>{getErrorMessage(query.error, MSG.unknownError)}</p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  } else if (tab === 'general') {
    panel = (
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <TerceroCard tercero={query.data.tercero} editable={esAdmin} />
        <AccountCard user={user} fechaCreacion={query.data.tercero.fechaCreacion} />
      </div>
    );
  } else if (!query.data.configurado) {
    panel = (
      <Card>
        <EmptyState
          icon={<Building2 aria-hidden="true" className="size-10" />}
          title={MSG.providerEmpty}
          description="Registra el código prestador y las credenciales del validador para enviar reportes al Ministerio de Salud."
          action={<Button onClick={() => setIsFormOpen(true)}>{MSG.providerConfigure}</Button>}
        />
      </Card>
    );
  } else {
    panel = <ProviderConfigView config={query.data} onEdit={() => setIsFormOpen(true)} />;
  }

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <SettingsTabs active={tab} onChange={onTabChange} tabs={tabs} />
      <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {panel}
      </div>
      {isFormOpen && query.data && (
        <ProviderConfigForm config={query.data} onClose={() => setIsFormOpen(false)} />
      )}
    </div>
  );
}
