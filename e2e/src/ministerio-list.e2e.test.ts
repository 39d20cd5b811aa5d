import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startHarness, type THarness } from './harness.ts';
import { createMinisterioAccount, loginInUi, seedDocument, type TApiSession } from './ministerio-helpers.ts';
import { reportRows } from '../../apps/web/src/features/ministerio/test/fixtures.ts';

/**
 * The ministry list journeys in Chromium: filter + paginate; select all + bulk send; download
 * the Excel report and the ZIP of answers and read them back; the 10 000-row Excel generated in the browser.
 */
let h: THarness;
let api: TApiSession;
const EMAIL = 'listado.e2e@example.co';
const PASSWORD = 'Clave#Segura2026';
/** 16 complete pairs (sendable) + 1 XML-only document (Pendiente JSON). */
const FULL = Array.from({ length: 16 }, (_, i) => `A01E57${String(i + 1).padStart(2, '0')}`);
const XML_ONLY = 'A01E5799';

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD);
  for (const formato of FULL) await seedDocument(api, formato);
  await seedDocument(api, XML_ONLY, true);
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
});
afterAll(async () => h?.close());

const showing = (x: number, y: number) => h.page.getByText(`Mostrando ${x} de ${y} documentos`);
/** Today in Bogotá as the date filters take it: dd/mm/aaaa. */
const today = () =>
  new Intl.DateTimeFormat('es-CO', {
    timeZone: 'America/Bogota',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

describe('ministry list: filters, pagination, selection and bulk actions', () => {
  it('paginates 15 per page, keeps the page on reload, and filters by status, text and dates', async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio`);
    await showing(15, 17).waitFor();
    await page.getByRole('button', { name: 'Página 2' }).click();
    await showing(2, 17).waitFor();
    await page.reload();
    await showing(2, 17).waitFor(); // page kept in localStorage

    await page.getByLabel('Estado', { exact: true }).selectOption('PENDIENTE_RIPS');
    await showing(1, 1).waitFor();
    await page.getByText(XML_ONLY).first().waitFor();

    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await showing(15, 17).waitFor();
    await page.getByPlaceholder('Buscar documentos...').fill('A01E5703');
    await showing(1, 1).waitFor({ timeout: 5000 }); // after the 1 s debounce
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await showing(15, 17).waitFor();

    await page.getByLabel('Fecha de creación desde').fill(today());
    await page.getByLabel('Fecha de creación hasta').fill(today());
    await showing(15, 17).waitFor();
    await page.getByLabel('Fecha de radicación desde').fill(today());
    await page.getByText('No se encontraron documentos').waitFor(); // nothing filed yet
    await page.getByText('Intenta ajustar los filtros de búsqueda').waitFor();
    await page.getByRole('button', { name: 'Seleccionar rango: Fecha de creación' }).click();
    await expect.poll(() => page.locator('.rdp-month').count(), { timeout: 10_000 }).toBe(2); // two months
    await screenshot(page, 'ministerio-filtros');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await showing(15, 17).waitFor();

    // Phones (≤ 768 px) get cards instead of the table (seed 001 §2, §9).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByTestId('tarjeta-documento').count(), { timeout: 10_000 }).toBe(15);
    expect(await page.locator('table').count()).toBe(0);
    await screenshot(page, 'ministerio-telefono');
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => page.getByTestId('fila-documento').count(), { timeout: 10_000 }).toBe(15);
  });

  it('selects all results and sends them in bulk; the list follows the progress until Aprobado', async () => {
    const { page } = h;
    await page.getByLabel('Seleccionar todos los resultados').click();
    await page.getByText('17 documento(s) seleccionado(s)').waitFor();
    await page.getByText('(todos los resultados)').waitFor();
    await page.getByRole('button', { name: 'Enviar Seleccionados' }).click();
    // It asks first; then says which it left out and why, and sums up the batch when it ends.
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^¿Enviar \d+ documentos al Ministerio\?$/).waitFor();
    await dialog.getByRole('button', { name: 'Enviar al Ministerio' }).click();
    await page
      .getByText(/\d+ documentos? en cola/)
      .first()
      .waitFor();
    await page.getByText(/^No se envió 1 documento: .+ \(le falta un archivo\)\.$/).first().waitFor();
    await page.getByText('Envío masivo terminado: 16 aprobados, 0 no aprobados.').first().waitFor({ timeout: 90_000 });

    await expect
      .poll(
        async () =>
          (await api.call('POST', '/api/FevRips/search', { pageIndex: 1, pageSize: 15, estado: 'APROBADO' }))
            .data.totalRecords,
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(16);
    // The list polls while rows are being sent: page 1 ends with every complete pair approved.
    await expect
      .poll(() => page.locator('[data-testid="estado-fila"][data-estado="APROBADO"]').count(), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(14);
    const pending = await api.call('POST', '/api/FevRips/search', {
      pageIndex: 1,
      pageSize: 15,
      estado: 'PENDIENTE_RIPS',
    });
    expect(pending.data.totalRecords).toBe(1); // the XML-only document was not sent
    await screenshot(page, 'ministerio-envio-masivo');
  });

  it('downloads the Excel report and the ZIP of ministry answers of the approved documents', async () => {
    const { page } = h;
    await page.getByLabel('Estado', { exact: true }).selectOption('APROBADO');
    await showing(15, 16).waitFor();
    await page.getByLabel('Seleccionar todos los resultados').click();
    await page.getByText('16 documento(s) seleccionado(s)').waitFor();

    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Informe' }).click(),
    ]);
    expect(excel.suggestedFilename()).toMatch(/^informe_ministerio_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await excel.path())!);
    const sheet = workbook.getWorksheet('Informe Ministerio')!;
    expect(sheet.rowCount).toBe(17);
    const formatos = new Set<string>();
    const cuvs: string[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      formatos.add(String(row.getCell(1).value));
      cuvs.push(String(row.getCell(2).value));
    });
    expect([...formatos].sort()).toEqual([...FULL].sort());
    expect(cuvs.every((c) => /^[0-9a-f]{96}$/.test(c))).toBe(true);
    // The report has the documents' status, labelled as the screens label it.
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const estadoCol = headers.indexOf('Estado') + 1;
    expect(estadoCol).toBeGreaterThan(0);
    expect(String(sheet.getRow(2).getCell(estadoCol).value)).toBe('Aprobado');

    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Respuestas' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^respuestas_ministerio_\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(readFileSync((await zip.path())!)));
    // The ministry's naming, as the SFTP channel writes it: ResultadosMSPS_{formato}_ID{procesoId}_A_CUV.json.
    const names = Object.keys(entries).sort();
    expect(names.map((n) => n.replace(/_ID\d+_A_CUV\.json$/, '')).sort()).toEqual(FULL.map((f) => `ResultadosMSPS_${f}`).sort());
    const firstName = names.find((n) => n.startsWith(`ResultadosMSPS_${FULL[0]}_ID`))!;
    const answer = JSON.parse(strFromU8(entries[firstName]!)) as Record<string, unknown>;
    expect(typeof answer).toBe('object');
    expect(JSON.stringify(answer)).toContain(FULL[0]);
    await page.getByRole('button', { name: 'Limpiar Selección' }).click();

    // Row actions of an approved document: download its JSON answer, copy its CUV, open its details panel.
    const first = FULL.find((f) => f !== undefined)!;
    await page.getByPlaceholder('Buscar documentos...').fill(first);
    await showing(1, 1).waitFor({ timeout: 5000 });
    const [single] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Descargar respuesta JSON de ${first}` }).click(),
    ]);
    expect(single.suggestedFilename()).toMatch(new RegExp(`^ResultadosMSPS_${first}_ID\\d+_A_CUV\\.json$`));
    expect(JSON.stringify(JSON.parse(readFileSync((await single.path())!, 'utf8')))).toContain(first);
    await page.getByText('Respuesta descargada exitosamente').first().waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
    await page.getByRole('button', { name: `Copiar CUV de ${first}` }).click();
    await page.getByText('CUV copiado', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^[0-9a-f]{96}$/);
    await page.getByRole('button', { name: `Ver detalles de ${first}` }).click();
    const panel = page.getByRole('dialog', { name: 'Detalles del documento' });
    await panel.getByText('Ver detalle completo').waitFor();
    await screenshot(page, 'ministerio-panel-detalles');
    await panel.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.getByLabel('Estado', { exact: true }).selectOption('APROBADO');
    await showing(15, 16).waitFor();
  });

  // Its time (target < 3 s) is printed as a bench figure, not asserted: a loaded CI machine is not a benchmark.
  it('generates a 10 000-row Excel report in the browser', async () => {
    const { page } = h;
    const rows = reportRows(10_000);
    const body = JSON.stringify({ success: true, data: { datos: rows } });
    await page.route('**/api/fevrips/informe-listado', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.getByLabel('Seleccionar todos los resultados').click();
    await page.getByText('16 documento(s) seleccionado(s)').waitFor();
    // Warm the exceljs chunk once (first use loads it), then measure a full generation.
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Informe' }).click(),
    ]);
    const t0 = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Informe' }).click(),
    ]);
    const elapsedMs = Date.now() - t0;
    console.log(`[bench] Excel of 10 000 rows generated in Chromium: ${elapsedMs} ms (click → download)`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    expect(workbook.getWorksheet('Informe Ministerio')!.rowCount).toBe(10_001);
    await page.unroute('**/api/fevrips/informe-listado');
  });
});
