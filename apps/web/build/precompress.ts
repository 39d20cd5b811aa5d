import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing (images, fonts in woff2 and archives are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/i;
/** Below this size the HTTP headers outweigh what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of `dir`,
 * recursively, when the file has at least MIN_BYTES and the compressed copy is smaller. The API's static plugin
 * serves these by Accept-Encoding (`preCompressed`, "serve precompressed brotli/gzip"). Returns the
 * files compressed, relative to `dir`, with their sizes in bytes.
 */
export function precompressDir(dir: string): { file: string; bytes: number; br: number; gz: number }[] {
  const written: { file: string; bytes: number; br: number; gz: number }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    written.push({ file: path.slice(dir.length + 1), bytes: body.length, br: br.length, gz: gz.length });
  }
  return written;
}

/** Vite plugin: after the bundle is written, precompress the output directory (see precompressDir). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'radica-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = precompressDir(outDir);
      const total = files.reduce((s, f) => s + f.bytes, 0);
      const br = files.reduce((s, f) => s + Math.min(f.br, f.bytes), 0);
      this.info?.(
        `precompressed ${files.length} files: ${(total / 1000).toFixed(0)} kB → ${(br / 1000).toFixed(0)} kB brotli`,
      );
    },
  };
}
