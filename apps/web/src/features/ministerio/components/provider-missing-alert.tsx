import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TProviderConfig } from '@radica/contracts/provider';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useTerceroFevrips } from '../../../lib/provider-config';

/** Settings → Ministerio, where the provider configuration lives. */
export const PROVIDER_SETTINGS_PATH = '/settings?tab=ministerio';

/**
 * The provider configuration form the ministry screens may show in place (seed 001 §2 "A provider-data form can
 * also appear when no provider configuration exists"): the settings feature's form, handed in by the app's router
 * (features do not import each other), in its `inline` variant with '← Volver'.
 */
export type TProviderFormSlot = ComponentType<{
  config: TProviderConfig | undefined;
  onClose: () => void;
  variant: 'inline';
}>;

/**
 * Why the ministry cannot be reached without a provider configuration, and the way out: 'Configurar Prestador'
 * opens the form here when `onConfigure` is given (with 'Ir a Configuración' beside it), else it links to
 * /settings?tab=ministerio. `tone` error for a send the server refused (it stays until dismissed by configuring).
 */
export function ProviderSetupNotice({
  message,
  tone,
  onConfigure,
  title = MSG.providerEmpty,
}: {
  message: string;
  tone: 'error' | 'info';
  onConfigure?: () => void;
  /** Default 'No hay configuración del prestador'; another when the configuration exists but the ministry refused it. */
  title?: string;
}) {
  return (
    <Alert tone={tone} title={title}>
      <p>{message}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {onConfigure ? (
          <>
            <Button size="sm" variant="secondary" onClick={onConfigure}>
              {MSG.providerConfigure}
            </Button>
            <Link to={PROVIDER_SETTINGS_PATH} className={buttonClasses('ghost', 'sm')}>
              {MSG_CUENTAS.providerOpenSettings}
            </Link>
          </>
        ) : (
          <Link to={PROVIDER_SETTINGS_PATH} className={buttonClasses('secondary', 'sm')}>
            {MSG.providerConfigure}
          </Link>
        )}
      </div>
    </Alert>
  );
}

/**
 * seed 001 §2: with no provider configuration the list warns with the seed's text, as this notice and not also as a
 * toast (both at once; docs/spec-deviations.md); a send the server refused with 412 CONFIG_REQUIRED
 * (`refusal`, its message) keeps the notice as an error even while the configuration query has not caught up.
 * Renders nothing while loading or when the configuration exists.
 */
export function ProviderMissingAlert({
  refusal = null,
  onConfigure,
}: {
  refusal?: string | null;
  onConfigure?: () => void;
}) {
  const provider = useTerceroFevrips();
  const isProviderMissing = provider.data?.configurado === false;
  if (!isProviderMissing && !refusal) return null;
  return (
    <ProviderSetupNotice
      message={refusal ?? MSG.configNotFound}
      tone={refusal ? 'error' : 'info'}
      onConfigure={onConfigure}
    />
  );
}
