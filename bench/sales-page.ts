/**
 * The sales page's speed budget: the JavaScript `/` loads before the network goes idle, gzipped here at level 9 (the
 * server may serve it uncompressed), against 120 kB; Lighthouse 12 (desktop preset) performance and accessibility on
 * `/` against 95; and axe-core over the whole page (the Business form showing its field errors), dark theme at 390 px
 * (a phone) and light theme at 1366 px. The product runs as `npm start` does (its own process, embedded PGlite in a
 * temporary DATA_DIR), after building the SPA when the build is missing or older than its sources. Browser: Debian's
 * Chromium (`apt-get install -y chromium`), CHROMIUM_PATH overrides. Exits non-zero only when something crashes, never
 * on a missed budget. `npx tsx bench/sales-page.ts` (BENCH_REBUILD=1 forces the build; WEB_DIST_DIR=… measures another
 * build as it is).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { serverProcess } from '../apps/api/test/compiled.ts';

const JS_BUDGET_KB = 120;
const SCORE_BUDGET = 95;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'apps/web');
const DIST_INDEX = join(WEB, 'dist/index.html');
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Newest modification time (ms) of the files under `dir`, skipping node_modules and dist. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfNeeded(): void {
  const sources = Math.max(newestMtime(join(WEB, 'src')), newestMtime(join(WEB, 'public')), newestMtime(join(ROOT, 'packages/contracts/src')), statSync(join(WEB, 'index.html')).mtimeMs);
  const isStale = !existsSync(DIST_INDEX) || statSync(DIST_INDEX).mtimeMs < sources || process.env.BENCH_REBUILD === '1';
  if (!isStale) return console.log('build: apps/web/dist is up to date');
  console.log('build: npm run build -w @radica/web');
  const r = spawnSync('npm', ['run', 'build', '-w', '@radica/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`the web build failed (exit ${r.status})`);
}

const kb = (bytes: number) => bytes / 1000;
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

/** Every JavaScript response of `/` until network idle, with its raw size and its size gzipped at level 9. */
async function measureJavaScript(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'es-CO' });
    const pending: Promise<{ path: string; raw: number; gzip: number; encoding: string }>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() !== 'script' && !type.includes('javascript')) return;
      pending.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: response.headers()['content-encoding'] ?? 'none',
        })),
      );
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const files = await Promise.all(pending);
    const h1 = await page.locator('h1').first().textContent();
    return { files, h1 };
  } finally {
    await browser.close();
  }
}

/** Lighthouse 12 with the desktop preset on `/`: performance and accessibility scores (0-100) and the metrics behind them. */
async function runLighthouse(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(`${url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, desktopConfig);
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.displayValue ?? 'n/a';
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => `${id.replace(/-/g, ' ')} ${metric(id)}`),
      failingAccessibility: failing,
      runtimeError: result.lhr.runtimeError?.message,
    };
  } finally {
    chrome.kill();
  }
}

type TAxeWindow = {
  innerWidth: number;
  scrollTo: (x: number, y: number) => void;
  document: { documentElement: { scrollWidth: number; scrollHeight: number } };
  axe: { run: (context: unknown, options: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
};

/**
 * axe-core (the engine behind Lighthouse's accessibility audits, WCAG 2.1 A and AA rules) on the whole of `/`, scrolled
 * through first so the parts that load near the viewport (the Business form) are there too, in one theme and size.
 */
async function axeScrolled(url: string, options: { width: number; height: number; colorScheme: 'light' | 'dark' }) {
  // axe-core comes with Lighthouse: resolved from there, the version Lighthouse itself runs.
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
  const axeSource = fromLighthouse.resolve('axe-core/axe.min.js');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
  try {
    const isPhone = options.width < 600;
    const page = await browser.newPage({
      viewport: { width: options.width, height: options.height },
      colorScheme: options.colorScheme,
      locale: 'es-CO',
      isMobile: isPhone,
      hasTouch: isPhone,
      bypassCSP: true,
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    // The callbacks run in the page; bench/ is type-checked without the DOM library, hence the casts.
    const height = await page.evaluate(() => (globalThis as unknown as TAxeWindow).document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += options.height / 2) {
      await page.evaluate((top) => (globalThis as unknown as TAxeWindow).scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    // Submitting the empty form shows its field errors (checked in the browser, nothing is sent), so axe sees them too.
    const submit = page.getByRole('button', { name: 'Enviar solicitud' });
    const hasForm = (await submit.count()) > 0;
    if (hasForm) await submit.click();
    await page.addScriptTag({ path: axeSource });
    const violations = await page.evaluate(async () => {
      const win = globalThis as unknown as TAxeWindow;
      const result = await win.axe.run(win.document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    const overflowPx = await page.evaluate(() => {
      const win = globalThis as unknown as TAxeWindow;
      return win.document.documentElement.scrollWidth - win.innerWidth;
    });
    return { violations, overflowPx, hasForm };
  } finally {
    await browser.close();
  }
}

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
const webDist = process.env.WEB_DIST_DIR;
if (webDist) console.log(`build: ${webDist} as it is`);
else buildIfNeeded();
const api = await serverProcess({ JOBS_WORKER: 'false', LOG_LEVEL: 'error', ...(webDist ? { WEB_DIST_DIR: resolve(webDist) } : {}) });
const server = await api.start();
try {
  const { files, h1 } = await measureJavaScript(api.url);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  console.log(`page: ${api.url}/ — h1 "${h1?.trim() ?? ''}"`);
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.path}: ${kb(f.raw).toFixed(1)} kB, gzip ${kb(f.gzip).toFixed(1)} kB (served ${f.encoding})`);
  console.log(`JavaScript until network idle: ${files.length} files, ${kb(raw).toFixed(1)} kB raw, ${kb(gzip).toFixed(1)} kB gzip (level 9) — budget ${JS_BUDGET_KB} kB: ${verdict(kb(gzip) <= JS_BUDGET_KB)}`);

  const lh = await runLighthouse(api.url);
  if (lh.runtimeError) console.log(`Lighthouse runtime error: ${lh.runtimeError}`);
  console.log(`Lighthouse ${desktopConfig.settings?.formFactor ?? 'desktop'} (${lighthouseVersion()}): ${lh.metrics.join(', ')}`);
  console.log(`Lighthouse performance: ${lh.performance} — budget ${SCORE_BUDGET}: ${verdict(lh.performance >= SCORE_BUDGET)}`);
  console.log(`Lighthouse accessibility: ${lh.accessibility} — budget ${SCORE_BUDGET}: ${verdict(lh.accessibility >= SCORE_BUDGET)}${lh.failingAccessibility.length ? ` (failing: ${lh.failingAccessibility.join(', ')})` : ''}`);

  for (const view of [
    { width: 390, height: 844, colorScheme: 'dark' as const },
    { width: 1366, height: 900, colorScheme: 'light' as const },
  ]) {
    const axe = await axeScrolled(api.url, view);
    const found = axe.violations.length ? axe.violations.join(', ') : 'no violations';
    console.log(`axe-core, ${view.colorScheme} theme at ${view.width} px, whole page${axe.hasForm ? ' with the Business form and its errors' : ''}: ${found}; horizontal overflow ${axe.overflowPx} px`);
  }
} finally {
  server.kill();
}

function lighthouseVersion(): string {
  return `lighthouse ${(createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version}`;
}
