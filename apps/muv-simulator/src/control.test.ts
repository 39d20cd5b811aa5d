import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getJson, login, par1Body, postJson, startSim, type TSim } from './test-helpers.ts';

// Every describe of this file runs on the same setup.
let sim: TSim;
let token: string;
let url: string;

beforeEach(async () => {
  sim = await startSim();
  token = await login(sim.base, '901019681');
  url = `${sim.base}/api/PaquetesFevRips/CargarFevRips`;
});
afterEach(async () => {
  await sim.close();
});

const stats = async () => getJson(`${sim.base}/_control/stats`);

describe('muv-simulator: SIMULATOR-ONLY /_control hooks', () => {
  it('fail-next 503 answers the next N Cargar* calls with 503, then processes normally', async () => {
    const set = await postJson(`${sim.base}/_control/fail-next`, { status: 503, count: 2 });
    expect(set.status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const res = await postJson(url, par1Body(), token);
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: 503 });
    }
    const ok = await postJson(url, par1Body(), token);
    expect(ok.status).toBe(200);
    expect(ok.json.ResultState).toBe(true);
    expect(await stats()).toMatchObject({
      logins: 1,
      cargas: 3,
      byEndpoint: { CargarFevRips: 3 },
      aceptados: 1,
    });
  });

  it('fail-next 500 answers ProblemDetails 500 without touching the state', async () => {
    await postJson(`${sim.base}/_control/fail-next`, { status: 500 });
    const res = await postJson(url, par1Body(), token);
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ status: 500, title: expect.any(String) });
    expect((await stats()).paquetes).toBe(0);
  });

  it('fail-next timeout holds the call until the client gives up; nothing is stored', async () => {
    await postJson(`${sim.base}/_control/fail-next`, { status: 'timeout', count: 1 });
    const started = Date.now();
    await expect(postJson(url, par1Body(), token, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await stats()).paquetes).toBe(0);
    const ok = await postJson(url, par1Body(), token);
    expect(ok.status).toBe(200);
  });

  it('fail-next slow processes and stores the package, then holds the answer until the client gives up', async () => {
    await postJson(`${sim.base}/_control/fail-next`, { status: 'slow', count: 1 });
    await expect(postJson(url, par1Body(), token, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    expect(await stats()).toMatchObject({ paquetes: 1, aceptados: 1, cargas: 1 });
    // The client's retry: the ministry already holds it, RVG18 with the existing CUV.
    const again = await postJson(url, par1Body(), token);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.json)).toMatch(/RVG18/);
  });

  it('fail-next tot003 answers a result whose only item is TOT003 "timeout API SISPRO", and stores nothing', async () => {
    await postJson(`${sim.base}/_control/fail-next`, { status: 'tot003' });
    const res = await postJson(url, par1Body(), token);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ resultState: false, codigoUnicoValidacion: '-' });
    expect(res.json.resultadosValidacion).toEqual([expect.objectContaining({ Clase: 'RECHAZADO', Codigo: 'TOT003', Descripcion: 'timeout API SISPRO' })]);
    expect((await stats()).paquetes).toBe(0);
    expect((await postJson(url, par1Body(), token)).status).toBe(200);
  });

  it('fail-next error-consumo answers HTTP 500 with the local API\'s plain text, not JSON', async () => {
    await postJson(`${sim.base}/_control/fail-next`, { status: 'error-consumo' });
    const res = await postJson(url, par1Body(), token);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.json).toBeUndefined();
    expect(res.text).toMatch(/^Se ha generado un error en el consumo\r\n/);
    expect((await stats()).paquetes).toBe(0);
  });

  it('fail-next with a list answers each failure once, in order', async () => {
    expect((await postJson(`${sim.base}/_control/fail-next`, { status: ['tot003', 'login-error'] })).status).toBe(400);
    const set = await postJson(`${sim.base}/_control/fail-next`, { status: ['tot003', 'error-consumo', 'html-502'] });
    expect(set.json).toMatchObject({ pendientes: 3 });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await postJson(url, par1Body(), token)).status);
    expect(answers).toEqual([400, 500, 502, 200]);
  });

  it('fail-next html-502 answers a proxy\'s HTML page', async () => {
    await postJson(`${sim.base}/_control/fail-next`, { status: 'html-502', count: 1 });
    const res = await postJson(url, par1Body(), token);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<title>502 Bad Gateway</title>');
  });
});

describe('muv-simulator: SIMULATOR-ONLY /_control hooks (login failures, rates, close, reset, latency)', () => {
  it('fail-next login-error makes the next login answer login:false with the local API\'s text (not a credentials refusal); Cargar* calls are untouched', async () => {
    await postJson(`${sim.base}/_control/fail-next`, { status: 'login-error', count: 1 });
    const failed = await postJson(`${sim.base}/api/Auth/LoginSISPRO`, { persona: { identificacion: { tipo: 'CC', numero: '1' } }, clave: 'x', nit: '901019681' });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ token: null, login: false });
    expect(failed.json.errors.join(' ')).toMatch(/error en el proceso de login.*actively refused/s);
    expect((await postJson(url, par1Body(), token)).status).toBe(200);
    expect(typeof (await login(sim.base, '901019681'))).toBe('string');
  });

  it('fail-rate fails that share of the calls at random; rate 0 turns it off; stats count uploads per package', async () => {
    expect((await postJson(`${sim.base}/_control/fail-rate`, { status: 'tot003', rate: 2 })).status).toBe(400);
    await postJson(`${sim.base}/_control/fail-rate`, { status: 'tot003', rate: 1 });
    for (let i = 0; i < 3; i++) expect(JSON.stringify((await postJson(url, par1Body(), token)).json)).toContain('TOT003');
    await postJson(`${sim.base}/_control/fail-rate`, { status: 'tot003', rate: 0 });
    expect((await postJson(url, par1Body(), token)).status).toBe(200);
    expect((await postJson(url, par1Body(), token)).status).toBe(400);
    expect((await stats()).porPaquete).toEqual({ A01E5687: { cargas: 5, aceptados: 1, duplicados: 1 } });
  });

  it('does not let a held call delay app.close()', async () => {
    // Without forceCloseConnections: only the plugin's preClose release can end the held call.
    await sim.close();
    sim = await startSim({}, 'idle');
    token = await login(sim.base, '901019681');
    url = `${sim.base}/api/PaquetesFevRips/CargarFevRips`;
    await postJson(`${sim.base}/_control/fail-next`, { status: 'timeout' });
    const pending = postJson(url, { rips: null, xmlFevFile: null }, token).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await sim.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    const outcome = await pending;
    expect(outcome instanceof Error ? outcome.message : outcome.status).toBe(503);
    sim = await startSim();
  });

  it('reset forgets packages, counters and queued failures', async () => {
    const first = await postJson(url, par1Body(), token);
    await postJson(`${sim.base}/_control/fail-next`, { status: 503, count: 5 });
    const reset = await postJson(`${sim.base}/_control/reset`, {});
    expect(reset.status).toBe(200);
    expect(await stats()).toMatchObject({ logins: 0, cargas: 0, byEndpoint: {}, paquetes: 0 });
    const again = await postJson(url, par1Body(), token);
    expect(again.status).toBe(200);
    expect(again.json.ProcesoId).toBe(1);
    expect(again.json.CodigoUnicoValidacion).toBe(first.json.CodigoUnicoValidacion);
  });

  it('applies latencyMs before answering, and rejects a bad fail-next body', async () => {
    const slow = await startSim({ latencyMs: 150 });
    try {
      const t = await login(slow.base, '901019681');
      const started = Date.now();
      const res = await postJson(`${slow.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), t);
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
    expect((await postJson(`${sim.base}/_control/fail-next`, { status: 404 })).status).toBe(400);
    expect((await postJson(`${sim.base}/_control/fail-next`, { status: 503, count: -1 })).status).toBe(400);
  });
});

describe('muv-simulator: the /_control hooks exist only when enabled', () => {
  it('without controlHooks every /_control path answers 404 and the ministry paths still work', async () => {
    const sim = await startSim({ controlHooks: false });
    try {
      expect((await postJson(`${sim.base}/_control/fail-next`, { status: 503, count: 5 })).status).toBe(404);
      expect((await fetch(`${sim.base}/_control/stats`)).status).toBe(404);
      expect((await postJson(`${sim.base}/_control/reset`, {})).status).toBe(404);
      const token = await login(sim.base, '901019681');
      const ok = await postJson(`${sim.base}/api/PaquetesFevRips/CargarFevRips`, par1Body(), token);
      expect(ok.status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
