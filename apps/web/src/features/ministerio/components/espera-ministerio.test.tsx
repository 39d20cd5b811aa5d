import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { horaBogota } from '@radica/contracts/documents';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { EsperaMinisterioChip, EsperaMinisterioNotice } from './espera-ministerio';

/** A document the ministry answered with no verdict waits; the screens say so, never «rechazado» (docs/decisions/047). */
describe('the wait for the ministry on screen', () => {
  const proximo = new Date(Date.now() + 5 * 60_000).toISOString();
  const espera = { desde: new Date().toISOString(), texto: 'TOT003: timeout API SISPRO', proximoIntento: proximo, intentos: 0 };

  it('the detail shows «El Ministerio no respondió», the ministry\'s own words and «Reintentaremos a las HH:MM» in Bogotá time', () => {
    render(<EsperaMinisterioNotice espera={espera} />);
    const notice = screen.getByTestId('espera-ministerio');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain(MSG_MINISTERIO.ministerioNoRespondio);
    expect(notice.textContent).toContain('«TOT003: timeout API SISPRO»');
    expect(notice.textContent).toContain(MSG_MINISTERIO.reintentaremosALas(horaBogota(proximo)));
    expect(horaBogota(proximo)).toMatch(/^\d\d:\d\d$/);
    expect(notice.textContent).not.toMatch(/rechaz/i);
  });

  it('without a retry left it says the user may send it again', () => {
    render(<EsperaMinisterioNotice espera={{ ...espera, proximoIntento: null }} />);
    expect(screen.getByTestId('espera-ministerio').textContent).toContain(MSG_MINISTERIO.esperaSinReintento);
  });

  it('the list row marks the next retry, with the words for a screen reader', () => {
    render(<EsperaMinisterioChip espera={espera} />);
    const chip = screen.getByTestId('espera-fila');
    expect(chip.textContent).toContain(horaBogota(proximo));
    expect(chip.getAttribute('title')).toContain('TOT003: timeout API SISPRO');
  });
});
