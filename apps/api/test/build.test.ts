import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOnce } from './compiled.ts';

/**
 * The compiled build (docs/decisions/032): production runs node on plain JavaScript whose every import
 * is a Node built-in or a production dependency of the API, never a TypeScript loader or a build tool.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const DIST = join(ROOT, 'apps/api/dist');

describe('npm run build (server bundles and the CLI)', () => {
  it('imports only Node built-ins and @radica/api production dependencies; no tsx, TypeScript or build tool', async () => {
    expect((await buildOnce(['server', 'cli'])).stderr).toBe('');
    // What `npm ci --omit=dev --workspace @radica/api` installs: the API's dependencies and those of the workspaces
    // it depends on (their code is inlined, their packages are not).
    const deps = (dir: string) => Object.keys((JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
    const workspaces: Record<string, string> = { '@radica/contracts': 'packages/contracts', '@radica/fevrips': 'packages/fevrips', '@radica/muv-simulator': 'apps/muv-simulator', '@radica/wompi-simulator': 'apps/wompi-simulator', '@radica/whatsapp-simulator': 'apps/whatsapp-simulator' };
    const allowed = new Set(deps('apps/api'));
    for (const d of [...allowed]) if (workspaces[d]) for (const x of deps(workspaces[d])) allowed.add(x);
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    const files = readdirSync(DIST).filter((f) => f.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['server.js', 'worker.js', 'admin-cli.js', 'analysis-worker.js', 'sheet-worker.js']));
    const imported = new Set<string>();
    for (const f of files) {
      const text = readFileSync(join(DIST, f), 'utf8');
      for (const m of text.matchAll(/(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"'./][^"']*)["']|import\(\s*["']([^"'./][^"']*)["']\s*\)/gm)) {
        const spec = (m[1] ?? m[2])!;
        imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    for (const pkg of imported) expect(builtins.has(pkg) || allowed.has(pkg), pkg).toBe(true);
    for (const tool of ['tsx', 'typescript', 'esbuild', 'vite', 'vitest']) expect(imported.has(tool), tool).toBe(false);
    // Workspace code is inlined: no @radica/* import is left for production to resolve.
    expect([...imported].filter((p) => p.startsWith('@radica/'))).toEqual([]);
  });

  it('the CLI bundle is self-contained: no package import at all', () => {
    const text = readFileSync(join(ROOT, 'packages/fevrips/dist/radica-fevrips.js'), 'utf8');
    const bare = [...text.matchAll(/(?:^|[;\s])import\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"'.][^"']*)["']/gm)].map((m) => m[1]!);
    expect(bare.filter((s) => !s.startsWith('node:'))).toEqual([]);
  });
});

describe('scripts/start.mjs where there are no sources (the image)', () => {
  it('knows every entry from its own list, not from apps/api/src', () => {
    const root = mkdtempSync(join(tmpdir(), 'radica-nosrc-'));
    mkdirSync(join(root, 'scripts'));
    for (const f of ['start.mjs', 'build.mjs']) copyFileSync(join(ROOT, 'scripts', f), join(root, 'scripts', f));
    writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
    for (const entry of ['api', 'worker', 'ingest', 'migrate', 'server', 'backup-cli']) {
      const r = spawnSync(process.execPath, [join(root, 'scripts/start.mjs'), entry], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
      expect(r.stderr, entry).not.toContain('Entrada desconocida');
      expect(r.stderr, entry).toContain(`No existe ${join(root, 'apps/api/dist', `${entry}.js`)}`);
    }
    const unknown = spawnSync(process.execPath, [join(root, 'scripts/start.mjs'), 'nada'], { encoding: 'utf8' });
    expect(unknown.stderr).toContain('Entrada desconocida: nada (use server, api, worker, ingest, migrate,');
  });
});
