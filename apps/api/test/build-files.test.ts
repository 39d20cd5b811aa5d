import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildOnce } from './compiled.ts';

/**
 * The guard of docs/decisions/042: every file the sources read beside themselves at run time — a worker thread's
 * module (`new URL('./x.js', import.meta.url)`, piscina's `filename`), a data file (`import.meta.dirname` joins), a
 * package's JSON through `createRequire(import.meta.url)` — is found here, and the test fails when the compiled build
 * or the image's runtime stage (the Dockerfile's COPY lines) does not carry it. A new one cannot be forgotten.
 */
const SOURCE_ROOTS = ['apps/api/src', 'packages/fevrips/src', 'packages/contracts/src'];
/** Reads that only the development tools make, with why. */
const DEV_ONLY: Record<string, string> = {
  // the demo seed reads the shared samples beside a development checkout; the image has none (it says so)
  'apps/api/src/admin/seed-demo.ts': 'shared/samples',
};

const posix = (p: string) => p.split(sep).join('/');
function sources(): string[] {
  return SOURCE_ROOTS.flatMap((dir) =>
    (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
      .map((f) => posix(join(dir, f)))
      .filter((f) => /\.(ts|mts)$/.test(f) && !/\.test\.ts$/.test(f) && !f.endsWith('.d.ts')),
  );
}

/** `via`: how the path is made: from the source's folder (`dirname`) or from the running module's URL (`url`). */
type TRead = { source: string; kind: 'worker' | 'data' | 'package'; path: string; via: 'dirname' | 'url' | 'require' };
/** The run-time file reads of the sources. */
function reads(): TRead[] {
  const out: TRead[] = [];
  for (const source of sources()) {
    const text = readFileSync(join(ROOT, source), 'utf8');
    const here = dirname(source);
    // Names that hold this source's folder: `import.meta.dirname` and constants set to it.
    const dirNames = ['import\\.meta\\.dirname', ...[...text.matchAll(/const (\w+) = import\.meta\.dirname;/g)].map((m) => m[1]!)];
    for (const m of text.matchAll(new RegExp(`(?:join|resolve)\\(\\s*(?:${dirNames.join('|')})\\s*((?:,\\s*'[^']*'\\s*)*)`, 'g'))) {
      const parts = [...m[1]!.matchAll(/'([^']*)'/g)].map((p) => p[1]!);
      out.push({ source, kind: 'data', path: posix(relative(ROOT, resolve(ROOT, here, ...parts))), via: 'dirname' });
    }
    for (const m of text.matchAll(/new URL\(\s*[`'"]([^`'"]+)[`'"]\s*,\s*import\.meta\.url\s*\)/g)) {
      const target = m[1]!;
      out.push({ source, kind: /\.m?js$/.test(target) ? 'worker' : 'data', path: posix(relative(ROOT, resolve(ROOT, here, target.replace(/\$\{.*$/, '')))), via: 'url' });
    }
    for (const m of text.matchAll(/createRequire\(import\.meta\.url\)\(\s*'([^']+)'/g)) out.push({ source, kind: 'package', path: m[1]!, via: 'require' });
  }
  return out;
}

/** What the Dockerfile's last stage copies from the build stage, as paths relative to the repository. */
function runtimeCopies(): string[] {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const runtime = dockerfile.split(/^FROM /m).at(-1)!;
  return runtime
    .split('\n')
    .filter((l) => /^COPY --from=build /.test(l))
    .flatMap((l) => l.replace(/^COPY --from=build /, '').trim().split(/\s+/).slice(0, -1))
    .map((src) => posix(relative('/app', src)));
}

describe('every file the sources read at run time is in the build and the image', () => {
  let all: TRead[] = [];
  beforeAll(async () => {
    await buildOnce(['server', 'cli']);
    all = reads().filter((r) => !(DEV_ONLY[r.source] && r.path.includes(DEV_ONLY[r.source]!)));
  }, 120_000);

  it('finds the known ones (the guard itself works)', () => {
    const paths = all.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'apps/api/src/modules/documents/analysis-worker.js',
        'apps/api/src/modules/rips/sheet-worker.js',
        'apps/api/drizzle',
        'apps/api/src/modules/reps/data/reps-prestadores-semilla.csv.gz',
        'apps/api/src/modules/geography/data/divipola.json',
        'packages/fevrips/data',
        'apps/web/dist',
      ]),
    );
  });

  it('a worker module of the compiled build is a bundle in apps/api/dist (and the pool picks it there)', () => {
    const workers = all.filter((r) => r.kind === 'worker' && r.path.endsWith('.js'));
    expect(workers.length).toBeGreaterThanOrEqual(2);
    for (const w of workers) expect(existsSync(join(ROOT, 'apps/api/dist', w.path.split('/').at(-1)!)), `${w.source}: ${w.path}`).toBe(true);
    // every source that starts a piscina pool names its worker through such a URL
    for (const source of sources()) {
      const text = readFileSync(join(ROOT, source), 'utf8');
      if (/new Piscina\(|createResilientPool\(/.test(text) && !source.endsWith('lib/worker-pool.ts'))
        expect(workers.some((w) => w.source === source), `${source} starts a pool without a worker URL this guard knows`).toBe(true);
    }
  });

  it('a data file is read from its source folder (import.meta.dirname), never relative to the running bundle', () => {
    // import.meta.url is the running bundle's (apps/api/dist/…), not the source's: a data path made from it breaks
    // in the compiled build; scripts/build.mjs rewrites import.meta.dirname to the source's folder.
    expect(all.filter((r) => r.kind === 'data' && r.via === 'url').map((r) => `${r.source}: ${r.path}`)).toEqual([]);
  });

  it('every data file exists and the image copies it (a runtime-stage COPY covers it)', () => {
    const copies = runtimeCopies();
    for (const d of all.filter((r) => r.kind === 'data')) {
      // the built SPA and the migrations exist after `npm run build` / in the repository
      if (d.path !== 'apps/web/dist') expect(existsSync(join(ROOT, d.path)), `${d.source}: ${d.path}`).toBe(true);
      expect(copies.some((c) => d.path === c || d.path.startsWith(`${c}/`)), `${d.source}: ${d.path} (Dockerfile runtime COPY)`).toBe(true);
    }
  });

  it('a JSON a source requires from a package comes from a production dependency of the API', () => {
    const deps = (dir: string) => Object.keys((JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
    const allowed = new Set([...deps('apps/api'), ...deps('packages/fevrips'), ...deps('packages/contracts')]);
    for (const p of all.filter((r) => r.kind === 'package')) {
      const name = p.path.startsWith('@') ? p.path.split('/').slice(0, 2).join('/') : p.path.split('/')[0]!;
      expect(allowed.has(name), `${p.source}: ${p.path}`).toBe(true);
    }
  });
});
