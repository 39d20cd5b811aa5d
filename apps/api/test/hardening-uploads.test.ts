import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { PAR1_JSON, client, fileForm, par1Copy, registerAndLogin, sample, startTestApp, uploadPar1Copy, type TTestApp } from './helpers.ts';

/** Client mistakes answer 4xx in Spanish, uploads are checked off the event loop and bounded. */
let t: TTestApp;
let c: Awaited<ReturnType<typeof registerAndLogin>>['c'];
beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await registerAndLogin(t.url, 'errores@example.co', '901019681'));
});
afterAll(async () => t?.close());

/** A raw POST with the session's credentials and any content type and body. */
async function raw(path: string, contentType: string, body: string | Uint8Array) {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.token}`, 'x-validator': c.validator, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; code?: string } };
}

describe('client mistakes answer 4xx with a Spanish message, never 500', () => {
  it('multipart without a boundary, cut short, or with a broken part header', async () => {
    const none = await raw('/api/FevRips/subir-archivo', 'multipart/form-data', 'archivo=1');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MSG.uploadMalformed);
    const head = '--XYZ\r\nContent-Disposition: form-data; name="archivo"; filename="a.xml"\r\nContent-Type: text/xml\r\n\r\n<Invoice>';
    const cut = await raw('/api/FevRips/subir-archivo', 'multipart/form-data; boundary=XYZ', head);
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe(MSG.uploadMalformed);
    const broken = await raw('/api/FevRips/subir-archivo', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nsin cabeceras\r\n--XYZ--\r\n');
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });

  it('a NUL byte in formato, in a search, in a query string or in a multipart field', async () => {
    for (const res of [
      await c.post('/api/fevrips/verificar-formato', { formato: 'FE\u00001' }),
      await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 10, estado: '', formato: 'A\u0000' }),
      await c.post('/api/fevrips/informe-listado', { formatos: ['FE1', 'FE\u00002'] }),
      await c.get('/api/Geografia/autocomplete?texto=bog%00'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.nulCharacter);
    }
    const form = fileForm('a\u0000.json', sample(PAR1_JSON));
    form.append('tipoArchivo', 'js\u0000on');
    const upload = await c.post('/api/FevRips/subir-archivo', form);
    expect(upload.status).toBe(400);
    expect(upload.body.message).toBe(MSG.nulCharacter);
  });

  it('an id beyond the integer range, in a path, a form field or a body', async () => {
    for (const res of [
      await c.get('/api/FevRips/99999999999/detail'),
      await c.post('/api/FevRips/3000000000/enviar'),
      await c.post('/api/FevRips/2147483648/anular'),
      await c.post('/api/FevRips/1e400/reactivar'),
      await c.post('/api/FevRips/subir-archivo', fileForm('a.json', sample(PAR1_JSON), 9_999_999_999)),
      await c.post('/api/FevRips/envio-masivo', { ids: [99_999_999_999] }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.invalidDocumentId);
    }
    const page = await c.post('/api/FevRips/search', { pageIndex: 1e300, pageSize: 10, estado: '' });
    expect(page.status).toBe(400);
  });

  it('amounts such as 1e308 in a RIPS give a clear finding, not a database overflow', async () => {
    const { json } = par1Copy('HUGE0001');
    const rips = JSON.parse(json.toString('utf8'));
    rips.usuarios[0].servicios.procedimientos[0].vrServicio = 1e308;
    rips.usuarios[1].servicios.procedimientos[0].vrServicio = 1e308;
    const up = await c.post('/api/FevRips/subir-archivo', fileForm('HUGE0001.json', JSON.stringify(rips)));
    expect(up.status).toBe(200);
    const detail = await c.get(`/api/FevRips/${up.body.data.fevRipsId}/detail`);
    expect(detail.status).toBe(200);
    const findings = detail.body.data.prevalidacion as Array<{ codigo: string; pathFuente: string }>;
    expect(findings.some((f) => f.codigo === 'RVG01' && /vrServicio/.test(f.pathFuente))).toBe(true);
    expect(detail.body.data.totalFactura).toBe(0);
    expect(Number.isFinite(detail.body.data.infoFevRips.totalValorServicios)).toBe(true);
  });

  it('each limit names itself: a JSON body over 1 MB is not "10MB", a second file is not "too large"', async () => {
    const big = await c.post('/api/fevrips/informe-listado', { formatos: Array.from({ length: 9000 }, (_, i) => `FORMATO-MUY-LARGO-${'X'.repeat(100)}-${i}`) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(MSG.bodyTooLarge);
    expect(big.body.message).toMatch(/1 MB/);
    const huge = await c.post('/api/FevRips/subir-archivo', fileForm('grande.xml', Buffer.alloc(10_485_761, 0x20)));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(MSG.fileTooLarge);
    const two = fileForm('a.json', sample(PAR1_JSON));
    two.append('archivo', new Blob(['{}']), 'b.json');
    const twice = await c.post('/api/FevRips/subir-archivo', two);
    expect(twice.status).toBe(413);
    expect(twice.body.message).toBe(MSG.uploadOneFile);
  });
});

describe('uploads are parsed and checked off the event loop', () => {
  it('every upload is analysed by the worker pool', async () => {
    const before = t.app.deps.analysis.completed();
    const id = await uploadPar1Copy(c, 'POOL0001');
    expect(t.app.deps.analysis.completed()).toBe(before + 2);
    const detail = await c.get(`/api/FevRips/${id}/detail`);
    expect(detail.body.data).toMatchObject({ estado: 'EN_ESPERA', xml: true, json: true });
  });
});

describe('per-tenant bound on concurrent uploads and per-user rate limit', () => {
  it('beyond the tenant\'s places and queue an upload answers 429 uploadsBusy; the others are stored', async () => {
    const bounded = await startTestApp({ uploadTenantConcurrency: 1, uploadTenantQueue: 1 });
    try {
      const { c: u } = await registerAndLogin(bounded.url, 'lleno@example.co', '901019681');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => u.post('/api/FevRips/subir-archivo', fileForm(`LLN${100 + i}.xml`, par1Copy(`LLN${100 + i}`).xml))),
      );
      const busy = answers.filter((a) => a.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.every((a) => a.body.message === MSG.uploadsBusy)).toBe(true);
      expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
      const stored = await u.post('/api/FevRips/search', { pageIndex: 1, pageSize: 20, estado: '', formato: 'LLN' });
      expect(stored.body.data.totalRecords).toBe(answers.filter((a) => a.status === 200).length);
    } finally {
      await bounded.close();
    }
  });

  it('a user making more uploads a minute than allowed gets 429 with the seed text; another user is not affected', async () => {
    const limited = await startTestApp({ rateLimitScale: 1, uploadUserPerMinute: 3 });
    try {
      const { c: u } = await registerAndLogin(limited.url, 'rapido@example.co', '901019681');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await u.post('/api/FevRips/subir-archivo', fileForm(`RAP${100 + i}.xml`, par1Copy(`RAP${100 + i}`).xml))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const { c: other } = await registerAndLogin(limited.url, 'calmado@example.co', '901019681');
      expect((await other.post('/api/FevRips/subir-archivo', fileForm('CAL100.xml', par1Copy('CAL100').xml))).status).toBe(200);
      expect((await client(limited.url).post('/api/FevRips/subir-archivo', fileForm('ANON1.xml', par1Copy('ANON1').xml))).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
