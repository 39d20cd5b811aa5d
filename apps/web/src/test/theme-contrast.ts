import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Test helper: the colours a rendered tree shows in the light or the dark theme, worked out from its
 * Tailwind classes, Tailwind's palette (node_modules/tailwindcss/theme.css), the brand palette and the dark theme's
 * rules of src/index.css (`.dark .bg-red-50 { background-color: var(--color-red-950) }`, `:not(.brand-band *)`
 * exceptions, `dark:` variants), and the WCAG contrast of every text against the backgrounds beneath it (translucent
 * ones composited; a gradient counts as each stop). jsdom computes no Tailwind styles, so this reads the classes;
 * e2e/src/contrast.ts measures the same on Chromium's computed styles.
 */
export type RGB = [number, number, number];
type Paint = { rgb: RGB; alpha: number };
type DarkRule = {
  property: 'color' | 'background-color' | 'border-color';
  token: string;
  exceptBand: boolean;
};

/** The repository's root: the first folder up from the working directory that holds apps/web/src/index.css. */
function repoRoot(): string {
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps/web/src/index.css'))) return dir;
    if (dirname(dir) === dir) throw new Error('apps/web/src/index.css not found above the working directory');
  }
}
const ROOT = repoRoot();
/** apps/web/src, for tests that read the sources. */
export const WEB_SRC = join(ROOT, 'apps/web/src');
const CSS = readFileSync(join(ROOT, 'apps/web/src/index.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const THEME = readFileSync(join(ROOT, 'node_modules/tailwindcss/theme.css'), 'utf8');

/** oklch(L% C H) → sRGB 0–255 (the OKLab matrices of CSS Color 4). */
function oklch(l: number, c: number, h: number): RGB {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const lin = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return lin.map((x) => {
    const v = x <= 0.0031308 ? 12.92 * x : 1.055 * Math.max(x, 0) ** (1 / 2.4) - 0.055;
    return Math.round(Math.min(1, Math.max(0, v)) * 255);
  }) as RGB;
}

const PALETTE = new Map<string, RGB>([
  ['white', [255, 255, 255]],
  ['black', [0, 0, 0]],
]);
for (const m of THEME.matchAll(/--color-([a-z]+-\d+): oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)/g))
  PALETTE.set(m[1]!, oklch(Number(m[2]) / 100, Number(m[3]), Number(m[4])));
for (const m of CSS.matchAll(/--color-(brand-\d+): #([0-9a-f]{6})/g))
  PALETTE.set(m[1]!, [0, 2, 4].map((i) => parseInt(m[2]!.slice(i, i + 2), 16)) as RGB);

export function paletteColor(name: string): RGB {
  const rgb = PALETTE.get(name);
  if (!rgb) throw new Error(`unknown colour ${name}`);
  return rgb;
}

/** index.css's single-class dark rules, by class name (`bg-red-50/60`), hover and disabled states left out. */
export const DARK_RULES = new Map<string, DarkRule>();
for (const [, selectors, body] of CSS.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
  const decl = /(color|background-color|border-color):\s*var\(--color-([a-z]+-\d+)\)/.exec(body!);
  if (!decl) continue;
  for (const selector of selectors!.split(',').map((s) => s.trim())) {
    const m = /^\.dark \.((?:\\.|[^\s.:\\])+)(:not\(\.brand-band \*\))?$/.exec(selector);
    if (!m) continue;
    DARK_RULES.set(m[1]!.replace(/\\(.)/g, '$1'), {
      property: decl[1] as DarkRule['property'],
      token: decl[2]!,
      exceptBand: !!m[2],
    });
  }
}

const COLOR_CLASS = /^(?:(dark):)?(text|bg|from|to)-((?:[a-z]+-\d+)|white|black)(?:\/(\d+))?$/;

/** The paint the element's own classes give `kind` in `theme`, or null. */
function ownPaint(el: Element, kind: 'text' | 'bg' | 'from' | 'to', theme: 'light' | 'dark'): Paint | null {
  let base: { cls: string; paint: Paint } | null = null;
  let darkVariant: Paint | null = null;
  for (const cls of el.classList) {
    const m = COLOR_CLASS.exec(cls);
    if (!m || m[2] !== kind || !PALETTE.has(m[3]!)) continue;
    const paint = { rgb: paletteColor(m[3]!), alpha: m[4] ? Number(m[4]) / 100 : 1 };
    if (m[1]) darkVariant = paint;
    else base = { cls, paint };
  }
  if (theme === 'dark' && base) {
    const rule = DARK_RULES.get(base.cls);
    if (rule && !(rule.exceptBand && el.closest('.brand-band')))
      return { rgb: paletteColor(rule.token), alpha: 1 };
  }
  if (theme === 'dark' && darkVariant) return darkVariant;
  return base?.paint ?? null;
}

const over = (bottom: RGB, top: Paint): RGB =>
  bottom.map((c, i) => Math.round(top.rgb[i]! * top.alpha + c * (1 - top.alpha))) as RGB;

/** What is painted under `el`: one colour, or one per gradient stop. The page is slate-50 or, dark, slate-950. */
export function backgroundsOf(el: Element, theme: 'light' | 'dark'): RGB[] {
  const chain: Element[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e);
  let under: RGB[] = [paletteColor(theme === 'dark' ? 'slate-950' : 'slate-50')];
  for (const e of chain) {
    if ([...e.classList].some((c) => c.startsWith('bg-gradient-to-'))) {
      const stops = [ownPaint(e, 'from', theme), ownPaint(e, 'to', theme)].filter((p): p is Paint => !!p);
      if (stops.length) under = stops.flatMap((stop) => under.map((u) => over(u, stop)));
    }
    const bg = ownPaint(e, 'bg', theme);
    if (bg) under = under.map((u) => over(u, bg));
  }
  return under;
}

/** The text colour of `el`: its own class or the nearest ancestor's; the body's (slate-800 / slate-200) otherwise. */
export function textOf(el: Element, theme: 'light' | 'dark'): Paint {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const paint = ownPaint(e, 'text', theme);
    if (paint) return paint;
  }
  return { rgb: paletteColor(theme === 'dark' ? 'slate-200' : 'slate-800'), alpha: 1 };
}

export function contrast(a: RGB, b: RGB): number {
  const lum = (rgb: RGB) => {
    const [r, g, b2] = rgb.map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

export type TTextContrast = {
  text: string;
  kind: 'button' | 'badge' | 'text';
  ratio: number;
  classes: string;
};

const BUTTON = 'a, button, [role="button"], summary';
/** A pill: the element or its parent has its own background and rounded corners, and is not a button. */
function isBadge(el: Element, theme: 'light' | 'dark'): boolean {
  for (const e of [el, el.parentElement]) {
    if (e && ownPaint(e, 'bg', theme) && [...e.classList].some((c) => /^rounded(-|$)/.test(c))) return true;
  }
  return false;
}

/** The worst contrast of every text under `root` in `theme` (screen-reader-only and disabled texts left out). */
export function textContrasts(root: Element, theme: 'light' | 'dark'): TTextContrast[] {
  const out: TTextContrast[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent?.trim()) continue;
    seen.add(el);
    if (el.closest('.sr-only, [hidden], :disabled, script, style, title')) continue;
    const fg = textOf(el, theme);
    const ratio = Math.min(...backgroundsOf(el, theme).map((bg) => contrast(over(bg, fg), bg)));
    out.push({
      text: node.textContent.trim().slice(0, 60),
      kind: el.closest(BUTTON) ? 'button' : isBadge(el, theme) ? 'badge' : 'text',
      ratio: Math.round(ratio * 100) / 100,
      classes: el.className.toString(),
    });
  }
  return out;
}
