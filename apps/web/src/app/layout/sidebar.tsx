import { NavLink } from 'react-router';
import { ChevronsLeft, ChevronsRight, House, Landmark, LogOut, Settings, Stethoscope, X } from 'lucide-react';
import { cn } from '../../lib/cn';

const NAV_ITEMS = [
  { to: '/Inicio', label: 'Inicio', icon: House },
  { to: '/ministerio', label: 'Ministerio', icon: Landmark },
  { to: '/settings', label: 'Configuración', icon: Settings },
] as const;

/**
 * Side menu (seed 000 §2 "App shell"): 70 px collapsed (default) or 260 px expanded on wide screens; an
 * off-canvas panel on phones. Labels stay in the accessibility tree when collapsed.
 */
export function Sidebar({
  isCollapsed,
  isMobileOpen,
  onToggleCollapsed,
  onCloseMobile,
  onLogout,
}: {
  isCollapsed: boolean;
  isMobileOpen: boolean;
  onToggleCollapsed: () => void;
  onCloseMobile: () => void;
  onLogout: () => void;
}) {
  const labelClass = cn('truncate', isCollapsed && 'md:sr-only');
  const itemClass = (isActive: boolean) =>
    cn(
      'flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-300',
      isCollapsed && 'md:justify-center md:px-0',
      isActive ? 'bg-white/15 text-white' : 'text-brand-50/85 hover:bg-white/10 hover:text-white',
    );

  return (
    <>
      {isMobileOpen && (
        <div
          className="fixed inset-0 z-30 bg-slate-900/40 md:hidden"
          onClick={onCloseMobile}
          aria-hidden="true"
        />
      )}
      <aside
        id="app-sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-[260px] flex-col bg-brand-800 text-white transition-transform md:static md:translate-x-0 md:transition-[width]',
          isMobileOpen ? 'translate-x-0' : '-translate-x-full',
          isCollapsed ? 'md:w-[70px]' : 'md:w-[260px]',
        )}
      >
        <div className={cn('flex h-16 items-center gap-2 px-4', isCollapsed && 'md:justify-center md:px-0')}>
          <Stethoscope aria-hidden="true" className="size-6 shrink-0 text-brand-200" />
          <span className={cn('text-lg font-bold tracking-tight', isCollapsed && 'md:hidden')}>Radica</span>
          <button
            type="button"
            onClick={onCloseMobile}
            aria-label="Cerrar menú"
            className="ml-auto rounded-md p-1 text-brand-100 hover:bg-white/10 md:hidden"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <nav aria-label="Menú principal" className="flex flex-1 flex-col gap-1 px-3 py-2">
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              title={isCollapsed ? label : undefined}
              onClick={onCloseMobile}
              className={({ isActive }) => itemClass(isActive)}
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className={labelClass}>{label}</span>
            </NavLink>
          ))}
          <button
            type="button"
            onClick={onLogout}
            title={isCollapsed ? 'Cerrar Sesión' : undefined}
            className={cn(itemClass(false), 'mt-auto')}
          >
            <LogOut aria-hidden="true" className="size-5 shrink-0" />
            <span className={labelClass}>Cerrar Sesión</span>
          </button>
        </nav>
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-label={isCollapsed ? 'Expandir menú' : 'Contraer menú'}
          aria-expanded={!isCollapsed}
          aria-controls="app-sidebar"
          className="hidden h-12 items-center justify-center border-t border-white/10 text-brand-100 hover:bg-white/10 md:flex"
        >
          {isCollapsed ? (
            <ChevronsRight aria-hidden="true" className="size-5" />
          ) : (
            <ChevronsLeft aria-hidden="true" className="size-5" />
          )}
        </button>
      </aside>
    </>
  );
}
