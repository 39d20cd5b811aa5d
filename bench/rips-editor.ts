/**
 * The RIPS editor's findings (findings on the page within 300 ms of a change in a 2,000-service RIPS):
 * the real product and the built SPA in Chromium, a draft of 2,000 services (200 users × 10), a user's field changed
 * to a wrong value by keyboard, then back; the time from the keystroke to the finding shown on the field (and gone),
 * which includes the editor's 30 ms gathering of changes before saving, the autosave request and the engine's check of the whole
 * RIPS on the server. Baseline of the same run: the engine's check alone (checkDocuments in this process).
 * Needs the SPA built (npm run build -w @radica/web) and /usr/bin/chromium.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocuments } from '../packages/fevrips/src/engine.ts';
import { parseRipsObject } from '../packages/fevrips/src/rips.ts';
import { parseFevXml } from '../packages/fevrips/src/xml.ts';
import { SAMPLES, startHarness } from '../e2e/src/harness.ts';
import { PAR1_XML, createMinisterioAccount, loginInUi } from '../e2e/src/ministerio-helpers.ts';
import { bigRips } from './rips-sheet.ts';

const EMAIL = 'bench.rips@example.co';
const PASSWORD = 'Clave#Segura2026';
const h = await startHarness();
try {
  const api = await createMinisterioAccount(h, EMAIL, PASSWORD);
  const xml = readFileSync(join(SAMPLES, PAR1_XML));
  const form = new FormData();
  form.append('origen', 'xml');
  form.append('archivo', new Blob([new Uint8Array(xml)]), 'A01E5687.xml');
  const id = (await api.call('POST', '/api/rips/borradores', form)).data.id as number;
  const rips: Record<string, unknown> = { ...bigRips(200), numDocumentoIdObligado: '901019681', numFactura: 'A01E5687' };
  await api.call('PATCH', `/api/rips/borradores/${id}`, { version: 1, cambios: [{ op: 'reemplazar', rips }] });

  // baseline: the engine alone on the same RIPS with its XML
  const parsedXml = parseFevXml(xml);
  const engine: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    checkDocuments(parsedXml, parseRipsObject(structuredClone(rips)));
    engine.push(performance.now() - t0);
  }

  // the autosave request alone, from this process (no browser)
  const roundTrip: number[] = [];
  let version = (await api.call('GET', `/api/rips/borradores/${id}`)).data.version as number;
  for (let i = 0; i < 5; i++) {
    const usuario = { ...((rips['usuarios'] as Record<string, unknown>[])[0]), codSexo: i % 2 ? 'F' : 'X' };
    const t0 = performance.now();
    version = (await api.call('PATCH', `/api/rips/borradores/${id}`, { version, cambios: [{ op: 'usuario', indice: 0, usuario }] })).data.version;
    roundTrip.push(performance.now() - t0);
  }

  const { page, url } = h;
  await loginInUi(page, url, EMAIL, PASSWORD);
  await page.goto(`${url}/listado-rips/${id}`);
  const field = page.locator('#u0-codSexo');
  await field.waitFor({ timeout: 30_000 });
  const finding = page.locator('#u0-codSexo-hallazgos');
  const appear: number[] = [];
  const disappear: number[] = [];
  for (let i = 0; i < 6; i++) {
    await field.focus();
    await page.keyboard.press('Control+A');
    let t0 = performance.now();
    await page.keyboard.type('X');
    await finding.waitFor({ state: 'visible', timeout: 10_000 });
    appear.push(performance.now() - t0);
    await page.keyboard.press('Control+A');
    t0 = performance.now();
    await page.keyboard.type('F');
    await finding.waitFor({ state: 'detached', timeout: 10_000 });
    disappear.push(performance.now() - t0);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`RIPS editor, 2,000 services (200 users × 10; Chromium, PGlite; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}):`);
  console.log(`  keystroke → finding on the field: median ${median(appear).toFixed(0)} ms, worst ${Math.max(...appear).toFixed(0)} ms; target < 300 ms`);
  console.log(`  keystroke → finding gone:         median ${median(disappear).toFixed(0)} ms, worst ${Math.max(...disappear).toFixed(0)} ms`);
  console.log(`  the autosave request alone (Node → API → engine → database → answer): median ${median(roundTrip).toFixed(0)} ms`);
  console.log(`  baseline, the engine's check alone: median ${median(engine).toFixed(0)} ms (ratio ${(median(appear) / median(engine)).toFixed(1)}×; the rest is the 30 ms gathering, HTTP, the database and the page)`);
} finally {
  await h.close();
}
