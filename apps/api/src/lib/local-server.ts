import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the server that owns this DATA_DIR's embedded database listens, for the operator's commands on the same
 * machine (`npm run admin`, `backup`, `reps:import`, `seed:demo`): PGlite has one owner process, so a command run
 * without the server's PORT could not reach it and could not open the database either. Only a hint: a command checks
 * that the port answers before using it, so a file left by a stopped server means nothing.
 */
const FILE = 'servidor-local.json';

/** Record that this process (the embedded database's owner) listens on `port` (DATA_DIR/servidor-local.json, 0600). */
export function recordLocalServer(dataDir: string, port: number): void {
  try {
    writeFileSync(join(dataDir, FILE), JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
  } catch {
    /* a read-only DATA_DIR: the commands then need PORT, and say so */
  }
}

/** The port the owner of DATA_DIR's embedded database last recorded, or null. */
export function readLocalServerPort(dataDir: string): number | null {
  try {
    const { port } = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as { port?: unknown };
    return Number.isInteger(port) && (port as number) > 0 && (port as number) < 65_536 ? (port as number) : null;
  } catch {
    return null;
  }
}
