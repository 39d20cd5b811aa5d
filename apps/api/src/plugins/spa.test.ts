import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/helpers.ts';

type TRaw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** GET over real HTTP, body as sent on the wire (fetch would decompress it). */
function rawGet(url: string, acceptEncoding?: string): Promise<TRaw> {
  return new Promise((done, fail) => {
    const req = request(
      url,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

/** A built SPA as `vite build` leaves it, .br and .gz siblings included (apps/web/build/precompress.ts). */
function fakeBuild(): { dir: string; js: Buffer; html: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'radica-spa-'));
  mkdirSync(join(dir, 'assets'));
  const js = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const v${i} = 'valor número ${i}';`).join('\n'),
  );
  const html = Buffer.from(
    `<!doctype html><html lang="es-CO"><head><title>Radica</title>${'<meta name="x" content="relleno">'.repeat(60)}<script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`,
  );
  for (const [name, body] of [
    ['assets/index-AbC123.js', js],
    ['index.html', html],
  ] as const) {
    writeFileSync(join(dir, name), body);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body));
  }
  writeFileSync(join(dir, 'theme-init.js'), 'document.documentElement.dataset.theme = "light";');
  return { dir, js, html };
}

describe('static web app served like a product', () => {
  let t: TTestApp;
  let build: ReturnType<typeof fakeBuild>;
  beforeAll(async () => {
    build = fakeBuild();
    t = await startTestApp({ webDistDir: build.dir });
  });
  afterAll(() => t?.close());

  it('sends a hashed asset brotli-compressed to a browser, immutable for a year, and its bytes decompress to the file', async () => {
    const r = await rawGet(`${t.url}/assets/index-AbC123.js`, 'gzip, deflate, br, zstd');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(r.body.length).toBeLessThan(build.js.length / 3);
    expect(brotliDecompressSync(r.body).equals(build.js)).toBe(true);
  });

  it('falls back to gzip when the client does not take brotli, and to the plain file when it takes neither', async () => {
    const gz = await rawGet(`${t.url}/assets/index-AbC123.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(build.js)).toBe(true);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const accept of [undefined, 'identity', 'compress']) {
      const plain = await rawGet(`${t.url}/assets/index-AbC123.js`, accept);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(build.js)).toBe(true);
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('serves index.html and the SPA fallback compressed but never cached without revalidation', async () => {
    for (const path of ['/', '/ministerio/12', '/settings?tab=ministerio']) {
      const r = await rawGet(`${t.url}${path}`, 'br, gzip');
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.headers['cache-control'], path).toBe('no-cache');
      expect(r.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(r.body).equals(build.html)).toBe(true);
    }
    const gz = await rawGet(`${t.url}/ministerio/12`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(build.html)).toBe(true);
  });

  it('keeps unhashed files revalidated and small files uncompressed, and never leaves the build folder', async () => {
    const theme = await rawGet(`${t.url}/theme-init.js`, 'br, gzip');
    expect(theme.status).toBe(200);
    expect(theme.headers['cache-control']).toBe('no-cache');
    expect(theme.headers['content-encoding']).toBeUndefined();

    for (const path of [
      '/assets/../../../etc/passwd',
      '/assets/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2fetc%2fhosts.js',
      '/assets/missing-Zz9.js',
    ]) {
      const r = await rawGet(`${t.url}${path}`, 'identity');
      expect(r.status, path).toBeLessThan(500);
      // Either refused, or (an extension-less path) the SPA's index.html: never a file outside the build.
      if (r.status === 200) expect(r.body.equals(build.html), path).toBe(true);
      else expect(r.status, path).toBeGreaterThanOrEqual(400);
    }
    const missing = await rawGet(`${t.url}/assets/missing-Zz9.js`, 'br, gzip');
    expect(missing.status).toBe(404);
    const api = await rawGet(`${t.url}/api/nada`, 'br, gzip');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString()).code).toBe('NOT_FOUND');
  });
});
