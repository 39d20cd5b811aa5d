import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { useTerceroFevrips } from '../../../lib/provider-config';
import { LIST_TOAST_MS } from '../utils/timings';

/**
 * seed 001 §2: with no provider configuration the list warns (a toast once, and this notice with a link to
 * Configuración → Ministerio); renders nothing while loading or when the configuration exists.
 */
export function ProviderMissingAlert() {
  const provider = useTerceroFevrips();
  const isProviderMissing = provider.data?.configurado === false;
  useEffect(() => {
    if (isProviderMissing) toast.warning(MSG.configNotFound, { id: 'provider-missing', duration: LIST_TOAST_MS });
  }, [isProviderMissing]);
  if (!isProviderMissing) return null;
  return (
    <Alert tone="info" title={MSG.providerEmpty}>
      <p>{MSG.configNotFound}</p>
      <Link to="/settings?tab=ministerio" className={buttonClasses('secondary', 'sm', 'mt-2')}>
        {MSG.providerConfigure}
      </Link>
    </Alert>
  );
}
