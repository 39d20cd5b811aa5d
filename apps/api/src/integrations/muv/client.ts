import { Agent, fetch as undiciFetch } from 'undici';
import { MUV_LOGIN_PATH, usuarioSISPRO } from '@radica/contracts/muv';
import { MuvError } from './errors.ts';
import { classifyAnswer, classifyLogin, type TLoginAnswer, type TMuvAnswer, type TRawAnswer } from './classify.ts';
import { jwtExpiry, lowerKeys, parseFindings, safeJson, type TMuvFinding } from './results.ts';

/**
 * HTTP client of the ministry's FEV-RIPS API (MUV / FVE.WebAPILocal), reference §1 of
 * shared/notes/fevrips-reference.md. Real HTTP against `baseUrl()` (the ministry, a provider's local API, or our
 * simulator). Logs in with the tenant's validator credentials, caches the token per tenant (one login at a
 * time), classifies every answer before it reaches a document (classify.ts, docs/decisions/047), logs in again once on
 * a session answer, retries transient answers with backoff, and reports every HTTP attempt to the `audit` recorder
 * (request summary, raw answer, duration).
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
 * together): each document reaches the ministry at most twice for one user action.
 */
export const MAX_CARGAS_POR_ENVIO = 2;

/** Network errors raised before the request could reach the server: the ministry surely did not take it. */
const NOT_DELIVERED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export type TMuvClient = {
  /**
   * POST /api/PaquetesFevRips/{endpoint} with `{ rips, xmlFevFile }`, each answer classified (classify.ts) before it
   * is returned: a verdict or a duplicate at once; a session answer logs in again and resends once; a transient one is
   * retried with backoff up to MUV_RETRIES. At most MAX_CARGAS_POR_ENVIO Cargar* requests in all; the last transient
   * answer is returned when none gave more. `cufe` (the package's CUFE/CUDE) keeps a duplicate's texts from being
   * misread. Throws MuvError LOGIN_REJECTED when the ministry refused the validator credentials; a login that could
   * not be made (the local API down, a time-out) is a transient answer with no Cargar* sent.
   */
  upload: (o: {
    tenantId: number;
    credentials: TMuvCredentials;
    endpoint: string;
    body: { rips: unknown; xmlFevFile: string | null };
    audit: TAuditRecorder;
    summary: Record<string, unknown>;
    cufe?: string | null;
  }) => Promise<TMuvAnswer>;
  /**
   * POST /api/ConsultasFevRips/ConsultarCUV `{ codigoUnicoValidacion }` (reference §1.2, §1.5): the ministry's record
   * of a validated package, keys lower-cased, or null when the ministry does not know the CUV (404). Throws MuvError
   * LOGIN_REJECTED, or UNAVAILABLE when no record came back.
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
   * A fresh LoginSISPRO with `credentials`, never a cached token; the new token is
   * kept for the next calls. Resolves when the ministry accepted them; throws MuvError LOGIN_REJECTED when it refused
   * them, UNAVAILABLE when it could not say (classify.ts classifyLogin).
   */
  checkLogin: (o: { tenantId: number; credentials: TMuvCredentials; audit: TAuditRecorder }) => Promise<void>;
};


/** How the client is built: where the ministry is, its time-out and retries, and who is told of each request. */
export type TMuvClientOptions = {
  baseUrl: () => string;
  timeoutMs: number;
  retries: number;
  retryBaseMs?: number;
  /** Told of every request's operation, audited outcome (HTTP_OK, HTTP_5XX, TIMEOUT…) and duration in ms (metrics). */
  observe?: (operation: string, outcome: string, ms: number) => void;
};

/** See TMuvClient; the module's comment tells what the client does. */
export function createMuvClient(opts: TMuvClientOptions): TMuvClient {
  const retryBaseMs = opts.retryBaseMs ?? 500;
  const request = createRequester(opts);
  const sesiones = createSesiones(opts, request);
  const { login, dropToken } = sesiones;

  return {
    forgetTenant: (tenantId) => sesiones.forget(tenantId),
    async checkLogin({ tenantId, credentials, audit }) {
      sesiones.forget(tenantId);
      const answer = await login(tenantId, credentials, audit);
      if (answer.kind !== 'token') throw new MuvError('UNAVAILABLE', answer.kind === 'transient' ? answer.texto : '');
    },
    async upload({ tenantId, credentials, endpoint, body, audit, summary, cufe }) {
      const limit = Math.min(MAX_CARGAS_POR_ENVIO, opts.retries + 1);
      let sent = 0;
      let relogged = false;
      let last: TMuvAnswer | null = null;
      while (sent < MAX_CARGAS_POR_ENVIO) {
        const session = await login(tenantId, credentials, audit);
        if (session.kind !== 'token') return last ?? { kind: 'transient', texto: session.kind === 'transient' ? session.texto : '', result: null };
        if (last?.kind === 'transient') await sleep(retryBaseMs * 2 ** (sent - 1));
        const raw = await request(`/api/PaquetesFevRips/${endpoint}`, { method: 'POST', body, token: session.token }, audit, endpoint, { ...summary, intento: sent + 1 });
        sent++;
        const answer = classifyAnswer(raw, { cufe });
        if (answer.kind === 'verdict' || answer.kind === 'duplicate') return answer;
        if (answer.kind === 'session') {
          // TOT002, 401, the local API's login failure: the token is stale; log in again and resend, once. A second
          // session answer is no verdict either: the document waits for a retry.
          dropToken(tenantId, session.token);
          if (relogged) {
            last = { kind: 'transient', texto: answer.texto, result: null };
            break;
          }
          relogged = true;
          continue;
        }
        last = answer;
        if (sent >= limit) break;
      }
      return last ?? { kind: 'transient', texto: 'HTTP 401', result: null };
    },
    async consultarCuv({ tenantId, credentials, cuv, audit }) {
      for (let relogin = 0; relogin < 2; relogin++) {
        const session = await login(tenantId, credentials, audit);
        if (session.kind !== 'token') throw new MuvError('UNAVAILABLE', session.kind === 'transient' ? session.texto : '');
        const raw = await request('/api/ConsultasFevRips/ConsultarCUV', { method: 'POST', body: { codigoUnicoValidacion: cuv }, token: session.token }, audit, 'ConsultarCUV', { cuv });
        if (!('httpStatus' in raw)) {
          const answer = classifyAnswer(raw);
          throw new MuvError('UNAVAILABLE', answer.kind === 'transient' ? answer.texto : raw.failure);
        }
        if (raw.httpStatus === 401 && relogin === 0) {
          dropToken(tenantId, session.token);
          continue;
        }
        if (raw.httpStatus === 404) return null;
        const json = safeJson(raw.text);
        if (raw.httpStatus !== 200 || !json || typeof json !== 'object' || Array.isArray(json)) throw new MuvError('UNAVAILABLE', `ConsultarCUV HTTP ${raw.httpStatus}`);
        const data = lowerKeys(json as Record<string, unknown>);
        return { raw: raw.text, data, resultados: parseFindings(data.resultadosvalidacion) };
      }
      throw new MuvError('UNAVAILABLE', 'HTTP 401');
    },
  };
}

type TRequest = (
  path: string,
  init: { method: string; body?: unknown; token?: string },
  audit: TAuditRecorder,
  operation: string,
  summary: Record<string, unknown>,
) => Promise<TRawAnswer>;

/**
 * One audited request: its HTTP answer, or what kept it from having one (TIMEOUT, REFUSED before it reached the
 * server, NETWORK: cut mid-way). A failure to write the audit row's end is not the ministry's failure: the answer is
 * returned all the same (the caller stores it). Throws only when the audit row cannot be started (nothing was sent).
 */
function createRequester(opts: TMuvClientOptions): TRequest {
  // The ministry's local API (FVE.WebAPILocal) runs on the provider's machine with a self-signed certificate:
  // verification is relaxed for localhost only, never for a remote host.
  const localAgent = new Agent({ connect: { rejectUnauthorized: false } });
  const remoteAgent = new Agent();
  const agentFor = (url: string) => (isLocalHost(url) ? localAgent : remoteAgent);

  return async function request(path, init, audit, operation, summary) {
    const auditId = await audit.start(operation, summary);
    const started = performance.now();
    let raw: TRawAnswer;
    let outcome: string;
    let errorText: string | null = null;
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
      raw = { httpStatus: res.status, text, contentType: res.headers.get('content-type') };
      outcome = res.status >= 500 ? 'HTTP_5XX' : res.ok ? 'HTTP_OK' : `HTTP_${res.status}`;
    } catch (err) {
      const isTimeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      const code = String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code ?? '');
      const message = String((err as Error).message ?? err);
      raw = isTimeout ? { failure: 'TIMEOUT', timeoutMs: opts.timeoutMs } : { failure: NOT_DELIVERED.has(code) ? 'REFUSED' : 'NETWORK', code, message };
      outcome = isTimeout ? 'TIMEOUT' : 'NETWORK_ERROR';
      errorText = message.slice(0, 1000);
    }
    const durationMs = performance.now() - started;
    opts.observe?.(operation, outcome, durationMs);
    await audit
      .finish(auditId, {
        httpStatus: 'httpStatus' in raw ? raw.httpStatus : null,
        outcome,
        rawResponse: 'text' in raw ? raw.text.slice(0, 200_000) : null,
        error: errorText,
        durationMs,
      })
      .catch(() => opts.observe?.(operation, 'AUDIT_NOT_WRITTEN', 0));
    return raw;
  };
}

/**
 * The tenants' ministry sessions: `login` gives a cached token (per tenant, while its credentials stay the same) or
 * logs in; `dropToken` forgets a stale token; `forget` every token of a tenant.
 */
function createSesiones(opts: TMuvClientOptions, request: TRequest) {
  const tokens = new Map<number, { token: string; key: string; expiresAt: number }>();
  const logins = new Map<string, Promise<string>>();
  const retryBaseMs = opts.retryBaseMs ?? 500;

  /** LoginSISPRO with backoff on a transient answer up to MUV_RETRIES (throws LOGIN_REJECTED / UNAVAILABLE). */
  async function loginSispro(tenantId: number, c: TMuvCredentials, key: string, audit: TAuditRecorder): Promise<string> {
    let answer: TLoginAnswer = { kind: 'transient', texto: '' };
    for (let attempt = 0; attempt <= opts.retries; attempt++) {
      if (attempt > 0) await sleep(retryBaseMs * 2 ** (attempt - 1));
      const raw = await request(MUV_LOGIN_PATH, { method: 'POST', body: usuarioSISPRO(c) }, audit, 'LoginSISPRO', {
        usuario: c.userValidator,
        nit: c.nit,
        intento: attempt + 1,
      });
      answer = classifyLogin(raw);
      if (answer.kind !== 'transient') break;
    }
    if (answer.kind === 'token') tokens.set(tenantId, { token: answer.token, key, expiresAt: jwtExpiry(answer.token) ?? Date.now() + 50 * 60_000 });
    if (answer.kind === 'rejected') throw new MuvError('LOGIN_REJECTED', answer.texto);
    if (answer.kind === 'transient') throw new MuvError('UNAVAILABLE', answer.texto);
    return answer.token;
  }

  /** LoginSISPRO, retried with backoff on a transient answer up to MUV_RETRIES; one in flight per tenant and credentials. */
  async function login(tenantId: number, c: TMuvCredentials, audit: TAuditRecorder): Promise<TLoginAnswer> {
    const key = `${c.userValidator}\u0000${c.passwordValidator}\u0000${c.nit}`;
    const cached = tokens.get(tenantId);
    if (cached && cached.key === key && cached.expiresAt > Date.now() + 30_000) return { kind: 'token', token: cached.token };
    // In-flight logins are shared per tenant AND credentials: a connection test of typed credentials never hands its
    // token to a send, nor takes the send's.
    const flightKey = `${tenantId}\u0000${key}`;
    const inflight = logins.get(flightKey);
    const p = inflight ?? loginSispro(tenantId, c, key, audit);
    if (!inflight) logins.set(flightKey, p);
    try {
      return { kind: 'token', token: await p };
    } catch (err) {
      if (err instanceof MuvError && err.kind === 'UNAVAILABLE') return { kind: 'transient', texto: err.message };
      throw err;
    } finally {
      if (!inflight) logins.delete(flightKey);
    }
  }

  return {
    login,
    /** Forget a token unless a concurrent call already replaced it. */
    dropToken(tenantId: number, token: string) {
      if (tokens.get(tenantId)?.token === token) tokens.delete(tenantId);
    },
    forget: (tenantId: number) => void tokens.delete(tenantId),
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
