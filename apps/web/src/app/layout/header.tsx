import { useLocation } from 'react-router';
import { Menu, Moon, Sun } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { setTheme, useTheme } from '../../lib/theme';
import { getHeaderTitle } from '../header-title';
import { ProfileMenu } from './profile-menu';

export function Header({ onOpenMenu, onLogout }: { onOpenMenu: () => void; onLogout: () => void }) {
  const { pathname } = useLocation();
  const { resolved } = useTheme();
  const isDark = resolved === 'dark';
  return (
    <header className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label="Abrir menú"
        aria-controls="app-sidebar"
        className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 md:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <h1 className="line-clamp-2 min-w-0 flex-1 text-base leading-tight font-semibold text-slate-900 sm:truncate sm:text-lg">
        {getHeaderTitle(pathname)}
      </h1>
      <button
        type="button"
        onClick={() => setTheme(isDark ? 'light' : 'dark')}
        aria-label={isDark ? MSG_CUENTAS.themeToggleLight : MSG_CUENTAS.themeToggleDark}
        title={isDark ? MSG_CUENTAS.themeToggleLight : MSG_CUENTAS.themeToggleDark}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {isDark ? (
          <Sun aria-hidden="true" className="size-5" />
        ) : (
          <Moon aria-hidden="true" className="size-5" />
        )}
      </button>
      <ProfileMenu onLogout={onLogout} />
    </header>
  );
}
