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

describe('HallazgosList count badge', () => {
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

describe('HallazgosList groups a repeated code into one card', () => {
  const at = (codigo: string, clase: string, n: number): THallazgo => ({
    id: n,
    clase,
    codigo,
    descripcion: `${codigo} descripción`,
    observaciones: `Dato enviado [${n}]`,
    fuente: 'Rips',
    pathFuente: `usuarios[${n}].servicios.consultas[0].codDiagnosticoRelacionado1`,
  });

  it('one card per code with its count and every place folded; rejections first; an exact repeat counts once', () => {
    const items = [
      at('RVC086', 'NOTIFICACION', 0),
      at('RVC086', 'NOTIFICACION', 1),
      at('RVC086', 'NOTIFICACION', 2),
      at('RVC086', 'NOTIFICACION', 3),
      { ...at('RVC086', 'NOTIFICACION', 3), id: 99 },
      at('RVC004', 'RECHAZADO', 9),
    ];
    const { container } = render(<HallazgosList title="Prevalidación" headingId="g" tone="mixed" emptyText="-" items={items} />);
    const cards = [...container.querySelectorAll('li[data-codigo]')];
    expect(cards.map((c) => [c.getAttribute('data-codigo'), c.getAttribute('data-count')])).toEqual([
      ['RVC004', '1'],
      ['RVC086', '4'],
    ]);
    expect(screen.getByText('4 veces')).toBeTruthy();
    expect(screen.getByText('Ver dónde (4 lugares)')).toBeTruthy();
    expect(screen.getAllByText('RVC086 descripción')).toHaveLength(1);
    expect(cards[1]?.querySelectorAll('details ul li')).toHaveLength(4);
    expect(screen.getByText('usuarios[3].servicios.consultas[0].codDiagnosticoRelacionado1')).toBeTruthy();
  });
});

describe("HallazgosList explains a rule as it applies to the document's package type (docs/decisions/049)", () => {
  const rvc086 = (clase: string): THallazgo => ({ ...finding('RVC086', clase), fuente: 'Rips' });

  it("a credit note's RVC086: the note's meaning and fix, its class and source", () => {
    const { container } = render(
      <HallazgosList title="Prevalidación" headingId="n" tone="mixed" emptyText="-" items={[rvc086('RECHAZADO')]} paquete="CargarNC" />,
    );
    const card = container.querySelector('li[data-codigo="RVC086"]')!;
    expect(card.getAttribute('data-clase')).toBe('RECHAZADO');
    expect(card.textContent).toContain('En una nota el Ministerio rechaza el paquete por esto');
    expect(card.textContent).toContain('en el RIPS de la nota');
    const clase = card.querySelector('[data-clase-paquete]')!;
    expect(clase.getAttribute('data-clase-paquete')).toBe('R');
    expect(clase.textContent).toContain('En un paquete de tipo «Nota crédito» el Ministerio rechaza este código');
    expect(clase.textContent).toContain('junio de 2026');
  });

  it("an invoice's RVC086 is explained as a notice; a rule without classes by type, or an unknown type, says nothing more", () => {
    const { container } = render(
      <>
        <HallazgosList title="Factura" headingId="f" tone="mixed" emptyText="-" items={[rvc086('NOTIFICACION')]} paquete="CargarFevRips" />
        <HallazgosList title="Otra" headingId="o" tone="mixed" emptyText="-" items={[finding('FED131', 'NOTIFICACION')]} paquete="CargarNC" />
        <HallazgosList title="Sin tipo" headingId="s" tone="mixed" emptyText="-" items={[rvc086('NOTIFICACION')]} />
      </>,
    );
    const [factura, otra, sinTipo] = [...container.querySelectorAll('section')];
    expect(factura!.querySelector('[data-clase-paquete]')?.textContent).toContain('este código es un aviso');
    expect(factura!.textContent).toContain('la nota será rechazada');
    expect(otra!.querySelector('[data-clase-paquete]')).toBeNull();
    expect(sinTipo!.querySelector('[data-clase-paquete]')).toBeNull();
    expect(sinTipo!.textContent).toContain('en una nota crédito, débito o de ajuste el Ministerio rechaza la nota');
  });
});
