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
import { PROVIDER_CONFIG, registerAndLogin, startTestApp, uploadPar1Copy, type TTestApp } from '../../../test/helpers.ts';

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

describe('MUV client hardening (issue 4)', () => {
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
    // TOT002 twice in a row is not retried forever: the document ends NO_APROBADO with the finding.
    const id2 = await uploadPar1Copy(c, 'TOT101');
    await control('fail-next', { status: 'tot002', count: 2 });
    const twice = await c.post(`/api/FevRips/${id2}/enviar`);
    expect(twice.body.data.exitoso).toBe(false);
    expect((await c.get(`/api/FevRips/${id2}/detail`)).body.data.errores.map((e: { codigo: string }) => e.codigo)).toEqual(['TOT002']);
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
      expect(result.httpStatus).toBe(200);
    } finally {
      server.close();
    }
  });
});

describe('MUV logins in flight (issue 26: a connection test of typed credentials)', () => {
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
