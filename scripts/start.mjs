#!/usr/bin/env node
// @ts-check
/**
 * Runs one of the API's compiled entries (docs/decisions/032-compiled-build.md):
 *
 *   node scripts/start.mjs [ENTRY] [ARGS…]     ENTRY: server (default: all roles), api, worker, ingest, migrate,
 *                                              admin-cli, backup-cli, restore-cli, reps-import-cli, seed-demo
 *
 * Outside production it first builds what is missing or out of date (scripts/build.mjs --if-stale: the SPA only for
 * the entries that serve it, server and api; the bundles always), so `npm start` after `npm install` does all the set-up and a second start only
 * checks the stamps. With NODE_ENV=production it never builds: it runs the output `npm run build` made (the image's),
 * or stops with a message when there is none. Then it loads apps/api/dist/ENTRY.js in this process, with
 * process.argv as if that file had been started directly.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, ROOT, SERVER_ENTRIES } from './build.mjs';

const [entry = 'server', ...args] = process.argv.slice(2);
if (!(entry in SERVER_ENTRIES)) {
  console.error(`Entrada desconocida: ${entry} (use ${Object.keys(SERVER_ENTRIES).join(', ')})`);
  process.exit(2);
}
const file = resolve(ROOT, 'apps/api/dist', `${entry}.js`);
if (process.env.NODE_ENV === 'production') {
  if (!existsSync(file)) {
    console.error(`No existe ${file}: compile primero con npm run build (la imagen de producción ya lo trae).`);
    process.exit(2);
  }
} else {
  await build(entry === 'server' || entry === 'api' ? ['web', 'server'] : ['server'], { ifStale: true });
}
process.argv = [process.argv[0] ?? process.execPath, file, ...args];
await import(pathToFileURL(file).href);
