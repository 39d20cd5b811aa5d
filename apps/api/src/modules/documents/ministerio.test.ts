import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { fevRips, fevRipsResults } from '../../db/schema.ts';
import { PROVIDER_CONFIG, fileForm, par1Copy, registerAndLogin, startTestApp, uploadPar1Copy, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
let c: Awaited<ReturnType<typeof registerAndLogin>>['c'];
let other: Awaited<ReturnType<typeof registerAndLogin>>['c'];
beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await registerAndLogin(t.url, 'ciclo@example.co', '901019681'));
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  ({ c: other } = await registerAndLogin(t.url, 'otro@example.co', '901019681'));
  await other.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
});
afterAll(async () => t?.close());

const estadoOf = async (id: number) => (await c.get(`/api/FevRips/${id}/detail`)).body.data.estado as string;

describe('anular and reactivar (seed 001 §4)', () => {
  it('cancels a pending document, hides it from the default list, finds it with ANULADO, reactivates it as PROCESADO', async () => {
    const id = await uploadPar1Copy(c, 'CAN100');
    const res = await c.post(`/api/FevRips/${id}/anular`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Documento anulado exitosamente' });
    expect(await estadoOf(id)).toBe('ANULADO');
    const again = await c.post(`/api/FevRips/${id}/anular`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG_MINISTERIO.anularNoPermitido);
    const def = await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, estado: 'EXCLUDE_ANULADO', formato: 'CAN100' });
    expect(def.body.data.totalRecords).toBe(0);
    const anulados = await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, estado: 'ANULADO', formato: 'CAN100' });
    expect(anulados.body.data.results.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await c.post(`/api/FevRips/${id}/enviar`)).status).toBe(409);

    const re = await c.post(`/api/FevRips/${id}/reactivar`);
    expect(re.status).toBe(200);
    expect(re.body).toMatchObject({ success: true, message: 'Documento reactivado exitosamente', data: { estadoActual: 'PROCESADO' } });
    expect(await estadoOf(id)).toBe('PROCESADO');
    const notCancelled = await c.post(`/api/FevRips/${id}/reactivar`);
    expect(notCancelled.status).toBe(409);
    expect(notCancelled.body.message).toBe(MSG_MINISTERIO.reactivarNoPermitido);
    // PROCESADO is sendable.
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.body.data.exitoso).toBe(true);
  });

  it('reactivates to PENDIENTE_RIPS with only the XML and PENDIENTE_XML with only the JSON', async () => {
    const onlyXml = await uploadPar1Copy(c, 'CAN101', { json: false });
    await c.post(`/api/FevRips/${onlyXml}/anular`);
    expect((await c.post(`/api/FevRips/${onlyXml}/reactivar`)).body.data.estadoActual).toBe('PENDIENTE_RIPS');
    expect(await estadoOf(onlyXml)).toBe('PENDIENTE_RIPS');
    const onlyJson = await uploadPar1Copy(c, 'CAN102', { xml: false });
    await c.post(`/api/FevRips/${onlyJson}/anular`);
    expect((await c.post(`/api/FevRips/${onlyJson}/reactivar`)).body.data.estadoActual).toBe('PENDIENTE_XML');
  });

  it('an approved document cannot be cancelled, edited, emptied, reactivated or resent', async () => {
    const id = await uploadPar1Copy(c, 'APR200');
    expect((await c.post(`/api/FevRips/${id}/enviar`)).body.data.exitoso).toBe(true);
    const anular = await c.post(`/api/FevRips/${id}/anular`);
    expect(anular.status).toBe(409);
    expect(anular.body.message).toBe(MSG_MINISTERIO.aprobadoNoEditable);
    const del = await c.post(`/api/FevRips/${id}/eliminar-archivo`, { tipoArchivo: 'json' });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(MSG.documentApprovedLocked);
    const up = await c.post('/api/FevRips/subir-archivo', fileForm('x.xml', par1Copy('APR200').xml, id));
    expect(up.status).toBe(409);
    expect((await c.post(`/api/FevRips/${id}/reactivar`)).status).toBe(409);
    expect((await c.post(`/api/FevRips/${id}/enviar`)).status).toBe(409);
    expect(await estadoOf(id)).toBe('APROBADO');
  });
});

describe('eliminar-archivo and the Activar y Guardar flow (seed 001 §3, §4)', () => {
  it('deleting files recomputes the status; the last one cancels; reactivar needs a file; upload into ANULADO then reactivar', async () => {
    const id = await uploadPar1Copy(c, 'DEL300');
    const json = await c.post(`/api/FevRips/${id}/eliminar-archivo`, { tipoArchivo: 'json' });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ data: { documentoAnulado: false, estadoActual: 'PENDIENTE_RIPS' }, message: 'Archivo JSON eliminado' });
    const detail = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
    expect(detail).toMatchObject({ xml: true, json: false, estado: 'PENDIENTE_RIPS', archivoJson: null });
    const missing = await c.post(`/api/FevRips/${id}/eliminar-archivo`, { tipoArchivo: 'json' });
    expect(missing.status).toBe(404);
    expect((await c.post(`/api/FevRips/${id}/eliminar-archivo`, { tipoArchivo: 'pdf' })).status).toBe(400);

    const xml = await c.post(`/api/FevRips/${id}/eliminar-archivo`, { tipoArchivo: 'xml' });
    expect(xml.body).toMatchObject({ data: { documentoAnulado: true, estadoActual: 'ANULADO' }, message: MSG_MINISTERIO.documentoAnuladoSinArchivos });
    const empty = await c.post(`/api/FevRips/${id}/reactivar`);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('No se puede reactivar: el documento debe tener al menos un archivo cargado (XML o JSON)');

    // 'Activar y Guardar': upload into the cancelled document (it stays ANULADO), then reactivate.
    const up = await c.post('/api/FevRips/subir-archivo', fileForm('f.xml', par1Copy('DEL300').xml, id));
    expect(up.status).toBe(200);
    expect(up.body.data.estado).toBe('ANULADO');
    expect((await c.post(`/api/FevRips/${id}/reactivar`)).body.data.estadoActual).toBe('PENDIENTE_RIPS');
    // 'Formato Ya Existe' still applies to a new document with the same formato.
    const dup = await c.post('/api/FevRips/subir-archivo', fileForm('g.xml', par1Copy('DEL300').xml));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(MSG.formatoExists);
  });

  it('answers 404 for another tenant’s document on anular, reactivar, eliminar-archivo and its id in bulk calls', async () => {
    const id = await uploadPar1Copy(c, 'TEN400');
    for (const path of [`/api/FevRips/${id}/anular`, `/api/FevRips/${id}/reactivar`]) {
      const res = await other.post(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(MSG.documentNotFound);
    }
    expect((await other.post(`/api/FevRips/${id}/eliminar-archivo`, { tipoArchivo: 'xml' })).status).toBe(404);
    expect((await other.post('/api/fevrips/informe-listado', { formatos: ['TEN400'] })).body.data.datos).toEqual([]);
    expect((await other.post('/api/FevRips/respuesta-listado', { formatos: ['APR200', 'TEN400'] })).body.data.datos).toEqual([]);
    expect((await other.post('/api/FevRips/sincronizar-formato', { formato: 'TEN400' })).status).toBe(404);
    const pages = await other.post('/api/FevRips/formatos-pagina', { tamañoPagina: 15, formato: 'TEN400' });
    expect(pages.body.data.formatos).toEqual([]);
    const bulk = await other.post('/api/FevRips/envio-masivo', { ids: [id] });
    expect(bulk.status).toBe(422);
    expect(await estadoOf(id)).toBe('EN_ESPERA');
  });
});

describe('reports: informe-listado, respuesta-listado, formatos-pagina', () => {
  it('informe-listado answers the seed report row per formato and 400 on an empty list', async () => {
    for (const body of [{ formatos: [] }, {}, { formatos: ['  '] }]) {
      const res = await c.post('/api/fevrips/informe-listado', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Lista de formatos es requerida');
    }
    const a = await uploadPar1Copy(c, 'INF500');
    await c.post(`/api/FevRips/${a}/enviar`);
    await uploadPar1Copy(c, 'INF501', { json: false });
    const res = await c.post('/api/fevrips/informe-listado', { formatos: ['INF501', 'INF500', 'NOEXISTE1'] });
    expect(res.status).toBe(200);
    expect(res.body.data.datos.map((d: { formato: string }) => d.formato)).toEqual(['INF501', 'INF500']);
    const row = res.body.data.datos[1];
    expect(Object.keys(row).sort()).toEqual(
      [
        'formato', 'cuv', 'fechaCreacion', 'fechaEnvio', 'fechaRadicacion', 'procesoId', 'xml', 'json', 'cantidadUsuarios',
        'cantidadAtenciones', 'totalFactura', 'totalValorServicios', 'modalidadPago', 'identificacionAdquiriente', 'numDocumentoReferenciado',
        // Radica: the channel the files came through; the document's status; its wait for the
        // ministry's verdict (docs/decisions/047), null here.
        'canal',
        'estado',
        // Radica (docs/decisions/051): the family columns.
        'paquete', 'facturaNota', 'cantidadNotas', 'creditos', 'debitos', 'valorNeto',
        'esperaMinisterio',
      ].sort(),
    );
    expect(row).toMatchObject({ paquete: 'Factura con RIPS', facturaNota: null, cantidadNotas: 0, creditos: 0, debitos: 0, valorNeto: 1055600 });
    expect([row.estado, res.body.data.datos[0].estado]).toEqual(['APROBADO', 'PENDIENTE_RIPS']);
    expect(row).toMatchObject({ xml: true, json: true, totalFactura: 1055600, cantidadUsuarios: 4, cantidadAtenciones: 4, modalidadPago: '04' });
    expect(row.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(row.procesoId).toBeGreaterThan(0);
    expect(res.body.data.datos[0]).toMatchObject({ xml: true, json: false, cuv: null, fechaEnvio: null });
  });

  it('respuesta-listado answers the ministry answer of approved documents only', async () => {
    expect((await c.post('/api/FevRips/respuesta-listado', { formatos: [] })).body.message).toBe('Lista de formatos es requerida');
    const res = await c.post('/api/FevRips/respuesta-listado', { formatos: ['INF500', 'INF501'] });
    expect(res.status).toBe(200);
    expect(res.body.data.datos).toHaveLength(1);
    const [item] = res.body.data.datos;
    expect(item.formato).toBe('INF500');
    expect(item.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(item.respuesta).toMatchObject({ ResultState: true, CodigoUnicoValidacion: item.cuv });
    // The process id the answer file is named by (ResultadosMSPS_{formato}_ID{procesoId}_A_CUV.json).
    expect(item.procesoId).toBe(item.respuesta.ProcesoId);
  });

  it('formatos-pagina lists every result of the filter in list order with page and position', async () => {
    const { c: p } = await registerAndLogin(t.url, 'paginas@example.co', '901019681');
    const ids: number[] = [];
    for (let i = 0; i < 9; i++) ids.push(await uploadPar1Copy(p, `PAG${600 + i}`, { json: i % 3 !== 0 }));
    await p.post(`/api/FevRips/${ids[1]}/anular`);
    const res = await p.post('/api/FevRips/formatos-pagina', { tamañoPagina: 4, estadoInterno: 'EXCLUDE_ANULADO' });
    expect(res.status).toBe(200);
    const list = res.body.data.formatos as Array<{ id: number; formato: string; pagina: number; posicionEnPagina: number }>;
    expect(list).toHaveLength(8);
    expect(list.map((x) => x.pagina)).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    expect(list.map((x) => x.posicionEnPagina)).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    const page2 = await p.post('/api/FevRips/search', { pageIndex: 2, pageSize: 4 });
    expect(page2.body.data.results.data.map((r: { id: number }) => r.id)).toEqual(list.slice(4).map((x) => x.id));
    expect(page2.body.data.results.data[0].enviandose).toBe(false);
    // estadoInterno accepts a name or the numeric code (seed 001 §4: PENDIENTE_RIPS 69).
    const byName = await p.post('/api/FevRips/formatos-pagina', { tamañoPagina: 15, estadoInterno: 'PENDIENTE_RIPS' });
    const byCode = await p.post('/api/FevRips/formatos-pagina', { tamañoPagina: 15, estadoInterno: 69 });
    expect(byName.body.data.formatos.map((x: { formato: string }) => x.formato).sort()).toEqual(['PAG600', 'PAG603', 'PAG606']);
    expect(byCode.body.data.formatos).toEqual(byName.body.data.formatos);
    const anulados = await p.post('/api/FevRips/formatos-pagina', { tamañoPagina: 15, estadoInterno: 'ANULADO' });
    expect(anulados.body.data.formatos.map((x: { id: number }) => x.id)).toEqual([ids[1]]);
    const byFormato = await p.post('/api/FevRips/formatos-pagina', { tamañoPagina: 15, formato: 'pag60' });
    expect(byFormato.body.data.formatos).toHaveLength(8);
  });
});

describe('search filters (seed 001 §2, §5, §7)', () => {
  it('filters by type, formato (contains, case-insensitive), status, and creation / filing ranges inclusive in Colombia time', async () => {
    const { c: s } = await registerAndLogin(t.url, 'filtros@example.co', '901019681');
    await s.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const a = await uploadPar1Copy(s, 'FIL700');
    const b = await uploadPar1Copy(s, 'FIL701', { json: false });
    const cc = await uploadPar1Copy(s, 'OTR702');
    await s.post(`/api/FevRips/${cc}/enviar`);
    // 2026-03-01 00:30 in Bogotá is 2026-03-01T05:30Z; 2026-03-02 23:59 Bogotá is 2026-03-03T04:59Z.
    await t.app.deps.db.update(fevRips).set({ fechaCreacion: new Date('2026-03-01T05:30:00.123Z') }).where(eq(fevRips.id, a));
    await t.app.deps.db.update(fevRips).set({ fechaCreacion: new Date('2026-03-03T04:59:00Z') }).where(eq(fevRips.id, b));
    await t.app.deps.db.update(fevRips).set({ fechaRadicacion: new Date('2026-04-10T12:00:00Z') }).where(eq(fevRips.id, cc));
    const q = async (body: Record<string, unknown>) =>
      ((await s.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, ...body })).body.data.results.data as Array<{ id: number }>).map((r) => r.id).sort();
    expect(await q({ formato: 'fil70' })).toEqual([a, b].sort());
    expect(await q({ tipoDocumento: 'FV' })).toEqual([a, b, cc].sort());
    expect(await q({ tipoDocumento: 'NC' })).toEqual([]);
    expect(await q({ estado: 'PENDIENTE_RIPS' })).toEqual([b]);
    expect(await q({ estado: 'EN_ESPERA' })).toEqual([a]);
    expect(await q({ estado: 'APROBADO' })).toEqual([cc]);
    expect(await q({ fechaCreacionDesde: '2026-03-01', fechaCreacionHasta: '2026-03-02' })).toEqual([a, b].sort());
    expect(await q({ fechaCreacionDesde: '2026-03-02', fechaCreacionHasta: '2026-03-02' })).toEqual([b]);
    expect(await q({ fechaCreacionDesde: '2026-02-01', fechaCreacionHasta: '2026-02-28' })).toEqual([]);
    expect(await q({ fechaRadicacionDesde: '2026-04-10', fechaRadicacionHasta: '2026-04-10' })).toEqual([cc]);
    expect(await q({ fechaRadicacionDesde: '2026-04-11' })).toEqual([]);
    // Dates leave as Date.toISOString() text (UTC, milliseconds), in the list and in the detail alike.
    const rows = (await s.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 })).body.data.results.data as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.id === a)).toMatchObject({ fechaCreacion: '2026-03-01T05:30:00.123Z', fechaRadicacion: null });
    expect(rows.find((r) => r.id === cc)).toMatchObject({ fechaRadicacion: '2026-04-10T12:00:00.000Z' });
    expect((await s.get(`/api/FevRips/${a}/detail`)).body.data.fechaCreacion).toBe('2026-03-01T05:30:00.123Z');
  });
});

describe('sincronizar-formato (seed 001 §3 "Sync result", §7)', () => {
  it('requires a formato, an approved document, and stores only what is new from ConsultarCUV', async () => {
    for (const body of [{}, { formato: '' }, { formato: '   ' }]) {
      const res = await c.post('/api/FevRips/sincronizar-formato', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Formato es requerido');
    }
    const pending = await uploadPar1Copy(c, 'SIN800');
    const notApproved = await c.post('/api/FevRips/sincronizar-formato', { formato: 'SIN800' });
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.message).toBe(MSG_MINISTERIO.sincronizarSoloAprobados);
    await c.post(`/api/FevRips/${pending}/enviar`);

    const nothing = await c.post('/api/FevRips/sincronizar-formato', { formato: 'SIN800' });
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toEqual({ informacionSincronizada: false, cantidadRegistrosGuardados: 0, mensaje: 'Sincronización completada sin nuevos datos' });

    // Lose what the send stored: the ministry's notification and the process id.
    await t.app.deps.db.delete(fevRipsResults).where(and(eq(fevRipsResults.fevRipsId, pending), eq(fevRipsResults.origen, 'MUV')));
    await t.app.deps.db.update(fevRips).set({ procesoId: null }).where(eq(fevRips.id, pending));
    const synced = await c.post('/api/FevRips/sincronizar-formato', { formato: 'SIN800' });
    expect(synced.body.data).toMatchObject({ informacionSincronizada: true, cantidadRegistrosGuardados: 2 });
    const detail = (await c.get(`/api/FevRips/${pending}/detail`)).body.data;
    expect(detail.notificaciones.map((n: { codigo: string }) => n.codigo)).toEqual(['FED131']);
    expect(detail.procesoId).toBeGreaterThan(0);
    expect((await c.post('/api/FevRips/sincronizar-formato', { formato: 'SIN800' })).body.data.cantidadRegistrosGuardados).toBe(0);
  });
});

describe('envio-masivo validation (seed 001 §5 "Bulk actions")', () => {
  it('answers 400 without a selection and the seed text when nothing has a valid status', async () => {
    const empty = await c.post('/api/FevRips/envio-masivo', { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No hay documentos seleccionados');
    const pendiente = await uploadPar1Copy(c, 'MAS900', { json: false });
    const none = await c.post('/api/FevRips/envio-masivo', { ids: [pendiente], formatos: ['APR200'] });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('No hay documentos con estado válido para envío (procesado, rechazado o error) en los formatos seleccionados');
  });
});
