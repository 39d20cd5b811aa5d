import { useRef, type KeyboardEvent } from 'react';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { cn } from '../../../lib/cn';

export type SettingsTab = 'general' | 'ministerio' | 'integraciones' | 'canales' | 'usuarios' | 'plan';
/** The tabs; `admin` ones are shown to administrators only (the server refuses the others anyway). */
export const SETTINGS_TABS: ReadonlyArray<{ id: SettingsTab; label: string; admin: boolean }> = [
  { id: 'general', label: 'General', admin: false },
  { id: 'ministerio', label: 'Ministerio', admin: true },
  { id: 'integraciones', label: MSG_INTEGRACIONES.tabIntegraciones, admin: true },
  { id: 'canales', label: 'Canales', admin: true },
  { id: 'usuarios', label: MSG_USUARIOS.tabUsuarios, admin: true },
  { id: 'plan', label: MSG_PAGOS.miPlanTab, admin: true },
];

/** The tab a `?tab=` value opens: 'ministerio', 'integraciones', 'canales', 'usuarios' or 'plan', anything else 'general'. */
export function settingsTabOf(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab.id === value)?.id ?? 'general';
}

/**
 * ARIA tabs: arrow keys, Home and End move between them. On a phone they wrap onto a second line instead of scrolling
 * sideways ('Canales' was cut at the screen's edge).
 */
export function SettingsTabs({
  active,
  onChange,
  tabs = SETTINGS_TABS,
}: {
  active: SettingsTab;
  onChange: (tab: SettingsTab) => void;
  /** The tabs this user sees (default: all). */
  tabs?: ReadonlyArray<{ id: SettingsTab; label: string }>;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Secciones de configuración"
      className="flex flex-wrap gap-x-1 border-b border-slate-200 sm:flex-nowrap sm:overflow-x-auto"
    >
      {tabs.map((tab, index) => {
        const isActive = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`settings-tab-${tab.id}`}
            aria-selected={isActive}
            aria-controls={`settings-panel-${tab.id}`}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              isActive
                ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                : 'border-transparent text-slate-500 hover:text-slate-700',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
