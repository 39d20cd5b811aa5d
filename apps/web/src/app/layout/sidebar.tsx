import { useState, type ComponentType, type FocusEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { NavLink, useLocation } from 'react-router';
import {
  Bot,
  ChevronDown,
  ChevronsLeft,
  ChevronsRight,
  ClipboardList,
  House,
  Landmark,
  LogOut,
  Megaphone,
  Receipt,
  Settings,
  ShoppingCart,
  Star,
  Stethoscope,
  X,
} from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { MSG_MODULOS } from '@radica/contracts/messages-modulos';
import { isModuloEnVenta } from '@radica/contracts/plans';
import { cn } from '../../lib/cn';
import { isModuleAllowedInMenu, usePurchasedProducts, type TModule } from '../../lib/purchased-products';

type TIcon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
type TLeaf = { to: string; label: string };
export type TNavEntry =
  | { kind: 'link'; to: string; label: string; icon: TIcon; module?: TModule }
  | { kind: 'group'; id: string; label: string; icon: TIcon; module?: TModule; children: TLeaf[] };

/** Every sidebar entry and group of seed 000 §2 "App shell", in order. */
export const NAV_ENTRIES: TNavEntry[] = [
  { kind: 'link', to: '/Inicio', label: 'Inicio', icon: House },
  { kind: 'link', to: '/automatizaciones', label: 'Automatizaciones', icon: Bot, module: 'automatizaciones' },
  { kind: 'link', to: '/ministerio', label: 'Ministerio', icon: Landmark, module: 'ministerio' },
  {
    kind: 'group',
    id: 'rips',
    label: 'RIPS',
    icon: ClipboardList,
    // the RIPS module is part of the Ministerio product
    module: 'ministerio',
    children: [
      { to: '/listado-rips', label: 'Listado RIPS' },
      { to: '/listado-rips/pacientes', label: 'Pacientes' },
      { to: '/listado-rips/medicamentos', label: 'Medicamentos' },
    ],
  },
  {
    kind: 'group',
    id: 'facturacion',
    label: 'Facturación',
    icon: Receipt,
    module: 'facturacion',
    children: [
      { to: '/facturas', label: 'Facturas' },
      { to: '/facturacion-notas', label: 'Notas' },
      { to: '/eventos', label: 'Eventos' },
      { to: '/documentos', label: 'Documentos' },
      { to: '/soportes', label: 'Soportes' },
      { to: '/terceros', label: 'Terceros' },
      { to: '/inventario', label: 'Inventario' },
    ],
  },
  { kind: 'link', to: '/marketing', label: 'Marketing', icon: Megaphone, module: 'marketing' },
  { kind: 'link', to: '/settings', label: 'Configuración', icon: Settings },
];

/** Sidebar widths (seed 000 §2): collapsed 70 px (default), expanded 260 px. */
export const SIDEBAR_COLLAPSED_PX = 70;
export const SIDEBAR_EXPANDED_PX = 260;

/**
 * Side menu (seed 000 §2 "App shell"): 70 px collapsed (default) or 260 px expanded on wide screens; an
 * off-canvas panel on phones. Modules not purchased show an upgrade star with 'Próximamente disponible' (or, when
 * on sale, 'Disponible en el plan Profesional…':) and link to /app/pricing/{module} (the billing group then does not expand); while products load, links count
 * as allowed. Labels stay in the accessibility tree when collapsed.
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
  const products = usePurchasedProducts();
  const { pathname } = useLocation();
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  const [tipAnchor, setTipAnchor] = useState<{ rect: DOMRect; text: string } | null>(null);
  const productsState = { status: products.status, data: products.data };
  const labelClass = cn('truncate', isCollapsed && 'md:sr-only');
  const itemClass = (isActive: boolean) => navItemClass(isActive, isCollapsed);
  const showTip = (e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>, module: TModule | undefined) =>
    setTipAnchor({ rect: e.currentTarget.getBoundingClientRect(), text: upgradeText(module) });
  const hideTip = () => setTipAnchor(null);

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
        data-collapsed={isCollapsed}
        style={{ ['--sidebar-w' as string]: `${isCollapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_EXPANDED_PX}px` }}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-[260px] flex-col bg-brand-800 text-white transition-transform md:static md:translate-x-0 md:transition-[width]',
          isMobileOpen ? 'translate-x-0' : '-translate-x-full',
          isCollapsed ? 'md:w-[70px]' : 'md:w-[260px]',
        )}
      >
        <SidebarHeader isCollapsed={isCollapsed} onCloseMobile={onCloseMobile} />
        <nav
          aria-label="Menú principal"
          onScroll={hideTip}
          className="flex flex-1 flex-col gap-1 overflow-y-auto px-3 py-2"
        >
          {NAV_ENTRIES.map((entry) => {
            const allowed = entry.module ? isModuleAllowedInMenu(entry.module, productsState) : true;
            if (entry.kind === 'link' || !allowed) {
              const to = allowed ? (entry.kind === 'link' ? entry.to : '/') : `/app/pricing/${entry.module}`;
              return (
                <NavItemLink
                  key={entry.label}
                  entry={entry}
                  to={to}
                  allowed={allowed}
                  isCollapsed={isCollapsed}
                  itemClass={itemClass}
                  labelClass={labelClass}
                  onCloseMobile={onCloseMobile}
                  showTip={showTip}
                  hideTip={hideTip}
                />
              );
            }
            const isInside = entry.children.some((c) =>
              pathname.toLowerCase().startsWith(c.to.toLowerCase()),
            );
            const isOpen = openGroups[entry.id] ?? isInside;
            return (
              <NavGroup
                key={entry.id}
                entry={entry}
                isOpen={isOpen}
                isInside={isInside}
                isCollapsed={isCollapsed}
                itemClass={itemClass}
                labelClass={labelClass}
                onToggle={() => {
                  setOpenGroups((g) => ({ ...g, [entry.id]: !isOpen }));
                  if (isCollapsed) onToggleCollapsed();
                }}
                onCloseMobile={onCloseMobile}
              />
            );
          })}
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
        <CollapseToggle isCollapsed={isCollapsed} onToggleCollapsed={onToggleCollapsed} />
      </aside>
      {tipAnchor && <UpgradeTooltip anchor={tipAnchor.rect} text={tipAnchor.text} />}
    </>
  );
}

/**
 * 'Próximamente disponible' (or, for a module on sale, where to buy it:) beside a module not purchased,
 * rendered in document.body at a fixed position (right of
 * `anchor`, vertically centred) so the menu's scroll area cannot clip it, collapsed or expanded. The
 * link itself carries the same words for screen readers.
 */
function UpgradeTooltip({ anchor, text }: { anchor: DOMRect; text: string }) {
  return createPortal(
    <span
      role="tooltip"
      aria-hidden="true"
      data-testid="upgrade-tooltip"
      style={{ left: anchor.right + 8, top: anchor.top + anchor.height / 2 }}
      className="pointer-events-none fixed z-[60] -translate-y-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow"
    >
      {text}
    </span>,
    document.body,
  );
}

/** The classes of a menu item: active or not, centred icon when collapsed on wide screens. */
function navItemClass(isActive: boolean, isCollapsed: boolean): string {
  return cn(
    'group/item relative flex h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-300',
    isCollapsed && 'md:justify-center md:px-0',
    isActive ? 'bg-white/15 text-white' : 'text-brand-50/85 hover:bg-white/10 hover:text-white',
  );
}

/** The words beside a module not purchased: on sale, where to buy it; otherwise 'Próximamente disponible'. */
const upgradeText = (module: TModule | undefined) =>
  module && isModuloEnVenta(module) ? MSG_MODULOS.enVentaTooltip : MSG_CUENTAS.upgradeTooltip;

/** A star beside a module coming soon; a cart beside one on sale (with its words for screen readers). */
function UpgradeBadge({ module, isCollapsed }: { module: TModule | undefined; isCollapsed: boolean }) {
  const isOnSale = module !== undefined && isModuloEnVenta(module);
  const Badge = isOnSale ? ShoppingCart : Star;
  return (
    <>
      <Badge
        aria-hidden="true"
        data-badge={isOnSale ? 'en-venta' : 'proximamente'}
        className={cn(
          'shrink-0',
          isOnSale ? 'text-amber-300' : 'fill-amber-300 text-amber-300',
          isCollapsed ? 'size-4 md:absolute md:right-1.5 md:top-1 md:size-3' : 'ml-auto size-4',
        )}
      />
      <span className="sr-only">{upgradeText(module)}</span>
    </>
  );
}

/**
 * A menu link; a module not purchased links to its pricing page, with the upgrade badge and the tooltip on hover
 * and focus (Escape hides it).
 */
function NavItemLink({
  entry,
  to,
  allowed,
  isCollapsed,
  itemClass,
  labelClass,
  onCloseMobile,
  showTip,
  hideTip,
}: {
  entry: TNavEntry;
  to: string;
  allowed: boolean;
  isCollapsed: boolean;
  itemClass: (isActive: boolean) => string;
  labelClass: string;
  onCloseMobile: () => void;
  showTip: (e: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>, module: TModule | undefined) => void;
  hideTip: () => void;
}) {
  return (
    <NavLink
      to={to}
      title={isCollapsed ? entry.label : undefined}
      onClick={onCloseMobile}
      data-upgrade={!allowed || undefined}
      className={({ isActive }) => itemClass(isActive)}
      {...(!allowed && {
        onMouseEnter: (e: MouseEvent<HTMLElement>) => showTip(e, entry.module),
        onMouseLeave: hideTip,
        onFocus: (e: FocusEvent<HTMLElement>) => showTip(e, entry.module),
        onBlur: hideTip,
        onKeyDown: (e) => e.key === 'Escape' && hideTip(),
      })}
    >
      <entry.icon aria-hidden="true" className="size-5 shrink-0" />
      <span className={labelClass}>{entry.label}</span>
      {!allowed && <UpgradeBadge module={entry.module} isCollapsed={isCollapsed} />}
    </NavLink>
  );
}

/** A menu group (RIPS, Facturación): its button opens and closes the list of its pages. */
function NavGroup({
  entry,
  isOpen,
  isInside,
  isCollapsed,
  itemClass,
  labelClass,
  onToggle,
  onCloseMobile,
}: {
  entry: Extract<TNavEntry, { kind: 'group' }>;
  isOpen: boolean;
  isInside: boolean;
  isCollapsed: boolean;
  itemClass: (isActive: boolean) => string;
  labelClass: string;
  onToggle: () => void;
  onCloseMobile: () => void;
}) {
  return (
    <div>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={`nav-group-${entry.id}`}
        title={isCollapsed ? entry.label : undefined}
        onClick={onToggle}
        className={itemClass(isInside)}
      >
        <entry.icon aria-hidden="true" className="size-5 shrink-0" />
        <span className={labelClass}>{entry.label}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'ml-auto size-4 transition-transform',
            isOpen && 'rotate-180',
            isCollapsed && 'md:hidden',
          )}
        />
      </button>
      {isOpen && (
        <ul id={`nav-group-${entry.id}`} className={cn('mt-1 space-y-1 pl-8', isCollapsed && 'md:hidden')}>
          {entry.children.map((child) => (
            <li key={child.to}>
              <NavLink
                to={child.to}
                end
                onClick={onCloseMobile}
                className={({ isActive }) =>
                  cn(
                    'flex h-9 items-center rounded-md px-3 text-sm',
                    isActive
                      ? 'bg-white/15 text-white'
                      : 'text-brand-50/80 hover:bg-white/10 hover:text-white',
                  )
                }
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The logo, and on phones the button that closes the menu. */
function SidebarHeader({ isCollapsed, onCloseMobile }: { isCollapsed: boolean; onCloseMobile: () => void }) {
  return (
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
  );
}

/** 'Expandir menú' / 'Contraer menú' at the foot of the menu (wide screens only). */
function CollapseToggle({
  isCollapsed,
  onToggleCollapsed,
}: {
  isCollapsed: boolean;
  onToggleCollapsed: () => void;
}) {
  return (
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
  );
}
