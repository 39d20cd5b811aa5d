import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { PAR1_JSON, PAR1_XML, PROVIDER_CONFIG, fileForm, registerAndLogin, sample, startTestApp, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("the ministry's rejection", () => {
  it("is answered 'El Ministerio rechazó el documento: N errores', not as a send error", async () => {
    const { c } = await registerAndLogin(t.url, 'rechazo@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const rips = JSON.parse(sample(PAR1_JSON).toString('utf8').replace(/^\uFEFF/, '')) as { usuarios: Array<Record<string, unknown>> };
    rips.usuarios[0]!.tipoDocumentoIdentificacion = 'ZZ'; // not in TipoIDPISIS: RVG01, RECHAZADO
    const id = (await c.post('/api/FevRips/subir-archivo', fileForm('f.xml', sample(PAR1_XML)))).body.data.fevRipsId as number;
    expect((await c.post('/api/FevRips/subir-archivo', fileForm('r.json', JSON.stringify(rips), id))).status).toBe(200);
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.exitoso).toBe(false);
    expect(sent.body.data.totalErrores).toBeGreaterThan(0);
    expect(sent.body.data.mensaje).toBe(MSG_MINISTERIO.rechazoMinisterio(sent.body.data.totalErrores));
    expect(sent.body.data.mensaje).toMatch(/^El Ministerio rechazó el documento: \d+ (error|errores)$/);
  });
});
