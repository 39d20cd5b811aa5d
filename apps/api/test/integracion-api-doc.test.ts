import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_CONFIG, operatorHeaders, par1Copy, registerAndLogin, startTestApp, type TTestApp } from './helpers.ts';
import { newWebhookSecret, signatureHeaders } from '../src/modules/avisos/webhooks.ts';

/**
 * The Spanish integration guide's curl examples (docs/integracion-api.md) run for real, in the order the
 * guide gives them, against a test server: a key made in settings, the two ways of filing, then the status call.
 */
const GUIDE = join(import.meta.dirname, '../../../docs/integracion-api.md');
let t: TTestApp;
let dir = '';
let clave = '';
beforeAll(async () => {
  t = await startTestApp();
  const { c } = await registerAndLogin(t.url, 'guia@example.co', '901019681');
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  clave = (await c.post('/api/integraciones/claves', { nombre: 'Guía' })).body.data.clave;
  dir = mkdtempSync(join(tmpdir(), 'radica-guia-'));
  // enviar=async is a Business feature.
  await c.post('/api/admin/grant', { email: 'guia@example.co', modulos: ['ministerio'], plan: 'business' }, operatorHeaders(t.url));
  for (const formato of ['FE1001', 'FE1002', 'FE1003']) {
    const pair = par1Copy(formato);
    writeFileSync(join(dir, `${formato}.xml`), pair.xml);
    writeFileSync(join(dir, `${formato}.json`), pair.json);
  }
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The ```bash blocks of the guide, in order. */
function bloques(): string[] {
  return [...readFileSync(GUIDE, 'utf8').matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe('docs/integracion-api.md', () => {
  it('its curl examples work as written', async () => {
    const [multipart, json, estado, asincrono] = bloques();
    expect([multipart, json, estado, asincrono].every(Boolean)).toBe(true);
    // Asynchronous: the test server answers curl from this same process, so it must not be blocked while curl runs.
    const run = async (script: string, env: Record<string, string> = {}) => {
      const { stdout } = await promisify(execFile)('bash', ['-c', script], {
        cwd: dir,
        env: { ...process.env, RADICA_URL: t.url, RADICA_CLAVE: clave, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
      return JSON.parse(stdout) as {
        success: boolean;
        data: { id: number; formato: string; canal: string; estado: string; resultado: { cuv: string } | null; envio: { enCola?: boolean } | null };
      };
    };

    const filed = await run(multipart!);
    expect(filed).toMatchObject({ success: true, data: { formato: 'FE1001', canal: 'api', estado: 'APROBADO' } });
    expect(filed.data.resultado?.cuv).toMatch(/^[0-9a-f]{96}$/);

    const fromJson = await run(json!);
    expect(fromJson).toMatchObject({ success: true, data: { formato: 'FE1002', canal: 'api', estado: 'EN_ESPERA' } });

    const status = await run(estado!, { DOCUMENTO_ID: String(filed.data.id) });
    expect(status.data.resultado?.cuv).toBe(filed.data.resultado?.cuv);

    // The retry the guide promises: the same key and content answer the same document.
    const replay = await run(multipart!);
    expect(replay.data.id).toBe(filed.data.id);

    // enviar=async: answered at once with the document, its send queued.
    const queued = await run(asincrono!);
    expect(queued).toMatchObject({ success: true, data: { formato: 'FE1003', canal: 'api', envio: { enCola: true } } });
  });

  it('its webhook signature check accepts what Radica signs and refuses a changed body, another secret or an old timestamp', async () => {
    const code = /```js\n([\s\S]*?)```/.exec(readFileSync(GUIDE, 'utf8'))?.[1];
    expect(code).toBeTruthy();
    const file = join(dir, 'verificar.mjs');
    writeFileSync(file, code!);
    const { verificarFirma } = (await import(pathToFileURL(file).href)) as {
      verificarFirma: (cuerpo: string, encabezados: Record<string, string>, secreto: string) => boolean;
    };
    const secreto = newWebhookSecret();
    const cuerpo = JSON.stringify({ id: 'evt_1', tipo: 'documento.resultado', data: { estado: 'APROBADO' } });
    const headers = signatureHeaders(secreto, 'evt_1', cuerpo, new Date());
    expect(verificarFirma(cuerpo, headers, secreto)).toBe(true);
    expect(verificarFirma(cuerpo.replace('APROBADO', 'NO_APROBADO'), headers, secreto)).toBe(false);
    expect(verificarFirma(cuerpo, headers, newWebhookSecret())).toBe(false);
    const old = signatureHeaders(secreto, 'evt_1', cuerpo, new Date(Date.now() - 10 * 60_000));
    expect(verificarFirma(cuerpo, old, secreto)).toBe(false);
  });
});
