import { Agent, fetch as undiciFetch } from 'undici';
import { MUV_LOGIN_PATH, usuarioSISPRO } from '@radica/contracts/muv';
import { MuvError } from './errors.ts';
import { hasTokenError, jwtExpiry, lowerKeys, parseFindings, parseResultado, safeJson, type TMuvFinding, type TMuvResult } from './results.ts';


/**
 * HTTP client of the ministry's FEV-RIPS API (MUV / FVE.WebAPILocal), reference §1 of
 * shared/notes/fevrips-reference.md. Real HTTP against `baseUrl()` (the ministry, a provider's local API, or our
 * simulator). Logs in with the tenant's validator credentials, caches the token per tenant (one login at a
 * time), re-logs in once on 401, retries timeouts and 5xx with backoff, and reports every HTTP attempt to the
 * `audit` recorder (request summary, raw answer, duration).
 */

export type TMuvCredentials = { userValidator: string; passwordValidator: string; nit: string; tipoDocumentoUsuario?: string };

export type TAuditRecorder = {
  start: (operation: string, summary: Record<string, unknown>) => Promise<number>;
  finish: (
    id: number,
    r: { httpStatus: number | null; outcome: string; rawResponse: string | null; error: string | null; durationMs: number },
  ) => Promise<void>;
};

/**
 * An audit that records nothing: for calls that belong to no document (the connection test, the public CUV lookup),
 * whose HTTP attempts have no muv_attempts row to go to (it needs a document or a tenant).
 */
export const NO_AUDIT: TAuditRecorder = { start: async () => 0, finish: async () => {} };

/**
 * Most Cargar* requests one upload call sends (retries after a timeout or a 5xx, and the resend after a new login,
 * together): each document reaches the ministry at most twice for one user action (issue 9).
 */
export const MAX_CARGAS_POR_ENVIO = 2;

/** Network errors raised before the request could reach the server: the ministry surely did not take it. */
const NOT_DELIVERED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export type TMuvClient = {
  /**
   * POST /api/PaquetesFevRips/{endpoint} with `{ rips, xmlFevFile }`: at most MAX_CARGAS_POR_ENVIO requests, retries
   * and the resend after a new login included. Throws MuvError (UNCERTAIN when a request may have been taken).
   */
  upload: (o: {
    tenantId: number;
    credentials: TMuvCredentials;
    endpoint: string;
    body: { rips: unknown; xmlFevFile: string | null };
    audit: TAuditRecorder;
    summary: Record<string, unknown>;
  }) => Promise<TMuvResult>;
  /**
   * POST /api/ConsultasFevRips/ConsultarCUV `{ codigoUnicoValidacion }` (reference §1.2, §1.5): the ministry's record
   * of a validated package, keys lower-cased, or null when the ministry does not know the CUV (404). Throws MuvError.
   */
  consultarCuv: (o: {
    tenantId: number;
    credentials: TMuvCredentials;
    cuv: string;
    audit: TAuditRecorder;
  }) => Promise<{ raw: string; data: Record<string, unknown>; resultados: TMuvFinding[] } | null>;
  /** Drop the cached token of a tenant (after its credentials change). */
  forgetTenant: (tenantId: number) => void;
  /**
   * A fresh LoginSISPRO with `credentials`, never a cached token (issue 13 "Check the credentials"); the new token is
   * kept for the next calls. Resolves when the ministry accepted them; throws MuvError LOGIN_REJECTED when it refused
   * them, UNAVAILABLE / UNCERTAIN / PROTOCOL when it could not say.
   */
  checkLogin: (o: { tenantId: number; credentials: TMuvCredentials; audit: TAuditRecorder }) => Promise<void>;
};


export function createMuvClient(opts: {
  baseUrl: () => string;
  timeoutMs: number;
  retries: number;
  retryBaseMs?: number;
  /** Told of every request's operation, audited outcome (HTTP_OK, HTTP_5XX, TIMEOUT…) and duration in ms (metrics). */
  observe?: (operation: string, outcome: string, ms: number) => void;
}): TMuvClient {
  const tokens = new Map<number, { token: string; key: string; expiresAt: number }>();
  const logins = new Map<string, Promise<string>>();
  const retryBaseMs = opts.retryBaseMs ?? 500;
  // The ministry's local API (FVE.WebAPILocal) runs on the provider's machine with a self-signed certificate:
  // verification is relaxed for localhost only, never for a remote host.
  const localAgent = new Agent({ connect: { rejectUnauthorized: false } });
  const remoteAgent = new Agent();
  const agentFor = (url: string) => (isLocalHost(url) ? localAgent : remoteAgent);

  /**
   * Up to `maxAttempts` requests (backoff between them) until one gets an answer below 500. Every attempt is audited.
   * Returns the answer and how many requests went out; throws MuvError UNAVAILABLE, or UNCERTAIN when a request went
   * out without an answer (`uncertain` is then also set on the error) and none after it answered.
   */
  async function http(
    path: string,
    init: { method: string; body?: unknown; token?: string },
    audit: TAuditRecorder,
    operation: string,
    summary: Record<string, unknown>,
    maxAttempts = opts.retries + 1,
  ): Promise<{ status: number; text: string; attempts: number; uncertain: boolean }> {
    let lastError: unknown;
    let uncertain = false;
    let attempt = 0;
    for (; attempt < maxAttempts; attempt++) {
      if (attempt > 0) await sleep(retryBaseMs * 2 ** (attempt - 1));
      const auditId = await audit.start(operation, { ...summary, intento: attempt + 1 });
      const started = performance.now();
      try {
        const url = `${opts.baseUrl().replace(/\/$/, '')}${path}`;
        const res = await undiciFetch(url, {
          dispatcher: agentFor(url),
          method: init.method,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        const text = await res.text();
        const retryable = res.status >= 500;
        const outcome = retryable ? 'HTTP_5XX' : res.ok ? 'HTTP_OK' : `HTTP_${res.status}`;
        opts.observe?.(operation, outcome, performance.now() - started);
        await audit.finish(auditId, {
          httpStatus: res.status,
          outcome,
          rawResponse: text.slice(0, 200_000),
          error: null,
          durationMs: performance.now() - started,
        });
        if (retryable) {
          lastError = new MuvError('UNAVAILABLE', `HTTP ${res.status}`);
          continue;
        }
        return { status: res.status, text, attempts: attempt + 1, uncertain };
      } catch (err) {
        const isTimeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
        const code = String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code ?? '');
        if (isTimeout || !NOT_DELIVERED.has(code)) uncertain = true;
        opts.observe?.(operation, isTimeout ? 'TIMEOUT' : 'NETWORK_ERROR', performance.now() - started);
        await audit.finish(auditId, {
          httpStatus: null,
          outcome: isTimeout ? 'TIMEOUT' : 'NETWORK_ERROR',
          rawResponse: null,
          error: String((err as Error).message ?? err).slice(0, 1000),
          durationMs: performance.now() - started,
        });
        lastError = err;
      }
    }
    const message = String((lastError as Error)?.message ?? lastError);
    throw Object.assign(new MuvError(uncertain ? 'UNCERTAIN' : 'UNAVAILABLE', message), { attempts: attempt });
  }

  async function login(tenantId: number, c: TMuvCredentials, audit: TAuditRecorder): Promise<string> {
    const key = `${c.userValidator}\u0000${c.passwordValidator}\u0000${c.nit}`;
    const cached = tokens.get(tenantId);
    if (cached && cached.key === key && cached.expiresAt > Date.now() + 30_000) return cached.token;
    // In-flight logins are shared per tenant AND credentials: a connection test of typed credentials (issue 26) never
    // hands its token to a send, nor takes the send's.
    const flightKey = `${tenantId}\u0000${key}`;
    const inflight = logins.get(flightKey);
    if (inflight) return inflight;
    const p = (async () => {
      const res = await http(MUV_LOGIN_PATH, { method: 'POST', body: usuarioSISPRO(c) }, audit, 'LoginSISPRO', {
        usuario: c.userValidator,
        nit: c.nit,
      });
      const parsed = safeJson(res.text) as Record<string, unknown> | null;
      const data = parsed ? lowerKeys(parsed) : null;
      const token = typeof data?.token === 'string' ? data.token : null;
      if (res.status !== 200 || !token || data?.login === false) {
        throw new MuvError('LOGIN_REJECTED', Array.isArray(data?.errors) ? data.errors.join('; ') : `HTTP ${res.status}`);
      }
      tokens.set(tenantId, { token, key, expiresAt: jwtExpiry(token) ?? Date.now() + 50 * 60_000 });
      return token;
    })();
    logins.set(flightKey, p);
    try {
      return await p;
    } finally {
      logins.delete(flightKey);
    }
  }

  /** Forget a token unless a concurrent call already replaced it. */
  function dropToken(tenantId: number, token: string) {
    if (tokens.get(tenantId)?.token === token) tokens.delete(tenantId);
  }

  return {
    forgetTenant: (tenantId) => tokens.delete(tenantId),
    async checkLogin({ tenantId, credentials, audit }) {
      tokens.delete(tenantId);
      await login(tenantId, credentials, audit);
    },
    async upload({ tenantId, credentials, endpoint, body, audit, summary }) {
      let sent = 0;
      let uncertain = false;
      for (let relogin = 0; relogin < 2 && sent < MAX_CARGAS_POR_ENVIO; relogin++) {
        const token = await login(tenantId, credentials, audit).catch((err: unknown) => {
          // A login that timed out sent no package: only an unanswered Cargar* makes the outcome uncertain.
          if (err instanceof MuvError && err.kind === 'UNCERTAIN') throw new MuvError(uncertain ? 'UNCERTAIN' : 'UNAVAILABLE', err.message);
          throw err;
        });
        let res: Awaited<ReturnType<typeof http>>;
        try {
          res = await http(`/api/PaquetesFevRips/${endpoint}`, { method: 'POST', body, token }, audit, endpoint, summary, MAX_CARGAS_POR_ENVIO - sent);
        } catch (err) {
          // A request that went out unanswered earlier keeps the outcome uncertain whatever the later ones said.
          if (err instanceof MuvError && uncertain && err.kind === 'UNAVAILABLE') throw new MuvError('UNCERTAIN', err.message);
          throw err;
        }
        sent += res.attempts;
        uncertain ||= res.uncertain;
        const result = res.status === 401 ? null : parseResultado(res.status, res.text);
        // 401, or a TOT002 item (the ministry's "token expired / invalid" result): log in again, once.
        if ((!result || hasTokenError(result)) && relogin === 0 && sent < MAX_CARGAS_POR_ENVIO) {
          dropToken(tenantId, token);
          continue;
        }
        if (!result) throw new MuvError(uncertain ? 'UNCERTAIN' : 'LOGIN_REJECTED', 'HTTP 401');
        return result;
      }
      throw new MuvError(uncertain ? 'UNCERTAIN' : 'LOGIN_REJECTED', 'HTTP 401');
    },
    async consultarCuv({ tenantId, credentials, cuv, audit }) {
      for (let relogin = 0; relogin < 2; relogin++) {
        const token = await login(tenantId, credentials, audit);
        const res = await http(
          '/api/ConsultasFevRips/ConsultarCUV',
          { method: 'POST', body: { codigoUnicoValidacion: cuv }, token },
          audit,
          'ConsultarCUV',
          { cuv },
        );
        if (res.status === 401 && relogin === 0) {
          dropToken(tenantId, token);
          continue;
        }
        if (res.status === 401) throw new MuvError('LOGIN_REJECTED', 'HTTP 401');
        if (res.status === 404) return null;
        const json = safeJson(res.text);
        if (res.status !== 200 || !json || typeof json !== 'object') throw new MuvError('PROTOCOL', `ConsultarCUV HTTP ${res.status}`);
        const data = lowerKeys(json as Record<string, unknown>);
        return { raw: res.text, data, resultados: parseFindings(data.resultadosvalidacion) };
      }
      throw new MuvError('LOGIN_REJECTED', 'HTTP 401');
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True for localhost, 127.0.0.0/8 and ::1: the only hosts whose TLS certificate is not verified. */
export function isLocalHost(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}
