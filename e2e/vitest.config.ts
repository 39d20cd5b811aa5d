import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: real server + Debian's Chromium. Run with `npm run test:e2e` (builds the SPA first). Two files at
 * a time (each starts its own server on its own port and database): 204 s instead of 300 s for the 17 files on the
 * project's 2-core machine (docs/decisions/033).
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
