#!/usr/bin/env node
// @ts-check
/**
 * The compiled build (docs/decisions/032-compiled-build.md). Plain JavaScript, run by node itself, so that `npm start`
 * and the CLI's install step need no TypeScript loader.
 *
 *   node scripts/build.mjs [--if-stale] [--quiet] [--optional] [web] [server] [cli]     (no target: all three)
 *
 * --optional: succeed without building when the build tools are not installed (the install step's use).
 *
 * Targets:
 * - web:    the SPA (Vite) → apps/web/dist.
 * - server: esbuild bundles of the API's entries → apps/api/dist/*.js (the server and its roles, the operator
 *           commands, the upload-analysis worker thread), workspace code inlined, packages from node_modules left as
 *           imports (production installs them with `npm ci --omit=dev`).
 * - cli:    the `radica-fevrips` CLI as one self-contained file → packages/fevrips/dist/radica-fevrips.js.
 *
 * Each target gets a stamp listing the inputs it was made from (path, mtime, size): `.radica-build.json` in the bundle
 * folders, node_modules/.cache/radica/web-build.json for the SPA (its folder is served). With `--if-stale` a target
 * is rebuilt only when its output is missing, an input changed, appeared or went missing, or the stamp is absent.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.radica-build.json';
const STAMP_VERSION = 1;
/** Files whose change invalidates every target: this script and the dependency versions. */
const COMMON_INPUTS = ['scripts/build.mjs', 'package-lock.json'];

/**
 * The API's compiled entries: output name → source (relative to apps/api/src). A fixed list, not derived from the
 * sources: scripts/start.mjs reads it where there are none (the image's runtime stage), and the build fails when one
 * of these sources is missing.
 */
export const SERVER_ENTRIES = {
  server: 'server.ts',
  // The process roles: `npm run start:api`, `start:worker`, `start:ingest`, `migrate`.
  api: 'roles/api.ts',
  worker: 'roles/worker.ts',
  ingest: 'roles/ingest.ts',
  migrate: 'roles/migrate.ts',
  'admin-cli': 'admin/admin-cli.ts',
  'backup-cli': 'admin/backup-cli.ts',
  'restore-cli': 'admin/restore-cli.ts',
  'reps-import-cli': 'admin/reps-import-cli.ts',
  'seed-demo': 'admin/seed-demo.ts',
};

/**
 * @typedef {{ name: string, outDir: string, output: string, stamp: string, inputs: () => string[],
 *   build: () => Promise<string[]> }} TTarget
 * `output` is a file the build always makes, `stamp` where its stamp lives (relative to ROOT); `inputs` lists the files
 * the current stamp must match; `build` makes the output and returns the files it was made from.
 */

/** @type {Record<string, TTarget>} */
export const TARGETS = {
  web: {
    name: 'web',
    outDir: 'apps/web/dist',
    output: 'apps/web/dist/index.html',
    stamp: 'node_modules/.cache/radica/web-build.json',
    inputs: () => webInputs(),
    build: async () => {
      const r = spawnSync(process.execPath, [resolve(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
        cwd: resolve(ROOT, 'apps/web'),
        stdio: 'inherit',
      });
      if (r.status !== 0) throw new Error(`vite build failed (${r.status ?? r.signal})`);
      return webInputs();
    },
  },
  server: {
    name: 'server',
    outDir: 'apps/api/dist',
    output: 'apps/api/dist/server.js',
    stamp: `apps/api/dist/${STAMP}`,
    inputs: () => stampedInputs(`apps/api/dist/${STAMP}`),
    build: () =>
      bundle({
        outDir: 'apps/api/dist',
        entries: {
          ...Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([out, src]) => [out, `apps/api/src/${src}`])),
          'analysis-worker': {
            contents: "export { default, leerZip, revisar, leerFactura, leerNota, construirNota } from './analysis-task.ts';",
            resolveDir: 'apps/api/src/modules/documents',
          },
          // The spreadsheet worker (rips/sheet-pool.ts): sheets, the patients CSV, exports.
          'sheet-worker': {
            contents: "export { runSheetTask as default } from './sheet-task.ts';",
            resolveDir: 'apps/api/src/modules/rips',
          },
        },
        externalPackages: true,
        splitting: true,
      }),
  },
  cli: {
    name: 'cli',
    outDir: 'packages/fevrips/dist',
    output: 'packages/fevrips/dist/radica-fevrips.js',
    stamp: `packages/fevrips/dist/${STAMP}`,
    inputs: () => stampedInputs(`packages/fevrips/dist/${STAMP}`),
    build: () =>
      bundle({
        outDir: 'packages/fevrips/dist',
        entries: {
          'radica-fevrips': {
            contents: "import './cli-entry.ts';",
            resolveDir: 'packages/fevrips/src',
          },
        },
        externalPackages: false,
        // the spreadsheet commands (exceljs, csv) load as a chunk of their own: `check` does not parse them
        splitting: true,
      }),
  },
};

/** Web inputs: everything the Vite build reads (sources, public files, config, the contracts it imports), no tests. */
function webInputs() {
  const files = [
    ...walk('apps/web/src'),
    ...walk('apps/web/public'),
    ...walk('apps/web/build'),
    ...walk('packages/contracts/src'),
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
  ];
  return files.filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes('/test/'));
}

/** Files under `dir` (relative to ROOT), recursively; none when it does not exist. */
function walk(dir) {
  const abs = resolve(ROOT, dir);
  if (!existsSync(abs)) return [];
  return /** @type {string[]} */ (readdirSync(abs, { recursive: true, withFileTypes: false }))
    .map((f) => join(dir, String(f)).split(sep).join('/'))
    .filter((f) => statSync(resolve(ROOT, f)).isFile());
}

/** The inputs recorded in a stamp (an esbuild target knows its inputs only from its last build). */
function stampedInputs(stampFile) {
  const stamp = readStamp(stampFile);
  return stamp ? Object.keys(stamp.inputs) : [];
}

/** @returns {{ version: number, inputs: Record<string, string> } | null} */
function readStamp(stampFile) {
  try {
    const stamp = JSON.parse(readFileSync(resolve(ROOT, stampFile), 'utf8'));
    return stamp.version === STAMP_VERSION ? stamp : null;
  } catch {
    return null;
  }
}

/** `mtimeMs:size` of a file, or null when it does not exist. */
function signature(file) {
  try {
    const s = statSync(resolve(ROOT, file));
    return `${Math.round(s.mtimeMs)}:${s.size}`;
  } catch {
    return null;
  }
}

/**
 * Whether `target`'s output is up to date: the output and its stamp exist, every input the stamp names still has the
 * recorded mtime and size, and the target's inputs are the same set (none added or removed).
 * @param {TTarget} target
 */
export function isFresh(target) {
  const stamp = readStamp(target.stamp);
  if (!stamp || !existsSync(resolve(ROOT, target.output))) return false;
  const recorded = Object.keys(stamp.inputs);
  if (recorded.some((file) => signature(file) !== stamp.inputs[file])) return false;
  const now = [...new Set([...target.inputs(), ...COMMON_INPUTS.filter((f) => signature(f) !== null)])];
  return now.length === recorded.length && now.every((f) => f in stamp.inputs);
}

/** @param {TTarget} target */
async function buildTarget(target) {
  const inputs = await target.build();
  const all = [...new Set([...inputs, ...COMMON_INPUTS])].sort();
  /** @type {Record<string, string>} */
  const stamped = {};
  for (const f of all) {
    const sig = signature(f);
    if (sig) stamped[f] = sig;
  }
  const stampFile = resolve(ROOT, target.stamp);
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify({ version: STAMP_VERSION, inputs: stamped }, null, 1)}\n`);
}

/**
 * esbuild of `entries` into `outDir` (ESM for Node 20, source maps). Workspace sources are inlined; with
 * `externalPackages` every import of a package from node_modules stays an import. `import.meta.dirname` of a bundled
 * source file is rewritten to that file's own folder (relative to the output), so data files next to the sources
 * (migrations, REPS seed, DIVIPOLA, reference tables, the built SPA) are found as from the sources; `import.meta.url`
 * stays the running bundle's. Returns the workspace files the bundle was made from.
 * @param {{ outDir: string, entries: Record<string, string | { contents: string, resolveDir: string }>,
 *   externalPackages: boolean, splitting: boolean }} o
 */
async function bundle(o) {
  const esbuild = await import('esbuild');
  const outAbs = resolve(ROOT, o.outDir);
  rmSync(outAbs, { recursive: true, force: true });
  mkdirSync(outAbs, { recursive: true });
  /** @type {Record<string, string>} */
  const entryPoints = {};
  /** @type {Record<string, { contents: string, resolveDir: string }>} */
  const virtual = {};
  for (const [out, src] of Object.entries(o.entries)) {
    if (typeof src === 'string') entryPoints[out] = resolve(ROOT, src);
    else {
      virtual[out] = src;
      entryPoints[out] = `radica-entry:${out}`;
    }
  }
  /** @type {import('esbuild').Plugin} */
  const plugin = {
    name: 'radica',
    setup(b) {
      b.onResolve({ filter: /^radica-entry:/ }, (args) => ({ path: args.path.slice('radica-entry:'.length), namespace: 'radica-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'radica-entry' }, (args) => {
        const v = /** @type {{ contents: string, resolveDir: string }} */ (virtual[args.path]);
        return { contents: v.contents, resolveDir: resolve(ROOT, v.resolveDir), loader: 'ts' };
      });
      if (o.externalPackages) {
        // A bare import that is not one of ours stays external (its package is installed beside the output).
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@radica/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
        );
      }
      b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.dirname')) return undefined;
        const rel = relative(outAbs, dirname(args.path)).split(sep).join('/') || '.';
        return { contents: text.replaceAll('import.meta.dirname', `__radicaSourceDir(${JSON.stringify(rel)})`), loader: 'ts' };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints,
    outdir: outAbs,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    splitting: o.splitting,
    // Chunks beside the entries: every bundle of a target has the same folder, so one relative source path fits all.
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // CommonJS packages bundled into ESM call require(); the helper resolves a source folder for import.meta.dirname.
    banner: {
      js: [
        "import { createRequire as __radicaCreateRequire } from 'node:module';",
        "import { fileURLToPath as __radicaFileURLToPath } from 'node:url';",
        'const require = __radicaCreateRequire(import.meta.url);',
        'const __radicaSourceDir = (rel) => __radicaFileURLToPath(new URL(rel, import.meta.url));',
      ].join('\n'),
    },
    plugins: [plugin],
  });
  writeFileSync(join(outAbs, 'package.json'), '{ "type": "module" }\n');
  return Object.keys(result.metafile.inputs)
    .filter((f) => !f.startsWith('radica-entry:') && !f.includes('node_modules/'))
    .map((f) => relative(ROOT, resolve(process.cwd(), f)).split(sep).join('/'));
}

/**
 * Build `names` (all targets when empty); with `ifStale` only those whose output is missing or out of date.
 * @param {string[]} names
 * @param {{ ifStale?: boolean, quiet?: boolean }} [opts]
 * @returns {Promise<string[]>} the targets built.
 */
export async function build(names, opts = {}) {
  const chosen = names.length ? names : Object.keys(TARGETS);
  const built = [];
  for (const name of chosen) {
    const target = TARGETS[name];
    if (!target) throw new Error(`unknown build target: ${name} (web, server, cli)`);
    if (opts.ifStale && isFresh(target)) continue;
    const started = performance.now();
    await buildTarget(target);
    built.push(name);
    if (!opts.quiet) console.log(`build: ${name} → ${target.outDir} (${Math.round(performance.now() - started)} ms)`);
  }
  return built;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  try {
    await build(names, { ifStale: args.includes('--if-stale'), quiet: args.includes('--quiet') });
  } catch (err) {
    // --optional (the install step): without the development packages (npm ci --omit=dev) there is nothing to build
    // with; the CLI launcher then runs the sources, and an image builds in its own stage.
    if (args.includes('--optional') && /** @type {{ code?: string }} */ (err).code === 'ERR_MODULE_NOT_FOUND') {
      console.warn(`build: skipped (${err instanceof Error ? err.message.split('\n')[0] : err})`);
    } else {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    }
  }
}
