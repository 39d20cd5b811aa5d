import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREFIX, getJson, login, postJson, startSim, type TSim } from './test-helpers.ts';

describe('muv-simulator: health, login, bearer', () => {
  let sim: TSim;
  let clock: Date;

  beforeEach(async () => {
    clock = new Date('2026-11-21T15:04:05.678Z');
    sim = await startSim({ now: () => clock, jwtSecret: 'secreto-de-prueba' });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('answers /BasicHealth and /Health as text/plain like FVE.WebAPILocal', async () => {
    for (const path of ['/BasicHealth', '/Health', '/basichealth']) {
      const res = await fetch(`${sim.base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toContain('ApplicationName: FVE.WebAPILocal');
      expect(text).toMatch(/^Version: \d+\.\d+\.\d+\.\d+$/m);
      expect(text).toContain('EnvironmentName: RadicaSimulator');
      expect(text).toContain('DateTime: 2026-11-21 10:04:05.678 AM');
    }
    expect((await fetch(`${sim.base}/NoExiste`)).status).toBe(404);
  });

  it('logs in with HTTP 200 and an HS256 token carrying numero and nit (1 h)', async () => {
    const res = await postJson(`${sim.base}/api/auth/LoginSISPRO`, {
      persona: { identificacion: { tipo: 'CC', numero: '1234567890' } },
      clave: 'secretpassword',
      nit: '123456789',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ login: true, registrado: true, errors: null });
    const [header, payload] = (res.json.token as string)
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ numero: '1234567890', nit: '123456789' });
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it('fails a login with HTTP 200 login:false for clave-invalida or missing fields', async () => {
    const bodies = [
      { persona: { identificacion: { tipo: 'CC', numero: '1' } }, clave: 'clave-invalida', nit: '9' },
      { persona: { identificacion: { tipo: 'CC', numero: '' } }, clave: 'x', nit: '9' },
      { persona: { identificacion: { tipo: 'CC', numero: '1' } }, clave: 'x' },
      { persona: { identificacion: { tipo: 'CC', numero: '1' } }, nit: '9' },
      {},
    ];
    for (const body of bodies) {
      const res = await postJson(`${sim.base}/api/Auth/LoginSISPRO`, body);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        token: null,
        login: false,
        registrado: false,
        errors: ['Sus Credenciales de Usuario no son validas'],
      });
    }
  });

  it('answers 400 ProblemDetails for a missing or malformed login body', async () => {
    const empty = await fetch(`${sim.base}/api/Auth/LoginSISPRO`, { method: 'POST' });
    expect(empty.status).toBe(400);
    expect(empty.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await empty.json()).toMatchObject({
      status: 400,
      title: 'One or more validation errors occurred.',
    });

    for (const body of ['{"persona":', '[1,2]', '{"clave": 5, "nit": "1"}', 'null']) {
      const res = await postJson(`${sim.base}/api/Auth/LoginSISPRO`, body);
      expect(res.status, body).toBe(400);
      expect(res.json).toMatchObject({ status: 400, type: expect.stringContaining('rfc9110') });
    }
  });

  it('accepts text/json and gzip bodies like the real API', async () => {
    const { gzipSync } = await import('node:zlib');
    const body = JSON.stringify({
      persona: { identificacion: { tipo: 'CC', numero: '1' } },
      clave: 'x',
      nit: '9',
    });
    const res = await fetch(`${sim.base}/api/Auth/LoginSISPRO`, {
      method: 'POST',
      headers: { 'content-type': 'text/json', 'content-encoding': 'gzip' },
      body: gzipSync(body),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { login: boolean }).login).toBe(true);
  });
});

describe('muv-simulator: bearer tokens and unknown paths', () => {
  let sim: TSim;
  let clock: Date;

  beforeEach(async () => {
    clock = new Date('2026-11-21T15:04:05.678Z');
    sim = await startSim({ now: () => clock, jwtSecret: 'secreto-de-prueba' });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('requires a valid, unexpired bearer token on Cargar* and ConsultarCUV (401 ProblemDetails)', async () => {
    const urls = [
      `${sim.base}/api/PaquetesFevRips/CargarFevRips`,
      `${sim.base}/api/paquetesfevrips/cargarnccapita`,
      `${sim.base}/api/ConsultasFevRips/ConsultarCUV`,
    ];
    const token = await login(sim.base, '901019681');
    const [h, p, s] = token.split('.');
    const forged = `${h}.${p}.${s?.slice(0, -2)}xx`;
    for (const url of urls) {
      for (const bad of [undefined, 'no-es-un-jwt', forged]) {
        const res = await postJson(url, { rips: null, xmlFevFile: null }, bad);
        expect(res.status, `${url} ${bad}`).toBe(401);
        expect(res.json).toMatchObject({ title: 'Unauthorized', status: 401, type: expect.any(String) });
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    }
    clock = new Date(clock.getTime() + 3601_000);
    const expired = await postJson(urls[0]!, { rips: null, xmlFevFile: null }, token);
    expect(expired.status).toBe(401);
  });

  it('rejects a token signed by another simulator instance', async () => {
    const other = await startSim({ jwtSecret: 'otro-secreto' });
    try {
      const token = await login(other.base, '901019681');
      const res = await postJson(
        `${sim.base}/api/ConsultasFevRips/ConsultarCUV`,
        { codigoUnicoValidacion: 'a' },
        token,
      );
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('answers 404 to unknown paths under the API and counts logins', async () => {
    const token = await login(sim.base, '1');
    expect((await postJson(`${sim.base}/api/PaquetesFevRips/CargarOtraCosa`, {}, token)).status).toBe(404);
    const stats = await getJson(`${sim.base}/_control/stats`);
    expect(stats).toMatchObject({ logins: 1, cargas: 0 });
    expect(PREFIX).toBe('/_sim/muv');
  });
});
