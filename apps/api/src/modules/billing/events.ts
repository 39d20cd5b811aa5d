import { timingSafeEqual } from 'node:crypto';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TWompiEvent } from '@radica/contracts/wompi';
import { eventChecksum } from '@radica/contracts/wompi-signatures';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { applyTransaction } from './settlement.ts';
import { findSaleByReference, paymentEventSeen, recordPaymentEvent } from './repository.ts';

/** What a checksum must cover for Radica to act on an event: which transaction, its status and its amount. */
const REQUIRED_PROPERTIES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];

/**
 * True when `given` is the event's checksum (hex, any case), compared in constant time, and the signed properties
 * cover the transaction's id, status and amount (what the gateway signs; an event signing less is not acted on).
 */
export function checksumMatches(event: TWompiEvent, eventsSecret: string, given: string): boolean {
  if (!REQUIRED_PROPERTIES.every((p) => event.signature.properties.includes(p))) return false;
  const expected = Buffer.from(eventChecksum(event, eventsSecret), 'utf8');
  const actual = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * POST /api/payment/webhook (docs.wompi.co "Eventos"): verifies the checksum over `signature.properties` +
 * timestamp + events secret in constant time (401 EVENT_SIGNATURE_INVALID otherwise), handles each event once (a
 * replay — same checksum — changes nothing), applies `transaction.updated` to its sale (amount, currency and reference
 * must match: 422 EVENT_MISMATCH otherwise; 404 SALE_NOT_FOUND for an unknown reference) and never moves an approved
 * sale backwards. Returns what happened: 'applied', 'ignored' or 'replay'.
 */
export async function handleGatewayEvent(deps: TDeps, event: TWompiEvent): Promise<'applied' | 'ignored' | 'replay'> {
  if (!checksumMatches(event, deps.payments.keys.eventsSecret, event.signature.checksum))
    throw new AppError('EVENT_SIGNATURE_INVALID', MSG_PAGOS.eventoFirmaInvalida);
  const checksum = event.signature.checksum.toLowerCase();
  if (await paymentEventSeen(deps.db, checksum)) return 'replay';
  const tx = event.data.transaction;
  const record = (outcome: string) => recordPaymentEvent(deps.db, { checksum, transactionId: tx.id, reference: tx.reference, status: tx.status, outcome });
  if (event.event !== 'transaction.updated') {
    await record('ignored');
    return 'ignored';
  }
  const sale = await findSaleByReference(deps.db, tx.reference);
  if (!sale) {
    await record('unknown');
    throw new AppError('SALE_NOT_FOUND', MSG_PAGOS.eventoNoCorresponde);
  }
  const outcome = await applyTransaction(deps, sale, tx);
  const first = await record(outcome);
  if (outcome === 'mismatch') {
    deps.log.warn({ reference: tx.reference, transactionId: tx.id }, 'gateway event does not match its sale');
    throw new AppError('EVENT_MISMATCH', MSG_PAGOS.eventoNoCorresponde);
  }
  return first ? outcome : 'replay';
}
