import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoadingScreen } from '../components/ui/spinner';
import { AccountRecoveryRoute } from '../features/auth/routes/account-recovery';
import { LoginRoute } from '../features/auth/routes/login';
import { HomeRoute } from '../features/home/routes/home';
import { AuthGuard } from './guards/auth-guard';
import { GuestGuard } from './guards/guest-guard';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

/**
 * The route table (seed 000 §2): guest-only auth pages, the authenticated shell, 404 inside the shell.
 * The larger screens load on demand.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen text={MSG.uiLoading} />,
    children: [
      { path: '/', element: <Navigate to="/Inicio" replace /> },
      { path: '/login', element: <Navigate to="/auth/login" replace /> },
      { path: '/auth/account-recovery', element: <AccountRecoveryRoute /> },
      {
        element: <GuestGuard />,
        children: [
          { path: '/auth/login', element: <LoginRoute /> },
          {
            path: '/auth/register',
            lazy: async () => ({
              Component: (await import('../features/auth/routes/register')).RegisterRoute,
            }),
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
              {
                path: '/settings',
                lazy: async () => ({
                  Component: (await import('../features/settings/routes/settings')).SettingsRoute,
                }),
              },
              {
                path: '/ministerio',
                lazy: async () => ({
                  Component: (await import('../features/ministerio/routes/documents-list'))
                    .DocumentsListRoute,
                }),
              },
              {
                path: '/ministerio/nuevo',
                lazy: async () => ({
                  Component: (await import('../features/ministerio/routes/document')).DocumentRoute,
                }),
              },
              {
                path: '/ministerio/:id',
                lazy: async () => ({
                  Component: (await import('../features/ministerio/routes/document')).DocumentRoute,
                }),
              },
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
