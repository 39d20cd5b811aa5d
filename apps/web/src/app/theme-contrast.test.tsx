import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { DetailList } from '../components/ui/detail-list';
import { LandingRoute } from '../features/landing/routes/landing';
import { ApprovalPanel } from '../features/ministerio/components/approval-panel';
import { EstadoBadge } from '../features/ministerio/components/estado-badge';
import { HallazgosList } from '../features/ministerio/components/hallazgos-list';
import { DARK_RULES, WEB_SRC, textContrasts, type TTextContrast } from '../test/theme-contrast';

/**
 * In both themes every text (buttons and badges counted) of the sales page, the approved
 * CUV box, the findings, the state badges and the alert boxes reaches 4.5:1 against what is painted beneath it,
 * worked out from the classes, the palettes and index.css's dark rules (src/test/theme-contrast.ts). Chromium
 * measures the same on the running product: e2e/src/theme-contrast.e2e.test.ts.
 */
const THEMES = ['light', 'dark'] as const;
const failing = (items: TTextContrast[]) => items.filter((i) => i.ratio < 4.5);

describe.each(THEMES)('the %s theme', (theme) => {
  it('the sales page: every button and badge, the two buy buttons and the hero badges', () => {
    const router = createMemoryRouter([{ path: '/', element: <LandingRoute /> }]);
    const { container } = render(<RouterProvider router={router} />);
    const items = textContrasts(container, theme);
    const buy = items.filter((i) => i.text === 'Comprar plan Profesional');
    expect(buy).toHaveLength(2);
    for (const b of buy) expect(b.ratio, `Comprar plan Profesional ${b.classes}`).toBeGreaterThanOrEqual(4.5);
    for (const estado of ['Aprobado', 'Validando', 'Enviado']) {
      const badge = items.find((i) => i.text === estado);
      expect(badge?.kind, estado).toBe('badge');
      expect(badge!.ratio, estado).toBeGreaterThanOrEqual(4.5);
    }
    expect(items.filter((i) => i.kind === 'button').length).toBeGreaterThan(10);
    expect(failing(items)).toEqual([]);
  });

  it('the approved CUV box, the findings, the state badges and every alert tone', () => {
    const { container } = render(
      <div className="bg-white">
        <ApprovalPanel cuv={'ab'.repeat(48)} fechaRadicacion="2026-11-26T11:27:20-05:00" procesoId={42} />
        <HallazgosList
          title="Errores"
          headingId="e"
          tone="mixed"
          emptyText="-"
          items={[
            {
              id: 1,
              clase: 'RECHAZADO',
              codigo: 'RVC004',
              descripcion: 'Rechazo',
              observaciones: 'Obs',
              fuente: 'Rips',
              pathFuente: 'a',
            },
            {
              id: 2,
              clase: 'NOTIFICACION',
              codigo: 'RVC051',
              descripcion: 'Aviso',
              observaciones: 'Obs',
              fuente: 'Rips',
              pathFuente: 'b',
            },
          ]}
        />
        {['APROBADO', 'RECHAZADO', 'EN_ESPERA', 'PARCIAL', 'ENVIANDO', 'LISTO_ENVIO', 'BORRADOR'].map((e) => (
          <EstadoBadge key={e} estado={e} />
        ))}
        <Alert tone="error" title="Error">
          No se pudo
        </Alert>
        <Alert tone="success" title="Listo">
          Guardado
        </Alert>
        <Alert tone="info" title="Nota">
          Para saber
        </Alert>
        <DetailList items={[{ label: 'Vacío', value: '' }]} />
        <Button variant="secondary">Secundario</Button>
        <Button>Principal</Button>
      </div>,
    );
    const items = textContrasts(container, theme);
    for (const label of [
      'CUV (Código Único de Validación)',
      'Fecha de radicación',
      'ID del proceso',
      'RVC004',
    ])
      expect(items.find((i) => i.text === label)?.ratio, label).toBeGreaterThanOrEqual(4.5);
    expect(items.filter((i) => i.kind === 'badge').length).toBeGreaterThanOrEqual(7);
    expect(failing(items)).toEqual([]);
  });
});

describe('every light tint has its dark counterpart', () => {
  /** Every light status tint a component uses (bg-red-50, bg-emerald-50/60, text-amber-800…) has a dark rule. */
  it('in index.css, for each tint class found under src/', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'test') walk(path);
        } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(WEB_SRC);
    const tints = new Set<string>();
    const TINT =
      /(?<![\w:-])(?:bg-(?:red|emerald|amber|sky|indigo|green|rose|pink|yellow|orange)-(?:50|100)(?:\/\d+)?|text-(?:red|emerald|amber|sky|indigo|green|rose|pink|yellow|orange)-(?:700|800|900))(?![\w/-])/g;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(TINT)) {
        // A class with its own dark: variant next to it is handled where it is used.
        const line = code.slice(code.lastIndexOf('\n', m.index) + 1, code.indexOf('\n', m.index));
        const property = m[0].split('-')[0];
        if (line.includes(`dark:${property}-`)) continue;
        tints.add(m[0]);
      }
    }
    expect(tints.size).toBeGreaterThan(10);
    const missing = [...tints].filter((t) => !DARK_RULES.has(t));
    expect(missing).toEqual([]);
  });
});
