import { useEffect, useId, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Code, FolderUp, Mail, MonitorUp, Pause, Play } from 'lucide-react';
import { CANALES, type TCanal } from '@radica/contracts/plans';
import { cn } from '../../../lib/cn';
import { CANAL_INFO } from '../channels';

/** seed 002 §9 "Carousel interval 6 s". */
export const CAROUSEL_INTERVAL_MS = 6000;

const ICONS: Record<TCanal, typeof Mail> = { email: Mail, ftp: FolderUp, plataforma: MonitorUp, api: Code };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(REDUCED_MOTION);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}
const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/**
 * The four sending channels, one slide each, turning every 6 s (seed 002 §1, §9) as the WAI-ARIA APG "auto-rotating
 * carousel" pattern describes: a visible pause/play button; rotation also stops while the pointer is over it or focus
 * is inside it; previous/next buttons, one picker button per slide (aria-current) and the arrow keys move by hand;
 * the slides are announced (aria-live polite) only while not rotating. With prefers-reduced-motion it starts paused.
 */
export function ChannelCarousel() {
  const baseId = useId();
  const slidesId = `${baseId}-slides`;
  const [index, setIndex] = useState(0);
  /** The user's choice: 'auto' until the pause/play button is used. */
  const [playState, setPlayState] = useState<'auto' | 'playing' | 'paused'>('auto');
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const isReducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);

  const isPaused = playState === 'paused' || (playState === 'auto' && isReducedMotion);
  const isRotating = !isPaused && !isHovered && !hasFocus;
  const count = CANALES.length;

  useEffect(() => {
    if (!isRotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [isRotating, index, count]);

  const show = (next: number) => setIndex(((next % count) + count) % count);
  const onTogglePlay = () => {
    setPlayState(isPaused ? 'playing' : 'paused');
    // Pressing play is an explicit wish to rotate, even with focus on the button (APG).
    if (isPaused) setHasFocus(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="region"
      aria-roledescription="carrusel"
      aria-label="Canales de envío"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700"
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={onTogglePlay}
          aria-controls={slidesId}
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {isPaused ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
          {isPaused ? 'Reanudar' : 'Pausar'}
          <span className="sr-only"> la rotación de canales</span>
        </button>
        <div role="group" aria-label="Elegir canal" className="flex flex-wrap gap-2">
          {CANALES.map((canal, i) => (
            <button
              key={canal}
              type="button"
              onClick={() => show(i)}
              aria-controls={slidesId}
              aria-current={i === index ? 'true' : undefined}
              className={cn(
                'h-10 rounded-full px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                i === index
                  ? 'bg-brand-700 text-white'
                  : 'border border-slate-300 text-slate-700 hover:bg-slate-100',
              )}
            >
              {CANAL_INFO[canal].name}
            </button>
          ))}
        </div>
      </div>

      <div id={slidesId} aria-live={isRotating ? 'off' : 'polite'} className="mt-5 min-h-72 sm:min-h-56">
        {CANALES.map((canal, i) => (
          <ChannelSlide key={canal} canal={canal} position={i + 1} count={count} hidden={i !== index} />
        ))}
      </div>

      <div className="mt-4 flex items-center justify-end gap-2">
        <button
          type="button"
          onClick={() => show(index - 1)}
          aria-controls={slidesId}
          aria-label="Canal anterior"
          className="inline-flex size-10 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          onClick={() => show(index + 1)}
          aria-controls={slidesId}
          aria-label="Canal siguiente"
          className="inline-flex size-10 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}

/** One channel's slide: its icon, name, summary and numbered steps; `hidden` unless it is the one shown. */
function ChannelSlide({ canal, position, count, hidden }: { canal: TCanal; position: number; count: number; hidden: boolean }) {
  const info = CANAL_INFO[canal];
  const Icon = ICONS[canal];
  return (
    <div
      role="group"
      aria-roledescription="diapositiva"
      aria-label={`${position} de ${count}: ${info.name}`}
      hidden={hidden}
      className="grid gap-5 motion-safe:transition-opacity motion-safe:duration-500 motion-safe:starting:opacity-0 md:grid-cols-[auto_1fr]"
    >
      <div className="flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100">
        <Icon aria-hidden="true" className="size-7" />
      </div>
      <div>
        <h3 className="text-xl font-semibold text-slate-900">{info.name}</h3>
        <p className="mt-2 text-slate-600">{info.summary}</p>
        <ol className="mt-4 grid gap-3 sm:grid-cols-3">
          {info.steps.map((step, n) => (
            <li key={step} className="flex gap-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
              <span
                aria-hidden="true"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
              >
                {n + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
