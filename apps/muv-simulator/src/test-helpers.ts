/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { muvSimulatorPlugin, type TMuvSimulatorOptions } from './plugin.ts';

/** Where the simulator is mounted in tests (the API mounts it at the same prefix). */
export const PREFIX = '/_sim/muv';

/** Real sample files (patient data: read them, never print them). */
export const SAMPLES_DIR = '/work/shared/samples';
export const PAR1_XML = `${SAMPLES_DIR}/par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml`;
export const PAR1_RIPS = `${SAMPLES_DIR}/par1_rips_evento_nit901019681_A01E5687.json`;
export const PAR2_BODY = `${SAMPLES_DIR}/par2_cuerpo-peticion-CargarFevRips_nit891856372_FECE214626_xmlFevFile-base64.json`;

export type TSim = { app: FastifyInstance; base: string; close: () => Promise<void> };

/** Starts a Fastify app with the simulator under `PREFIX` on a free port; `base` ends with the prefix. */
export async function startSim(
  opts: TMuvSimulatorOptions = {},
  forceCloseConnections: boolean | 'idle' = true,
): Promise<TSim> {
  // forceCloseConnections: after an aborted fetch (fail-next timeout) undici opens a spare keep-alive
  // connection that server.close() would otherwise wait for (Node closes only idle ones).
  const app = Fastify({ logger: false, forceCloseConnections });
  await app.register(muvSimulatorPlugin, { prefix: PREFIX, controlHooks: true, ...opts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, base: `http://127.0.0.1:${address.port}${PREFIX}`, close: () => app.close() };
}

/** POSTs JSON and returns status, headers and the parsed body (or text when not JSON). */
export async function postJson(url: string, body: unknown, token?: string | null, init: RequestInit = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: json as any };
}

/** Logs in and returns the token (throws when the login fails). */
export async function login(base: string, nit: string, numero = '1234567890'): Promise<string> {
  const res = await postJson(`${base}/api/Auth/LoginSISPRO`, {
    persona: { identificacion: { tipo: 'CC', numero } },
    clave: 'secretpassword',
    nit,
  });
  if (res.status !== 200 || typeof res.json?.token !== 'string')
    throw new Error(`login falló: ${res.status}`);
  return res.json.token as string;
}

/** Reads a JSON file, BOM tolerated. */
export function readJsonFile(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
}

/** The par1 body: base64 of the raw XML bytes + the RIPS object. */
export function par1Body(mutateRips?: (rips: any) => void): { rips: unknown; xmlFevFile: string } {
  const rips = readJsonFile(PAR1_RIPS);
  mutateRips?.(rips);
  return { rips, xmlFevFile: readFileSync(PAR1_XML).toString('base64') };
}

/** GETs a URL and returns its JSON body (loosely typed). */
export async function getJson(url: string): Promise<any> {
  return (await fetch(url)).json();
}
