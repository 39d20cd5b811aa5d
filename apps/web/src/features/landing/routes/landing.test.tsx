import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { ZBusinessContactRequest } from '@radica/contracts/payments';
import { PLANES } from '@radica/contracts/plans';
import { OPEN_CHAT_EVENT } from '../../../lib/open-chat';
import { clearSession, setAuthenticated } from '../../../lib/session';
import { CAROUSEL_INTERVAL_MS } from '../components/channel-carousel';
import { LandingRoute } from './landing';

const USER = {
  id: 7,
  name: 'IPS Landing',
  email: 'landing@ips.co',
  tenant: { validator: 'VAL-7', database: 'db_7' },
  authType: 'manual' as const,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** Intl puts a no-break space after '$'. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

function renderLanding(entry = '/') {
  const router = createMemoryRouter([{ path: '/', element: <LandingRoute /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
}

/** An IntersectionObserver that reports every observed element as visible, so the deferred form mounts. */
class VisibleObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  unobserve() {}
  disconnect() {}
}

function stubReducedMotion(isReduced: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isReduced && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The n-th slide, shown or hidden (a hidden element has no accessible name to query by). */
const slide = (n: number) =>
  document.querySelector<HTMLElement>(`[aria-roledescription="diapositiva"][aria-label^="${n} de 4"]`)!;
const visibleSlide = () => screen.getByRole('group', { name: /de 4:/ });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
});

describe('sales page header (seed 002 §1)', () => {
  it("links Inicio, Precios and Soporte on the page and 'Mi cuenta' to the login when signed out", () => {
    clearSession();
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe('#inicio');
    expect(within(nav).getByRole('link', { name: 'Precios' }).getAttribute('href')).toBe('#precios');
    expect(within(nav).getByRole('link', { name: 'Soporte' }).getAttribute('href')).toBe('#soporte');
    expect(screen.getByRole('link', { name: 'Mi cuenta' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/auth/login');
    expect(document.getElementById('inicio')).toBeTruthy();
    expect(document.getElementById('precios')).toBeTruthy();
    expect(document.getElementById('soporte')).toBeTruthy();
  });

  it("sends a signed-in visitor's 'Mi cuenta' to /Inicio", () => {
    setAuthenticated(USER, {
      accessToken: 't',
      accessTokenExpiry: new Date(Date.now() + 3_600_000).toISOString(),
    });
    renderLanding();
    expect(screen.getByRole('link', { name: 'Mi cuenta' }).getAttribute('href')).toBe('/Inicio');
  });

  it("asks the chat to open from 'Soporte' and falls back to the support section when no chat answers", () => {
    renderLanding();
    const soporte = within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', {
      name: 'Soporte',
    });
    const heard = vi.fn();
    window.addEventListener(OPEN_CHAT_EVENT, heard);
    // No chat: the event goes unanswered and the link keeps its default (scroll to #soporte).
    expect(fireEvent.click(soporte)).toBe(true);
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(OPEN_CHAT_EVENT, heard);

    const chat = (event: Event) => event.preventDefault();
    window.addEventListener(OPEN_CHAT_EVENT, chat);
    expect(fireEvent.click(soporte)).toBe(false);
    window.removeEventListener(OPEN_CHAT_EVENT, chat);
  });
});

describe('sales page content (seed 002 §1)', () => {
  it('scrolls to the section a link like /#precios names once the page is there', () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    renderLanding('/#precios');
    expect(scrolled).toEqual(['precios']);
    vi.restoreAllMocks();
  });

  it('has one h1, the four channel pills, support, and the footer links', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const pills = screen.getByRole('list', { name: 'Entréganos los archivos como prefieras:' });
    expect(
      within(pills)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['correo electrónico', 'FTP/SFTP', 'plataforma', 'API']);
    expect(screen.getByRole('main')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Términos y condiciones' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'soporte@radica.co' }).getAttribute('href')).toMatch(
      /^mailto:soporte@radica\.co/,
    );
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Radica`);
    const support = screen.getByRole('region', { name: 'Soporte' });
    expect(within(support).getByRole('link', { name: 'soporte@radica.co' }).getAttribute('href')).toMatch(
      /^mailto:soporte@radica\.co/,
    );
  });

  it('shows Profesional at $ 400.000 COP a year with its features and the cart link, Business on request', () => {
    renderLanding();
    const profesional = screen.getByRole('article', { name: /Profesional/ });
    expect(plain(profesional.textContent)).toContain('$ 400.000');
    expect(profesional.textContent).toContain('COP al año');
    expect(within(profesional).getByText('Más popular')).toBeTruthy();
    for (const feature of PLANES.profesional.features)
      expect(within(profesional).getByText(feature)).toBeTruthy();
    expect(
      within(profesional).getByRole('link', { name: 'Comprar plan Profesional' }).getAttribute('href'),
    ).toBe('/billing/cart?plan=profesional');

    const business = screen.getByRole('article', { name: /Business/ });
    expect(business.textContent).toContain('Precio a convenir');
    expect(within(business).queryByText('Más popular')).toBeNull();
    for (const feature of PLANES.business.features) expect(within(business).getByText(feature)).toBeTruthy();
    expect(within(business).getByRole('link', { name: 'Solicitar cotización' }).getAttribute('href')).toBe(
      '#contacto-business',
    );
  });
});

describe('channels carousel (seed 002 §1, §9: every 6 s)', () => {
  beforeEach(() => stubReducedMotion(false));

  it('turns every 6 s, announcing nothing while it turns', () => {
    vi.useFakeTimers();
    renderLanding();
    const carousel = screen.getByRole('region', { name: 'Canales de envío' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carrusel');
    expect(visibleSlide()).toBe(slide(1));
    expect(slide(2).hidden).toBe(true);
    expect(carousel.querySelector('[aria-live]')!.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(visibleSlide()).toBe(slide(1));
    act(() => vi.advanceTimersByTime(1));
    expect(visibleSlide()).toBe(slide(2));
    expect(within(carousel).getByRole('button', { name: 'FTP/SFTP' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(
      within(carousel).getByRole('button', { name: 'Correo electrónico' }).getAttribute('aria-current'),
    ).toBeNull();
    for (const n of [3, 4, 1]) {
      act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
      expect(visibleSlide()).toBe(slide(n));
    }
  });

  it('stops with the pause button (then announces politely) and starts again with play', () => {
    vi.useFakeTimers();
    renderLanding();
    const carousel = screen.getByRole('region', { name: 'Canales de envío' });
    fireEvent.click(within(carousel).getByRole('button', { name: /^Pausar/ }));
    expect(carousel.querySelector('[aria-live]')!.getAttribute('aria-live')).toBe('polite');
    act(() => vi.advanceTimersByTime(5 * CAROUSEL_INTERVAL_MS));
    expect(visibleSlide()).toBe(slide(1));
    const play = within(carousel).getByRole('button', { name: /^Reanudar/ });
    fireEvent.click(play);
    act(() => play.blur());
    expect(carousel.querySelector('[aria-live]')!.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(visibleSlide()).toBe(slide(2));
  });

  it('stops while the pointer is over it or focus is inside it', () => {
    vi.useFakeTimers();
    renderLanding();
    const carousel = screen.getByRole('region', { name: 'Canales de envío' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(2 * CAROUSEL_INTERVAL_MS));
    expect(visibleSlide()).toBe(slide(1));
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(visibleSlide()).toBe(slide(2));

    const next = within(carousel).getByRole('button', { name: 'Canal siguiente' });
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(2 * CAROUSEL_INTERVAL_MS));
    expect(visibleSlide()).toBe(slide(2));
    expect(carousel.querySelector('[aria-live]')!.getAttribute('aria-live')).toBe('polite');
    act(() => next.blur());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(visibleSlide()).toBe(slide(3));
  });

  it('moves by hand with previous/next, the arrow keys and the slide picker', () => {
    renderLanding();
    const carousel = screen.getByRole('region', { name: 'Canales de envío' });
    const next = within(carousel).getByRole('button', { name: 'Canal siguiente' });
    const previous = within(carousel).getByRole('button', { name: 'Canal anterior' });
    act(() => next.focus());
    fireEvent.click(next);
    expect(visibleSlide()).toBe(slide(2));
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(visibleSlide()).toBe(slide(3));
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(visibleSlide()).toBe(slide(1));
    fireEvent.click(previous);
    expect(visibleSlide()).toBe(slide(4));
    expect(visibleSlide().textContent).toContain('API');
    fireEvent.click(within(carousel).getByRole('button', { name: 'Plataforma web' }));
    expect(visibleSlide()).toBe(slide(3));
    expect(
      within(carousel).getByRole('button', { name: 'Plataforma web' }).getAttribute('aria-current'),
    ).toBe('true');
  });

  it('does not turn by itself when the visitor prefers reduced motion', () => {
    stubReducedMotion(true);
    vi.useFakeTimers();
    renderLanding();
    const carousel = screen.getByRole('region', { name: 'Canales de envío' });
    expect(within(carousel).getByRole('button', { name: /^Reanudar/ })).toBeTruthy();
    act(() => vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS));
    expect(visibleSlide()).toBe(slide(1));
  });
});

describe('Business contact form (POST /api/payment/business-contact)', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', VisibleObserver));

  async function fillForm() {
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Ana Gómez' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@clinica.co' } });
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '3001234567' } });
    fireEvent.change(screen.getByLabelText('Empresa'), { target: { value: 'Clínica Norte' } });
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: 'Tenemos 4 sedes.' } });
  }

  it('shows the field errors of the shared schema and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLanding();
    // The texts are the shared schema's own (the API answers the same ones).
    const issues = ZBusinessContactRequest.safeParse({ nombre: '', email: '', mensaje: '' }).error!.issues;
    const messageOf = (field: string) => issues.find((issue) => issue.path[0] === field)!.message;
    expect(messageOf('nombre')).toBe(MSG_PAGOS.contactoNombreRequerido);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(messageOf('nombre'))).toBeTruthy();
    expect(screen.getByText(messageOf('email'))).toBeTruthy();
    expect(screen.getByText(messageOf('mensaje'))).toBeTruthy();
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'no-es-correo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(MSG_PAGOS.emailInvalido)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the form as JSON, disables it while sending, shows the server's message and clears it", async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetchMock);
    renderLanding();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/payment/business-contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      nombre: 'Ana Gómez',
      email: 'ana@clinica.co',
      telefono: '3001234567',
      empresa: 'Clínica Norte',
      mensaje: 'Tenemos 4 sedes.',
    });
    expect(screen.getByLabelText('Nombre').closest('fieldset')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: MSG.sendingButton })).toHaveProperty('disabled', true);

    answer(json(200, { success: true, message: MSG_PAGOS.contactoEnviado }));
    expect(await screen.findByRole('status')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MSG_PAGOS.contactoEnviado));
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Nombre').closest('fieldset')).toHaveProperty('disabled', false);
  });

  it("keeps what was typed and shows the server's error message when the call fails", async () => {
    const message = 'Demasiadas solicitudes. Intenta de nuevo en unos minutos.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(429, { success: false, message, code: 'RATE_LIMITED' })),
    );
    renderLanding();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(message));
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', 'Ana Gómez');
    expect(screen.getByLabelText('Mensaje')).toHaveProperty('value', 'Tenemos 4 sedes.');
    expect(screen.getByRole('button', { name: 'Enviar solicitud' })).toHaveProperty('disabled', false);
  });
});
