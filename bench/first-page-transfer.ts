/**
 * Bytes the sales page (`/`) transfers on a first visit ("the first page transfers 649 KB"). Chromium loads
 * `/` until the network goes idle (without Chromium: index.html and its static imports) to learn which same-origin files the page needs; each is then fetched again over
 * plain HTTP twice, once with `Accept-Encoding: br, gzip` (what a browser sends) and once with `identity`, counting the
 * body bytes on the wire (no decompression). Prints every file with the encoding and Cache-Control served, the totals
 * and the ratio compressed/uncompressed. The product runs as `npm start` does, from apps/web/dist (build it first:
 * `npm run build -w @radica/web`; WEB_DIST_DIR=… measures another build). `npx tsx bench/first-page-transfer.ts`.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serverProcess } from '../apps/api/test/compiled.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type TWire = { bytes: number; encoding: string; cacheControl: string };

/** GET `url` with the given Accept-Encoding and count the body bytes as sent (still compressed). */
function wireBytes(url: string, acceptEncoding: string): Promise<TWire> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        done({
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'none'),
          cacheControl: String(res.headers['cache-control'] ?? ''),
        }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * Without Chromium: `/`, what index.html names (scripts, module preloads, styles) and, recursively, the static
 * imports (`from"./x.js"`, `import"./x.js"`) of those scripts; lazy route chunks are not counted.
 */
async function staticPaths(url: string): Promise<string[]> {
  const paths = new Set<string>(['/']);
  const html = await (await fetch(`${url}/`)).text();
  const queue = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (paths.has(path)) continue;
    paths.add(path);
    if (!path.endsWith('.js')) continue;
    const code = await (await fetch(`${url}${path}`)).text();
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(`${dir}${m[1]}`);
  }
  return [...paths];
}

/** Same-origin paths Chromium requests for `/` until the network is idle (API calls excluded). */
async function firstPagePaths(url: string): Promise<string[]> {
  if (!existsSync(CHROMIUM)) {
    console.log(`(no Chromium at ${CHROMIUM}: counting index.html and its static imports instead)`);
    return staticPaths(url);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'es-CO' });
    const paths = new Set<string>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === url && !u.pathname.startsWith('/api/')) paths.add(u.pathname);
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    return [...paths];
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const webDist = process.env.WEB_DIST_DIR;
const api = await serverProcess({
  JOBS_WORKER: 'false',
  LOG_LEVEL: 'error',
  ...(webDist ? { WEB_DIST_DIR: resolve(webDist) } : {}),
});
const server = await api.start();
try {
  const paths = await firstPagePaths(api.url);
  let compressed = 0;
  let plain = 0;
  for (const path of paths) {
    const [c, p] = await Promise.all([
      wireBytes(`${api.url}${path}`, 'br, gzip'),
      wireBytes(`${api.url}${path}`, 'identity'),
    ]);
    compressed += c.bytes;
    plain += p.bytes;
    console.log(
      `  ${path}: ${kb(p.bytes)} kB → ${kb(c.bytes)} kB (${c.encoding}; cache-control: ${c.cacheControl || 'none'})`,
    );
  }
  console.log(
    `first page: ${paths.length} files, ${kb(plain)} kB uncompressed, ${kb(compressed)} kB with Accept-Encoding: br, gzip — ratio ${(compressed / plain).toFixed(3)}`,
  );
} finally {
  server.kill('SIGTERM');
}
