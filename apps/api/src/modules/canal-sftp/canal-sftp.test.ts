import { strToU8, zipSync } from 'fflate';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ssh2, { type SFTPWrapper } from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import { alertaEnvios, clavesServidor, loginFailures, sftpArchivos, sftpUsuarios } from '../../db/schema.ts';
import { PAR1_JSON, PAR1_XML, PROVIDER_CONFIG, outbox, par1Copy, registerAndLogin, sample, startTestApp, waitFor, type TTestApp } from '../../../test/helpers.ts';
import { cargarHostKey, generarClaveEd25519, huellaSsh } from './service.ts';

/**
 * The channel's size limit in these tests: 3 MB instead of the product's 10 MB (MAX_UPLOAD_BYTES), so the over-size
 * test does not depend on the cipher's speed (ssh2 without its native binding encrypts 10 MB in about 30 s).
 */
const SFTP_MAX_BYTES = 3 * 1_048_576;

/**
 * over the real protocol: settings through the API (session only), an SFTP client
 * (ssh2-sftp-client) that logs in with a password or a key, puts a real XML+JSON pair into entrada/ and reads the
 * ministry's answer back from resultados/; what an attacker tries (other tenants' trees through '..', absolute paths,
 * links; writing outside entrada/; guessing passwords; dropping mid-upload; oversized files; API keys; names taken).
 */
let t: TTestApp;
const PASSWORD = 'sftp-clave-muy-segura';
/** The longest slow-down of an SFTP login in these tests (ms; the product's default is 3 s). */
const SFTP_DELAY_MAX_MS = 300;
beforeAll(async () => {
  t = await startTestApp({
    sftp: { enabled: true, host: '127.0.0.1', port: 0, publicHost: null, pairWaitS: 2, maxFileBytes: SFTP_MAX_BYTES },
    loginLockoutMaxFailures: 3,
    loginLockoutAccountMaxFailures: 6,
    sftpLoginDelayMaxMs: SFTP_DELAY_MAX_MS,
  });
});
afterAll(async () => t?.close());

type TSession = Awaited<ReturnType<typeof registerAndLogin>>;

/** The SFTP port, once the server listens (it starts when the API does). */
async function sftpPort(s: TSession): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const r = await s.c.get('/api/canales/sftp');
    if (r.body.data?.port > 0) return r.body.data.port as number;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('the SFTP server did not start');
}

/** A tenant with its provider configuration and an SFTP user. */
async function tenant(email: string, usuario: string, opts: { nit?: string; envioAutomatico?: boolean; clavesPublicas?: string[] } = {}) {
  const s = await registerAndLogin(t.url, email, opts.nit ?? '901019681');
  expect((await s.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG)).status).toBe(200);
  const put = await s.c.put('/api/canales/sftp', {
    usuario,
    password: PASSWORD,
    clavesPublicas: opts.clavesPublicas ?? [],
    envioAutomatico: opts.envioAutomatico ?? true,
    activo: true,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { ...s, usuario, port: await sftpPort(s) };
}

async function connect(port: number, username: string, auth: { password?: string; privateKey?: string }, huella?: string, localAddress?: string) {
  // No-op global callbacks: the library's defaults print every end/close event to the test output.
  const sftp = new SftpClient('prueba', { error: () => {}, end: () => {}, close: () => {} });
  await sftp.connect({
    host: '127.0.0.1',
    port,
    username,
    ...auth,
    readyTimeout: 10_000,
    retries: 0,
    ...(localAddress ? { localAddress } : {}),
    ...(huella ? { hostVerifier: (key: Buffer) => huellaSsh(key) === huella } : {}),
  });
  return sftp;
}

/** Waits for a file of resultados/ whose name matches `re`; returns its name and parsed JSON. */
async function waitResult(sftp: SftpClient, re: RegExp, timeoutMs = 30_000): Promise<{ name: string; json: Record<string, unknown> }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const hit = (await sftp.list('/resultados')).find((f) => re.test(f.name));
    if (hit) return { name: hit.name, json: JSON.parse(((await sftp.get(`/resultados/${hit.name}`)) as Buffer).toString('utf8')) };
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`no result matching ${re} in resultados/: ${(await sftp.list('/resultados')).map((f) => f.name).join(', ')}`);
}

/** The ssh2 objects under the client (its typings do not show them). */
const raw = (c: SftpClient) => c as unknown as { sftp: SFTPWrapper; client: { _sock: { destroy: () => void } } };

const names = async (sftp: SftpClient, dir: string) => (await sftp.list(dir)).map((f) => f.name).sort();

describe('SFTP channel: filing', () => {
  it('a real pair put into entrada/ is filed as channel sftp, sent, and its CUV answer is read from resultados/', async () => {
    const a = await tenant('sftp-a@example.co', 'prestador-a');
    const settings = (await a.c.get('/api/canales/sftp')).body.data;
    expect(settings).toMatchObject({ configurado: true, usuario: 'prestador-a', host: '127.0.0.1', habilitado: true, tienePassword: true, envioAutomatico: true });
    expect(settings.huellaServidor).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(JSON.stringify(settings)).not.toContain('argon2');

    // The host key the client sees is the one settings show.
    const sftp = await connect(a.port, 'prestador-a', { password: PASSWORD }, settings.huellaServidor);
    try {
      expect(await names(sftp, '/')).toEqual(['entrada', 'procesados', 'resultados']);
      await sftp.put(sample(PAR1_XML), `/entrada/${PAR1_XML}`);
      await sftp.put(sample(PAR1_JSON), `entrada/${PAR1_JSON}`);
      const { name, json } = await waitResult(sftp, /_A_CUV\.json$/);
      expect(name).toMatch(/^ResultadosMSPS_A01E5687_ID\d+_A_CUV\.json$/);
      expect(json).toMatchObject({ ResultState: true, NumFactura: 'A01E5687' });
      expect(json.CodigoUnicoValidacion).toMatch(/^[0-9a-f]{96}$/);
      expect(name).toBe(`ResultadosMSPS_A01E5687_ID${json.ProcesoId}_A_CUV.json`);
      expect(Array.isArray(json.ResultadosValidacion)).toBe(true);
      expect(await names(sftp, '/procesados')).toEqual([PAR1_JSON, PAR1_XML].sort());
      expect(await names(sftp, '/entrada')).toEqual([]);

      // Sent again: already radicated, with its invoice number and CUV, named as the ministry names results.
      await sftp.put(sample(PAR1_XML), '/entrada/otra-vez.xml');
      const ya = await waitResult(sftp, /_YA_RADICADO\.json$/);
      expect(ya.name).toBe(`ResultadosMSPS_A01E5687_ID${json.ProcesoId}_YA_RADICADO.json`);
      expect(ya.json).toMatchObject({ ResultState: true, NumFactura: 'A01E5687', CodigoUnicoValidacion: json.CodigoUnicoValidacion, ProcesoId: json.ProcesoId });
      expect((ya.json.Radica as { mensaje: string }).mensaje).toBe(MSG_INTEGRACIONES.yaRadicado('A01E5687', 'Aprobado', json.CodigoUnicoValidacion as string));
      expect((await names(sftp, '/resultados')).filter((n) => n.includes('HALLAZGOS'))).toEqual([]);
    } finally {
      await sftp.end();
    }
    const list = await a.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    const row = list.body.data.results.data.find((d: { formato: string }) => d.formato === 'A01E5687');
    expect(row).toMatchObject({ canal: 'sftp', estado: 'APROBADO' });
  });

  it('without automatic sending the package is filed and reported RADICADO; a refused file gets a Spanish findings file', async () => {
    const b = await tenant('sftp-b@example.co', 'prestador-b', { envioAutomatico: false });
    const sftp = await connect(b.port, 'prestador-b', { password: PASSWORD });
    try {
      const pair = par1Copy('SF2001');
      await sftp.put(pair.xml, '/entrada/SF2001.xml');
      await sftp.put(pair.json, '/entrada/SF2001.json');
      const radicado = await waitResult(sftp, /^ResultadosMSPS_SF2001_NA_RADICADO\.json$/);
      expect(radicado.json).toMatchObject({ ResultState: false, NumFactura: 'SF2001', CodigoUnicoValidacion: null });
      expect((radicado.json.Radica as { mensaje: string }).mensaje).toBe(MSG_SFTP.radicadoSinEnvio);

      await sftp.put(Buffer.from('<a><b></a>'), '/entrada/dañado.xml');
      const roto = await waitResult(sftp, /^ResultadosMSPS_da_ado_NA_HALLAZGOS\.json$/);
      const [hallazgo] = roto.json.ResultadosValidacion as { Codigo: string; Descripcion: string }[];
      expect(hallazgo!.Codigo).toMatch(/^XML_/);
      expect(hallazgo!.Descripcion).toMatch(/[áéíóúñ]|XML/);
      expect(await names(sftp, '/procesados')).toContain('dañado.xml');
    } finally {
      await sftp.end();
    }
    // The other tenant's invoice (another NIT) is refused with the identity message.
    const c = await tenant('sftp-c@example.co', 'prestador-c', { nit: '891856372' });
    const other = await connect(c.port, 'prestador-c', { password: PASSWORD });
    try {
      await other.put(par1Copy('SF2002').xml, '/entrada/SF2002.xml');
      const r = await waitResult(other, /^ResultadosMSPS_SF2002_NA_HALLAZGOS\.json$/);
      expect((r.json.ResultadosValidacion as { Codigo: string }[])[0]!.Codigo).toBe('IDENTITY_MISMATCH');
    } finally {
      await other.end();
    }
  });

  it('a ZIP holding the pair is filed like the two files (the e-mail channel\'s checks, in the worker pool); a ZIP with a path escape is refused whole', async () => {
    const z = await tenant('sftp-zip@example.co', 'prestador-zip');
    const sftp = await connect(z.port, 'prestador-zip', { password: PASSWORD });
    try {
      const pair = par1Copy('SFZ001');
      const zipsBefore = t.app.deps.analysis.porTarea().leerZip;
      await sftp.put(Buffer.from(zipSync({ 'lote/SFZ001.xml': pair.xml, 'lote/SFZ001.json': pair.json, 'lote/leeme.txt': strToU8('hola') })), '/entrada/lote.zip');
      const { json } = await waitResult(sftp, /^ResultadosMSPS_SFZ001_ID\d+_A_CUV\.json$/, 12_000);
      // Inflated in the worker pool, off the event loop.
      expect(t.app.deps.analysis.porTarea().leerZip - zipsBefore).toBe(1);
      expect(json.CodigoUnicoValidacion).toMatch(/^[0-9a-f]{96}$/);
      expect(await names(sftp, '/procesados')).toContain('lote.zip');
      const ignorado = await waitResult(sftp, /leeme.*_NA_HALLAZGOS\.json$/);
      expect((ignorado.json.ResultadosValidacion as { Codigo: string }[])[0]!.Codigo).toBe('IGNORADO');

      await sftp.put(Buffer.from(zipSync({ '../../fuera.xml': pair.xml })), '/entrada/malo.zip');
      const malo = await waitResult(sftp, /^ResultadosMSPS_malo_NA_HALLAZGOS\.json$/);
      expect((malo.json.ResultadosValidacion as { Codigo: string; Descripcion: string }[])[0]).toMatchObject({ Codigo: 'ZIP', Descripcion: MSG_CORREO.archivoZipRuta });
    } finally {
      await sftp.end();
    }
    const list = await z.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    expect(list.body.data.results.data.map((d: { formato: string; canal: string }) => `${d.formato}:${d.canal}`)).toEqual(['SFZ001:sftp']);
  });

  it('half a package waits, then is reported INCOMPLETO after SFTP_PAIR_WAIT_S', async () => {
    const d = await tenant('sftp-d@example.co', 'prestador-d');
    const sftp = await connect(d.port, 'prestador-d', { password: PASSWORD });
    try {
      await sftp.put(par1Copy('SF3001').xml, '/entrada/SF3001.xml');
      const t0 = Date.now();
      const r = await waitResult(sftp, /^ResultadosMSPS_SF3001_NA_INCOMPLETO\.json$/, 15_000);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1_000);
      expect((r.json.Radica as { mensaje: string }).mensaje).toBe(MSG_SFTP.incompleto(MSG_SFTP.faltaJson, '2 s'));
      expect(r.json).toMatchObject({ NumFactura: 'SF3001', ResultState: false });
      // Only one report, and the XML was filed (it waits in the document list).
      await new Promise((res) => setTimeout(res, 2_500));
      expect((await names(sftp, '/resultados')).filter((n) => n.includes('SF3001'))).toHaveLength(1);
    } finally {
      await sftp.end();
    }
    const list = await d.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    expect(list.body.data.results.data.find((x: { formato: string }) => x.formato === 'SF3001')).toMatchObject({ canal: 'sftp', estado: 'PENDIENTE_RIPS' });
  });
});

describe('SFTP keys', () => {
  it('every generated ed25519 pair reads back, where ssh2 alone drops a leading zero byte about once in 256', () => {
    const pairs = Array.from({ length: 1500 }, () => generarClaveEd25519());
    const unreadable = pairs.filter((p) => ssh2.utils.parseKey(p.private) instanceof Error || ssh2.utils.parseKey(p.public) instanceof Error);
    expect(unreadable).toEqual([]);
    expect(new Set(pairs.map((p) => p.public)).size).toBe(1500);
  });

  it('an install whose stored host key is unreadable gets a readable one, not an SFTP channel that never starts', async () => {
    const t = await startTestApp();
    try {
      const d = t.app.deps;
      const malformed = d.cipher.encrypt('-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n');
      await d.db.delete(clavesServidor);
      await d.db.insert(clavesServidor).values({ nombre: 'sftp_host_ed25519', valorCifrado: malformed });
      const { privada, huella } = await cargarHostKey(d);
      expect(ssh2.utils.parseKey(privada)).not.toBeInstanceOf(Error);
      expect(huella).toMatch(/^SHA256:/);
      const [row] = await d.db.select().from(clavesServidor);
      expect(row!.valorCifrado).not.toBe(malformed);
      expect(d.cipher.decrypt(row!.valorCifrado)).toBe(privada);
    } finally {
      await t.close();
    }
  });
});

describe('SFTP channel: authentication', () => {
  it('logs in with a registered public key; an unknown key, a wrong password and an unknown user are refused', async () => {
    const mine = generarClaveEd25519('his@prestador');
    const stranger = generarClaveEd25519();
    const e = await tenant('sftp-e@example.co', 'prestador-e', { clavesPublicas: [mine.public] });
    const listed = (await e.c.get('/api/canales/sftp')).body.data.clavesPublicas;
    expect(listed).toEqual([expect.objectContaining({ tipo: 'ssh-ed25519', comentario: 'his@prestador', huella: expect.stringMatching(/^SHA256:/) })]);

    const sftp = await connect(e.port, 'prestador-e', { privateKey: mine.private });
    expect(await names(sftp, '/')).toEqual(['entrada', 'procesados', 'resultados']);
    await sftp.end();
    await expect(connect(e.port, 'prestador-e', { privateKey: stranger.private })).rejects.toThrow(/authentication/i);
    await expect(connect(e.port, 'prestador-e', { password: 'no-es-la-clave-1' })).rejects.toThrow(/authentication/i);
    await expect(connect(e.port, 'nadie-aqui', { password: PASSWORD })).rejects.toThrow(/authentication/i);
    // An inactive channel lets nobody in.
    await e.c.put('/api/canales/sftp', { usuario: 'prestador-e', clavesPublicas: [mine.public], envioAutomatico: true, activo: false });
    await expect(connect(e.port, 'prestador-e', { password: PASSWORD })).rejects.toThrow(/authentication/i);
  });

  it('after LOGIN_LOCKOUT_MAX_FAILURES wrong passwords from one client, even the right one is refused', async () => {
    const f = await tenant('sftp-f@example.co', 'prestador-f');
    for (let i = 0; i < 3; i++) await expect(connect(f.port, 'prestador-f', { password: `equivocada-${i}-xx` })).rejects.toThrow(/authentication/i);
    await expect(connect(f.port, 'prestador-f', { password: PASSWORD })).rejects.toThrow(/authentication/i);
  });

  it('150 wrong passwords from other addresses ban each address and slow the account down, never lock it: the right one from a new address gets in, and the tenant is alerted once', async () => {
    const n = await tenant('sftp-n@example.co', 'prestador-n');
    // 50 addresses × 3 wrong passwords (LOGIN_LOCKOUT_MAX_FAILURES), 25 addresses at a time.
    const guessers = Array.from({ length: 50 }, (_, i) => `127.0.1.${i + 1}`);
    for (let g = 0; g < guessers.length; g += 25)
      await Promise.all(
        guessers.slice(g, g + 25).map(async (ip) => {
          for (let i = 0; i < 3; i++) await expect(connect(n.port, 'prestador-n', { password: `adivina-${ip}-${i}` }, undefined, ip)).rejects.toThrow(/authentication/i);
        }),
      );
    const rows = await t.app.deps.db.select().from(loginFailures).where(eq(loginFailures.email, 'sftp:prestador-n'));
    expect(rows).toHaveLength(150);
    expect(new Set(rows.map((r) => r.clientKey)).size).toBe(50);
    // A guessing address is banned for the account, even with the right password.
    await expect(connect(n.port, 'prestador-n', { password: PASSWORD }, undefined, guessers[0])).rejects.toThrow(/authentication/i);
    // The owner, from an address that never failed: in, after the account's slow-down (at its longest now).
    const started = performance.now();
    const ok = await connect(n.port, 'prestador-n', { password: PASSWORD }, undefined, '127.0.2.1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(SFTP_DELAY_MAX_MS - 20);
    expect(await names(ok, '/')).toEqual(['entrada', 'procesados', 'resultados']);
    await ok.end();
    // The tenant heard of it: one security alert per window to its administrator, by e-mail, with the counts.
    const [cuenta] = await t.app.deps.db.select().from(sftpUsuarios).where(eq(sftpUsuarios.usuario, 'prestador-n'));
    const alertas = await t.app.deps.db
      .select()
      .from(alertaEnvios)
      .where(and(eq(alertaEnvios.tipo, 'seguridad'), eq(alertaEnvios.tenantId, cuenta!.tenantId)));
    expect(alertas.map((a) => [a.canal, a.destino])).toEqual([['correo', 'sftp-n@example.co']]);
    const mail = await waitFor('security alert mailed', async () => (await outbox(t.url, 'sftp-n@example.co')).find((m) => m.subject === MSG_AVISOS.sftpFallasAsunto('prestador-n')), 30_000);
    // Sent as soon as the failures reached LOGIN_LOCKOUT_ACCOUNT_MAX_FAILURES (6 here), with the counts of that moment.
    const [, fallas, direcciones] = /recibió (\d+) contraseñas .* desde (\d+) direcciones/.exec(mail.text) ?? [];
    expect(Number(fallas)).toBeGreaterThanOrEqual(6);
    expect(mail.text).toContain(MSG_AVISOS.sftpFallasResumen('prestador-n', Number(fallas), Number(direcciones), 15));
    expect(mail.text).toContain(MSG_AVISOS.sftpFallasQueHacer);
    // Another account is not slowed down.
    const o = await tenant('sftp-o@example.co', 'prestador-o');
    const quick = performance.now();
    const other = await connect(o.port, 'prestador-o', { password: PASSWORD }, undefined, '127.0.2.1');
    expect(performance.now() - quick).toBeLessThan(SFTP_DELAY_MAX_MS * 10);
    await other.end();
  }, 120_000);
});

describe('SFTP channel: confinement', () => {
  it("tenant A cannot read, list or write tenant B's tree through '..', absolute paths or links, nor write outside entrada/", async () => {
    const a = await tenant('sftp-g@example.co', 'prestador-g', { envioAutomatico: false });
    const b = await tenant('sftp-h@example.co', 'prestador-h', { envioAutomatico: false });
    const sb = await connect(b.port, 'prestador-h', { password: PASSWORD });
    const sa = await connect(a.port, 'prestador-g', { password: PASSWORD });
    try {
      await sb.put(Buffer.from('<a><b></a>'), '/entrada/secreto.xml');
      const secreto = await waitResult(sb, /^ResultadosMSPS_secreto_NA_HALLAZGOS\.json$/);
      const [rowB] = await t.app.deps.db.select().from(sftpUsuarios).where(eq(sftpUsuarios.usuario, 'prestador-h'));
      const [rowA] = await t.app.deps.db.select().from(sftpUsuarios).where(eq(sftpUsuarios.usuario, 'prestador-g'));
      // The trees live in the database: a path that looks like a disk path is just a name.
      const treeB = join(t.config.dataDir, 'sftp', 'tenants', String(rowB!.tenantId));

      for (const p of [
        `../${rowB!.tenantId}/resultados/${secreto.name}`,
        `/../${rowB!.tenantId}/resultados/${secreto.name}`,
        `/resultados/../../${rowB!.tenantId}/resultados/${secreto.name}`,
        `/resultados/../../../tenants/${rowB!.tenantId}/resultados/${secreto.name}`,
        `${treeB}/resultados/${secreto.name}`,
        '/etc/passwd',
        `/resultados/..\\..\\${rowB!.tenantId}\\resultados\\${secreto.name}`,
      ])
        await expect(sa.get(p), p).rejects.toThrow();
      await expect(sa.list('..')).rejects.toThrow();
      await expect(sa.list(`/../${rowB!.tenantId}`)).rejects.toThrow();
      expect(await names(sa, '/resultados')).toEqual([]);

      // Links cannot be created through SFTP.
      await expect(new Promise((res, rej) => raw(sa).sftp.symlink(`${treeB}/resultados`, '/entrada/b', (err: unknown) => (err ? rej(err) : res(null))))).rejects.toThrow();

      // Writing outside entrada/ is refused, as are folders and cross-folder moves.
      await expect(sa.put(Buffer.from('{}'), '/resultados/ResultadosMSPS_X_ID1_A_CUV.json')).rejects.toThrow();
      await expect(sa.put(Buffer.from('{}'), '/procesados/x.json')).rejects.toThrow();
      await expect(sa.put(Buffer.from('{}'), '/x.json')).rejects.toThrow();
      await expect(sa.put(Buffer.from('{}'), `../${rowB!.tenantId}/entrada/x.json`)).rejects.toThrow();
      await expect(sa.put(Buffer.from('{}'), `${treeB}/entrada/x.json`)).rejects.toThrow();
      await expect(sa.mkdir('/nueva')).rejects.toThrow();
      await expect(sa.mkdir('/entrada/sub')).rejects.toThrow();
      await expect(sa.rmdir('/entrada')).rejects.toThrow();
      await expect(sa.rename('/resultados/enlace.json', '/entrada/enlace.json')).rejects.toThrow();
      const filasB = await t.app.deps.db.select({ carpeta: sftpArchivos.carpeta, nombre: sftpArchivos.nombre }).from(sftpArchivos).where(eq(sftpArchivos.tenantId, rowB!.tenantId));
      expect(filasB.filter((f) => f.carpeta === 'entrada')).toEqual([]);
      expect(filasB.map((f) => f.nombre)).not.toContain('x.json');
      expect(rowA!.tenantId).not.toBe(rowB!.tenantId);
      // B's own file is still B's.
      expect(await names(sb, '/resultados')).toEqual([secreto.name]);
    } finally {
      await sa.end();
      await sb.end();
    }
  });

  it('a connection dropped mid-upload files nothing, leaves no half file, and the server keeps serving', async () => {
    const i = await tenant('sftp-i@example.co', 'prestador-i');
    const sftp = await connect(i.port, 'prestador-i', { password: PASSWORD });
    const xml = par1Copy('SF4001').xml;
    await new Promise<void>((resolve, reject) => {
      const ws = raw(sftp).sftp.createWriteStream('/entrada/SF4001.xml');
      ws.on('error', reject);
      ws.write(xml.subarray(0, Math.floor(xml.length / 2)), (err: unknown) => (err ? reject(err) : resolve()));
    });
    // Pull the plug: no CLOSE ever reaches the server.
    raw(sftp).client._sock.destroy();
    await new Promise((res) => setTimeout(res, 500));

    const again = await connect(i.port, 'prestador-i', { password: PASSWORD });
    try {
      await new Promise((res) => setTimeout(res, 500));
      expect(await names(again, '/entrada')).toEqual([]);
      expect(await names(again, '/procesados')).toEqual([]);
      expect(await names(again, '/resultados')).toEqual([]);
    } finally {
      await again.end();
    }
    expect(readdirSync(join(t.config.dataDir, 'sftp', 'subidas')).filter((n) => !n.startsWith('pendientes'))).toEqual([]);
    const list = await i.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    expect(list.body.data.results.data).toEqual([]);
  });

  it('an upload over the size limit is cut off, never filed, and reported', async () => {
    const j = await tenant('sftp-j@example.co', 'prestador-j');
    const sftp = await connect(j.port, 'prestador-j', { password: PASSWORD });
    try {
      // The server answers FAILURE to the write past the limit; ssh2-sftp-client's put may resolve, reject, or (its
      // pipeline stalled on the refused write) settle only when the connection closes: the report is what counts.
      let put = 'pending';
      const putting = sftp.put(Buffer.alloc(SFTP_MAX_BYTES + 1, 0x20), '/entrada/enorme.xml').then(
        () => (put = 'resolved'),
        (e: Error) => (put = e.message),
      );
      const r = await waitResult(sftp, /^ResultadosMSPS_enorme_NA_HALLAZGOS\.json$/, 20_000).catch((e: Error) => {
        throw new Error(`${e.message} (the put: ${put})`);
      });
      await Promise.race([putting, new Promise((res) => setTimeout(res, 2_000))]);
      expect((r.json.ResultadosValidacion as { Codigo: string }[])[0]!.Codigo).toBe('FILE_TOO_LARGE');
      expect(await names(sftp, '/entrada')).toEqual([]);
      expect(await names(sftp, '/procesados')).toEqual([]);
    } finally {
      await sftp.end();
    }
    expect((await j.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 })).body.data.results.data).toEqual([]);
  });
});

describe('GET/PUT /api/canales/sftp', () => {
  it('suggests an unguessable user (never the NIT: ), refuses bad input with Spanish 400s and a name another tenant holds with 409', async () => {
    const k = await registerAndLogin(t.url, 'sftp-k@example.co', '900123456');
    const fresh = await k.c.get('/api/canales/sftp');
    expect(fresh.body.data).toMatchObject({ configurado: false, tienePassword: false, clavesPublicas: [] });
    expect(fresh.body.data.usuario).toMatch(/^radica-[a-z2-7]{10}$/);
    expect(fresh.body.data.usuario).not.toContain('900123456');
    expect((await k.c.get('/api/canales/sftp')).body.data.usuario).toBe(fresh.body.data.usuario);
    const other = await registerAndLogin(t.url, 'sftp-k2@example.co', '900123456');
    expect((await other.c.get('/api/canales/sftp')).body.data.usuario).not.toBe(fresh.body.data.usuario);

    const bad = async (body: object) => (await k.c.put('/api/canales/sftp', { usuario: 'prestador-k', ...body })).body;
    expect(await bad({ usuario: 'AB' })).toMatchObject({ message: MSG_SFTP.usuarioInvalido });
    expect(await bad({ usuario: '../root' })).toMatchObject({ message: MSG_SFTP.usuarioInvalido });
    expect(await bad({ password: 'corta' })).toMatchObject({ message: MSG_SFTP.passwordCorta(12) });
    expect(await bad({ clavesPublicas: ['ssh-ed25519 no-es-base64'] })).toMatchObject({ code: 'SFTP_CLAVE_INVALIDA', message: MSG_SFTP.claveInvalida });
    const priv = generarClaveEd25519().private;
    expect(await bad({ clavesPublicas: [priv] })).toMatchObject({ code: 'SFTP_CLAVE_INVALIDA' });
    expect((await k.c.put('/api/canales/sftp', { usuario: 'prestador-a', password: PASSWORD })).status).toBe(409);
    expect((await k.c.put('/api/canales/sftp', { usuario: 'prestador-a', password: PASSWORD })).body.message).toBe(MSG_SFTP.usuarioOcupado);

    // Concurrent claims of one free name: exactly one tenant gets it.
    const l = await registerAndLogin(t.url, 'sftp-l@example.co', '900123457');
    const both = await Promise.all([k.c.put('/api/canales/sftp', { usuario: 'disputado' }), l.c.put('/api/canales/sftp', { usuario: 'disputado' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    // Saving without a password keeps the stored one; it is never returned.
    const saved = await k.c.put('/api/canales/sftp', { usuario: 'prestador-k', password: PASSWORD });
    expect(saved.body.data.tienePassword).toBe(true);
    const kept = await k.c.put('/api/canales/sftp', { usuario: 'prestador-k', envioAutomatico: true });
    expect(kept.body.data).toMatchObject({ tienePassword: true, envioAutomatico: true });
    expect(JSON.stringify(kept.body)).not.toContain(PASSWORD);
  });

  it('an API key cannot read or change the SFTP channel (403), nor can an anonymous caller (401)', async () => {
    const m = await registerAndLogin(t.url, 'sftp-m@example.co', '901019681');
    const key = (await m.c.post('/api/integraciones/claves', { nombre: 'HIS', diasVigencia: 30 })).body.data.clave as string;
    for (const method of ['GET', 'PUT'] as const) {
      const res = await fetch(`${t.url}/api/canales/sftp`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: method === 'PUT' ? JSON.stringify({ usuario: 'robado', password: PASSWORD }) : undefined,
      });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, 'API_KEY_FORBIDDEN']);
      expect((await fetch(`${t.url}/api/canales/sftp`, { method: 'GET' })).status).toBe(401);
    }
  });
});
