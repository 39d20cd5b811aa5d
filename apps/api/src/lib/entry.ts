import { pathToFileURL } from 'node:url';

/**
 * True when `moduleUrl` (the caller's `import.meta.url`) is the file Node was started with: an entry run directly
 * (`node --import tsx src/admin/admin-cli.ts …`, `npm run start:worker`), not imported by a test or another module.
 * `process.argv[1]` may be relative; pathToFileURL resolves it against the working directory.
 */
export function isMain(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;
}
