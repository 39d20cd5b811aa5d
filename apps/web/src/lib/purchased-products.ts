import { queryOptions, useQuery } from '@tanstack/react-query';
import { MODULOS, type TModulo, type TProductoDetalle, type TProductosComprados } from '@radica/contracts/products';
import { apiCall, routes } from './api-client';
import { useSession } from './session';

/** The four modules a tenant can buy (seed 000 §1; contracts MODULOS). */
export const MODULES = MODULOS;
export type TModule = TModulo;
export type { TProductoDetalle };
/** GET /api/Auth/productos-comprados `data` (contracts ZProductosComprados). */
export type TPurchasedProducts = TProductosComprados;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * Normalise the purchased-products answer (seed 000 §3): flags default false; productoId and montoPagado
 * default 0, activo false, descripcion and vigenteHasta may be null.
 */
export function normalizePurchasedProducts(data: unknown): TPurchasedProducts {
  const d = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const detalle = Array.isArray(d.productosDetalle) ? d.productosDetalle : [];
  return {
    ministerio: d.ministerio === true,
    facturacion: d.facturacion === true,
    marketing: d.marketing === true,
    automatizaciones: d.automatizaciones === true,
    plan: d.plan === 'business' || d.plan === 'profesional' ? d.plan : null,
    productosDetalle: detalle.map((item) => {
      const p = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      return {
        productoId: num(p.productoId),
        titulo: str(p.titulo),
        descripcion: typeof p.descripcion === 'string' ? p.descripcion : null,
        estado: str(p.estado),
        fechaCompra: str(p.fechaCompra),
        montoPagado: num(p.montoPagado),
        numeroVenta: str(p.numeroVenta),
        activo: p.activo === true,
        metodoPago: str(p.metodoPago),
        vigenteHasta: typeof p.vigenteHasta === 'string' ? p.vigenteHasta : null,
      };
    }),
  };
}

/** GET /api/Auth/productos-comprados (seed 000 §7). Throws HttpError. */
export async function getPurchasedProducts(signal?: AbortSignal): Promise<TPurchasedProducts> {
  const envelope = await apiCall(routes.prestador.productosComprados, {}, { signal });
  return normalizePurchasedProducts(envelope.data);
}

export const purchasedProductsQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: ['productos-comprados', userId ?? null] as const,
    queryFn: ({ signal }) => getPurchasedProducts(signal),
    enabled: userId !== undefined,
    staleTime: 60_000,
    // A module granted or bought while this page was open (another tab, the operator) counts as soon as the
    // user comes back to the page, not only after a reload.
    refetchOnWindowFocus: 'always',
    retry: false,
  });

/** The signed-in user's purchased products (TanStack Query; invalidate ['productos-comprados'] after a purchase). */
export function usePurchasedProducts() {
  const { user } = useSession();
  return useQuery(purchasedProductsQuery(user?.id));
}

/** The module whose path fragment appears in `pathname` (/ministerio, /facturacion, /marketing, /automatizaciones). */
export function moduleOfPath(pathname: string): TModule | null {
  const lower = pathname.toLowerCase();
  // the RIPS pages belong to the Ministerio product
  if (lower.startsWith('/listado-rips')) return 'ministerio';
  return MODULES.find((m) => lower.includes(`/${m}`)) ?? null;
}

export type TAccessDecision = 'loading' | 'allowed' | 'denied';

/**
 * Module access of the guard (seed 000 §2 "Guards"): denied while the products load ('loading'); when the call
 * failed, access is granted to the area whose fragment is in the current path; otherwise the product flag.
 */
export function decideModuleAccess(
  module: TModule,
  pathname: string,
  products: { status: 'pending' | 'error' | 'success'; data?: TPurchasedProducts },
): TAccessDecision {
  if (products.status === 'pending') return 'loading';
  if (products.status === 'error') return moduleOfPath(pathname) === module ? 'allowed' : 'denied';
  return products.data?.[module] ? 'allowed' : 'denied';
}

/** Sidebar rule (seed 000 §2 "App shell"): while access loads (or the call failed), links count as allowed. */
export function isModuleAllowedInMenu(
  module: TModule,
  products: { status: 'pending' | 'error' | 'success'; data?: TPurchasedProducts },
): boolean {
  if (products.status !== 'success') return true;
  return products.data?.[module] === true;
}
