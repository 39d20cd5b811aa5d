import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { PLAN_EN_LINEA } from '@radica/contracts/payments';
import { formatCop } from '../../../lib/format';
import { resetTimings } from '../../../lib/timings';
import { BILLING, SALE, SALE_RESPONSE, json, renderAt, signIn, signOut, stubFetch } from '../test/helpers';
import {
  readBillingData,
  readSaleData,
  readSelectedPlan,
  selectPlan,
  writeBillingData,
  writeSaleData,
  writeSelectedPlan,
} from '../utils/purchase-storage';
import { SuccessRoute } from './success';

const ROUTES = [{ path: '/billing/success', element: <SuccessRoute /> }];

function stubSale(...answers: Array<Partial<typeof SALE>>) {
  let index = 0;
  const stubbed = stubFetch({
    'GET /api/payment/sales/RAD-REF-1': () => {
      const answer = answers[Math.min(index, answers.length - 1)];
      index += 1;
      return json(200, { success: true, data: { ...SALE, ...answer } });
    },
  });
  vi.stubGlobal('fetch', stubbed.fetchMock);
  return stubbed.calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetTimings();
  signOut();
});

describe('success page (seed 002 §2 "Success", §8)', () => {
  it('APPROVED: ¡Pago Exitoso! with the sale number and the reference, both labelled, Aprobado, plan, amount and period; the dashboard clears the purchase', async () => {
    signIn();
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    writeBillingData(BILLING);
    writeSaleData(SALE_RESPONSE);
    stubSale({});
    const { queryClient } = renderAt('/billing/success?reference=RAD-REF-1', ROUTES);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await screen.findByRole('heading', { name: '¡Pago Exitoso!' })).toBeTruthy();
    expect(screen.getByTestId('sale-reference').textContent).toBe('RAD-REF-1');
    // The e-mail's 'Número de venta V-…' is on the page too, labelled apart from the transaction number.
    expect(screen.getByTestId('sale-numero-venta').textContent).toBe(SALE.numeroVenta);
    expect(screen.getByText(MSG_PAGOS.etiquetaNumeroVenta)).toBeTruthy();
    expect(screen.getByText(MSG_PAGOS.etiquetaNumeroTransaccion)).toBeTruthy();
    expect(screen.getByTestId('sale-status').textContent).toBe('Aprobado');
    expect(screen.getByText('Profesional')).toBeTruthy();
    expect(screen.getByTestId('sale-total').textContent).toBe(formatCop(400_000));
    expect(screen.getByTestId('sale-period').textContent).toBe('Anual');
    expect(screen.getByRole('heading', { name: '¿Qué sigue?' })).toBeTruthy();
    expect(screen.getByText(MSG_PAGOS.queSigueActiva)).toBeTruthy();
    expect(screen.getByText(MSG_PAGOS.queSigueCorreo('ana@ips.co'))).toBeTruthy();
    expect(screen.getByText(MSG_PAGOS.queSigueFunciones)).toBeTruthy();
    expect(screen.queryByText(MSG_PAGOS.queSigueCrearCuenta('ana@ips.co'))).toBeNull();
    expect(screen.getByRole('link', { name: 'soporte@radica.co' }).getAttribute('href')).toContain(
      'mailto:soporte@radica.co',
    );
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ir al panel' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/Inicio');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['productos-comprados'] });
    expect([readSelectedPlan(), readBillingData(), readSaleData()]).toEqual([null, null, null]);
  });

  it('APPROVED for a guest: login button, note and the create-account step', async () => {
    signOut();
    stubSale({});
    renderAt('/billing/success?reference=RAD-REF-1', ROUTES);
    expect(await screen.findByRole('heading', { name: '¡Pago Exitoso!' })).toBeTruthy();
    expect(screen.getByText(MSG_PAGOS.invitadoNota)).toBeTruthy();
    expect(screen.getByText(MSG_PAGOS.queSigueCrearCuenta('ana@ips.co'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ir al panel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/login?email=ana%40ips.co');
  });

  it("DECLINED: the method's failure alert and a way back to the payment", async () => {
    signOut();
    stubSale({ status: 'DECLINED', statusMessage: 'Fondos insuficientes' });
    renderAt('/billing/success?reference=RAD-REF-1', ROUTES);
    expect(await screen.findByText('Error procesando el pago: Fondos insuficientes')).toBeTruthy();
    expect(screen.queryByText('¡Pago Exitoso!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Intentar de nuevo' }).getAttribute('href')).toBe(
      '/billing/payment',
    );
  });

  it('PENDING waits with a spinner and follows the sale until it is final', async () => {
    resetTimings({ salePollMs: 20 });
    signOut();
    const calls = stubSale(
      { status: 'PENDING', paymentMethodType: 'NEQUI' },
      { status: 'PENDING' },
      { status: 'DECLINED', paymentMethodType: 'NEQUI' },
    );
    renderAt('/billing/success?reference=RAD-REF-1', ROUTES);
    expect(await screen.findByText(MSG_PAGOS.pagoPendiente)).toBeTruthy();
    expect(
      await screen.findByText(
        `Error procesando el pago Nequi: ${MSG_PAGOS.pagoRechazado}`,
        {},
        { timeout: 2000 },
      ),
    ).toBeTruthy();
    const count = calls.length;
    await new Promise((r) => setTimeout(r, 80));
    expect(calls.length).toBe(count);
  });

  it('stops asking after the limit and offers to ask again', async () => {
    resetTimings({ salePollMs: 20, salePollMaxMs: 60 });
    signOut();
    stubSale({ status: 'PENDING' }, { status: 'PENDING' }, { status: 'PENDING' }, { status: 'PENDING' }, {});
    renderAt('/billing/success?reference=RAD-REF-1', ROUTES);
    expect(await screen.findByText(MSG_PAGOS.pagoEsperaLarga, {}, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Consultar de nuevo' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: '¡Pago Exitoso!' })).toBeTruthy(), {
      timeout: 2000,
    });
  });

  it('uses the stored reference when the query has none, and says so when there is none at all', async () => {
    signOut();
    stubSale({});
    writeSaleData(SALE_RESPONSE);
    const first = renderAt('/billing/success', ROUTES);
    expect(await screen.findByRole('heading', { name: '¡Pago Exitoso!' })).toBeTruthy();
    first.unmount();
    sessionStorage.clear();
    renderAt('/billing/success', ROUTES);
    expect(await screen.findByText(MSG_PAGOS.ventaNoEncontrada)).toBeTruthy();
  });
});
