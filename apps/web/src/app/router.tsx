import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoadingScreen } from '../components/ui/spinner';
import { AccountRecoveryRoute } from '../features/auth/routes/account-recovery';
import { LoginRoute } from '../features/auth/routes/login';
import { HomeRoute } from '../features/home/routes/home';
import { ComingSoonRoute, RIPS_TITLES } from '../features/pricing/routes/coming-soon';
import { ProfileRoute } from '../features/profile/routes/profile';
import type { TModule } from '../lib/purchased-products';
import { AuthGuard } from './guards/auth-guard';
import { GuestGuard } from './guards/guest-guard';
import { ModuleGuard } from './guards/module-guard';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './not-found';
import { PlaceholderPage } from './pages/placeholder-page';
import { RouteError } from './route-error';

/** /login is a link target only (seed 000 §2): it forwards to /auth/login with its query and state. */
function LoginRedirect() {
  const location = useLocation();
  return (
    <Navigate to={{ pathname: '/auth/login', search: location.search }} state={location.state} replace />
  );
}

const lazyRoute = (load: () => Promise<{ Component: ComponentType }>) => ({ lazy: load });

/** Sidebar targets whose screens are not specified yet (seed 000 §2), with their header titles. */
const PLACEHOLDERS: Array<{ path: string; title: string; module?: TModule }> = [
  { path: '/listado-rips', title: RIPS_TITLES.listado },
  { path: '/listado-rips/nuevo', title: RIPS_TITLES.editor },
  { path: '/listado-rips/pacientes', title: 'Pacientes' },
  { path: '/listado-rips/medicamentos', title: 'Medicamentos' },
  { path: '/listado-rips/:id', title: RIPS_TITLES.editor },
  { path: '/automatizaciones', title: 'Automatizaciones', module: 'automatizaciones' },
  { path: '/marketing', title: 'Marketing', module: 'marketing' },
  { path: '/facturas', title: 'Facturas', module: 'facturacion' },
  { path: '/facturacion-notas', title: 'Notas', module: 'facturacion' },
  { path: '/eventos', title: 'Eventos', module: 'facturacion' },
  { path: '/documentos', title: 'Documentos', module: 'facturacion' },
  { path: '/soportes', title: 'Soportes', module: 'facturacion' },
  { path: '/terceros', title: 'Terceros', module: 'facturacion' },
  { path: '/inventario', title: 'Inventario', module: 'facturacion' },
];

function placeholderRoutes(): RouteObject[] {
  const free = PLACEHOLDERS.filter((p) => !p.module).map((p) => ({
    path: p.path,
    element: <PlaceholderPage title={p.title} />,
  }));
  const guarded = (['automatizaciones', 'marketing', 'facturacion'] as const).map((module) => ({
    element: <ModuleGuard module={module} />,
    children: PLACEHOLDERS.filter((p) => p.module === module).map((p) => ({
      path: p.path,
      element: <PlaceholderPage title={p.title} />,
    })),
  }));
  return [...free, ...guarded];
}

/**
 * The route table (seed 000 §2, seed 002 §2): guest-only auth pages under the auth error boundary ('Error
 * Inesperado'), public coming-soon pages, the authenticated shell with the module guard on /ministerio*, the
 * placeholders, and 404 inside the shell (signed-out visitors fall back to the login). Larger screens load on demand.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen text={MSG.uiLoading} />,
    children: [
      { path: '/', element: <Navigate to="/Inicio" replace /> },
      { path: '/login', element: <LoginRedirect /> },
      { path: '/auth/account-recovery', element: <AccountRecoveryRoute /> },
      { path: '/pricing/:module', element: <ComingSoonRoute inApp={false} /> },
      { path: '/terms', element: <PlaceholderPage title="Términos y condiciones" /> },
      { path: '/privacy', element: <PlaceholderPage title="Política de privacidad" /> },
      {
        element: <GuestGuard />,
        errorElement: <RouteError />,
        children: [
          { path: '/auth/login', element: <LoginRoute /> },
          {
            path: '/auth/register',
            ...lazyRoute(async () => ({
              Component: (await import('../features/auth/routes/register')).RegisterRoute,
            })),
          },
          {
            path: '/auth/forgot-password',
            ...lazyRoute(async () => ({
              Component: (await import('../features/auth/routes/forgot-password')).ForgotPasswordRoute,
            })),
          },
          {
            path: '/auth/reset-password',
            ...lazyRoute(async () => ({
              Component: (await import('../features/auth/routes/reset-password')).ResetPasswordRoute,
            })),
          },
        ],
      },
      {
        element: <AuthGuard />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/Inicio', element: <HomeRoute /> },
              { path: '/profile', element: <ProfileRoute /> },
              {
                path: '/settings',
                ...lazyRoute(async () => ({
                  Component: (await import('../features/settings/routes/settings')).SettingsRoute,
                })),
              },
              { path: '/app/pricing/:module', element: <ComingSoonRoute inApp /> },
              {
                element: <ModuleGuard module="ministerio" />,
                children: [
                  {
                    path: '/ministerio',
                    ...lazyRoute(async () => ({
                      Component: (await import('../features/ministerio/routes/documents-list'))
                        .DocumentsListRoute,
                    })),
                  },
                  {
                    path: '/ministerio/nuevo',
                    ...lazyRoute(async () => ({
                      Component: (await import('../features/ministerio/routes/document')).DocumentRoute,
                    })),
                  },
                  {
                    path: '/ministerio/:id',
                    ...lazyRoute(async () => ({
                      Component: (await import('../features/ministerio/routes/document')).DocumentRoute,
                    })),
                  },
                ],
              },
              ...placeholderRoutes(),
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
