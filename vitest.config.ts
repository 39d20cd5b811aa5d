import { defineConfig } from 'vitest/config';

/**
 * Unit + API tests of every workspace. Browser journeys live in e2e/ with their own config.
 * Speed (issue 25, docs/decisions/033): two workers on CI's two cores, and no per-file isolation: a worker loads the
 * app's modules (and the web tests' happy-dom) once, not once per test file. Each file must therefore start from
 * state it sets itself (its own app, its own database, fake timers restored, module stores reset where it reads them).
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', isolate: false } },
      { test: { name: 'fevrips', root: 'packages/fevrips', environment: 'node', isolate: false } },
      { test: { name: 'muv-simulator', root: 'apps/muv-simulator', environment: 'node', isolate: false } },
      { test: { name: 'wompi-simulator', root: 'apps/wompi-simulator', environment: 'node', isolate: false } },
      { test: { name: 'whatsapp-simulator', root: 'apps/whatsapp-simulator', environment: 'node', isolate: false } },
      { test: { name: 'api', root: 'apps/api', environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, isolate: false } },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', environment: 'happy-dom', pool: 'threads', isolate: false },
      },
    ],
  },
});
