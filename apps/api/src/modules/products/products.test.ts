import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { OPERATOR_HEADER, operatorSecretPath } from '../../plugins/operator.ts';
import { PAR1_XML, client, fileForm, grantModules, registerAndLogin, sample, startTestApp, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/Auth/productos-comprados and the ministerio module guard', () => {
  it('answers all flags false and an empty list for a tenant without purchases, and 401 without a session', async () => {
    const { c } = await registerAndLogin(t.url, 'sinmodulos@example.co', '901019681', undefined, []);
    const res = await c.get('/api/Auth/productos-comprados');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { ministerio: false, facturacion: false, marketing: false, automatizaciones: false, productosDetalle: [] },
    });
    expect((await client(t.url).get('/api/Auth/productos-comprados')).status).toBe(401);
  });

  it('answers 403 with the seed text on every ministry call without the ministerio product', async () => {
    const { c } = await registerAndLogin(t.url, 'sinministerio@example.co', '901019681', undefined, ['marketing']);
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/FevRips/search', { pageIndex: 1, pageSize: 15 }],
      ['GET', '/api/FevRips/1/detail'],
      ['POST', '/api/FevRips/1/enviar'],
      ['POST', '/api/FevRips/1/anular'],
      ['POST', '/api/FevRips/1/reactivar'],
      ['POST', '/api/FevRips/1/eliminar-archivo', { tipoArchivo: 'xml' }],
      ['POST', '/api/fevrips/verificar-formato', { formato: 'A01E5687' }],
      ['POST', '/api/fevrips/informe-listado', { formatos: ['A01E5687'] }],
      ['POST', '/api/FevRips/respuesta-listado', { formatos: ['A01E5687'] }],
      ['POST', '/api/FevRips/formatos-pagina', { tamañoPagina: 15 }],
      ['POST', '/api/FevRips/sincronizar-formato', { formato: 'A01E5687' }],
      ['POST', '/api/FevRips/envio-masivo', { ids: [1] }],
    ];
    for (const [method, path, body] of calls) {
      const res = await c.call(method, path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe('No tiene permisos para realizar esta acción');
    }
    const upload = await c.post('/api/FevRips/subir-archivo', fileForm('f.xml', sample(PAR1_XML)));
    expect(upload.status).toBe(403);
  });

  it('records a manual purchase through the operator endpoint; the flags and productosDetalle follow', async () => {
    const { c } = await registerAndLogin(t.url, 'compra@example.co', '901019681', undefined, []);
    const granted = await grantModules(t.url, 'Compra@Example.co', ['ministerio', 'facturacion']);
    expect(granted).toMatchObject({ email: 'compra@example.co', modulos: ['ministerio', 'facturacion'] });
    const res = await c.get('/api/Auth/productos-comprados');
    expect(res.body.data).toMatchObject({ ministerio: true, facturacion: true, marketing: false, automatizaciones: false });
    expect(res.body.data.productosDetalle).toHaveLength(2);
    expect(res.body.data.productosDetalle[0]).toMatchObject({
      productoId: 1,
      titulo: 'Ministerio de Salud',
      estado: 'APROBADO',
      montoPagado: 0,
      activo: true,
      numeroVenta: granted.numeroVenta,
    });
    expect(typeof res.body.data.productosDetalle[0].fechaCompra).toBe('string');
    expect((await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 })).status).toBe(200);
    // Granting again does not record a second purchase.
    await grantModules(t.url, 'compra@example.co', ['ministerio']);
    expect((await c.get('/api/Auth/productos-comprados')).body.data.productosDetalle).toHaveLength(2);
  });

  it('refuses the operator endpoint without the secret or with a wrong one, unknown users and modules', async () => {
    const anon = client(t.url);
    const body = { email: 'compra@example.co', modulos: ['marketing'] };
    const none = await anon.post('/api/admin/grant', body);
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(MSG_MINISTERIO.operadorNoAutorizado);
    const wrong = await anon.post('/api/admin/grant', body, { [OPERATOR_HEADER]: 'x'.repeat(44) });
    expect(wrong.status).toBe(401);
    // A logged-in user's session is not an operator credential.
    const { c } = await registerAndLogin(t.url, 'intruso@example.co', '901019681');
    expect((await c.post('/api/admin/grant', body)).status).toBe(401);
    await expect(grantModules(t.url, 'nadie@example.co', ['ministerio'])).rejects.toThrow(/404/);
    await expect(grantModules(t.url, 'compra@example.co', ['nomina'])).rejects.toThrow(/400/);
  });

  it('keeps the operator secret in DATA_DIR with mode 0600', () => {
    const mode = statSync(operatorSecretPath(t.config.dataDir)).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});
