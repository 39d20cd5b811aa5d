import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: the compiled build started as `npm start` starts it (`node scripts/start.mjs server`, a child
 * process per file; docs/decisions/056) + Debian's Chromium. Run with `npm run test:e2e` (builds the SPA and the server
 * bundles first). Two files at a time (each starts its own server on its own port and DATA_DIR): both cores are used
 * and the files overlap their waits (docs/decisions/033).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
