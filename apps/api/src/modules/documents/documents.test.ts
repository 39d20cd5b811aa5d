import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { fevRips, fevRipsFiles, muvAttempts } from '../../db/schema.ts';
import {
  PAR1_JSON,
  PAR1_XML,
  PAR2_JSON,
  PAR2_XML,
  PROVIDER_CONFIG,
  fileForm,
  registerAndLogin,
  sample,
  startTestApp,
  type TTestApp,
} from '../../../test/helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const countDocs = async () => (await t.app.deps.db.select({ id: fevRips.id }).from(fevRips)).length;

describe('the main job: upload a real FEV + RIPS pair, send it, get the CUV', () => {
  it('goes PENDIENTE_RIPS → EN_ESPERA → APROBADO with a 96-hex CUV and refuses a second send', async () => {
    const { c } = await registerAndLogin(t.url, 'medical@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);

    const xml = await c.post('/api/FevRips/subir-archivo', fileForm('factura.xml', sample(PAR1_XML)));
    expect(xml.status).toBe(200);
    expect(xml.body.data).toMatchObject({ formato: 'A01E5687', estado: 'PENDIENTE_RIPS', tipoDocumento: 'FV', tipoArchivo: 'xml' });
    const id = xml.body.data.fevRipsId as number;

    const exists = await c.post('/api/fevrips/verificar-formato', { formato: 'A01E5687' });
    expect(exists.body.data).toMatchObject({ existe: true, fevRipsId: id, tieneXml: true, tieneJson: false, infoFaltante: ['Archivo JSON'] });

    const json = await c.post('/api/FevRips/subir-archivo', fileForm('rips.json', sample(PAR1_JSON), id));
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ fevRipsId: id, estado: 'EN_ESPERA' });

    const before = await c.get(`/api/FevRips/${id}/detail`);
    expect(before.body.data).toMatchObject({
      formato: 'A01E5687',
      estado: 'EN_ESPERA',
      estadoInterno: 1,
      xml: true,
      json: true,
      totalFactura: 1055600,
      infoFevRips: { cantidadUsuarios: 4, cantidadAtenciones: 4, totalValorServicios: 1120000, modalidadPago: '04', estructuraRips: 'Resolución 2275 de 2023' },
    });
    expect(before.body.data.prevalidacion.map((p: { codigo: string }) => p.codigo)).toEqual(['FED131']);

    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.exitoso).toBe(true);
    expect(sent.body.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(sent.body.data.totalNotificaciones).toBe(1);
    expect(sent.body.message).toBe(MSG.sendSucceeded);

    const after = await c.get(`/api/FevRips/${id}/detail`);
    expect(after.body.data).toMatchObject({ estado: 'APROBADO', estadoInterno: 500, cuv: sent.body.data.cuv, intentosEnvio: 1, totalErrores: 0, totalNotificaciones: 1 });
    expect(after.body.data.notificaciones[0]).toMatchObject({ codigo: 'FED131', fuente: 'FacturaElectronica' });
    expect(after.body.data.fechaRadicacion).toBeTruthy();

    const list = await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, estado: 'EXCLUDE_ANULADO' });
    expect(list.body.data.totalRecords).toBe(1);
    expect(list.body.data.results.data[0]).toMatchObject({ id, estado: 'APROBADO', cuv: sent.body.data.cuv });

    const again = await c.post(`/api/FevRips/${id}/enviar`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.documentApprovedLocked);
    const relock = await c.post('/api/FevRips/subir-archivo', fileForm('factura.xml', sample(PAR1_XML), id));
    expect(relock.status).toBe(409);

    const attempts = await t.app.deps.db.select().from(muvAttempts).where(eq(muvAttempts.fevRipsId, id));
    expect(attempts.map((a) => a.operation)).toEqual(['LoginSISPRO', 'CargarFevRips']);
    expect(attempts.every((a) => a.finishedAt && a.durationMs !== null && a.rawResponse)).toBe(true);
    expect(JSON.stringify(attempts)).not.toContain(PROVIDER_CONFIG.passwordValidator);
  });

  it('recovers the CUV when the ministry answers RVG18 (package already validated)', async () => {
    const { c } = await registerAndLogin(t.url, 'rvg18@example.co', '891856372');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const x = await c.post('/api/FevRips/subir-archivo', fileForm('par2.xml', sample(PAR2_XML)));
    expect(x.status).toBe(200);
    const id = x.body.data.fevRipsId as number;
    expect((await c.post('/api/FevRips/subir-archivo', fileForm('par2.json', sample(PAR2_JSON), id))).status).toBe(200);
    const first = await c.post(`/api/FevRips/${id}/enviar`);
    expect(first.body.data.exitoso).toBe(true);
    // Simulate a lost answer: our record forgets the approval, the ministry still has it.
    await t.app.deps.db.update(fevRips).set({ estado: 'ERROR', cuv: null }).where(eq(fevRips.id, id));
    const second = await c.post(`/api/FevRips/${id}/enviar`);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ exitoso: true, cuv: first.body.data.cuv, totalErrores: 0 });
    const detail = await c.get(`/api/FevRips/${id}/detail`);
    expect(detail.body.data.estado).toBe('APROBADO');
    expect(detail.body.data.errores).toEqual([]);
  });
});

describe('bad input answers the seed message and stores nothing half-done', () => {
  let c: Awaited<ReturnType<typeof registerAndLogin>>['c'];
  beforeAll(async () => {
    ({ c } = await registerAndLogin(t.url, 'errores@example.co', '901019681'));
  });

  const upload = (name: string, bytes: Buffer | string, id?: number) => c.post('/api/FevRips/subir-archivo', fileForm(name, bytes, id));

  it('malformed XML', async () => {
    const n = await countDocs();
    const res = await upload('f.xml', '<Invoice><cbc:ID>A1</Invoice>');
    expect([res.status, res.body.message]).toEqual([400, MSG.xmlInvalid]);
    expect(await countDocs()).toBe(n);
  });
  it('a DOCTYPE / ENTITY declaration', async () => {
    const evil = sample(PAR1_XML).toString('utf8').replace('<AttachedDocument', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><AttachedDocument');
    const res = await upload('f.xml', evil);
    expect([res.status, res.body.message]).toEqual([400, MSG.xmlDoctypeRefused]);
  });
  it('malformed JSON', async () => {
    const res = await upload('r.json', '{"numFactura": "A01E5687",');
    expect([res.status, res.body.message]).toEqual([400, MSG.jsonInvalid]);
  });
  it('a JSON without formato', async () => {
    const res = await upload('r.json', JSON.stringify({ numDocumentoIdObligado: '901019681', usuarios: [] }));
    expect([res.status, res.body.message]).toEqual([400, MSG.jsonNoFormato]);
  });
  it('the wrong extension', async () => {
    const res = await upload('factura.pdf', sample(PAR1_XML));
    expect([res.status, res.body.message]).toEqual([400, MSG.onlyXmlOrJson]);
  });
  it('an 11 MB file', async () => {
    const n = await countDocs();
    const res = await upload('grande.json', Buffer.alloc(11 * 1024 * 1024, 32));
    expect([res.status, res.body.message]).toEqual([413, MSG.fileTooLarge]);
    expect(await countDocs()).toBe(n);
  });
  it('a NIT that is not the tenant’s, with both values in the answer', async () => {
    const res = await upload('par2.xml', sample(PAR2_XML));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(MSG.identityMismatch);
    expect(res.body.data).toEqual({ numeroIdentificacionArchivo: '891856372', numeroIdentificacionTercero: '901019681' });
  });
  it('an XML and a JSON of different invoices', async () => {
    const x = await upload('f.xml', sample(PAR1_XML));
    const id = x.body.data.fevRipsId as number;
    const other = JSON.parse(sample(PAR1_JSON).toString('utf8'));
    other.numFactura = 'A01E9999';
    const res = await upload('r.json', JSON.stringify(other), id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.formatoMismatch);
    expect(res.body.data).toEqual({ formatoArchivo: 'A01E9999', formatoDocumento: 'A01E5687' });
    const files = await t.app.deps.db.select().from(fevRipsFiles).where(eq(fevRipsFiles.fevRipsId, id));
    expect(files.map((f) => f.tipo)).toEqual(['xml']);
  });
  it('a new upload of an existing formato answers Formato Ya Existe with the report', async () => {
    const res = await upload('f.xml', sample(PAR1_XML));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.formatoExists);
    expect(res.body.data).toMatchObject({ existe: true, tieneXml: true, tieneJson: false });
  });
  it('a second file in a filled slot', async () => {
    const existing = await c.post('/api/fevrips/verificar-formato', { formato: 'A01E5687' });
    const res = await upload('f.xml', sample(PAR1_XML), existing.body.data.fevRipsId);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.slotFilled('XML'));
  });
  it('send without the JSON, and send without provider configuration', async () => {
    const existing = await c.post('/api/fevrips/verificar-formato', { formato: 'A01E5687' });
    const id = existing.body.data.fevRipsId as number;
    const noJson = await c.post(`/api/FevRips/${id}/enviar`);
    expect([noJson.status, noJson.body.message]).toEqual([422, MSG.sendNeedsBothFiles]);
    await upload('r.json', sample(PAR1_JSON), id);
    const noConfig = await c.post(`/api/FevRips/${id}/enviar`);
    expect([noConfig.status, noConfig.body.message]).toEqual([412, MSG.configNotFound]);
    const detail = await c.get(`/api/FevRips/${id}/detail`);
    expect(detail.body.data.estado).toBe('EN_ESPERA');
  });
  it('validator credentials the ministry rejects leave the document as it was', async () => {
    await c.post('/api/Auth/crear-configuracion-fevrips', { ...PROVIDER_CONFIG, passwordValidator: 'clave-invalida' });
    const existing = await c.post('/api/fevrips/verificar-formato', { formato: 'A01E5687' });
    const id = existing.body.data.fevRipsId as number;
    const res = await c.post(`/api/FevRips/${id}/enviar`);
    expect([res.status, res.body.message]).toEqual([422, MSG.muvLoginFailed]);
    expect((await c.get(`/api/FevRips/${id}/detail`)).body.data.estado).toBe('EN_ESPERA');
  });
  it('an invalid id', async () => {
    const res = await c.post('/api/FevRips/0/enviar');
    expect([res.status, res.body.message]).toEqual([400, MSG.invalidDocumentId]);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another tenant’s document on every call', async () => {
    const a = await registerAndLogin(t.url, 'iso-a@example.co', '901019681');
    const b = await registerAndLogin(t.url, 'iso-b@example.co', '901019681');
    const x = await a.c.post('/api/FevRips/subir-archivo', fileForm('f.xml', sample(PAR1_XML)));
    const id = x.body.data.fevRipsId as number;
    expect((await b.c.get(`/api/FevRips/${id}/detail`)).status).toBe(404);
    expect((await b.c.post(`/api/FevRips/${id}/enviar`)).status).toBe(404);
    expect((await b.c.post('/api/FevRips/subir-archivo', fileForm('r.json', sample(PAR1_JSON), id))).status).toBe(404);
    const listB = await b.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    expect(listB.body.data.totalRecords).toBe(0);
    const verB = await b.c.post('/api/fevrips/verificar-formato', { formato: 'A01E5687' });
    expect(verB.body.data.existe).toBe(false);
    // The same formato is free in another tenant.
    expect((await b.c.post('/api/FevRips/subir-archivo', fileForm('f.xml', sample(PAR1_XML)))).status).toBe(200);
  });
});

describe('ministry failures and restarts', () => {
  it('a ministry outage (5xx on every retry) is no verdict: the document waits (not ERROR), resendable at once', async () => {
    const { c } = await registerAndLogin(t.url, 'caida@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const x = await c.post('/api/FevRips/subir-archivo', fileForm('f.xml', sample(PAR1_XML)));
    const id = x.body.data.fevRipsId as number;
    await c.post('/api/FevRips/subir-archivo', fileForm('r.json', sample(PAR1_JSON), id));
    await fetch(`${t.url}/_sim/muv/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 503, count: 3 }) });
    const res = await c.post(`/api/FevRips/${id}/enviar`);
    expect([res.status, res.body.code]).toEqual([503, 'MUV_SIN_RESPUESTA']);
    expect((await c.get(`/api/FevRips/${id}/detail`)).body.data).toMatchObject({ estado: 'EN_ESPERA', esperaMinisterio: { texto: 'Service Unavailable' } });
    const retry = await c.post(`/api/FevRips/${id}/enviar`);
    expect(retry.body.data.exitoso).toBe(true);
  });
});

describe('server restart mid-send', () => {
  it('a document left ENPROCESO by a dead process is recovered at start and sends once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'radica-restart-'));
    const overrides = { databaseUrl: null, pgliteDataDir: join(dataDir, 'db'), dataDir };
    const first = await startTestApp(overrides);
    const { c } = await registerAndLogin(first.url, 'reinicio@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const x = await c.post('/api/FevRips/subir-archivo', fileForm('f.xml', sample(PAR1_XML)));
    const id = x.body.data.fevRipsId as number;
    await c.post('/api/FevRips/subir-archivo', fileForm('r.json', sample(PAR1_JSON), id));
    // The process dies right after claiming the document (state as a crash leaves it).
    await first.app.deps.db.update(fevRips).set({ estado: 'ENPROCESO', estadoPrevio: 'EN_ESPERA', envioIniciadoAt: new Date() }).where(eq(fevRips.id, id));
    const blocked = await c.post(`/api/FevRips/${id}/enviar`);
    expect(blocked.status).toBe(409);
    await first.close();

    const second = await startTestApp({ ...overrides, encryptionKey: first.config.encryptionKey, jwtSecret: first.config.jwtSecret });
    try {
      const [doc] = await second.app.deps.db.select().from(fevRips).where(eq(fevRips.id, id));
      expect(doc!.estado).toBe('EN_ESPERA');
      const login = await fetch(`${second.url}/api/Auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reinicio@example.co', password: 'Clave-Segura-2026' }),
      }).then((r) => r.json() as Promise<{ data: { accessToken: string; tenant: { validator: string } } }>);
      const res = await fetch(`${second.url}/api/FevRips/${id}/enviar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.data.accessToken}`, 'x-validator': login.data.tenant.validator },
      }).then((r) => r.json() as Promise<{ data: { exitoso: boolean; cuv: string } }>);
      expect(res.data.exitoso).toBe(true);
      expect(res.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('a second process cannot open the same embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'radica-lock-'));
    const dbDir = join(dataDir, 'db');
    const first = await startTestApp({ databaseUrl: null, pgliteDataDir: dbDir, dataDir });
    try {
      const { spawnSync } = await import('node:child_process');
      const script = `import('${join(import.meta.dirname, '../../db/client.ts')}').then(async (m) => { await m.openDatabase({ databaseUrl: null, dataDir: '${dataDir}', pgliteDataDir: '${dbDir}' }); console.log('OPENED'); process.exit(0); }).catch((e) => { console.log(e.message); process.exit(3); })`;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 });
      expect(child.status).toBe(3);
      expect(child.stdout).toMatch(/ya está abierta por otro proceso/);
    } finally {
      await first.close();
    }
  });
});

describe('database connection loss', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))('survives PostgreSQL terminating its idle connections', async () => {
    const pg = (await import('pg')).default;
    const own = await t.app.deps.db.execute(sql`select current_database() as name`);
    const name = (own as unknown as { rows: { name: string }[] }).rows[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    const res = await fetch(`${t.url}/ping`);
    expect(res.status).toBe(200);
    const after = await t.app.deps.db.execute(sql`select 1 as one`);
    expect((after as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
  });
});

describe('RVC012 against the REPS table', () => {
  it("a RIPS whose codPrestador is, in REPS, another NIT's provider is RECHAZADO RVC012; a code REPS lacks says nothing", async () => {
    const { repsPrestadores } = await import('../../db/schema-reps.ts');
    await t.app.deps.db.insert(repsPrestadores).values([
      { codigoHabilitacion: '1900100023', sede: '01', codigoPrestador: '190010002301', nombre: 'HOSPITAL DE OTRO NIT', nit: '891501676', busqueda: ' hospital de otro nit' },
      { codigoHabilitacion: '1100131205', sede: '01', codigoPrestador: '110013120501', nombre: 'EL PRESTADOR PROPIO', nit: '901019681', busqueda: ' el prestador propio' },
    ]).onConflictDoNothing();
    const { c } = await registerAndLogin(t.url, 'reps-rvc012@example.co', '901019681');
    const rips = JSON.parse(sample(PAR1_JSON).toString('utf8').replace(/^\uFEFF/, '')) as { usuarios: { servicios: Record<string, Record<string, unknown>[]> }[] };
    rips.usuarios[1]!.servicios['procedimientos']![0]!['codPrestador'] = '190010002301';
    rips.usuarios[2]!.servicios['procedimientos']![0]!['codPrestador'] = '990010000101';
    const up = await c.post('/api/FevRips/subir-archivo', fileForm('rips.json', Buffer.from(JSON.stringify(rips))));
    expect(up.status).toBe(200);
    const detail = await c.get(`/api/FevRips/${up.body.data.fevRipsId as number}/detail`);
    const rvc012 = (detail.body.data.prevalidacion as { codigo: string; clase: string; pathFuente: string; observaciones: string }[]).filter((h) => h.codigo === 'RVC012');
    expect(rvc012).toEqual([
      expect.objectContaining({
        clase: 'RECHAZADO',
        pathFuente: 'usuarios[1].servicios.procedimientos[0].codPrestador',
        observaciones: 'Verificar tablas de referencia, datos (Código Prestador:190010002301 - Nit: 901019681)',
      }),
    ]);
  });
});
