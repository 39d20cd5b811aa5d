import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { muvAttempts } from '../../db/schema.ts';
import { createMuvClient, isLocalHost, type TAuditRecorder } from './client.ts';
import { loadConfig } from '../../config.ts';
import { PROVIDER_CONFIG, par1Copy, registerAndLogin, startTestApp, uploadPar1Copy, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const control = (path: string, body?: unknown) =>
  fetch(`${t.url}/_sim/muv/_control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json() as Promise<Record<string, number>>);

describe('MUV client hardening', () => {
  it('a TOT002 result makes the client log in again once and resend; every attempt is audited', async () => {
    const { c } = await registerAndLogin(t.url, 'tot002@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const id = await uploadPar1Copy(c, 'TOT100');
    const before = await control('stats');
    await control('fail-next', { status: 'tot002', count: 1 });
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.body.data.exitoso).toBe(true);
    const after = await control('stats');
    expect(after.logins! - before.logins!).toBe(2);
    expect(after.cargas! - before.cargas!).toBe(2);
    const ops = (await t.app.deps.db.select().from(muvAttempts).where(eq(muvAttempts.fevRipsId, id))).map((a) => a.operation);
    expect(ops).toEqual(['LoginSISPRO', 'CargarFevRips', 'LoginSISPRO', 'CargarFevRips']);
    // TOT002 twice in a row is not retried at once forever, and it is no verdict on the package: the document waits
    // for an automatic retry with the ministry's words, no finding stored.
    const id2 = await uploadPar1Copy(c, 'TOT101');
    await control('fail-next', { status: 'tot002', count: 2 });
    const twice = await c.post(`/api/FevRips/${id2}/enviar`);
    expect([twice.status, twice.body.code]).toEqual([503, 'MUV_SIN_RESPUESTA']);
    const detail = (await c.get(`/api/FevRips/${id2}/detail`)).body.data;
    expect(detail).toMatchObject({ estado: 'EN_ESPERA', errores: [], esperaMinisterio: { texto: expect.stringContaining('TOT002') } });
  });

  it('waits 60 s by default before giving up on the ministry', () => {
    expect(loadConfig({}).muvTimeoutMs).toBe(60_000);
    expect(loadConfig({}).muvTenantConcurrency).toBe(1);
  });

  it('relaxes TLS verification only for localhost', async () => {
    expect(isLocalHost('https://localhost:9443/api')).toBe(true);
    expect(isLocalHost('https://127.0.0.1:9443')).toBe(true);
    expect(isLocalHost('https://[::1]:9443')).toBe(true);
    expect(isLocalHost('https://apifevrips.sispro.gov.co')).toBe(false);
    expect(isLocalHost('https://localhost.evil.example')).toBe(false);

    // A self-signed HTTPS "local ministry API": the client logs in against it.
    const dir = mkdtempSync(join(tmpdir(), 'radica-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    const server = createServer({ key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) }, (req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.includes('LoginSISPRO')) return res.end(JSON.stringify({ login: true, token: 'a.b.c', registrado: true, errors: [] }));
      res.end(JSON.stringify({ ResultState: false, ResultadosValidacion: [] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const audit: TAuditRecorder = { start: async () => 1, finish: async () => {} };
    try {
      const muv = createMuvClient({ baseUrl: () => `https://127.0.0.1:${port}`, timeoutMs: 5000, retries: 0 });
      const result = await muv.upload({
        tenantId: 1,
        credentials: { userValidator: 'u', passwordValidator: 'p', nit: '1' },
        endpoint: 'CargarFevRips',
        body: { rips: {}, xmlFevFile: null },
        audit,
        summary: {},
      });
      // ResultState false with no finding at all is no verdict.
      expect(result).toMatchObject({ kind: 'transient', result: { httpStatus: 200 } });
    } finally {
      server.close();
    }
  });
});

describe('MUV logins in flight (a connection test of typed credentials)', () => {
  it('never shares a login in flight between different credentials of one tenant', async () => {
    const { createServer: createHttpServer } = await import('node:http');
    const seen: string[] = [];
    const server = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const user = (JSON.parse(body) as { persona: { identificacion: { numero: string } } }).persona?.identificacion?.numero ?? body;
        seen.push(user);
        // Slow enough that the two logins overlap; the wrong password is refused.
        setTimeout(() => {
          res.setHeader('content-type', 'application/json');
          res.end(body.includes('mala') ? JSON.stringify({ login: false, token: null, errors: ['Usuario o clave inválidos'] }) : JSON.stringify({ login: true, token: 'x.y.z', errors: [] }));
        }, 100);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const audit: TAuditRecorder = { start: async () => 1, finish: async () => {} };
    try {
      const muv = createMuvClient({ baseUrl: () => `http://127.0.0.1:${port}`, timeoutMs: 5000, retries: 0 });
      const saved = muv.checkLogin({ tenantId: 7, credentials: { userValidator: 'u', passwordValidator: 'buena', nit: '1' }, audit });
      const typed = muv.checkLogin({ tenantId: 7, credentials: { userValidator: 'u', passwordValidator: 'mala', nit: '1' }, audit });
      const [a, b] = await Promise.allSettled([saved, typed]);
      expect(a.status).toBe('fulfilled');
      expect(b.status).toBe('rejected');
      expect(seen).toHaveLength(2);
    } finally {
      server.close();
    }
  });
});

describe('MUV client over HTTP: the simulator\'s failure modes are classified, never verdicts (docs/decisions/047)', () => {
  const credentials = { userValidator: '1234567890', passwordValidator: 'clave', nit: '901019681' };
  const audit: TAuditRecorder = { start: async () => 1, finish: async () => {} };
  const body = () => {
    const { xml, json } = par1Copy('CLI100');
    return { rips: JSON.parse(json.toString('utf8').replace(/^\uFEFF/, '')), xmlFevFile: xml.toString('base64') };
  };
  const muv = (retries = 0) => createMuvClient({ baseUrl: () => `${t.url}/_sim/muv`, timeoutMs: 5000, retries, retryBaseMs: 10 });
  const upload = (client: ReturnType<typeof muv>, tenantId: number) => client.upload({ tenantId, credentials, endpoint: 'CargarFevRips', body: body(), audit, summary: {} });

  it('TOT003, the local API\'s 500 text and an HTML 502 are transient with the ministry\'s words; then the verdict', async () => {
    const client = muv();
    await control('fail-next', { status: ['tot003', 'error-consumo', 'html-502'] });
    expect(await upload(client, 901)).toMatchObject({ kind: 'transient', texto: 'TOT003: timeout API SISPRO' });
    expect(await upload(client, 901)).toMatchObject({ kind: 'transient', texto: expect.stringMatching(/^Se ha generado un error en el consumo/) });
    expect(await upload(client, 901)).toMatchObject({ kind: 'transient', texto: '502 Bad Gateway' });
    const ok = await upload(client, 901);
    expect(ok).toMatchObject({ kind: 'verdict', approved: true, result: { cuv: expect.stringMatching(/^[0-9a-f]{96}$/) } });
    // The re-send: RVG02 + RVG18 with the CUFE before the CUV; the client reads the CUV.
    const again = await upload(client, 901);
    expect(again).toMatchObject({ kind: 'duplicate', cuv: ok.kind === 'verdict' ? ok.result.cuv : 'x', procesoId: ok.kind === 'verdict' ? ok.result.procesoId : 0 });
  });

  it('a transient answer is retried at once up to MUV_RETRIES, within two uploads', async () => {
    await control('reset', {});
    const before = await control('stats');
    await control('fail-next', { status: ['tot003'] });
    expect(await upload(muv(2), 902)).toMatchObject({ kind: 'verdict', approved: true });
    expect((await control('stats')).cargas! - before.cargas!).toBe(2);
  });

  it('the local API\'s login failure text is no refusal of the credentials: transient, and no package is sent', async () => {
    const before = await control('stats');
    await control('fail-next', { status: 'login-error', count: 1 });
    const answer = await upload(muv(), 903);
    expect(answer).toMatchObject({ kind: 'transient', texto: expect.stringMatching(/error en el proceso de login/) });
    expect((await control('stats')).cargas! - before.cargas!).toBe(0);
    // A real refusal still throws LOGIN_REJECTED.
    await expect(muv().upload({ tenantId: 904, credentials: { ...credentials, passwordValidator: 'clave-invalida' }, endpoint: 'CargarFevRips', body: body(), audit, summary: {} })).rejects.toMatchObject({ kind: 'LOGIN_REJECTED' });
  });
});
