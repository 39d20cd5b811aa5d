import {
  ZWompiCardToken,
  ZWompiError,
  ZWompiFinancialInstitution,
  ZWompiMerchant,
} from '@radica/contracts/wompi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAcceptanceToken, acceptanceKey } from './acceptance.ts';
import { VALID_CARD, call, startSim, type TSim } from './test-helpers.ts';

describe('wompi-simulator: merchant, acceptance tokens, card tokens, PSE banks', () => {
  let sim: TSim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('GET /v1/merchants/:publicKey gives two fresh, signed acceptance tokens and the terms page', async () => {
    const res = await call(`${sim.base}/v1/merchants/${sim.keys.publicKey}`);
    expect(res.status).toBe(200);
    const merchant = ZWompiMerchant.parse(res.json.data);
    expect(merchant.public_key).toBe(sim.keys.publicKey);
    expect(merchant.presigned_acceptance).toMatchObject({
      type: 'END_USER_POLICY',
      permalink: '/_sim/wompi/terminos#uso',
    });
    expect(merchant.presigned_personal_data_auth).toMatchObject({
      type: 'PERSONAL_DATA_AUTH',
      permalink: '/_sim/wompi/terminos#datos-personales',
    });
    const claims = readAcceptanceToken(
      merchant.presigned_acceptance.acceptance_token,
      acceptanceKey(sim.keys.privateKey),
    );
    expect(claims).toMatchObject({ type: 'END_USER_POLICY' });
    expect(claims!.exp - claims!.emitted_at).toBe(3600);
    // Tokens signed with another merchant's key are not ours.
    expect(
      readAcceptanceToken(merchant.presigned_acceptance.acceptance_token, acceptanceKey('prv_test_otro')),
    ).toBeNull();

    const again = await call(`${sim.base}/v1/merchants/${sim.keys.publicKey}`);
    expect(again.json.data.presigned_acceptance.acceptance_token).not.toBe(
      merchant.presigned_acceptance.acceptance_token,
    );

    const terms = await fetch(`${sim.origin}${merchant.presigned_acceptance.permalink}`);
    expect(terms.status).toBe(200);
    expect(terms.headers.get('content-type')).toMatch(/text\/html/);
    const html = await terms.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('id="datos-personales"');
  });

  it('answers 404 NOT_FOUND_ERROR for another public key and for unknown paths', async () => {
    const res = await call(`${sim.base}/v1/merchants/pub_test_otro`);
    expect(res.status).toBe(404);
    expect(ZWompiError.parse(res.json).error.type).toBe('NOT_FOUND_ERROR');
    expect((await call(`${sim.base}/v1/no-existe`)).json.error.type).toBe('NOT_FOUND_ERROR');
  });

  it('POST /v1/tokens/cards tokenizes a valid card with the public key', async () => {
    const res = await call(`${sim.base}/v1/tokens/cards`, {
      body: { ...VALID_CARD, number: '4242424242424242' },
      key: sim.keys.publicKey,
    });
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('CREATED');
    const token = ZWompiCardToken.parse(res.json.data);
    expect(token.id).toMatch(/^tok_test_\d+_[0-9a-f]{32}$/);
    expect(token).toMatchObject({
      brand: 'VISA',
      name: 'VISA-4242',
      last_four: '4242',
      bin: '424242',
      exp_month: '08',
      exp_year: '39',
    });
    expect(Date.parse(token.expires_at)).toBeGreaterThan(Date.now());
  });
});

describe('wompi-simulator: key and card refusals, PSE banks', () => {
  let sim: TSim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('refuses invalid cards with 422 INPUT_VALIDATION_ERROR, messages per field', async () => {
    const url = `${sim.base}/v1/tokens/cards`;
    const cases: Array<[Record<string, string>, string]> = [
      [{ number: '4242424242424241' }, 'number'],
      [{ number: '42424242' }, 'number'],
      [{ exp_month: '13' }, 'exp_month'],
      [{ exp_year: '20' }, 'exp_year'],
      [{ cvc: '12' }, 'cvc'],
      [{ cvc: '12345' }, 'cvc'],
      [{ card_holder: 'Ana' }, 'card_holder'],
    ];
    for (const [change, field] of cases) {
      const res = await call(url, {
        body: { ...VALID_CARD, number: '4242424242424242', ...change },
        key: sim.keys.publicKey,
      });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.json.error.type).toBe('INPUT_VALIDATION_ERROR');
      expect(Object.keys(res.json.error.messages), JSON.stringify(change)).toEqual([field]);
    }
    const missing = await call(url, { body: { number: '4242424242424242' }, key: sim.keys.publicKey });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.json.error.messages).sort()).toEqual([
      'card_holder',
      'cvc',
      'exp_month',
      'exp_year',
    ]);
    const notJson = await call(url, { body: '{"number":', key: sim.keys.publicKey });
    expect(notJson.status).toBe(422);
    expect(notJson.json.error.type).toBe('INPUT_VALIDATION_ERROR');
  });

  it('answers 401 INVALID_ACCESS_TOKEN without a key, with a wrong key or with the private key', async () => {
    const body = { ...VALID_CARD, number: '4242424242424242' };
    for (const key of [null, 'pub_test_otra', sim.keys.privateKey]) {
      const res = await call(`${sim.base}/v1/tokens/cards`, { body, key });
      expect(res.status).toBe(401);
      expect(res.json.error.type).toBe('INVALID_ACCESS_TOKEN');
      expect(res.json.error.reason).toEqual(expect.any(String));
    }
  });

  it('GET /v1/pse/financial_institutions lists the two sandbox banks (public key)', async () => {
    const res = await call(`${sim.base}/v1/pse/financial_institutions`, { key: sim.keys.publicKey });
    expect(res.status).toBe(200);
    expect(res.json.data.map((bank: unknown) => ZWompiFinancialInstitution.parse(bank))).toEqual([
      { financial_institution_code: '1', financial_institution_name: 'Banco que aprueba' },
      { financial_institution_code: '2', financial_institution_name: 'Banco que rechaza' },
    ]);
    expect((await call(`${sim.base}/v1/pse/financial_institutions`)).status).toBe(401);
  });
});
