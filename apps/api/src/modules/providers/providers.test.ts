import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { INVALID_TEST_CLAVE } from '@radica/muv-simulator/auth';
import { providerConfigs } from '../../db/schema.ts';
import { PROVIDER_CONFIG, registerAndLogin, startTestApp, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('provider configuration', () => {
  it('reads an empty configuration with the tercero, creates, encrypts and updates it', async () => {
    const { c, registration } = await registerAndLogin(t.url, 'prestador@example.co', '901019681');
    const empty = await c.get('/api/Auth/tercero-fevrips');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ configurado: false, codigoPrestador: null, tercero: { numeroIdentificacion: '901019681' } });
    // The settings show the municipality's name, not 'municipio 001' (11 + 001 in DIVIPOLA).
    expect(empty.body.data.tercero).toMatchObject({ codDepartamento: '11', codCiudad: '001', nombreCiudad: 'BOGOTÁ, D.C.' });

    const missing = await c.post('/api/Auth/crear-configuracion-fevrips', { ...PROVIDER_CONFIG, codigoPrestador: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MSG.codigoPrestadorRequired);
    const noPassword = await c.post('/api/Auth/crear-configuracion-fevrips', { ...PROVIDER_CONFIG, passwordValidator: '' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe(MSG.contrasenaValidadorRequired);

    const created = await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(MSG.configSaved);
    const again = await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    expect(again.status).toBe(409);

    const [row] = await t.app.deps.db.select().from(providerConfigs);
    expect(row!.passwordValidatorEnc).not.toContain(PROVIDER_CONFIG.passwordValidator);
    expect(row!.passwordValidatorEnc).toMatch(/^v1:/);
    expect(t.app.deps.cipher.decrypt(row!.passwordValidatorEnc)).toBe(PROVIDER_CONFIG.passwordValidator);

    const read = await c.get('/api/Auth/tercero-fevrips');
    expect(read.body.data).toMatchObject({ configurado: true, codigoPrestador: '110013120501', userValidator: '1010101010', passwordValidator: '', hasPasswordValidator: true, tipoClasePersona: 'J' });
    expect(JSON.stringify(read.body)).not.toContain(PROVIDER_CONFIG.passwordValidator);

    const updated = await c.put('/api/Auth/actualizar-configuracion-fevrips', { ...PROVIDER_CONFIG, passwordValidator: '', tipoClasePersona: 'natural', nombreRepresentanteLegal: 'Luis' });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(MSG.ministryConfigUpdated);
    const [after] = await t.app.deps.db.select().from(providerConfigs).where(eq(providerConfigs.tenantId, row!.tenantId));
    expect(after!.tipoClasePersona).toBe('N');
    expect(after!.nombreRepresentanteLegal).toBe('Luis');
    expect(t.app.deps.cipher.decrypt(after!.passwordValidatorEnc)).toBe(PROVIDER_CONFIG.passwordValidator);
    expect(registration.validator).toBeTruthy();
  });

  it('refuses an expiry date before the filing date, on create and on update', async () => {
    const { c } = await registerAndLogin(t.url, 'fechas@example.co', '901019681');
    const bad = { ...PROVIDER_CONFIG, fechaRadicacion: '2024-05-10', fechaVencimiento: '2024-05-09' };
    const created = await c.post('/api/Auth/crear-configuracion-fevrips', bad);
    expect([created.status, created.body.message]).toEqual([400, MSG_CUENTAS.fechaVencimientoAnterior]);
    expect((await c.post('/api/Auth/crear-configuracion-fevrips', { ...bad, fechaVencimiento: '2024-05-10' })).status).toBe(200);
    const updated = await c.put('/api/Auth/actualizar-configuracion-fevrips', { ...bad, passwordValidator: '' });
    expect(updated.status).toBe(400);
  });

  it('keeps each tenant to its own configuration', async () => {
    const a = await registerAndLogin(t.url, 'tenant-a@example.co', '901019681');
    const b = await registerAndLogin(t.url, 'tenant-b@example.co', '891856372');
    await a.c.post('/api/Auth/crear-configuracion-fevrips', { ...PROVIDER_CONFIG, codigoPrestador: '111111111101' });
    const readB = await b.c.get('/api/Auth/tercero-fevrips');
    expect(readB.body.data.configurado).toBe(false);
    expect(readB.body.data.tercero.numeroIdentificacion).toBe('891856372');
  });
});

describe('POST /api/Auth/probar-conexion-fevrips', () => {
  it('says whether the ministry accepted the saved credentials, and keeps the password out of every answer', async () => {
    const { c } = await registerAndLogin(t.url, 'probar@example.co', '901019681');
    // No configuration yet: 412 with the seed's text.
    const none = await c.post('/api/Auth/probar-conexion-fevrips');
    expect([none.status, none.body.message]).toEqual([412, MSG.configNotFound]);

    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const ok = await c.post('/api/Auth/probar-conexion-fevrips');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ conectado: true, mensaje: MSG_CUENTAS.probarConexionOk });

    // The simulator refuses this password, as the ministry refuses a wrong one.
    await c.put('/api/Auth/actualizar-configuracion-fevrips', { ...PROVIDER_CONFIG, passwordValidator: INVALID_TEST_CLAVE });
    const rejected = await c.post('/api/Auth/probar-conexion-fevrips');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toEqual({ conectado: false, mensaje: MSG_CUENTAS.probarConexionRechazada });
    expect(JSON.stringify([ok.body, rejected.body])).not.toContain(INVALID_TEST_CLAVE);
    expect(JSON.stringify([ok.body, rejected.body])).not.toContain(PROVIDER_CONFIG.passwordValidator);

    // The local API's own login failure («…error en el proceso de login», a refused connection) is no refusal of the
    // credentials: the ministry could not answer (docs/decisions/047).
    await c.put('/api/Auth/actualizar-configuracion-fevrips', PROVIDER_CONFIG);
    await fetch(`${t.url}/_sim/muv/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'login-error', count: 3 }) });
    const down = await c.post('/api/Auth/probar-conexion-fevrips');
    await fetch(`${t.url}/_sim/muv/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'login-error', count: 0 }) });
    expect(down.body.data).toEqual({ conectado: false, mensaje: MSG_CUENTAS.probarConexionNoDisponible });
  });

  it('tests the credentials typed in the form before saving, and never stores them', async () => {
    const { c } = await registerAndLogin(t.url, 'probar-tecleado@example.co', '901019681');
    // Nothing saved: the typed pair is tested; half a pair says what is missing.
    const typed = await c.post('/api/Auth/probar-conexion-fevrips', { userValidator: '1010101010', passwordValidator: 'clave-tecleada' });
    expect([typed.status, typed.body.data]).toEqual([200, { conectado: true, mensaje: MSG_CUENTAS.probarConexionOk }]);
    const half = await c.post('/api/Auth/probar-conexion-fevrips', { userValidator: '1010101010' });
    expect([half.status, half.body.message]).toEqual([412, MSG_CUENTAS.probarConexionFaltanDatos]);
    expect((await c.get('/api/Auth/tercero-fevrips')).body.data.configurado).toBe(false);

    // Saved credentials that work; a typed wrong password is refused without replacing them.
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const [before] = await t.app.deps.db.select().from(providerConfigs);
    const wrong = await c.post('/api/Auth/probar-conexion-fevrips', { passwordValidator: INVALID_TEST_CLAVE });
    expect(wrong.body.data).toEqual({ conectado: false, mensaje: MSG_CUENTAS.probarConexionRechazada });
    expect(JSON.stringify(wrong.body)).not.toContain(INVALID_TEST_CLAVE);
    // An empty typed password is the saved one (as in the edit form); only the user typed: tested with the saved password.
    const emptyPassword = await c.post('/api/Auth/probar-conexion-fevrips', { userValidator: '2020202020', passwordValidator: '' });
    expect(emptyPassword.body.data.conectado).toBe(true);
    const saved = await c.post('/api/Auth/probar-conexion-fevrips');
    expect(saved.body.data).toEqual({ conectado: true, mensaje: MSG_CUENTAS.probarConexionOk });
    const [after] = await t.app.deps.db.select().from(providerConfigs).where(eq(providerConfigs.id, before!.id));
    expect(after).toEqual(before);
  });

  it('refuses malformed or oversized typed credentials with 400 in Spanish, never 500', async () => {
    const { c } = await registerAndLogin(t.url, 'probar-malo@example.co', '901019681');
    for (const body of [
      { userValidator: { $ne: 1 } },
      { passwordValidator: 'x'.repeat(201) },
      { userValidator: 'u'.repeat(101), passwordValidator: 'x' },
      { userValidator: '1010101010', passwordValidator: 'x', codigoPrestador: '1' },
      [1, 2],
    ]) {
      const res = await c.post('/api/Auth/probar-conexion-fevrips', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/[a-záéíóúñ]/i);
    }
  });

  it('refuses callers without a session or with a forged token', async () => {
    const anonymous = await fetch(`${t.url}/api/Auth/probar-conexion-fevrips`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${t.url}/api/Auth/probar-conexion-fevrips`, {
      method: 'POST',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged' },
    });
    expect(forged.status).toBe(401);
    const typedAnonymous = await fetch(`${t.url}/api/Auth/probar-conexion-fevrips`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userValidator: '1010101010', passwordValidator: 'clave' }),
    });
    expect(typedAnonymous.status).toBe(401);
  });

  it('says the ministry could not be reached when it does not answer, and limits tests per tenant', async () => {
    const down = await startTestApp({ muvBaseUrl: 'http://127.0.0.1:9', muvSimulator: false, muvRetries: 0, rateLimitScale: 1 });
    try {
      const { c } = await registerAndLogin(down.url, 'caido@example.co', '901019681');
      await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
      const first = await c.post('/api/Auth/probar-conexion-fevrips');
      expect(first.body.data).toEqual({ conectado: false, mensaje: MSG_CUENTAS.probarConexionNoDisponible });
      const statuses: number[] = [];
      // Typed credentials count against the same limit: no way around it by typing.
      for (let i = 0; i < 6; i++)
        statuses.push((await c.post('/api/Auth/probar-conexion-fevrips', i % 2 ? { passwordValidator: `otra-${i}` } : undefined)).status);
      expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(statuses[5]).toBe(429);
    } finally {
      await down.close();
    }
  });
});
