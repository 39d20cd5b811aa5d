import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TMiPlan } from '@radica/contracts/payments';
import { formatCop, formatDate } from '../../../lib/format';
import { MiPlanTab } from './mi-plan-tab';

/** Configuración › Mi plan — plan, modules, valid until, payments with both numbers; GET /api/payment/mi-plan stubbed. */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderWith(answer: Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      return answer.clone();
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MiPlanTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

const PLAN: TMiPlan = {
  plan: 'profesional',
  planNombre: 'Profesional',
  vigenteHasta: '2027-11-26T15:00:00.000Z',
  modulos: [{ modulo: 'ministerio', titulo: 'Ministerio de Salud', activo: true, vigenteHasta: '2027-11-26T15:00:00.000Z' }],
  pagos: [
    { numeroVenta: 'V-20261126-ABC123', referencia: 'RAD-MI-1', fecha: '2026-11-26T15:00:00.000Z', plan: 'Profesional', metodoPago: 'CARD', monto: 400000, estado: 'APPROVED', vigenteHasta: '2027-11-26T15:00:00.000Z', numeroFactura: null, tipo: 'pago' },
    { numeroVenta: 'MAN-20250101-0A0B0C', referencia: null, fecha: '2025-01-01T15:00:00.000Z', plan: 'Profesional', metodoPago: 'TRANSFERENCIA', monto: 350000, estado: 'APPROVED', vigenteHasta: null, numeroFactura: 'FE-88', tipo: 'pago' },
  ],
};

describe('Mi plan', () => {
  it('shows the plan, until when it runs, its modules and every payment with its numbers, date, method, amount and status', async () => {
    const urls = renderWith(json(200, { success: true, data: PLAN }));
    expect((await screen.findByTestId('mi-plan-nombre')).textContent).toBe('Plan Profesional');
    expect(urls).toEqual(['/api/payment/mi-plan']);
    expect(screen.getByTestId('mi-plan-vigencia').textContent).toBe(MSG_PAGOS.miPlanVigenteHasta(formatDate(PLAN.vigenteHasta)));
    expect(screen.getByText('Ministerio de Salud')).toBeTruthy();
    const [card, transfer] = screen.getAllByTestId('mi-plan-pago');
    const first = within(card!);
    expect(first.getByText('V-20261126-ABC123')).toBeTruthy();
    expect(first.getByText('RAD-MI-1')).toBeTruthy();
    expect(first.getByText(formatDate('2026-11-26T15:00:00.000Z'))).toBeTruthy();
    expect(first.getByText('Tarjeta')).toBeTruthy();
    expect(card!.textContent).toContain(formatCop(400000));
    expect(first.getByText(MSG_PAGOS.estadoAprobado)).toBeTruthy();
    const second = within(transfer!);
    expect(second.getByText('Transferencia bancaria')).toBeTruthy();
    expect(second.getByText(/FE-88/)).toBeTruthy();
    expect(second.queryByText(MSG_PAGOS.etiquetaNumeroTransaccion, { exact: false })).toBeNull();
    expect(screen.queryByRole('link', { name: MSG_PAGOS.miPlanComprar })).toBeNull();
  });

  it('without a plan: says so, when it ended, and offers to buy; no payments yet', async () => {
    renderWith(json(200, { success: true, data: { plan: null, planNombre: null, vigenteHasta: '2026-01-31T15:00:00.000Z', modulos: [{ modulo: 'ministerio', titulo: 'Ministerio de Salud', activo: false, vigenteHasta: '2026-01-31T15:00:00.000Z' }], pagos: [] } }));
    expect((await screen.findByTestId('mi-plan-nombre')).textContent).toBe(MSG_PAGOS.miPlanSinPlan);
    expect(screen.getByTestId('mi-plan-vigencia').textContent).toBe(MSG_PAGOS.miPlanVencio(formatDate('2026-01-31T15:00:00.000Z')));
    expect(screen.getByText(MSG_PAGOS.miPlanModuloVencido, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG_PAGOS.miPlanComprar }).getAttribute('href')).toBe('/billing/cart?plan=profesional');
    expect(screen.getByText(MSG_PAGOS.miPlanSinPagos)).toBeTruthy();
  });

  it('shows a Business grant as a grant with its term, and keeps the paid Profesional term on its payment', async () => {
    const data: TMiPlan = {
      plan: 'business',
      planNombre: 'Business',
      vigenteHasta: '2027-12-01T20:00:00.000Z',
      modulos: [{ modulo: 'ministerio', titulo: 'Ministerio de Salud', activo: true, vigenteHasta: '2027-12-01T20:00:00.000Z' }],
      pagos: [
        { numeroVenta: 'MAN-20261201-0A0B0C', referencia: null, fecha: '2026-12-01T20:00:00.000Z', plan: 'Business', metodoPago: 'TRANSFERENCIA', monto: 0, estado: 'APPROVED', vigenteHasta: '2027-12-01T20:00:00.000Z', numeroFactura: null, tipo: 'otorgamiento' },
        { numeroVenta: 'V-20261101-ABC123', referencia: 'RAD-1', fecha: '2026-11-01T15:00:00.000Z', plan: 'Profesional', metodoPago: 'CARD', monto: 400000, estado: 'APPROVED', vigenteHasta: '2027-11-01T15:00:00.000Z', numeroFactura: null, tipo: 'pago' },
      ],
    };
    renderWith(json(200, { success: true, data }));
    expect((await screen.findByTestId('mi-plan-nombre')).textContent).toBe('Plan Business');
    expect(screen.getByTestId('mi-plan-vigencia').textContent).toBe(MSG_PAGOS.miPlanVigenteHasta('01/12/2027'));
    const [grant, card] = screen.getAllByTestId('mi-plan-pago');
    expect(within(grant!).getByText(MSG_PAGOS.miPlanOtorgamiento)).toBeTruthy();
    expect(within(grant!).getByText(MSG_PAGOS.miPlanEstadoOtorgado)).toBeTruthy();
    expect(within(grant!).getByTestId('mi-plan-pago-periodo').textContent).toBe(MSG_PAGOS.miPlanPeriodoHasta('01/12/2027'));
    expect(grant!.textContent).not.toContain(formatCop(0));
    expect(grant!.textContent).not.toContain('Transferencia bancaria');
    expect(within(card!).getByTestId('mi-plan-pago-periodo').textContent).toBe(MSG_PAGOS.miPlanPeriodoHasta('01/11/2027'));
    expect(screen.queryByText(MSG_PAGOS.miPlanSinVencimiento)).toBeNull();
  });

  it("shows the server's Spanish refusal (a role that is not administrator) and lets the user try again", async () => {
    renderWith(json(403, { success: false, code: 'ROL_REQUERIDO', message: 'Esta acción requiere el rol Administrador.' }));
    expect(await screen.findByText('Esta acción requiere el rol Administrador.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
