import { defineConfig } from 'vitest/config';

/** Unit + API tests of every workspace. Browser journeys live in e2e/ with their own config. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'fevrips', root: 'packages/fevrips', environment: 'node' } },
      { test: { name: 'muv-simulator', root: 'apps/muv-simulator', environment: 'node' } },
      { test: { name: 'wompi-simulator', root: 'apps/wompi-simulator', environment: 'node' } },
      { test: { name: 'whatsapp-simulator', root: 'apps/whatsapp-simulator', environment: 'node' } },
      { test: { name: 'api', root: 'apps/api', environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web', environment: 'happy-dom' } },
    ],
  },
});
