import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TSale, TSaleStatus } from '@radica/contracts/payments';
import { paymentFailureText } from './payment-method';

/** What the success page shows for a sale (seed 002 §2 "Success", §4 "After a sale", §8). */

export type TSaleView =
  | { kind: 'approved'; title: string; statusLabel: string }
  | { kind: 'pending'; message: string }
  | { kind: 'failed'; message: string };

/** PENDING is the only status that still changes (the gateway's model). */
export function isFinalStatus(status: TSaleStatus): boolean {
  return status !== 'PENDING';
}

/**
 * The view of a sale: APPROVED → '¡Pago Exitoso!' with status 'Aprobado'; PENDING → the waiting text; DECLINED,
 * VOIDED, ERROR → the method's failure alert ('Error procesando el pago: …', '… PSE: …', '… Nequi: …',
 * '… Bancolombia: …') with the gateway's status message, else Radica's rejection text (or, for ERROR, its error text).
 */
export function describeSale(sale: Pick<TSale, 'status' | 'statusMessage' | 'paymentMethodType'>): TSaleView {
  switch (sale.status) {
    case 'APPROVED':
      return { kind: 'approved', title: MSG_PAGOS.pagoExitoso, statusLabel: MSG_PAGOS.estadoAprobado };
    case 'PENDING':
      return { kind: 'pending', message: MSG_PAGOS.pagoPendiente };
    default: {
      const fallback = sale.status === 'ERROR' ? MSG_PAGOS.pagoConError : MSG_PAGOS.pagoRechazado;
      const reason = sale.statusMessage?.trim() || fallback;
      return { kind: 'failed', message: paymentFailureText(sale.paymentMethodType, reason) };
    }
  }
}

/** The period label (seed 002 §2 "period (Anual or Mensual)"): the API's 'Anual'/'Mensual' or a billingPeriod. */
export function periodLabel(periodo: string): string {
  const value = periodo.trim().toLowerCase();
  if (value === 'mensual' || value === 'monthly') return MSG_PAGOS.periodoMensual;
  return MSG_PAGOS.periodoAnual;
}
