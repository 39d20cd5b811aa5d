import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { THallazgo } from '@radica/contracts/documents';
import { HallazgosList } from './hallazgos-list';

const finding = (codigo: string, clase: string): THallazgo => ({
  id: codigo.length,
  clase,
  codigo,
  descripcion: `${codigo} descripción`,
  observaciones: '',
  fuente: 'FacturaElectronica',
  pathFuente: '',
});

const badgeOf = (title: string) => screen.getByRole('heading', { name: new RegExp(title) }).querySelector('[data-badge]');

describe('HallazgosList count badge (issue 17)', () => {
  it('colours the count by the worst finding it holds, and a zero count as neutral', () => {
    render(
      <>
        <HallazgosList title="Prevalidación" headingId="a" tone="mixed" emptyText="-" items={[finding('FED131', 'NOTIFICACION')]} />
        <HallazgosList title="Mixtos" headingId="b" tone="mixed" emptyText="-" items={[finding('FED131', 'NOTIFICACION'), finding('RVC004', 'RECHAZADO')]} />
        <HallazgosList title="Errores" headingId="c" tone="error" emptyText="Sin errores" items={[]} />
        <HallazgosList title="Notificaciones" headingId="d" tone="notice" emptyText="-" items={[finding('FED129', 'NOTIFICACION')]} />
      </>,
    );
    expect(badgeOf('Prevalidación')?.getAttribute('data-badge')).toBe('notice');
    expect(badgeOf('Mixtos')?.getAttribute('data-badge')).toBe('error');
    expect(badgeOf('Errores')?.getAttribute('data-badge')).toBe('none');
    expect(badgeOf('Notificaciones')?.getAttribute('data-badge')).toBe('notice');
  });
});
