import type { TDeps } from '../../deps.ts';
import { liberarCuponesRetenidos } from './coupons.ts';

/** The sweep of abandoned sales (pg-boss cron, every minute; app.ts scheduleDailyJobs). */
export const QUEUE_VENTAS_VENCIDAS = 'ventas-vencidas';

/**
 * Registers the billing jobs (buildApp, before the worker starts): every minute, sales pending longer than
 * VENTA_PENDIENTE_VENCE_S are voided and give their coupon uses back, and uses a crash left held are freed
 * (docs/decisions/045), so a coupon's count is right without anybody quoting it.
 */
export function defineBillingJobs(deps: TDeps): void {
  deps.jobs?.defineQueue(QUEUE_VENTAS_VENCIDAS, { retryLimit: 0, retryDelayS: 60 }, async () => {
    const r = await liberarCuponesRetenidos(deps);
    if (r.vencidas || r.huerfanas) deps.log.info({ event: 'billing.cupones_liberados', ...r }, 'abandoned sales voided, coupon uses given back');
  });
}
