import type { TDeps } from '../../deps.ts';
import { liberarCuponesRetenidos } from './coupons.ts';

/**
 * The 'ventas-vencidas' job (pg-boss cron every minute; jobs/registry.ts): sales pending longer than
 * VENTA_PENDIENTE_VENCE_S are voided and give their coupon uses back, and uses a crash left held are freed
 * (docs/decisions/045), so a coupon's count is right without anybody quoting it.
 */
export async function liberarVentasVencidas(deps: TDeps): Promise<void> {
  const r = await liberarCuponesRetenidos(deps);
  if (r.vencidas || r.huerfanas) deps.log.info({ event: 'billing.cupones_liberados', ...r }, 'abandoned sales voided, coupon uses given back');
}
