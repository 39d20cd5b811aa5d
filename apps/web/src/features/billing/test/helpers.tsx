import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { TCreateSaleResponse, TPaymentConfig, TSale } from '@radica/contracts/payments';
import type { TWompiMerchant } from '@radica/contracts/wompi';
import { clearSession, setAuthenticated } from '../../../lib/session';

/** A JSON answer. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const CONFIG: TPaymentConfig = {
  baseUrl: '/_sim/wompi/v1',
  publicKey: 'pub_test_abc',
  environment: 'simulator',
  plan: { id: 'profesional', name: 'Profesional', yearlyPrice: 400_000 },
};

export const MERCHANT: TWompiMerchant = {
  id: 1,
  name: 'Radica',
  public_key: 'pub_test_abc',
  presigned_acceptance: {
    acceptance_token: 'acc_tok',
    permalink: 'https://wompi.example/reglamento.pdf',
    type: 'END_USER_POLICY',
  },
  presigned_personal_data_auth: {
    acceptance_token: 'pda_tok',
    permalink: 'https://wompi.example/datos.pdf',
    type: 'PERSONAL_DATA_AUTH',
  },
};

export const SALE_RESPONSE: TCreateSaleResponse = {
  success: true,
  message: 'Venta registrada',
  paymentResult: { transactionId: 'tx-1', reference: 'RAD-REF-1', redirectUrl: null, status: 'PENDING' },
  saleData: { numeroVenta: 'V-0001', numeroFactura: null, total: 400_000, email: 'ana@ips.co' },
};

export const SALE: TSale = {
  reference: 'RAD-REF-1',
  numeroVenta: 'V-0001',
  status: 'APPROVED',
  statusMessage: null,
  plan: 'Profesional',
  total: 400_000,
  currency: 'COP',
  periodo: 'Anual',
  email: 'ana@ips.co',
  paymentMethodType: 'CARD',
  redirectUrl: null,
  transactionId: 'tx-1',
  createdAt: '2026-05-15T15:00:00Z',
  finalizedAt: '2026-05-15T15:00:05Z',
  modulos: ['ministerio'],
  vigenteHasta: '2027-05-15T15:00:05Z',
};

export const BILLING = {
  firstName: 'Ana',
  lastName: 'Gómez',
  email: 'ana@ips.co',
  phone: '+573001234567',
  country: 'Colombia',
  address: 'Calle 10 # 20-30',
  city: 'MEDELLÍN',
  region: 'ANTIOQUIA',
  codPais: 'CO',
  codDepartamento: '05',
  codCiudad: '05001',
};

export type TFetchCall = { url: string; method: string; body: unknown; headers: Record<string, string> };

/**
 * Stub `fetch` with a table of handlers by "METHOD path" (exact, without the query); the calls are recorded with
 * their parsed JSON bodies. An unknown call answers 404.
 */
export function stubFetch(handlers: Record<string, (call: TFetchCall) => Response | Promise<Response>>) {
  const calls: TFetchCall[] = [];
  const fetchMock = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { url, method, body, headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    return handler ? handler(call) : json(404, { success: false, message: 'No encontrado' });
  };
  return { fetchMock, calls };
}

/** Default gateway and config handlers for the payment page. */
export const GATEWAY_HANDLERS = {
  'GET /api/payment/config': () => json(200, { success: true, data: CONFIG }),
  'GET /_sim/wompi/v1/merchants/pub_test_abc': () => json(200, { data: MERCHANT }),
  'GET /_sim/wompi/v1/pse/financial_institutions': () =>
    json(200, {
      data: [
        { financial_institution_code: '0', financial_institution_name: 'A continuación seleccione su banco' },
        { financial_institution_code: '1', financial_institution_name: 'Banco que aprueba' },
        { financial_institution_code: '2', financial_institution_name: 'Banco que rechaza' },
      ],
    }),
};

/** Shows where the router went (path + query), for routes the test does not render. */
export function WhereAmI() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

/** Render `element` at `path` inside a memory router (other paths show <WhereAmI/>) and a fresh query client. */
export function renderAt(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter([...routes, { path: '*', element: <WhereAmI /> }], {
    initialEntries: [path],
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export function wrapQuery(node: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
}

export function signIn(name = 'Ana María Gómez', email = 'ana@ips.co') {
  setAuthenticated(
    { id: 7, name, email, tenant: { validator: 'val-1', database: 'db' }, authType: 'manual' },
    { accessToken: 'tok', accessTokenExpiry: new Date(Date.now() + 3_600_000).toISOString() },
  );
}

export function signOut() {
  clearSession();
}
