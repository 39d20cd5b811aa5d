/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress.ts';

/**
 * The SPA. In development /api and /_sim are proxied to the API on :3000. A build also writes .br and .gz copies of
 * its text files, which the API serves by Accept-Encoding (build/precompress.ts).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/_sim': 'http://localhost:3000',
      '/ping': 'http://localhost:3000',
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: { setupFiles: ['./src/test/setup.ts'] },
});
