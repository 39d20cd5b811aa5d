import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import { fevRips, muvAttempts } from '../../db/schema.ts';
import {
  PROVIDER_CONFIG,
  client,
  operatorHeaders,
  outbox,
  registerAndLogin,
  startTestApp,
  uploadPar1Copy,
  waitFor,
  type TTestApp,
} from '../../../test/helpers.ts';

/**
 * The ministry as operators report it (shared/notes/fevrips-reference.md §9; docs/decisions/047): an answer without a
 * verdict (TOT003, the local API's 500 text, a proxy's 502 page…) is never shown as a rejection; the document waits and
 * Radica sends it again by itself; a re-send answered RVG02 + RVG18 is approved with the ministry's CUV.
 */

type TClient = ReturnType<typeof client>;
type TRow = { id: number; estado: string; cuv: string | null; enviandose: boolean; esperaMinisterio: { texto: string; proximoIntento: string | null; intentos: number } | null };
type TSim = { cargas: number; porPaquete: Record<string, { cargas: number; aceptados: number; duplicados: number }> };

const rowOf = async (c: TClient, formato: string) =>
  ((await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 10, estado: '', formato })).body.data.results.data as TRow[]).find((r) => r)!;

let t: TTestApp;
let c: TClient;
let hookServer: Server;
const events: Array<{ tipo: string; data: { id: number; esperaMinisterio: unknown } }> = [];
const control = (path: string, body?: unknown) =>
  fetch(`${t.url}/_sim/muv/_control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json() as Promise<TSim>);
const uploads = async (formato: string) => (await control('stats')).porPaquete[formato] ?? { cargas: 0, aceptados: 0, duplicados: 0 };

describe('a ministry that answers no verdict: the document waits and Radica retries by itself', () => {
  beforeAll(async () => {
    hookServer = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString('utf8')));
      req.on('end', () => {
        events.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((ok) => hookServer.listen(0, '127.0.0.1', ok));
    // One request per send (no retry at once), then retries 1 s apart; the tenant is alerted after 1 s of waiting.
    t = await startTestApp({ muvRetries: 0, muvTransientRetryS: [1], muvTransientAlertS: 1, jobsPollS: 0.5 });
    ({ c } = await registerAndLogin(t.url, 'espera@example.co', '901019681'));
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  });
  it('TOT003, the local API\'s 500 text and a 502 page before a CUV: never RECHAZADO, and APROBADO by itself', async () => {
    const id = await uploadPar1Copy(c, 'ESP100');
    await control('fail-next', { status: ['tot003', 'error-consumo', 'html-502'] });
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect([sent.status, sent.body.code]).toEqual([503, 'MUV_SIN_RESPUESTA']);
    expect(sent.body.message).toMatch(/^El Ministerio no respondió \(TOT003: timeout API SISPRO\)\. Reintentaremos a las \d\d:\d\d/);

    // What the user sees meanwhile: the status it had, the ministry's words, the next retry; no finding, no send under way.
    const detail = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
    expect(detail).toMatchObject({ estado: 'EN_ESPERA', errores: [], notificaciones: [], cuv: null });
    expect(detail.esperaMinisterio).toMatchObject({ texto: 'TOT003: timeout API SISPRO', intentos: 0, proximoIntento: expect.any(String) });

    const estados = new Set<string>();
    const textos = new Set<string>();
    const approved = await waitFor(
      'approved by its own retries',
      async () => {
        const row = await rowOf(c, 'ESP100');
        estados.add(row.estado);
        if (row.esperaMinisterio) textos.add(row.esperaMinisterio.texto);
        return row.estado === 'APROBADO' ? row : null;
      },
      60_000,
    );
    expect([...estados].filter((e) => !['EN_ESPERA', 'ENPROCESO', 'APROBADO'].includes(e))).toEqual([]);
    expect(approved.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(approved.esperaMinisterio).toBeNull();
    expect([...textos].every((x) => !/RVG|RVC/.test(x))).toBe(true);
    const final = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
    expect(final.errores).toEqual([]);
    expect(final.historial.map((h: { descripcion: string }) => h.descripcion)).toEqual(
      expect.arrayContaining([expect.stringContaining('reintento automático 1'), expect.stringContaining('reintento automático 3')]),
    );
    expect(await uploads('ESP100')).toEqual({ cargas: 4, aceptados: 1, duplicados: 0 });
  });

  it('a re-send the ministry answers RVG02 + RVG18 is APROBADO with its CUV (not the CUFE beside it) and says it was validated before', async () => {
    const { c: first } = await registerAndLogin(t.url, 'espera-primero@example.co', '901019681');
    await first.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const original = await first.post(`/api/FevRips/${await uploadPar1Copy(first, 'ESP200')}/enviar`);
    expect(original.body.data.exitoso).toBe(true);

    const id = await uploadPar1Copy(c, 'ESP200');
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ exitoso: true, cuv: original.body.data.cuv, procesoId: original.body.data.procesoId, mensaje: MSG_MINISTERIO.cuvRecuperado });
    const detail = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
    expect(detail).toMatchObject({ estado: 'APROBADO', cuv: original.body.data.cuv, cuvRecuperado: true, errores: [], procesoId: original.body.data.procesoId });
    expect(await uploads('ESP200')).toEqual({ cargas: 2, aceptados: 1, duplicados: 1 });
  });

  it('the user\'s «Enviar» during a wait sends at once; the retry it superseded uploads nothing', async () => {
    t.app.deps.config.muvTransientRetryS.splice(0, 1, 4);
    try {
      const id = await uploadPar1Copy(c, 'ESP300');
      await control('fail-next', { status: 'tot003' });
      expect((await c.post(`/api/FevRips/${id}/enviar`)).status).toBe(503);
      const now = await c.post(`/api/FevRips/${id}/enviar`);
      expect(now.body.data.exitoso).toBe(true);
      expect((await c.get(`/api/FevRips/${id}/detail`)).body.data.esperaMinisterio).toBeNull();
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await uploads('ESP300')).toEqual({ cargas: 2, aceptados: 1, duplicados: 0 });
    } finally {
      t.app.deps.config.muvTransientRetryS.splice(0, 1, 1);
    }
  });

  it('cancelling a waiting document ends its wait: nothing is sent again', async () => {
    t.app.deps.config.muvTransientRetryS.splice(0, 1, 3);
    try {
      const id = await uploadPar1Copy(c, 'ESP400');
      await control('fail-next', { status: 'html-502' });
      expect((await c.post(`/api/FevRips/${id}/enviar`)).status).toBe(503);
      expect((await c.post(`/api/FevRips/${id}/anular`)).status).toBe(200);
      expect((await c.get(`/api/FevRips/${id}/detail`)).body.data).toMatchObject({ estado: 'ANULADO', esperaMinisterio: null });
      await new Promise((r) => setTimeout(r, 5_000));
      expect((await uploads('ESP400')).cargas).toBe(1);
    } finally {
      t.app.deps.config.muvTransientRetryS.splice(0, 1, 1);
    }
  });

  it('an acceptance the ministry gave but Radica never stored is found in the audit: stored, and nothing is uploaded again', async () => {
    const id = await uploadPar1Copy(c, 'ESP500');
    const cuv = 'c'.repeat(96);
    const [doc] = await t.app.deps.db.select({ tenantId: fevRips.tenantId }).from(fevRips).where(eq(fevRips.id, id));
    await t.app.deps.db.insert(muvAttempts).values({
      tenantId: doc!.tenantId,
      fevRipsId: id,
      operation: 'CargarFevRips',
      httpStatus: 200,
      outcome: 'HTTP_OK',
      finishedAt: new Date(),
      rawResponse: JSON.stringify({ ResultState: true, ProcesoId: 4242, CodigoUnicoValidacion: cuv, FechaRadicacion: '2026-07-01T10:00:00-05:00', ResultadosValidacion: [] }),
    });
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.body.data).toMatchObject({ exitoso: true, cuv, procesoId: 4242 });
    expect((await uploads('ESP500')).cargas).toBe(0);
  });
});

describe('a ministry that answers no verdict: the wait in the API, reports and webhooks, bulk sends and the maintenance', () => {
  it('the wait is in the API, the Excel report\'s rows and a documento.sin_respuesta webhook; a Business tenant is alerted after MUV_TRANSIENT_ALERT_S', async () => {
    await client(t.url).post('/api/admin/grant', { email: 'espera@example.co', modulos: ['ministerio'], plan: 'business' }, operatorHeaders(t.url));
    expect((await c.put('/api/integraciones/alertas', { correos: ['alertas-espera@example.co'], whatsapp: [], alertarNoAprobado: true, alertarError: true, resumenDiario: false })).status).toBe(200);
    const address = hookServer.address();
    expect((await c.post('/api/integraciones/webhooks', { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/h` })).status).toBe(200);
    const key = (await c.post('/api/integraciones/claves', { nombre: 'HIS', diasVigencia: 30 })).body.data.clave as string;
    t.app.deps.config.muvTransientRetryS.splice(0, 1, 60);
    try {
      const id = await uploadPar1Copy(c, 'ESP600');
      await control('fail-next', { status: 'error-consumo' });
      expect((await c.post(`/api/FevRips/${id}/enviar`)).status).toBe(503);

      const api = (await (await fetch(`${t.url}/api/v1/paquetes/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { estado: string; esperaMinisterio: { texto: string } | null; envio: unknown } };
      expect(api.data).toMatchObject({ estado: 'EN_ESPERA', envio: null, esperaMinisterio: { texto: expect.stringMatching(/^Se ha generado un error en el consumo/) } });
      const informe = (await c.post('/api/fevrips/informe-listado', { formatos: ['ESP600'] })).body.data.datos[0];
      expect(informe.esperaMinisterio).toMatchObject({ texto: expect.stringMatching(/^Se ha generado un error en el consumo/), proximoIntento: expect.any(String) });

      const evento = await waitFor('the wait\'s webhook event', async () => events.find((e) => e.tipo === 'documento.sin_respuesta' && e.data.id === id), 20_000);
      expect(evento.data.esperaMinisterio).toMatchObject({ texto: expect.stringMatching(/^Se ha generado un error en el consumo/) });
      const mail = await waitFor('the wait\'s alert', async () => (await outbox(t.url, 'alertas-espera@example.co')).find((m) => m.subject === MSG_AVISOS.esperaAsunto('ESP600')), 30_000);
      expect(mail.text).toContain('Se ha generado un error en el consumo');
      expect(mail.text).toMatch(/Reintentaremos a las \d\d:\d\d/);
      // One alert and one event per wait, however long it lasts.
      expect(events.filter((e) => e.tipo === 'documento.sin_respuesta' && e.data.id === id)).toHaveLength(1);
    } finally {
      t.app.deps.config.muvTransientRetryS.splice(0, 1, 1);
    }
  });

  it('the bulk send tries a waiting document at once; a batch\'s summary counts a wait as «sin respuesta», not as sent nor running', async () => {
    t.app.deps.config.muvTransientRetryS.splice(0, 1, 60);
    try {
      const waiting = await uploadPar1Copy(c, 'ESP800');
      await control('fail-next', { status: 'tot003' });
      expect((await c.post(`/api/FevRips/${waiting}/enviar`)).status).toBe(503);
      expect((await c.post('/api/FevRips/envio-masivo', { ids: [waiting] })).body.data).toMatchObject({ encolados: 1, omitidos: 0 });
      await waitFor('the waiting document sent by the bulk send', async () => (await rowOf(c, 'ESP800')).estado === 'APROBADO', 30_000);

      const other = await uploadPar1Copy(c, 'ESP801');
      const desde = new Date(Date.now() - 1000).toISOString();
      await control('fail-next', { status: 'html-502' });
      expect((await c.post('/api/FevRips/envio-masivo', { ids: [other] })).body.data.encolados).toBe(1);
      const resumen = await waitFor('the batch ends', async () => {
        const r = (await c.post('/api/FevRips/envio-masivo/resultado', { ids: [other], desde })).body.data;
        return r.enCurso === 0 ? r : null;
      }, 30_000);
      expect(resumen).toEqual({ enCurso: 0, aprobados: 0, noAprobados: [], sinEnviar: 0, sinRespuesta: 1 });
      expect((await rowOf(c, 'ESP801')).enviandose).toBe(false);
    } finally {
      t.app.deps.config.muvTransientRetryS.splice(0, 1, 1);
    }
  });

  it('a retry whose validator login the ministry refuses ends the wait: no knocking every minute with refused credentials', async () => {
    const { c: d } = await registerAndLogin(t.url, 'espera-clave@example.co', '901019681');
    await d.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const id = await uploadPar1Copy(d, 'ESP900');
    await control('fail-next', { status: 'tot003' });
    expect((await d.post(`/api/FevRips/${id}/enviar`)).status).toBe(503);
    expect((await d.put('/api/Auth/actualizar-configuracion-fevrips', { ...PROVIDER_CONFIG, passwordValidator: 'clave-invalida' })).status).toBe(200);
    await waitFor('the wait ended', async () => (await rowOf(d, 'ESP900')).esperaMinisterio === null, 30_000);
    const logins = (await control('stats')) as unknown as { logins: number };
    await new Promise((r) => setTimeout(r, 3_000));
    expect(((await control('stats')) as unknown as { logins: number }).logins).toBe(logins.logins);
    expect((await rowOf(d, 'ESP900')).estado).toBe('EN_ESPERA');
  });

  it('a wait whose retry was never queued (a dropped connection) is caught up by the maintenance', async () => {
    const id = await uploadPar1Copy(c, 'ESP700');
    const desde = new Date(Date.now() - 5 * 60_000);
    await t.app.deps.db
      .update(fevRips)
      .set({ reintentoDesde: desde, reintentoTexto: 'TOT003: timeout API SISPRO', reintentoProximo: new Date(Date.now() - 2 * 60_000), reintentoNumero: 1 })
      .where(and(eq(fevRips.id, id)));
    await waitFor('approved by the caught-up retry', async () => (await rowOf(c, 'ESP700')).estado === 'APROBADO', 40_000);
    expect(await uploads('ESP700')).toEqual({ cargas: 1, aceptados: 1, duplicados: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((ok) => hookServer.close(() => ok()));
  });

});

describe('a wait longer than MUV_TRANSIENT_MAX_S ends in ERROR for the user', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ muvRetries: 0, muvTransientRetryS: [1], muvTransientMaxS: 2, jobsPollS: 0.5 });
  });
  afterAll(async () => t?.close());

  it('after the last retry the document is ERROR (may be sent again), no wait shown', async () => {
    const { c } = await registerAndLogin(t.url, 'agotada@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const id = await uploadPar1Copy(c, 'AGO100');
    await fetch(`${t.url}/_sim/muv/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'tot003', count: 20 }) });
    expect((await c.post(`/api/FevRips/${id}/enviar`)).status).toBe(503);
    const row = await waitFor('ERROR after the retries', async () => {
      const r = await rowOf(c, 'AGO100');
      return r.estado === 'ERROR' ? r : null;
    }, 30_000);
    expect(row.esperaMinisterio).toBeNull();
    await fetch(`${t.url}/_sim/muv/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'tot003', count: 0 }) });
    expect((await c.post(`/api/FevRips/${id}/enviar`)).body.data.exitoso).toBe(true);
  });
});
