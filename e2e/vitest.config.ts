import { defineConfig } from 'vitest/config';

/** Browser journeys: real server + Debian's Chromium. Run with `npm run test:e2e` (builds the SPA first). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['src/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
