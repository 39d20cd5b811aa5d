import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LegalConsent } from './legal-consent';

describe('LegalConsent', () => {
  it.each([
    ['registro', /^Al registrarte aceptas los Términos y condiciones.* y la Política de privacidad.*\.$/],
    ['compra', /^Al pagar aceptas los Términos y condiciones.* y la Política de privacidad.* de Radica\.$/],
  ] as const)('%s: links the terms and the privacy policy in a new tab, so the form is not lost', (action, text) => {
    render(<LegalConsent action={action} />);
    expect(screen.getByTestId('legal-consent').textContent).toMatch(text);
    const terms = screen.getByRole('link', { name: /Términos y condiciones/ });
    const privacy = screen.getByRole('link', { name: /Política de privacidad/ });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy');
    for (const link of [terms, privacy]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.textContent).toContain('(se abre en una pestaña nueva)');
    }
  });
});
