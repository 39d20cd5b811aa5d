import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildOnce, COMPILED_TARGETS, startCompiled } from '../../apps/api/test/compiled.ts';
import { pgliteSnapshot } from '../../apps/api/test/db-templates.ts';
import { outbox } from '../../apps/api/test/http-helpers.ts';

export { freePort } from '../../apps/api/test/http-helpers.ts';

export const SAMPLES = resolve(import.meta.dirname, '../../../shared/samples');
export const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type THarness = {
  url: string;
  /** The server's DATA_DIR: its operator secret (what `npm run admin` reads), and its embedded database once stopped. */
  dataDir: string;
  browser: Browser;
  page: Page;
  /** Close the browser, SIGTERM the server and wait for its exit (rejects with its stderr unless it exits 0). Idempotent. */
  close: () => Promise<void>;
};

export type THarnessOptions = {
  /**
   * Environment of the server on top of the harness's (config.ts's variable names), e.g. `{ ACCESS_TOKEN_TTL_S: '12' }`
   * for short-lived access tokens, `{ REPS_SEED: 'true' }`, the inbound SMTP server's INBOUND_SMTP_*.
   */
  env?: Record<string, string>;
  /**
   * Overrides of the web app's timings (apps/web/src/lib/timings.ts), written to localStorage `radica.timings`
   * before any page script runs, e.g. `{ inactivityMs: 20_000, warningMs: 10_000 }`.
   */
  timings?: Record<string, number>;
};

/**
 * Start Radica as it ships — the compiled build's `server` entry through `node scripts/start.mjs server`, what
 * `npm start` runs (API + built SPA + the MUV, Wompi and WhatsApp simulators of a trial install), in a child process
 * on a free port with a fresh DATA_DIR and embedded database — and a headless Chromium page with the flags this
 * machine needs (no background networking). The build is checked first under the tests' build lock (`npm run test:e2e`
 * has already built it, so this only reads the stamps). The database is loaded from the migrated PGlite snapshot
 * (PGLITE_SNAPSHOT) instead of initdb + every migration on each start.
 */
export async function startHarness(options: THarnessOptions = {}): Promise<THarness> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  await buildOnce(COMPILED_TARGETS);
  const server = await startCompiled('server', {
    MUV_SIMULATOR: 'true',
    // The journeys log in and register more often than one person does.
    RATE_LIMIT_SCALE: '10',
    PGLITE_SNAPSHOT: await pgliteSnapshot(),
    ...options.env,
  });
  let browser: Browser;
  try {
    browser = await chromium.launch({
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
  } catch (err) {
    await server.stop('SIGKILL');
    throw err;
  }
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
  let closing: Promise<void> | null = null;
  return {
    url: server.url,
    dataDir: server.dataDir,
    browser,
    page,
    close: () =>
      (closing ??= (async () => {
        await browser.close();
        const code = await server.stop();
        if (code !== 0) throw new Error(`the server exited ${code}: ${server.stderr()}`);
      })()),
  };
}

/** Save a screenshot under e2e/artifacts (git-ignored) to look at what a user sees. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Texts of the local outbox's messages to `email`, newest first, read with the operator secret (as `npm run admin -- mail`). */
export async function outboxTexts(url: string, email: string): Promise<string[]> {
  return (await outbox(url, email)).map((m) => m.text);
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
