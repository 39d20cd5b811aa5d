import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { muvSimulatorPlugin } from '../../apps/muv-simulator/src/plugin.ts';
import { wompiSimulatorPlugin } from '../../apps/wompi-simulator/src/plugin.ts';
import { loadConfig, type TConfig } from '../../apps/api/src/config.ts';
import { OPERATOR_HEADER, loadOperatorSecret } from '../../apps/api/src/plugins/operator.ts';
import { pgliteSnapshot } from '../../apps/api/test/db-templates.ts';

/** Data directory of each running harness, by URL (its operator secret reads the local outbox). */
const dataDirs = new Map<string, string>();

export const SAMPLES = resolve(import.meta.dirname, '../../../shared/samples');
export const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type THarness = {
  app: FastifyInstance;
  url: string;
  browser: Browser;
  page: Page;
  close: () => Promise<void>;
};

/**
 * Start the real product (API + built SPA + in-process MUV simulator) on a random port with a fresh embedded
 * database, and a headless Chromium page. Flags as this machine needs them (no background networking).
 */
export type THarnessOptions = {
  /** Overrides of the API config (e.g. `{ accessTokenTtlS: 20 }` for short-lived access tokens). */
  config?: Partial<TConfig>;
  /**
   * Overrides of the web app's timings (apps/web/src/lib/timings.ts), written to localStorage `radica.timings`
   * before any page script runs, e.g. `{ inactivityMs: 20_000, warningMs: 10_000 }`.
   */
  timings?: Record<string, number>;
};

export async function startHarness(options: THarnessOptions = {}): Promise<THarness> {
  const webDist = resolve(import.meta.dirname, '../../apps/web/dist');
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('Build the SPA first: npm run build -w @radica/web');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  const dataDir = mkdtempSync(join(tmpdir(), 'radica-e2e-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
    databaseUrl: null,
    dataDir,
    pgliteDataDir: join(dataDir, 'db'),
    // A migrated snapshot instead of initdb + migrations on every start (apps/api/test/db-templates.ts).
    pgliteSnapshot: await pgliteSnapshot(),
    encryptionKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(32).toString('hex'),
    webDistDir: webDist,
    rateLimitScale: 10,
    ...options.config,
  };
  const app = await buildApp(config, { muvSimulator: muvSimulatorPlugin, wompiSimulator: wompiSimulatorPlugin });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dataDirs.set(url, config.dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 1366, height: 900 },
  });
  if (options.timings) {
    await context.addInitScript((timings) => {
      window.localStorage.setItem('radica.timings', JSON.stringify(timings));
    }, options.timings);
  }
  const page = await context.newPage();
  return {
    app,
    url,
    browser,
    page,
    close: async () => {
      await browser.close();
      await app.close();
    },
  };
}

/** Save a screenshot under e2e/artifacts (git-ignored) to look at what a user sees. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Texts of the local outbox's messages to `email`, newest first, read with the operator secret (as `npm run admin -- mail`). */
export async function outboxTexts(url: string, email: string): Promise<string[]> {
  const dataDir = dataDirs.get(url);
  if (!dataDir) throw new Error(`no harness at ${url}`);
  const res = await fetch(`${url}/api/dev/mail?to=${encodeURIComponent(email)}`, {
    headers: { [OPERATOR_HEADER]: loadOperatorSecret(dataDir) },
  });
  const body = (await res.json()) as { data?: { text: string }[] };
  return (body.data ?? []).map((m) => m.text);
}

/** The newest 6-digit code in the dev outbox for `email`. */
export async function codeFromOutbox(url: string, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const m = /\b(\d{6})\b/.exec((await outboxTexts(url, email))[0] ?? '');
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no code in the outbox');
}
