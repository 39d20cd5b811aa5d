import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import SftpClient from 'ssh2-sftp-client';
import { PROVIDER_CONFIG, client, freePort, par1Copy, registerAndLogin, startSimulator, waitFor } from '../../../test/helpers.ts';
import { serverProcess } from '../../../test/compiled.ts';

/**
 * Files put into entrada/ over SFTP and mails answered 250 by
 * the inbound SMTP server are stored with their job before the client hears success; the process is killed (SIGKILL)
 * while they still wait, started again, and every one is filed, sent once and answered. The embedded database on disk,
 * as `npm start` runs it (the multi-process suite does the same across processes on PostgreSQL).
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('channel work accepted before a kill -9 is filed after the restart', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let child: ChildProcess | null = null;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await sim?.app.close();
  });

  it('SFTP files in entrada/ and accepted mails: SIGKILL, restart, each filed, sent once and answered', async () => {
    sim = await startSimulator(400);
    const [sftpPort, smtpPort] = [await freePort(), await freePort()];
    const proc = await serverProcess({
      MUV_BASE_URL: sim.url,
      MUV_SIMULATOR: 'false',
      SFTP_ENABLED: 'true',
      SFTP_PORT: String(sftpPort),
      SFTP_PAIR_WAIT_S: '600',
      INBOUND_SMTP_ENABLED: 'true',
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_MAIL_DOMAIN: 'radica.test',
    });
    child = await proc.start();
    const { c } = await registerAndLogin(proc.url, 'caos-canales@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    expect((await c.put('/api/canales/sftp', { usuario: 'caos-sftp', password: 'clave-sftp-muy-segura', clavesPublicas: [], envioAutomatico: true, activo: true })).status).toBe(200);
    await c.put('/api/canales/correo', { remitentes: ['facturas@clinica.co'], envioAutomatico: true, activo: true });
    const address = (await c.get('/api/canales/correo')).body.data.direccion as string;
    const huella = (await c.get('/api/canales/sftp')).body.data.huellaServidor as string;

    // Three pairs over SFTP and two over e-mail; each upload / message answered success before the kill.
    const sftp = new SftpClient('caos', { error: () => {}, end: () => {}, close: () => {} });
    await sftp.connect({ host: '127.0.0.1', port: sftpPort, username: 'caos-sftp', password: 'clave-sftp-muy-segura', readyTimeout: 10_000, retries: 0 });
    const sftpFormatos = Array.from({ length: 3 }, (_, i) => `KSF${100 + i}`);
    for (const f of sftpFormatos) {
      const p = par1Copy(f);
      await sftp.put(p.xml, `/entrada/${f}.xml`);
      await sftp.put(p.json, `/entrada/${f}.json`);
    }
    const mailFormatos = Array.from({ length: 2 }, (_, i) => `KML${100 + i}`);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    for (const f of mailFormatos) {
      const p = par1Copy(f);
      const info = await transport.sendMail({
        from: 'facturas@clinica.co',
        to: address,
        subject: f,
        text: 'Factura y RIPS',
        attachments: [
          { filename: `${f}.xml`, content: p.xml },
          { filename: `${f}.json`, content: p.json },
        ],
      });
      expect(info.accepted).toEqual([address]);
    }
    const waiting = (await sftp.list('/entrada')).length;
    await sftp.end().catch(() => undefined);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    const mid = await sim.stats();
    // Work was still waiting when the process died.
    expect(waiting + (5 - mid.aceptados)).toBeGreaterThan(0);
    expect(mid.aceptados).toBeLessThan(5);

    child = await proc.start();
    const again = client(proc.url);
    const login = await again.post('/api/Auth/login', { email: 'caos-canales@example.co', password: 'Clave-Segura-2026', rememberMe: false });
    again.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
    const todos = [...sftpFormatos, ...mailFormatos];
    await waitFor(
      'every accepted package approved',
      async () => {
        const rows = (await again.post('/api/FevRips/search', { pageIndex: 1, pageSize: 50, estado: '', formato: 'K' })).body.data.results.data as Array<{ formato: string; estado: string }>;
        return todos.every((f) => rows.some((r) => r.formato === f && r.estado === 'APROBADO'));
      },
      150_000,
    );
    const end = await sim.stats();
    expect(end.aceptados).toBe(5);
    expect(end.cargas - end.aceptados).toBe(end.rechazados);
    // SFTP: the same host key after the restart; entrada/ empty; one CUV answer per pair.
    const after = new SftpClient('caos2', { error: () => {}, end: () => {}, close: () => {} });
    await after.connect({ host: '127.0.0.1', port: sftpPort, username: 'caos-sftp', password: 'clave-sftp-muy-segura', readyTimeout: 10_000, retries: 0 });
    try {
      expect((await again.get('/api/canales/sftp')).body.data.huellaServidor).toBe(huella);
      await waitFor('entrada/ empty and every answer written', async () => {
        const results = (await after.list('/resultados')).map((f) => f.name);
        return (await after.list('/entrada')).length === 0 && sftpFormatos.every((f) => results.filter((n) => n.startsWith(`ResultadosMSPS_${f}_`) && n.endsWith('_A_CUV.json')).length === 1);
      }, 30_000);
    } finally {
      await after.end().catch(() => undefined);
    }
    // E-mail: one PROCESADO log row per message.
    await waitFor('two mails filed', async () => {
      const log = (await again.get('/api/canales/correo/entrantes?tamanoPagina=50')).body.data.items as Array<{ estado: string; asunto: string }>;
      return mailFormatos.every((f) => log.filter((r) => r.asunto === f && r.estado === 'PROCESADO').length === 1);
    }, 30_000);
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = null;
  }, 300_000);
});
