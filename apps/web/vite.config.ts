/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The SPA. In development /api and /_sim are proxied to the API on :3000. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
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
