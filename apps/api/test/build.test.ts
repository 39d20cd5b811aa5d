import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The compiled build (issue 25 §1, docs/decisions/032): production runs node on plain JavaScript whose every import
 * is a Node built-in or a production dependency of the API, never a TypeScript loader or a build tool.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const DIST = join(ROOT, 'apps/api/dist');

describe('npm run build (server bundles and the CLI)', () => {
  it('imports only Node built-ins and @radica/api production dependencies; no tsx, TypeScript or build tool', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'server', 'cli', '--if-stale', '--quiet'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
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
