import { createHash } from 'node:crypto';

/** Wompi's two signatures (server side only: Node's crypto). The protocol's shapes are in wompi.ts. */

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The integrity signature of a transaction (docs.wompi.co "Paso 3: Genera una firma de integridad"): hex SHA-256 of
 * reference + amount in cents + currency (+ expiration time, unused here) + integrity secret, concatenated as text.
 */
export function integritySignature(reference: string, amountInCents: number, currency: string, integritySecret: string): string {
  return sha256Hex(`${reference}${amountInCents}${currency}${integritySecret}`);
}

/** The value at a dotted path of `event.data` (`transaction.amount_in_cents`), as the text the checksum concatenates. */
function propertyText(data: unknown, path: string): string {
  let value: unknown = data;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return '';
    value = (value as Record<string, unknown>)[key];
  }
  return value === null || value === undefined ? '' : String(value);
}

/**
 * An event's checksum (docs.wompi.co "Eventos › Seguridad"): the values of `signature.properties` read from
 * `event.data`, concatenated in order, then the event's `timestamp` (Unix seconds), then the events secret; hex SHA-256,
 * compared case-insensitively (the gateway sends it upper-case).
 */
export function eventChecksum(event: { data: unknown; signature: { properties: readonly string[] }; timestamp: number }, eventsSecret: string): string {
  const values = event.signature.properties.map((p) => propertyText(event.data, p)).join('');
  return sha256Hex(`${values}${event.timestamp}${eventsSecret}`);
}
