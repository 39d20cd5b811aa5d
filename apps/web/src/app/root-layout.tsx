import { lazy, Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoadingScreen } from '../components/ui/spinner';

let servicesModule: Promise<typeof import('./app-services')> | null = null;

/** Start loading the app services (QueryClient, toasts); route loaders call it so screens never wait for them. */
export function loadAppServices() {
  servicesModule ??= import('./app-services');
  return servicesModule;
}

const AppServices = lazy(() => loadAppServices().then((m) => ({ default: m.AppServices })));

/**
 * The root of the route tree. The sales page (/) renders on its own: no TanStack Query provider and no toaster, so
 * its first load stays small (bench/sales-page.ts); its contact form brings the shared QueryClient with it. Every other screen
 * renders inside AppServices, which its route loader has already fetched (see `lazyRoute` in router.tsx).
 */
export function RootLayout() {
  const isLanding = useMatch('/') !== null;
  if (isLanding) return <Outlet />;
  return (
    <Suspense fallback={<LoadingScreen text={MSG.uiLoading} />}>
      <AppServices>
        <Outlet />
      </AppServices>
    </Suspense>
  );
}
