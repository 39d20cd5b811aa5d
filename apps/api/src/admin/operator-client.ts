import { existsSync, readFileSync } from 'node:fs';
import { MSG_OPERADOR } from '@radica/contracts/messages-operador';
import type { TConfig } from '../config.ts';
import { EmbeddedDbLockedError } from '../db/client.ts';
import { readLocalServerPort } from '../lib/local-server.ts';
import { OPERATOR_HEADER, operatorSecretPath } from '../plugins/operator.ts';

/** Base URL of the API this machine runs (`npm start` listens on PORT). */
export const localApiUrl = (config: TConfig) => `http://127.0.0.1:${config.port}`;

/**
 * The running server an operator command should call: the one on PORT, else (no DATABASE_URL: the embedded database
 * has one owner) the one that owns DATA_DIR's database, on the port it recorded (lib/local-server.ts), when that port
 * answers. Null when none answers: the command then opens the database itself.
 */
export async function findLocalApi(config: TConfig): Promise<string | null> {
  const base = localApiUrl(config);
  if (await isApiUp(base)) return base;
  if (config.databaseUrl) return null;
  const port = readLocalServerPort(config.dataDir);
  if (port === null || port === config.port) return null;
  const recorded = `http://127.0.0.1:${port}`;
  return (await isApiUp(recorded)) ? recorded : null;
}

/**
 * What an operator command says when it could not reach a server and the embedded database is held by another
 * process (the server itself, on a PORT the command was not given, or still starting): run it with the server's PORT
 * and DATA_DIR. `comando` is the command as typed ('npm run admin -- mail ana@ips.co'). Other errors: their message.
 */
export function explainOpenFailure(err: unknown, config: TConfig, comando: string): string {
  if (err instanceof EmbeddedDbLockedError) return MSG_OPERADOR.baseEnUso({ pid: err.pid, url: localApiUrl(config), dataDir: config.dataDir, comando });
  return String((err as Error)?.message ?? err);
}

/**
 * True when an API answers at `baseUrl` (GET /api/info within 10 s). A port where nothing listens is refused at once;
 * the wait only matters for a server that is there but busy (a loaded machine answered after 2 s, and the command then
 * tried to open the database that server holds).
 */
export async function isApiUp(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/info`, { signal: AbortSignal.timeout(10_000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

/**
 * The operator secret: OPERATOR_SECRET when set, else the file of DATA_DIR (written by the server at its first start),
 * or null when there is none yet.
 */
export function readOperatorSecret(config: TConfig): string | null {
  if (config.operatorSecret) return config.operatorSecret;
  const path = operatorSecretPath(config.dataDir);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
}

/** POST an operator call to the running API; returns the parsed envelope and the HTTP status. */
export const operatorPost = (baseUrl: string, secret: string, path: string, body: unknown) => operatorCall(baseUrl, secret, 'POST', path, body);

/** GET an operator call of the running API (the local outbox); returns the parsed envelope and the HTTP status. */
export const operatorGet = (baseUrl: string, secret: string, path: string) => operatorCall(baseUrl, secret, 'GET', path);

async function operatorCall(baseUrl: string, secret: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), [OPERATOR_HEADER]: secret },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string; data?: unknown };
  return { status: res.status, body: json };
}
