import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startHarness, type THarness } from './harness.ts';
import { createMinisterioAccount, loginInUi, par1As, seedDocument } from './ministerio-helpers.ts';

/**
 * The API channel in Chromium. A signed-in user with the ministry module and a provider
 * configuration creates a key in Configuración › Integraciones and copies it from the screen; the test's own HTTP
 * client files a package with it (POST /api/v1/paquetes, multipart, a par1 copy); the user sees the document in
 * /ministerio with channel 'API', filters by it (select-all and the Excel report follow the filter), sees the key's
 * last use, and revokes it, after which the key is refused.
 */
let h: THarness;
const EMAIL = 'canal-api.e2e@example.co';
const PASSWORD = 'Clave#CanalApi2026';
/** Uploaded on the platform (channel 'plataforma'). */
const WEB = 'PL3001';
/** Filed with the key (channel 'api'). */
const VIA_API = 'AK3001';
let apiKey = '';

beforeAll(async () => {
  h = await startHarness();
  const session = await createMinisterioAccount(h, EMAIL, PASSWORD);
  await seedDocument(session, WEB);
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
  await h.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
});
afterAll(async () => h?.close());

/** A call made only with the API key, as an integrator's system makes it (no session, no X-Validator). */
async function withKey(method: string, path: string, body?: FormData, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, ...headers },
    body,
  });
  return { status: res.status, body: (await res.json()) as { data?: any; message?: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const showing = (x: number, y: number) => h.page.getByText(`Mostrando ${x} de ${y} documentos`);

describe('API channel', () => {
  it('creates a key in Configuración › Integraciones, shown once, copied from the screen', async () => {
    const { page, url } = h;
    await page.goto(`${url}/settings?tab=integraciones`);
    await page.getByRole('tab', { name: 'Integraciones', selected: true }).waitFor();
    await page.getByText('Aún no tienes claves de API').waitFor();
    await page.getByRole('button', { name: 'Crear clave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear clave' });
    expect(await dialog.getByLabel('Vigencia (días)').inputValue()).toBe('365');
    await dialog.getByRole('button', { name: 'Crear la clave' }).click();
    await dialog.getByText('Escribe un nombre para la clave.').waitFor(); // the contract's message, in the browser
    await dialog.getByLabel('Nombre de la clave').fill('HIS e2e');
    await dialog.getByLabel('Vigencia (días)').fill('30');
    await dialog.getByRole('button', { name: 'Crear la clave' }).click();

    const panel = page.getByTestId('nueva-clave');
    await panel.getByText('Clave creada. Cópiala ahora: no la volverás a ver.').waitFor();
    const field = panel.getByLabel('Clave de API');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await panel.getByRole('button', { name: 'Copiar clave' }).click();
    await panel.getByText('Clave copiada al portapapeles').waitFor();
    apiKey = await page.evaluate(() => navigator.clipboard.readText());
    expect(apiKey).toMatch(/^rk_live_[A-Za-z0-9_-]{43}$/);
    expect(await field.inputValue()).toBe(apiKey);
    const list = page.getByRole('list', { name: 'Claves de API de tu empresa' });
    await list.getByText(`${apiKey.slice(0, 12)}…`).waitFor();
    expect(await list.innerHTML()).not.toContain(apiKey);
    await screenshot(page, 'integraciones-clave-nueva');

    await panel.getByRole('button', { name: 'Ya la guardé, cerrar' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(apiKey);
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Crear clave' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    const item = list.getByRole('listitem');
    await item.getByText('Activa').waitFor();
    await item.getByText('Nunca').waitFor();
  });

  it('the tab reads on a phone and in the dark theme', async () => {
    const { page } = h;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await page.getByText('HIS e2e').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // Nothing wider than the phone's screen (the code samples scroll inside their own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'integraciones-telefono-oscuro');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
    await page.getByText('HIS e2e').waitFor();
  });

  it("files a package with the key from the test's own HTTP client", async () => {
    const pair = par1As(VIA_API);
    const form = new FormData();
    form.append('xml', new Blob([new Uint8Array(pair.xml)]), `${VIA_API}.xml`);
    form.append('rips', new Blob([new Uint8Array(pair.json)]), `${VIA_API}.json`);
    form.append('enviar', 'true');
    const filed = await withKey('POST', '/api/v1/paquetes', form, { 'Idempotency-Key': `e2e-${VIA_API}` });
    expect(filed.status).toBe(201);
    expect(filed.body.data).toMatchObject({ formato: VIA_API, canal: 'api', estado: 'APROBADO' });
    const status = await withKey('GET', `/api/v1/paquetes/${filed.body.data.id}`);
    expect(status.body.data.resultado.cuv).toMatch(/^[0-9a-f]{96}$/);
  });

  it("shows it in /ministerio with channel 'API', filters by it, and the report names the channel", async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio`);
    await showing(2, 2).waitFor();
    const rowOf = (formato: string) => page.getByTestId('fila-documento').filter({ hasText: formato });
    expect(await rowOf(VIA_API).getByTestId('canal-documento').textContent()).toBe('API');
    expect(await rowOf(WEB).getByTestId('canal-documento').textContent()).toBe('Plataforma');

    await page.getByLabel('Canal', { exact: true }).selectOption({ label: 'API' });
    await showing(1, 1).waitFor();
    expect(await page.getByTestId('fila-documento').allTextContents()).toEqual([
      expect.stringContaining(VIA_API),
    ]);
    await screenshot(page, 'ministerio-canal-api');
    await page.reload();
    await showing(1, 1).waitFor(); // the filter is kept with the others
    expect(await page.getByLabel('Canal', { exact: true }).inputValue()).toBe('api');

    // Select-all takes the filter's documents only, and the Excel report names their channel.
    await page.getByLabel('Seleccionar todos los resultados').click();
    await page.getByText('1 documento(s) seleccionado(s)').waitFor();
    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Informe' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await excel.path())!);
    const sheet = workbook.getWorksheet('Informe Ministerio')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    // Canal, then the Estado column added after the seed's columns, then the wait for the ministry's verdict.
    expect(headers.slice(-3)).toEqual(['Canal', 'Estado', 'Sin respuesta del Ministerio']);
    expect(headers[0]).toBe('Formato');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(VIA_API);
    expect(sheet.getRow(2).getCell(headers.indexOf('Canal') + 1).value).toBe('API');
    await page.getByRole('button', { name: 'Limpiar Selección' }).click();

    // The detail names the channel too.
    await page.getByRole('button', { name: `Ver detalles de ${VIA_API}` }).click();
    const details = page.getByRole('dialog', { name: 'Detalles del documento' });
    expect(await details.getByTestId('canal-documento').textContent()).toBe('API');
    await details.getByRole('button', { name: 'Cerrar' }).click();

    // On a phone the card carries the label without widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const card = page.getByTestId('tarjeta-documento').filter({ hasText: VIA_API });
    await card.waitFor();
    expect(await card.getByTestId('canal-documento').textContent()).toBe('API');
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'ministerio-canal-api-telefono');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
    await showing(1, 1).waitFor();

    await page.getByLabel('Canal', { exact: true }).selectOption({ label: 'Plataforma' });
    await showing(1, 1).waitFor();
    await page.getByTestId('fila-documento').filter({ hasText: WEB }).waitFor();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await showing(2, 2).waitFor();
  });

  it('links the API reference from Integraciones: tagged in Spanish, the integrator API first, nothing blocked by the CSP', async () => {
    const { page, url } = h;
    await page.goto(`${url}/settings?tab=integraciones`);
    const link = page.getByRole('link', { name: 'Documentación de la API (OpenAPI)' });
    expect(await link.getAttribute('href')).toBe('/api/docs/');
    const docs = await page.context().newPage();
    const violations: string[] = [];
    docs.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await docs.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy: ${e.violatedDirective}`)),
    );
    await docs.goto(`${url}/api/docs/`);
    const tags = docs.locator('.opblock-tag');
    await tags.first().waitFor();
    expect((await tags.first().innerText()).startsWith('API de integración')).toBe(true);
    await docs.getByText('Radicar un paquete (XML de la factura y RIPS) y, si se pide, enviarlo al Ministerio').waitFor();
    await docs.waitForTimeout(500);
    expect(violations).toEqual([]);
    await docs.close();
  });

  it("lists the key's last use, and a revoked key is refused at once", async () => {
    const { page, url } = h;
    await page.goto(`${url}/settings?tab=integraciones`);
    const item = page.getByRole('list', { name: 'Claves de API de tu empresa' }).getByRole('listitem');
    await item.getByText('HIS e2e').waitFor();
    expect(await item.getByText('Nunca').count()).toBe(0);

    await item.getByRole('button', { name: 'Revocar la clave HIS e2e' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Revocar esta clave de API?' });
    await dialog.getByText('dejará de funcionar de inmediato').waitFor();
    await dialog.getByRole('button', { name: 'Sí, revocar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await item.getByText('Revocada').waitFor();
    expect(await item.getByRole('button').count()).toBe(0);

    const refused = await withKey('GET', '/api/v1/paquetes/1');
    expect([refused.status, refused.body.message]).toEqual([
      401,
      'La clave de API no es válida, expiró o fue revocada.',
    ]);
  });
});
