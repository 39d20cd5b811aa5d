import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_HEADER } from '../src/plugins/operator.ts';
import { sql } from 'drizzle-orm';
import { radicarLote } from '../src/modules/documents/lote.ts';
import { client, waitFor, operatorHeaders, par1Copy, PROVIDER_CONFIG, registerAndLogin, startTestApp, uploadPar1Copy, type TTestApp } from './helpers.ts';

/** The value of one series of a Prometheus text exposition (`name{labels} value`), or null when absent. */
function series(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = line.startsWith(`${name}{`) ? line.slice(name.length + 1, line.lastIndexOf('}')) : '';
    const has = Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`));
    if (has) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe('GET /metrics behind the operator secret', () => {
  let t: TTestApp;
  let metrics: () => Promise<string>;
  beforeAll(async () => {
    t = await startTestApp({ rateLimitScale: 1 });
    metrics = async () => {
      const res = await fetch(`${t.url}/metrics`, { headers: operatorHeaders(t.url) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
  });
  afterAll(async () => t?.close());

  it('refuses a missing, wrong or session credential with 401 and a Spanish message; takes the secret as header or Bearer', async () => {
    const none = await client(t.url).get('/metrics');
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/[Oo]perador/);
    expect((await client(t.url).call('GET', '/metrics', undefined, { [OPERATOR_HEADER]: 'x'.repeat(44) })).status).toBe(401);
    expect((await client(t.url).call('GET', '/metrics', undefined, { authorization: 'Bearer otra-cosa' })).status).toBe(401);
    const { c } = await registerAndLogin(t.url, 'metricas@example.co', '901019681');
    expect((await c.get('/metrics')).status).toBe(401);
    const secret = operatorHeaders(t.url)[OPERATOR_HEADER]!;
    const bearer = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${secret}` } });
    expect(bearer.status).toBe(200);
    expect(await bearer.text()).toContain('# TYPE radica_http_request_duration_seconds histogram');
  });

  it('counts requests by route template and status, never by raw path; process metrics too', async () => {
    await client(t.url).get('/api/info');
    await client(t.url).get('/api/FevRips/12345/detail');
    await client(t.url).get('/api/no-existe/abc-123');
    const text = await metrics();
    expect(series(text, 'radica_http_request_duration_seconds_count', { method: 'GET', route: '/api/info', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'radica_http_request_duration_seconds_count', { route: '/api/FevRips/:id/detail', status: '401' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'radica_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('12345');
    expect(text).not.toContain('abc-123');
    expect(text).toContain('radica_process_cpu_seconds_total');
    expect(text).toContain('radica_nodejs_eventloop_lag_seconds');
  });

  it('counts rate-limit refusals by route (the public CUV lookup, 10 a minute)', async () => {
    const c = client(t.url);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await c.post('/api/FevRips/consultar-cuv', {})).status);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    const text = await metrics();
    expect(series(text, 'radica_rate_limit_refusals_total', { route: '/api/FevRips/consultar-cuv' })).toBe(answers.filter((s) => s === 429).length);
  });

  it('times uploads in the analysis pool and the ministry calls by operation and outcome', async () => {
    const { c } = await registerAndLogin(t.url, 'metricas-envio@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const id = await uploadPar1Copy(c, 'MET001');
    expect((await c.post(`/api/FevRips/${id}/enviar`)).body.data.exitoso).toBe(true);
    const text = await metrics();
    expect(series(text, 'radica_upload_analysis_seconds_count', {})).toBeGreaterThanOrEqual(2);
    expect(series(text, 'radica_upload_pool_wait_seconds_count', {})).toBeGreaterThanOrEqual(2);
    expect(series(text, 'radica_muv_request_duration_seconds_count', { endpoint: 'LoginSISPRO', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'radica_muv_request_duration_seconds_count', { endpoint: 'CargarFevRips', outcome: 'ok' })).toBe(1);
    expect(text).toContain('# TYPE radica_queue_depth gauge');

    // The channels' files: what radicarLote files (SFTP, e-mail) counts as received or refused.
    const [u] = await t.app.deps.dbRows<{ id: number; tenant_id: number }>(sql`select id, tenant_id from users where email = 'metricas-envio@example.co'`);
    const ctx = { tenantId: u!.tenant_id, userId: u!.id };
    await radicarLote(t.app.deps, ctx, [{ filename: 'MET002.xml', bytes: par1Copy('MET002').xml }, { filename: 'roto.json', bytes: Buffer.from('{') }], { canal: 'sftp', enviar: false });
    await radicarLote(t.app.deps, ctx, [{ filename: 'roto.xml', bytes: Buffer.from('<no') }], { canal: 'email', enviar: false });
    const after = await metrics();
    expect(series(after, 'radica_channel_files_total', { canal: 'sftp', resultado: 'recibido' })).toBe(1);
    expect(series(after, 'radica_channel_files_total', { canal: 'sftp', resultado: 'rechazado' })).toBe(1);
    expect(series(after, 'radica_channel_files_total', { canal: 'correo', resultado: 'rechazado' })).toBe(1);
    expect(series(after, 'radica_channel_files_total', { canal: 'correo', resultado: 'recibido' })).toBeNull();

    // Queue gauges: a send enqueued for an hour later is a delayed job of its queue, with no ready job's age.
    await t.app.deps.jobs!.enqueueSends(ctx.tenantId, ctx.userId, [id], { startAfterS: 3600 });
    const queued = await metrics();
    const delayed = queued.split('\n').filter((l) => l.startsWith('radica_queue_depth{') && l.includes('state="delayed"'));
    expect(delayed.reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0)).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE radica_queue_oldest_seconds gauge');
  });
});

describe('metrics on their own listener (METRICS_PORT)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ metricsPort: 0, metricsHost: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('serves GET /metrics there without a secret, and nothing on the API port', async () => {
    // The listener starts with the app's onListen hooks, which listen() does not wait for.
    const port = await waitFor('metrics listener', async () => t.app.metricsPort?.());
    expect(port).toBeGreaterThan(0);
    await client(t.url).get('/api/info');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(series(text, 'radica_http_request_duration_seconds_count', { route: '/api/info', status: '200' })).toBeGreaterThanOrEqual(1);
    expect((await fetch(`http://127.0.0.1:${port}/otra`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    const onApi = await fetch(`${t.url}/metrics`, { headers: operatorHeaders(t.url) });
    expect(onApi.status).toBe(404);
  });
});
