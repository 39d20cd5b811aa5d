import { useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoadingScreen } from '../../components/ui/spinner';
import { CHAT_BAND_CLASS, useReserveChatSpace } from '../../lib/chat-space';
import { useLogout } from '../../features/auth/api/logout';
import { InactivityWatcher } from '../session/inactivity-watcher';
import { OrientationModal } from '../session/orientation-modal';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { useContainerScrollRestoration } from './use-scroll-restoration';

/**
 * The authenticated shell (seed 000 §2): sidebar (collapsed by default) + header + page, the inactivity
 * watcher and the orientation modal. The page scrolls inside `<main>`, which ends above the floating chat button's
 * band (lib/chat-space.ts): the button never covers a control, wherever the page is scrolled. A new page starts at its
 * top, back/forward return to the old position.
 */
export function AppLayout() {
  const [isCollapsed, setIsCollapsed] = useState(true);
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const logout = useLogout();
  const mainRef = useRef<HTMLElement>(null);
  useContainerScrollRestoration(mainRef);
  useReserveChatSpace();
  const onLogout = (reason: 'logout' | 'inactivity' = 'logout') => {
    setIsMobileOpen(false);
    if (!logout.isPending) logout.mutate(reason);
  };

  return (
    <div className="flex h-full">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Saltar al contenido
      </a>
      <Sidebar
        isCollapsed={isCollapsed}
        isMobileOpen={isMobileOpen}
        onToggleCollapsed={() => setIsCollapsed((c) => !c)}
        onCloseMobile={() => setIsMobileOpen(false)}
        onLogout={() => onLogout()}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header onOpenMenu={() => setIsMobileOpen(true)} onLogout={() => onLogout()} />
        <main
          ref={mainRef}
          id="contenido"
          tabIndex={-1}
          className="flex-1 overflow-y-auto p-4 outline-none sm:p-6"
        >
          <Outlet />
        </main>
        <div aria-hidden="true" data-testid="chat-band" className={`${CHAT_BAND_CLASS} shrink-0`} />
      </div>
      {!logout.isPending && <InactivityWatcher onLogout={onLogout} />}
      <OrientationModal />
      {logout.isPending && (
        <div className="fixed inset-0 z-[60] flex items-center justify-center bg-white/85">
          <LoadingScreen text={MSG.uiLoggingOut} />
        </div>
      )}
    </div>
  );
}
