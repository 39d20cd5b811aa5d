import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { VERSION_PRIVACIDAD, VERSION_TERMINOS } from '@radica/contracts/legal';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { PRIVACIDAD, TERMINOS } from '@radica/contracts/messages-legal';
import { formatLegalDate, LegalRoute } from './legal';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Página de ventas</p> },
      { path: '/terms', element: <LegalRoute documento="terminos" /> },
      { path: '/privacy', element: <LegalRoute documento="privacidad" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('/terms and /privacy', () => {
  it('the terms: title, version and date, every section, inside the sales header and footer, with a way back', () => {
    const router = renderAt('/terms');
    expect(screen.getByRole('heading', { level: 1, name: TERMINOS.titulo })).toBeTruthy();
    expect(screen.getByTestId('legal-version').textContent).toBe(`Versión ${VERSION_TERMINOS} · vigente desde el 26 de noviembre de 2026`);
    for (const s of TERMINOS.secciones) expect(screen.getByRole('heading', { level: 2, name: s.titulo })).toBeTruthy();
    expect(screen.queryByText(MSG_CUENTAS.placeholderBody)).toBeNull();
    // the sales page's header (logo, Inicio/Precios/Soporte, Mi cuenta) and footer
    expect(within(screen.getByRole('navigation', { name: 'Principal' })).getByText('Precios')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe('/privacy');
    fireEvent.click(screen.getByRole('link', { name: 'Volver al inicio' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('the privacy policy says who is responsible and who the processor, purposes, rights, how to exercise them, retention, security and contact', () => {
    renderAt('/privacy');
    expect(screen.getByRole('heading', { level: 1, name: PRIVACIDAD.titulo })).toBeTruthy();
    expect(screen.getByTestId('legal-version').textContent).toContain(`Versión ${VERSION_PRIVACIDAD}`);
    const text = document.body.textContent ?? '';
    for (const needed of [
      'Ley 1581 de 2012',
      'Decreto 1377 de 2013',
      'Responsable del tratamiento de los datos de sus clientes',
      'Encargado del tratamiento de los datos de los pacientes',
      'Para qué usamos',
      'Tus derechos',
      'Cómo ejercer tus derechos',
      'diez (10) días hábiles',
      'quince (15) días hábiles',
      'Superintendencia de Industria y Comercio',
      'Cuánto tiempo conservamos',
      'Cómo protegemos',
      'soporte@radica.co',
    ])
      expect(text, needed).toContain(needed);
    expect(/\busted\b/i.test(text)).toBe(false);
  });

  it('links each page to the other', () => {
    renderAt('/privacy');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Términos y condiciones' }).getAttribute('href')).toBe('/terms');
  });

  it('writes the date as a calendar day in Spanish', () => {
    expect(formatLegalDate('2026-01-05')).toBe('5 de enero de 2026');
  });
});
