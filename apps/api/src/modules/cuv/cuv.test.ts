import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { ZConsultarCuvData } from '@radica/contracts/cuv';
import { PROVIDER_CONFIG, client, registerAndLogin, startTestApp, uploadPar1Copy, type TTestApp } from '../../../test/helpers.ts';

/** The public POST /api/FevRips/consultar-cuv/ against the local ministry simulator. */
let t: TTestApp;
let cuv = '';
beforeAll(async () => {
  t = await startTestApp();
  const { c } = await registerAndLogin(t.url, 'cuv-owner@example.co', '901019681');
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  const id = await uploadPar1Copy(c, 'CV9001');
  const sent = await c.post(`/api/FevRips/${id}/enviar`);
  cuv = sent.body.data.cuv;
});
afterAll(async () => t?.close());

describe('public CUV lookup', () => {
  it('answers, without a session, what the ministry records for the CUV and nothing of Radica', async () => {
    expect(cuv).toMatch(/^[0-9a-f]{96}$/);
    const anon = client(t.url);
    const r = await anon.post('/api/FevRips/consultar-cuv/', { cuv });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      cuv,
      valido: true,
      numeroDocumento: 'CV9001',
      numDocumentoIdObligado: '901019681',
      totalFactura: 1055600,
      totalValorServicios: 1120000,
      cantidadUsuarios: 4,
    });
    // Exactly the contract's fields: no document id, tenant or user of Radica's.
    expect(Object.keys(r.body.data).sort()).toEqual(Object.keys(ZConsultarCuvData.shape).sort());
    // The ministry's own field name, upper case, and the path without the trailing slash work too.
    const again = await anon.post('/api/FevRips/consultar-cuv', { codigoUnicoValidacion: cuv.toUpperCase() });
    expect([again.status, again.body.data.cuv]).toEqual([200, cuv]);
  });

  it('says when the ministry does not know the CUV (404) and refuses malformed ones (400, Spanish)', async () => {
    const anon = client(t.url);
    const unknown = await anon.post('/api/FevRips/consultar-cuv/', { cuv: 'ab'.repeat(48) });
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG_MINISTERIO.cuvNoEncontrado]);
    for (const body of [{ cuv: 'ab'.repeat(47) }, { cuv: 'zz'.repeat(48) }, {}, { cuv: { $ne: '' } }, { cuv: 'a'.repeat(100_000) }]) {
      const r = await anon.post('/api/FevRips/consultar-cuv/', body);
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(r.body.message).toMatch(/CUV/);
    }
  });

  it('limits lookups per client address; a forged X-Forwarded-For does not reset the count', async () => {
    const limited = await startTestApp({ rateLimitScale: 1 });
    try {
      const anon = client(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await anon.post('/api/FevRips/consultar-cuv/', { cuv: 'cd'.repeat(48) }, { 'x-forwarded-for': `10.1.1.${i}` })).status);
      expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('is off (503) when no service credentials are configured for a real ministry', async () => {
    const off = await startTestApp({ muvServiceCredentials: null });
    try {
      const r = await client(off.url).post('/api/FevRips/consultar-cuv/', { cuv: 'ef'.repeat(48) });
      expect([r.status, r.body.message]).toEqual([503, MSG_MINISTERIO.cuvConsultaNoDisponible]);
    } finally {
      await off.close();
    }
  });
});
