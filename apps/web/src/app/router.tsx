import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoadingScreen } from '../components/ui/spinner';
import { LandingRoute } from '../features/landing/routes/landing';
import type { TModule } from '../lib/purchased-products';
import { CHAT_HANDLE, loadAppServices, RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** /login is a link target only (seed 000 §2): it forwards to /auth/login with its query and state. */
function LoginRedirect() {
  const location = useLocation();
  return (
    <Navigate to={{ pathname: '/auth/login', search: location.search }} state={location.state} replace />
  );
}

/** A route whose screen loads on demand, with the app services it renders in (root-layout.tsx). */
const lazyRoute = (load: () => Promise<{ Component: ComponentType }>) => ({
  lazy: async () => (await Promise.all([load(), loadAppServices()]))[0],
});
/** The same for a screen or guard that takes props: its element comes from the module loaded on demand. */
const lazyElement = (load: () => Promise<ReactNode>) => ({
  lazy: async () => ({ element: (await Promise.all([load(), loadAppServices()]))[0] }),
});

const comingSoonPage = (inApp: boolean) =>
  lazyElement(async () => {
    const { ComingSoonRoute } = await import('../features/pricing/routes/coming-soon');
    return <ComingSoonRoute inApp={inApp} />;
  });
const legalPage = (documento: 'terminos' | 'privacidad') =>
  lazyElement(async () => {
    const { LegalRoute } = await import('../features/landing/routes/legal');
    return <LegalRoute documento={documento} />;
  });
const placeholderPage = (title: string) =>
  lazyElement(async () => {
    const { PlaceholderPage } = await import('./pages/placeholder-page');
    return <PlaceholderPage title={title} />;
  });
const moduleGuard = (module: TModule) =>
  lazyElement(async () => {
    const { ModuleGuard } = await import('./guards/module-guard');
    return <ModuleGuard module={module} />;
  });

/** Sidebar targets whose screens are not specified yet (seed 000 §2), with their header titles. */
const PLACEHOLDERS: Array<{ path: string; title: string; module?: TModule }> = [
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
    ...placeholderPage(p.title),
  }));
  const guarded = (['automatizaciones', 'marketing', 'facturacion'] as const).map((module) => ({
    ...moduleGuard(module),
    children: PLACEHOLDERS.filter((p) => p.module === module).map((p) => ({
      path: p.path,
      ...placeholderPage(p.title),
    })),
  }));
  return [...free, ...guarded];
}

/**
 * The route table (seed 000 §2, seed 002 §2): the sales page at /, guest-only auth pages under the auth error boundary
 * ('Error Inesperado'), public coming-soon pages, the authenticated shell with the module guard on /ministerio*, the
 * placeholders, and 404 inside the shell (signed-out visitors fall back to the login). The floating chat shows on the
 * sales page, the public coming-soon pages and the whole shell (CHAT_HANDLE). Only the sales page is in the
 * first load (under 120 kB gzip, bench/sales-page.ts); every other screen, guard and layout loads on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen text={MSG.uiLoading} />,
    children: [
      { path: '/', element: <LandingRoute />, handle: CHAT_HANDLE },
      { path: '/login', element: <LoginRedirect /> },
      {
        path: '/auth/account-recovery',
        ...lazyRoute(async () => ({
          Component: (await import('../features/auth/routes/account-recovery')).AccountRecoveryRoute,
        })),
      },
      { path: '/pricing/:module', ...comingSoonPage(false), handle: CHAT_HANDLE },
      // The purchase (seed 002 §2): public, for guests and signed-in buyers alike.
      {
        path: '/billing/cart',
        ...lazyRoute(async () => ({
          Component: (await import('../features/billing/routes/cart')).CartRoute,
        })),
      },
      {
        path: '/billing/info',
        ...lazyRoute(async () => ({
          Component: (await import('../features/billing/routes/billing-info')).BillingInfoRoute,
        })),
      },
      {
        path: '/billing/payment',
        ...lazyRoute(async () => ({
          Component: (await import('../features/billing/routes/payment')).PaymentRoute,
        })),
      },
      {
        path: '/billing/success',
        ...lazyRoute(async () => ({
          Component: (await import('../features/billing/routes/success')).SuccessRoute,
        })),
      },
      // The public CUV lookup: anyone holding a CUV checks it with the ministry.
      {
        path: '/consultar-cuv',
        ...lazyRoute(async () => ({
          Component: (await import('../features/landing/routes/consultar-cuv')).ConsultarCuvRoute,
        })),
        handle: CHAT_HANDLE,
      },
      // An invitation link: public, whoever holds the link joins with it.
      {
        path: '/auth/invitacion',
        errorElement: <RouteError />,
        ...lazyRoute(async () => ({
          Component: (await import('../features/auth/routes/invitacion')).InvitacionRoute,
        })),
      },
      // Radica's terms and personal data policy: real pages inside the sales page's header and footer.
      { path: '/terms', ...legalPage('terminos'), handle: CHAT_HANDLE },
      { path: '/privacy', ...legalPage('privacidad'), handle: CHAT_HANDLE },
      {
        ...lazyRoute(async () => ({ Component: (await import('./guards/guest-guard')).GuestGuard })),
        errorElement: <RouteError />,
        children: [
          {
            path: '/auth/login',
            ...lazyRoute(async () => ({
              Component: (await import('../features/auth/routes/login')).LoginRoute,
            })),
          },
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
        ...lazyRoute(async () => ({ Component: (await import('./guards/auth-guard')).AuthGuard })),
        children: [
          {
            ...lazyRoute(async () => ({ Component: (await import('./layout/app-layout')).AppLayout })),
            handle: CHAT_HANDLE,
            children: [
              {
                path: '/Inicio',
                ...lazyRoute(async () => ({
                  Component: (await import('../features/home/routes/home')).HomeRoute,
                })),
              },
              {
                path: '/profile',
                ...lazyRoute(async () => ({
                  Component: (await import('../features/profile/routes/profile')).ProfileRoute,
                })),
              },
              {
                path: '/settings',
                ...lazyRoute(async () => ({
                  Component: (await import('../features/settings/routes/settings')).SettingsRoute,
                })),
              },
              { path: '/app/pricing/:module', ...comingSoonPage(true) },
              {
                ...moduleGuard('ministerio'),
                children: [
                  {
                    // The list shows the settings feature's provider form when no configuration exists (seed 001
                    // §2): the two features meet here, not in each other.
                    path: '/ministerio',
                    ...lazyElement(async () => {
                      const [{ DocumentsListRoute }, { ProviderConfigForm }] = await Promise.all([
                        import('../features/ministerio/routes/documents-list'),
                        import('../features/settings/components/provider-config-form'),
                      ]);
                      return <DocumentsListRoute ProviderForm={ProviderConfigForm} />;
                    }),
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
                  {
                    path: '/ministerio/:id/nota',
                    ...lazyRoute(async () => ({
                      Component: (await import('../features/ministerio/routes/nota-nueva')).NotaNuevaRoute,
                    })),
                  },
                ],
              },
              {
                // The RIPS module: part of the Ministerio product, the pricing page without it.
                ...moduleGuard('ministerio'),
                children: [
                  {
                    path: '/listado-rips',
                    ...lazyRoute(async () => ({ Component: (await import('../features/rips/routes/rips-list')).RipsListRoute })),
                  },
                  {
                    path: '/listado-rips/nuevo',
                    ...lazyRoute(async () => ({ Component: (await import('../features/rips/routes/rips-nuevo')).RipsNuevoRoute })),
                  },
                  {
                    path: '/listado-rips/pacientes',
                    ...lazyRoute(async () => ({ Component: (await import('../features/rips/routes/pacientes')).PacientesRoute })),
                  },
                  {
                    path: '/listado-rips/medicamentos',
                    ...lazyRoute(async () => ({ Component: (await import('../features/rips/routes/medicamentos')).MedicamentosRoute })),
                  },
                  {
                    path: '/listado-rips/:id',
                    ...lazyRoute(async () => ({ Component: (await import('../features/rips/routes/rips-editor')).RipsEditorRoute })),
                  },
                ],
              },
              ...placeholderRoutes(),
              {
                path: '*',
                ...lazyRoute(async () => ({ Component: (await import('./not-found')).NotFound })),
              },
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
