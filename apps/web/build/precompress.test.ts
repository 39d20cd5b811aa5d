import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompressDir (precompressed brotli and gzip at build time)', () => {
  it('writes .br and .gz beside every large text file, decompressing to the same bytes, and skips small or binary files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'radica-dist-'));
    mkdirSync(join(dir, 'assets'));
    const js = Buffer.from('export const a = "Radicación de facturas";\n'.repeat(200));
    const css = Buffer.from('.btn{color:#185459;padding:4px}\n'.repeat(100));
    writeFileSync(join(dir, 'assets/index-AbC.js'), js);
    writeFileSync(join(dir, 'assets/index-XyZ.css'), css);
    writeFileSync(join(dir, 'theme-init.js'), 'tiny();');
    writeFileSync(join(dir, 'assets/logo-Q1.png'), Buffer.alloc(4096, 7));

    const written = precompressDir(dir);

    expect(written.map((f) => f.file).sort()).toEqual(['assets/index-AbC.js', 'assets/index-XyZ.css']);
    for (const [name, body] of [
      ['assets/index-AbC.js', js],
      ['assets/index-XyZ.css', css],
    ] as const) {
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(gunzipSync(gz).equals(body)).toBe(true);
      expect(br.length).toBeLessThan(body.length / 3);
    }
    expect(existsSync(join(dir, 'theme-init.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/logo-Q1.png.gz'))).toBe(false);
  });
});
