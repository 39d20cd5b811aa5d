import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatch, useMatches } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoadingScreen } from '../components/ui/spinner';
import { ChatLauncher } from '../features/chat/components/chat-launcher';

let servicesModule: Promise<typeof import('./app-services')> | null = null;

/** Start loading the app services (QueryClient, toasts); route loaders call it so screens never wait for them. */
export function loadAppServices() {
  servicesModule ??= import('./app-services');
  return servicesModule;
}

/** A route's `handle`: `chat: true` shows the floating chat on it and on its children. */
export type TRouteHandle = { chat?: boolean };
/** The `handle` of the routes that show the floating chat (router.tsx). */
export const CHAT_HANDLE: TRouteHandle = { chat: true };

const AppServices = lazy(() => loadAppServices().then((m) => ({ default: m.AppServices })));

/**
 * The root of the route tree. The sales page (/) renders on its own: no TanStack Query provider and no toaster, so
 * its first load stays small (bench/sales-page.ts); its contact form brings the shared QueryClient with it. Every other screen
 * renders inside AppServices, which its route loader has already fetched (see `lazyRoute` in router.tsx). The floating
 * chat sits beside the routes, always at the same place in the tree, so its conversation outlives navigation; it shows
 * on the routes whose handle asks for it (CHAT_HANDLE). Pages that scroll the window (the sales page, public pages)
 * get React Router's ScrollRestoration; the app shell restores its own scrolling `<main>` (use-scroll-restoration.ts).
 */
export function RootLayout() {
  const isLanding = useMatch('/') !== null;
  const hasChat = useMatches().some((match) => (match.handle as TRouteHandle | undefined)?.chat === true);
  return (
    <>
      {isLanding ? (
        <Outlet />
      ) : (
        <Suspense fallback={<LoadingScreen text={MSG.uiLoading} />}>
          <AppServices>
            <Outlet />
          </AppServices>
        </Suspense>
      )}
      <ChatLauncher isVisible={hasChat} />
      <ScrollRestoration />
    </>
  );
}
