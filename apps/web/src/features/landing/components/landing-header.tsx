import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Stethoscope, UserRound } from 'lucide-react';
import { requestOpenChat } from '../../../lib/open-chat';
import { useSession } from '../../../lib/session';

/** Where 'Mi cuenta' leads: the app for a signed-in visitor, the login otherwise (seed 002 §1). */
export function accountTarget(isAuthenticated: boolean): string {
  return isAuthenticated ? '/Inicio' : '/auth/login';
}

/** A 'Soporte' link: asks the chat to open; when no chat answers, the link goes where its href says. */
export function onSupportClick(event: MouseEvent<HTMLAnchorElement>) {
  if (requestOpenChat()) event.preventDefault();
}

const NAV_LINK =
  'rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:text-brand-200';

/**
 * Where a header link to a section of the sales page goes: the section itself on the sales page ('#precios'), the
 * sales page's section elsewhere ('/#precios': on /consultar-cuv the '#' anchors did nothing).
 */
export function sectionHref(pathname: string, section: string): string {
  return pathname === '/' ? `#${section}` : `/#${section}`;
}

type TSectionLinkProps = {
  pathname: string;
  section: string;
  className: string;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** A link to a section: a plain anchor on the sales page (native scrolling), a route link elsewhere. */
function SectionLink({ pathname, section, className, children, onClick }: TSectionLinkProps) {
  if (pathname === '/')
    return (
      <a href={`#${section}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  return (
    <Link to={sectionHref(pathname, section)} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

/**
 * The sales page's header (seed 002 §1): the logo, Inicio (top), Precios, Soporte (the chat, else the support
 * section) and 'Mi cuenta'. Sticky from tablets up; on phones the links take a second row. On the other public pages
 * (the CUV lookup) the same links lead to the sales page's sections.
 */
export function LandingHeader() {
  const { status } = useSession();
  const { pathname } = useLocation();

  return (
    <header className="border-b border-slate-200 bg-white sm:sticky sm:top-0 sm:z-30">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:flex-nowrap sm:px-6">
        <SectionLink
          pathname={pathname}
          section="inicio"
          className="flex items-center gap-2 rounded-md text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-200"
        >
          <Stethoscope aria-hidden="true" className="size-7" />
          <span className="text-xl font-bold tracking-tight">Radica</span>
        </SectionLink>
        <nav aria-label="Principal" className="order-last w-full sm:order-none sm:ml-auto sm:w-auto">
          <ul className="-mx-2 flex items-center gap-1 sm:mx-0 sm:gap-2">
            <li>
              <SectionLink pathname={pathname} section="inicio" className={NAV_LINK}>
                Inicio
              </SectionLink>
            </li>
            <li>
              <SectionLink pathname={pathname} section="precios" className={NAV_LINK}>
                Precios
              </SectionLink>
            </li>
            <li>
              <SectionLink pathname={pathname} section="soporte" onClick={onSupportClick} className={NAV_LINK}>
                Soporte
              </SectionLink>
            </li>
          </ul>
        </nav>
        <Link
          to={accountTarget(status === 'authenticated')}
          className="ml-auto inline-flex h-10 items-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:ml-0"
        >
          <UserRound aria-hidden="true" className="size-4" />
          Mi cuenta
        </Link>
      </div>
    </header>
  );
}
