import { Navigate, Outlet, useLocation } from 'react-router';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { LoadingScreen } from '../../components/ui/spinner';
import { decideModuleAccess, usePurchasedProducts, type TModule } from '../../lib/purchased-products';
import { useSession } from '../../lib/session';

/**
 * Module access (seed 000 §2 "Guards", seed 002 §4 "Module guard"): denied while loading ('Cargando permisos de
 * usuario...' while the session loads, 'Verificando productos disponibles...' while the product list is not
 * known, 'Verificando acceso...' otherwise); without access it replaces the page with /app/pricing/{module};
 * when the products call fails, the area in the current path is allowed.
 */
export function ModuleGuard({ module }: { module: TModule }) {
  const session = useSession();
  const { pathname } = useLocation();
  const products = usePurchasedProducts();
  if (session.status === 'loading') return <LoadingScreen text={MSG_CUENTAS.loadingPermissions} />;
  const decision = decideModuleAccess(module, pathname, { status: products.status, data: products.data });
  if (decision === 'loading')
    return <LoadingScreen text={products.isFetching ? MSG_CUENTAS.verifyingProducts : MSG_CUENTAS.verifyingAccess} />;
  if (decision === 'denied') return <Navigate to={`/app/pricing/${module}`} replace />;
  return <Outlet />;
}
