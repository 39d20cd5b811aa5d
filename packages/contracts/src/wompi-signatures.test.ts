import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventChecksum, integritySignature } from './wompi-signatures.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('Wompi signatures (docs.wompi.co worked examples)', () => {
  it('integrity: reference + amount in cents + currency + secret, the docs example reproduces exactly', () => {
    // "Paso 3: Genera una firma de integridad": sk8-438k4-xmxm392-sn2m, 2490000, COP, prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6.
    expect(integritySignature('sk8-438k4-xmxm392-sn2m', 2490000, 'COP', 'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6')).toBe(
      '37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5',
    );
    expect(integritySignature('sk8-438k4-xmxm392-sn2m', 2490001, 'COP', 'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6')).not.toBe(
      '37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5',
    );
  });

  it('events: the values of signature.properties in order, then the timestamp, then the secret (the docs concatenation)', () => {
    // "Eventos › Seguridad": transaction.id 1234-1610641025-49201, status APPROVED, amount_in_cents 4490000, timestamp
    // 1530291411. The docs print the concatenated text step by step; the hash they print does not match any
    // concatenation (checked by hand), so the test pins the concatenation itself.
    const secret = 'prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQs6Z';
    const event = {
      data: { transaction: { id: '1234-1610641025-49201', status: 'APPROVED', amount_in_cents: 4490000 } },
      signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] },
      timestamp: 1530291411,
    };
    expect(eventChecksum(event, secret)).toBe(sha256(`1234-1610641025-49201APPROVED44900001530291411${secret}`));
    // Order follows the properties list; a missing property contributes nothing (and so cannot match a real checksum).
    expect(eventChecksum({ ...event, signature: { properties: ['transaction.status', 'transaction.id'] } }, secret)).toBe(
      sha256(`APPROVED1234-1610641025-492011530291411${secret}`),
    );
    expect(eventChecksum({ ...event, signature: { properties: ['transaction.__proto__', 'transaction.nada'] } }, secret)).toBe(
      sha256(`1530291411${secret}`),
    );
  });
});
