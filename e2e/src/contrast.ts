import type { Page } from 'playwright-core';

/** One text whose WCAG contrast against what is really painted beneath it is under its threshold. */
export type TContrastFailure = {
  text: string;
  kind: 'button' | 'badge' | 'text';
  ratio: number;
  needed: number;
  color: string;
  background: string;
  classes: string;
};

export type TContrastItem = { text: string; kind: 'button' | 'badge' | 'text'; ratio: number };
export type TContrastReport = {
  checked: number;
  buttons: number;
  badges: number;
  items: TContrastItem[];
  failures: TContrastFailure[];
};

/**
 * WCAG 2.x contrast of every visible text inside `root` (buttons, links, badges and plain text), from Chromium's
 * computed styles: each ancestor's background colour is composited over the ones beneath it (translucent tints such
 * as `bg-emerald-50/60` over a dark card), a gradient counts as each of its stops (the worst one decides), and a
 * translucent text colour or an ancestor's opacity is composited too. The compositing is done by a canvas, so every
 * colour syntax Chromium computes (oklch, color-mix, rgb) is read the same way. Disabled controls are exempt (WCAG
 * 1.4.3). Thresholds: 4.5:1, or 3:1 for large text (≥ 24 px, or ≥ 18.66 px bold). Running transitions are finished
 * first, so a colour is measured where it settles.
 */
export async function contrastReport(page: Page, root = 'body'): Promise<TContrastReport> {
  return page.evaluate((rootSelector) => {
    // Colours mid-transition (a button just re-enabled, a hover fading) would be measured half-way: end them.
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().iterations === Infinity) continue;
      try {
        animation.finish();
      } catch {
        // An animation that cannot finish (no end) keeps running; its colours are measured as they are.
      }
    }
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    type RGB = [number, number, number];
    /** `layers` (CSS colours, bottom first) painted over the opaque `base`, as the screen shows it. */
    const paint = (base: RGB, ...layers: Array<{ css: string; alpha?: number }>): RGB => {
      ctx.globalAlpha = 1;
      ctx.fillStyle = `rgb(${base.join(',')})`;
      ctx.fillRect(0, 0, 1, 1);
      for (const layer of layers) {
        ctx.globalAlpha = layer.alpha ?? 1;
        ctx.fillStyle = '#000';
        ctx.fillStyle = layer.css;
        ctx.fillRect(0, 0, 1, 1);
      }
      ctx.globalAlpha = 1;
      const d = ctx.getImageData(0, 0, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!];
    };
    const isTransparent = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      return ctx.getImageData(0, 0, 1, 1).data[3] === 0;
    };
    const lum = ([r, g, b]: RGB) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: RGB, b: RGB) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const COLOR = /(?:rgba?|oklch|oklab|lab|lch|hsla?|hwb|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;

    /** What is painted under `el`'s text: one colour, or one per gradient stop. */
    const backgrounds = (el: Element): RGB[] => {
      const chain: Element[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e);
      let under: RGB[] = [[255, 255, 255]];
      for (const e of chain) {
        const s = getComputedStyle(e);
        if (s.backgroundImage.includes('gradient')) {
          const stops = s.backgroundImage.match(COLOR) ?? [];
          if (stops.length) under = stops.flatMap((stop) => under.map((u) => paint(u, { css: stop })));
        }
        if (!isTransparent(s.backgroundColor)) under = under.map((u) => paint(u, { css: s.backgroundColor }));
      }
      return under;
    };
    const opacity = (el: Element) => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const visible = (el: Element) => {
      const s = getComputedStyle(el);
      if (s.visibility !== 'visible' || s.display === 'none') return false;
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.height > 0 &&
        el.checkVisibility({ opacityProperty: false, visibilityProperty: true })
      );
    };
    const disabled = (el: Element) =>
      !!el.closest(':disabled, [aria-disabled="true"], fieldset:disabled') || el.matches('option');
    const BUTTON = 'button, a, [role="button"], [role="tab"], summary, label:has(> input[type="checkbox"])';
    /** A badge (pill): the nearest painted box within three levels is small and rounded, and not a button. */
    const isBadge = (el: Element) => {
      let e: Element | null = el;
      for (let level = 0; e && level < 3; level += 1, e = e.parentElement) {
        const s = getComputedStyle(e);
        if (isTransparent(s.backgroundColor)) continue;
        return parseFloat(s.borderTopLeftRadius) >= 6 && e.getBoundingClientRect().height <= 40;
      }
      return false;
    };

    const root = document.querySelector(rootSelector) ?? document.body;
    const report = {
      checked: 0,
      buttons: 0,
      badges: 0,
      items: [] as TContrastItem[],
      failures: [] as TContrastFailure[],
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || !node.textContent?.trim()) continue;
      if (el.closest('script, style, noscript, template, svg, [data-sonner-toaster]')) continue;
      seen.add(el);
      if (!visible(el) || disabled(el)) continue;
      const s = getComputedStyle(el);
      const size = parseFloat(s.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      const alpha = opacity(el);
      let worst = Infinity;
      let worstBg: RGB = [0, 0, 0];
      let worstFg: RGB = [0, 0, 0];
      for (const bg of backgrounds(el)) {
        const fg = paint(bg, { css: s.color, alpha });
        const bgSeen = alpha < 1 ? paint(bg) : bg;
        const r = ratio(fg, bgSeen);
        if (r < worst) [worst, worstBg, worstFg] = [r, bgSeen, fg];
      }
      const kind = el.closest(BUTTON) ? 'button' : isBadge(el) ? 'badge' : 'text';
      report.checked += 1;
      if (kind === 'button') report.buttons += 1;
      if (kind === 'badge') report.badges += 1;
      const text = node.textContent.trim().slice(0, 60);
      report.items.push({ text, kind, ratio: Math.round(worst * 100) / 100 });
      if (worst < needed)
        report.failures.push({
          text,
          kind,
          ratio: Math.round(worst * 100) / 100,
          needed,
          color: `rgb(${worstFg.join(',')})`,
          background: `rgb(${worstBg.join(',')})`,
          classes: `${el.className}`.slice(0, 160),
        });
    }
    return report;
  }, root);
}
