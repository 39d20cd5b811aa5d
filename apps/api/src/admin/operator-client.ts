import { existsSync, readFileSync } from 'node:fs';
import type { TConfig } from '../config.ts';
import { OPERATOR_HEADER, operatorSecretPath } from '../plugins/operator.ts';

/** Base URL of the API this machine runs (`npm start` listens on PORT). */
export const localApiUrl = (config: TConfig) => `http://127.0.0.1:${config.port}`;

/** True when an API answers at `baseUrl` (GET /api/info within 2 s). */
export async function isApiUp(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/info`, { signal: AbortSignal.timeout(2000) });
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
