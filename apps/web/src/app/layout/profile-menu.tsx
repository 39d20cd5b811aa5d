import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LifeBuoy, LogOut, Settings } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { requestOpenChat } from '../../lib/open-chat';
import { useSession } from '../../lib/session';
import { useRol } from '../../lib/usuario-actual';
import { ROL_NOMBRE } from '@radica/contracts/usuarios';
import { supportMailto } from '../../lib/support';
import { displayName, initials } from './user-display';

/**
 * Target of 'Soporte' (seed 000 §2 "opens a support chat link"; the seed does not give the address): the link opens
 * the floating chat (the technical assistant) when it is there, and Radica's support mailbox otherwise.
 */
export const SUPPORT_CHAT_URL = supportMailto('Soporte Radica');

/**
 * Header profile menu (seed 000 §2): name, the role (the user's own role instead of the seed's fixed
 * 'Administrador'; docs/spec-deviations.md), initials avatar; Configuración and Cerrar Sesión.
 */
export function ProfileMenu({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const rol = useRol();
  const rolLabel = rol ? ROL_NOMBRE[rol] : MSG.uiRoleLabel;
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = displayName(user);

  useEffect(() => {
    if (!isOpen) return;
    const items = () =>
      Array.from(containerRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    items()[0]?.focus();
    const onPointerDown = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const list = items();
      if (list.length === 0) return;
      event.preventDefault();
      const index = list.indexOf(document.activeElement as HTMLElement);
      const next =
        event.key === 'ArrowDown' ? (index + 1) % list.length : (index - 1 + list.length) % list.length;
      list[next]?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const itemClass =
    'flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none';

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setIsOpen((open) => !open)}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls="profile-menu"
        aria-label={`Menú de usuario: ${name}`}
        className="flex items-center gap-2 rounded-lg p-1 pr-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
        >
          {initials(name)}
        </span>
        <span className="hidden text-left sm:block">
          <span className="block max-w-40 truncate text-sm font-medium text-slate-800">{name}</span>
          <span className="block text-xs text-slate-500">{rolLabel}</span>
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-400" />
      </button>
      {isOpen && (
        <div
          id="profile-menu"
          role="menu"
          aria-label="Opciones de usuario"
          className="absolute right-0 z-30 mt-2 w-56 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 py-2 sm:hidden">
            <p className="truncate text-sm font-medium text-slate-800">{name}</p>
            <p className="text-xs text-slate-500">{rolLabel}</p>
          </div>
          <Link role="menuitem" to="/settings" className={itemClass} onClick={() => setIsOpen(false)}>
            <Settings aria-hidden="true" className="size-4" /> Configuración
          </Link>
          <a
            role="menuitem"
            href={SUPPORT_CHAT_URL}
            className={itemClass}
            onClick={(event) => {
              setIsOpen(false);
              if (requestOpenChat()) event.preventDefault();
            }}
          >
            <LifeBuoy aria-hidden="true" className="size-4" /> Soporte
          </a>
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            onClick={() => {
              setIsOpen(false);
              onLogout();
            }}
          >
            <LogOut aria-hidden="true" className="size-4" /> Cerrar Sesión
          </button>
        </div>
      )}
    </div>
  );
}
