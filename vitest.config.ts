import { defineConfig } from 'vitest/config';

/**
 * Unit + API tests of every workspace. Browser journeys live in e2e/ with their own config.
 * Speed (docs/decisions/033): two workers on CI's two cores, and no per-file isolation in the API and web
 * projects: a worker loads the app's modules (and the web tests' happy-dom) once, not once per test file. Each of their
 * files must therefore start from state it sets itself (its own app, its own database, fake timers restored, module
 * stores reset where it reads them). The small packages keep isolation: their files load little, and a CPU-bound
 * file (the engine fuzz) then runs in a fresh process, not one whose heap earlier API files filled.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'fevrips', root: 'packages/fevrips', environment: 'node' } },
      { test: { name: 'muv-simulator', root: 'apps/muv-simulator', environment: 'node' } },
      { test: { name: 'wompi-simulator', root: 'apps/wompi-simulator', environment: 'node' } },
      { test: { name: 'whatsapp-simulator', root: 'apps/whatsapp-simulator', environment: 'node' } },
      { test: { name: 'api', root: 'apps/api', environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, isolate: false } },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', environment: 'happy-dom', pool: 'threads', isolate: false },
      },
    ],
  },
});
