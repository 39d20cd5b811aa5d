import { existsSync, readFileSync } from 'node:fs';
import type { TConfig } from '../config.ts';
import { operatorSecretPath } from '../modules/products/operator-secret.ts';
import { OPERATOR_HEADER } from '../modules/products/routes.ts';

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

/** The operator secret of DATA_DIR (written by the server at its first start), or null when there is none yet. */
export function readOperatorSecret(config: TConfig): string | null {
  const path = operatorSecretPath(config.dataDir);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
}

/** POST an operator call to the running API; returns the parsed envelope and the HTTP status. */
export async function operatorPost(baseUrl: string, secret: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_HEADER]: secret },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string; data?: unknown };
  return { status: res.status, body: json };
}
