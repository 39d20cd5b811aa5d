import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerAndLogin, startTestApp, type TTestApp } from '../../../test/helpers.ts';

/**
 * minor: registering with a NIT another company already has. The wizard asks POST /api/Auth/check-nit and
 * warns; the registration itself is not blocked (docs/decisions/041-nit-ya-registrado.md).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const check = (body: unknown) => client(t.url).post('/api/Auth/check-nit', body);

describe('POST /api/Auth/check-nit', () => {
  it('says a company with that NIT exists (however it is typed), not for an unknown NIT', async () => {
    await registerAndLogin(t.url, 'admin@clinica-nit.co', '900373115', 'Clave-Segura-2026', []);
    for (const numeroIdentificacion of ['900373115', '900.373.115', ' 900 373 115 '])
      expect((await check({ tipoIdentidad: 'NI', numeroIdentificacion })).body).toEqual({ success: true, data: { existe: true } });
    expect((await check({ tipoIdentidad: 'NI', numeroIdentificacion: '900373116' })).body.data).toEqual({ existe: false });
  });

  it("never reveals a person's document: any other type answers false, as does a number that is no NIT", async () => {
    for (const tipoIdentidad of ['CC', 'CE', 'PA', ''])
      expect((await check({ tipoIdentidad, numeroIdentificacion: '900373115' })).body.data).toEqual({ existe: false });
    expect((await check({ tipoIdentidad: 'NI', numeroIdentificacion: "900373115' or 1=1 --" })).body.data).toEqual({ existe: false });
  });

  it('refuses malformed and oversized bodies with 400 in Spanish, never 500', async () => {
    for (const body of [undefined, {}, { tipoIdentidad: 'NI' }, { tipoIdentidad: 'NI', numeroIdentificacion: '9'.repeat(500) }, { tipoIdentidad: 'NITNIT', numeroIdentificacion: '1' }, []]) {
      const res = await check(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('a forged session changes nothing: public, the same boolean, no other data', async () => {
    const res = await client(t.url).post('/api/Auth/check-nit', { tipoIdentidad: 'NI', numeroIdentificacion: '900373115' }, { authorization: 'Bearer forjado', 'x-validator': 'otro' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { existe: true } });
  });

  it('warns only: a second company with the same NIT can still register', async () => {
    const second = await registerAndLogin(t.url, 'sede-norte@clinica-nit.co', '900373115', 'Clave-Segura-2026', []);
    expect(second.registration.userId).toBeGreaterThan(0);
  });
});
