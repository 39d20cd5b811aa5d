import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { HallazgosList } from '../features/ministerio/components/hallazgos-list';

/** Dark theme readability and phone (390 px) layout, checked on the styles the components use. */

const src = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const CSS = src('../index.css');

/** Tailwind's slate palette (v4 writes it in oklch; these are its sRGB values). */
const SLATE: Record<string, string> = {
  '100': '#f1f5f9',
  '200': '#e2e8f0',
  '400': '#94a3b8',
  '700': '#334155',
  '900': '#0f172a',
  '950': '#020617',
};
const brand = (shade: string) => CSS.match(new RegExp(`--color-brand-${shade}: (#[0-9a-f]{6})`))![1]!;
const color = (ref: string) => {
  const [, family, shade] = /--color-(brand|slate)-(\d+)/.exec(ref)!;
  return family === 'brand' ? brand(shade!) : SLATE[shade!]!;
};

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The declaration `property` of the dark rule whose selector list contains `selector`. */
function darkValue(selector: string, property: string): string {
  const rules = [...CSS.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)];
  // A brand rule leaves the sales page's teal bands alone: `.dark .bg-brand-50:not(.brand-band *)`.
  const rule = rules.find((r) =>
    r[1]!.split(',').some((s) => s.trim().replace(':not(.brand-band *)', '') === selector),
  );
  expect(rule, `no dark rule for ${selector}`).toBeTruthy();
  const value = new RegExp(`${property}:\\s*([^;]+);`).exec(rule![2]!)?.[1];
  expect(value, `${selector} has no ${property}`).toBeTruthy();
  return color(value!);
}

describe('dark theme', () => {
  it('the selection bar and the selected row are dark with readable text', () => {
    const bulkBar = src('../features/ministerio/components/bulk-bar.tsx');
    for (const cls of ['bg-brand-50 ', 'border-brand-100', 'text-brand-800']) expect(bulkBar).toContain(cls);
    expect(src('../features/ministerio/components/documents-table.tsx')).toContain("'bg-brand-50'");
    const tint = darkValue('.dark .bg-brand-50', 'background-color');
    expect(contrast(tint, SLATE['100']!)).toBeGreaterThan(3); // a dark surface, not the light tint
    expect(contrast(darkValue('.dark .text-brand-800', 'color'), tint)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(darkValue('.dark .text-slate-900', 'color'), tint)).toBeGreaterThanOrEqual(4.5);
  });

  it('a disabled primary button turns grey instead of a dimmed teal', () => {
    expect(src('../components/ui/button.tsx')).toContain('disabled:bg-brand-600/50');
    const disabled = darkValue('.dark .disabled\\:bg-brand-600\\/50:disabled', 'background-color');
    expect(disabled).toBe(SLATE['700']);
    expect(disabled).not.toBe(brand('600'));
  });

  it('sign-in and registration lose the light gradient, and their links reach 4.5:1', () => {
    expect(src('../features/auth/components/auth-shell.tsx')).toContain('bg-gradient-to-br from-brand-50');
    expect(CSS).toMatch(/\.dark \.bg-gradient-to-br\.from-brand-50 \{\s*background-image: none;/);
    expect(src('../features/auth/components/login-form.tsx')).toContain('text-brand-700');
    const link = darkValue('.dark .text-brand-700', 'color');
    for (const surface of [SLATE['900']!, SLATE['950']!])
      expect(contrast(link, surface)).toBeGreaterThanOrEqual(4.5);
    // The light theme's own link colour stays AA on white.
    expect(contrast(brand('700'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('phone, 390 px', () => {
  it('long finding texts wrap inside their card', () => {
    const long = 'RVC051_'.repeat(20);
    render(
      <HallazgosList
        title="Notificaciones"
        headingId="n"
        tone="notice"
        emptyText="-"
        items={[
          {
            id: 1,
            clase: 'NOTIFICACION',
            codigo: 'RVC051',
            descripcion: long,
            observaciones: long,
            fuente: 'Rips',
            pathFuente: '',
          },
        ]}
      />,
    );
    const card = screen.getByText(long, { selector: 'span' }).closest('li')!;
    expect(card.className).toContain('[overflow-wrap:anywhere]');
    expect(card.className).toContain('min-w-0');
  });

  it('row checkboxes are 24 px targets and the header title may take two lines', () => {
    for (const file of ['documents-table.tsx', 'documents-cards.tsx']) {
      const code = src(`../features/ministerio/components/${file}`);
      const checkboxes = [...code.matchAll(/type="checkbox"[\s\S]*?className="([^"]+)"/g)].map((m) => m[1]!);
      expect(checkboxes.length, file).toBeGreaterThan(0);
      for (const cls of checkboxes) expect(cls, file).toMatch(/\bsize-6\b/);
    }
    const header = src('./layout/header.tsx');
    expect(header).toMatch(/<h1 className="line-clamp-2 /);
    expect(header).not.toMatch(/<h1 className="[^"]*(?<!sm:)\btruncate\b/);
  });
});
