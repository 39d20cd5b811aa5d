/**
 * The list's per-document facts are columns kept by database triggers (migration 0004, decision 007): files present
 * and the ministry's error / notification counts. Checked through the API (uploads, file removal) and through
 * direct writes of findings in one statement, as a send stores them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fevRips, fevRipsResults } from '../../db/schema.ts';
import { fileForm, par1Copy, PROVIDER_CONFIG, registerAndLogin, startTestApp, uploadPar1Copy, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
let c: Awaited<ReturnType<typeof registerAndLogin>>['c'];
beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await registerAndLogin(t.url, 'hechos@example.co', '901019681'));
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
});
afterAll(async () => t?.close());

const row = async (formato: string) =>
  ((await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, formato })).body.data.results.data as Array<Record<string, unknown>>)[0]!;

describe('list facts kept by the database', () => {
  it('xml / json follow the stored files: upload one, the other, remove one', async () => {
    const id = await uploadPar1Copy(c, 'HEC100', { json: false });
    expect(await row('HEC100')).toMatchObject({ id, xml: true, json: false });
    expect((await c.post('/api/FevRips/subir-archivo', fileForm('HEC100.json', par1Copy('HEC100').json, id))).status).toBe(200);
    expect(await row('HEC100')).toMatchObject({ id, xml: true, json: true });
    expect((await c.post(`/api/FevRips/${id}/eliminar-archivo`, { tipoArchivo: 'xml' })).status).toBe(200);
    expect(await row('HEC100')).toMatchObject({ id, xml: false, json: true });
    expect((await c.get(`/api/FevRips/${id}/detail`)).body.data).toMatchObject({ xml: false, json: true });
  });

  it('error and notification counts follow the ministry findings inserted, changed and deleted', async () => {
    const id = await uploadPar1Copy(c, 'HEC200');
    const [doc] = await t.app.deps.db.select().from(fevRips).where(eq(fevRips.id, id));
    const base = { tenantId: doc!.tenantId, fevRipsId: id, descripcion: 'd', fuente: 'Rips' };
    // One statement, as a send stores an answer: two rejections, one notification, and a local finding that does not count.
    await t.app.deps.db.insert(fevRipsResults).values([
      { ...base, origen: 'MUV', clase: 'RECHAZADO', codigo: 'RVC019' },
      { ...base, origen: 'MUV', clase: 'RECHAZADO', codigo: 'RVG01' },
      { ...base, origen: 'MUV', clase: 'NOTIFICACION', codigo: 'FED131' },
      { ...base, origen: 'LOCAL', clase: 'RECHAZADO', codigo: 'RVC001' },
    ]);
    expect(await row('HEC200')).toMatchObject({ tieneErrores: true, totalErrores: 2, totalNotificaciones: 1 });
    await t.app.deps.db.update(fevRipsResults).set({ clase: 'NOTIFICACION' }).where(eq(fevRipsResults.codigo, 'RVG01'));
    expect(await row('HEC200')).toMatchObject({ tieneErrores: true, totalErrores: 1, totalNotificaciones: 2 });
    await t.app.deps.db.delete(fevRipsResults).where(eq(fevRipsResults.fevRipsId, id));
    expect(await row('HEC200')).toMatchObject({ tieneErrores: false, totalErrores: 0, totalNotificaciones: 0 });
    // The list without a formato filter (the prepared statement) reads the same columns.
    const all = (await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 })).body.data.results.data as Array<Record<string, unknown>>;
    expect(all.find((r) => r.id === id)).toMatchObject({ xml: true, json: true, totalErrores: 0 });
  });
});
