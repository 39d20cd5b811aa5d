import { Agent, fetch as undiciFetch } from 'undici';

/**
 * HTTP client of the ministry's FEV-RIPS API (MUV / FVE.WebAPILocal), reference §1 of
 * shared/notes/fevrips-reference.md. Real HTTP against `baseUrl()` (the ministry, a provider's local API, or our
 * simulator). Logs in with the tenant's validator credentials, caches the token per tenant (one login at a
 * time), re-logs in once on 401, retries timeouts and 5xx with backoff, and reports every HTTP attempt to the
 * `audit` recorder (request summary, raw answer, duration).
 */

export type TMuvCredentials = { userValidator: string; passwordValidator: string; nit: string; tipoDocumentoUsuario?: string };

export type TMuvFinding = {
  clase: string;
  codigo: string;
  descripcion: string;
  observaciones: string;
  pathFuente: string;
  fuente: string;
};

/** A parsed `ResultadoProcesoFevRips` (reference §1.5), whatever the key casing of the answer. */
export type TMuvResult = {
  httpStatus: number;
  resultState: boolean;
  procesoId: number | null;
  numFactura: string | null;
  cuv: string | null;
  fechaRadicacion: string | null;
  resultados: TMuvFinding[];
  raw: string;
};

export type TAuditRecorder = {
  start: (operation: string, summary: Record<string, unknown>) => Promise<number>;
  finish: (
    id: number,
    r: { httpStatus: number | null; outcome: string; rawResponse: string | null; error: string | null; durationMs: number },
  ) => Promise<void>;
};

export class MuvError extends Error {
  constructor(
    readonly kind: 'LOGIN_REJECTED' | 'UNAVAILABLE' | 'PROTOCOL',
    message: string,
  ) {
    super(message);
  }
}

export type TMuvClient = {
  /** POST /api/PaquetesFevRips/{endpoint} with `{ rips, xmlFevFile }`. Throws MuvError. */
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
};

const CUV_RE = /^[0-9a-f]{96}$/i;

export function createMuvClient(opts: {
  baseUrl: () => string;
  timeoutMs: number;
  retries: number;
  retryBaseMs?: number;
}): TMuvClient {
  const tokens = new Map<number, { token: string; key: string; expiresAt: number }>();
  const logins = new Map<number, Promise<string>>();
  const retryBaseMs = opts.retryBaseMs ?? 500;
  // The ministry's local API (FVE.WebAPILocal) runs on the provider's machine with a self-signed certificate:
  // verification is relaxed for localhost only, never for a remote host.
  const localAgent = new Agent({ connect: { rejectUnauthorized: false } });
  const remoteAgent = new Agent();
  const agentFor = (url: string) => (isLocalHost(url) ? localAgent : remoteAgent);

  async function http(
    path: string,
    init: { method: string; body?: unknown; token?: string },
    audit: TAuditRecorder,
    operation: string,
    summary: Record<string, unknown>,
  ): Promise<{ status: number; text: string }> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= opts.retries; attempt++) {
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
        await audit.finish(auditId, {
          httpStatus: res.status,
          outcome: retryable ? 'HTTP_5XX' : res.ok ? 'HTTP_OK' : `HTTP_${res.status}`,
          rawResponse: text.slice(0, 200_000),
          error: null,
          durationMs: performance.now() - started,
        });
        if (retryable) {
          lastError = new MuvError('UNAVAILABLE', `HTTP ${res.status}`);
          continue;
        }
        return { status: res.status, text };
      } catch (err) {
        const isTimeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
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
    throw new MuvError('UNAVAILABLE', String((lastError as Error)?.message ?? lastError));
  }

  async function login(tenantId: number, c: TMuvCredentials, audit: TAuditRecorder): Promise<string> {
    const key = `${c.userValidator}\u0000${c.passwordValidator}\u0000${c.nit}`;
    const cached = tokens.get(tenantId);
    if (cached && cached.key === key && cached.expiresAt > Date.now() + 30_000) return cached.token;
    const inflight = logins.get(tenantId);
    if (inflight) return inflight;
    const p = (async () => {
      const body = {
        persona: { identificacion: { tipo: c.tipoDocumentoUsuario ?? 'CC', numero: c.userValidator } },
        clave: c.passwordValidator,
        nit: c.nit,
      };
      const res = await http('/api/Auth/LoginSISPRO', { method: 'POST', body }, audit, 'LoginSISPRO', {
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
    logins.set(tenantId, p);
    try {
      return await p;
    } finally {
      logins.delete(tenantId);
    }
  }

  /** Forget a token unless a concurrent call already replaced it. */
  function dropToken(tenantId: number, token: string) {
    if (tokens.get(tenantId)?.token === token) tokens.delete(tenantId);
  }

  return {
    forgetTenant: (tenantId) => tokens.delete(tenantId),
    async upload({ tenantId, credentials, endpoint, body, audit, summary }) {
      for (let relogin = 0; relogin < 2; relogin++) {
        const token = await login(tenantId, credentials, audit);
        const res = await http(`/api/PaquetesFevRips/${endpoint}`, { method: 'POST', body, token }, audit, endpoint, summary);
        const result = res.status === 401 ? null : parseResultado(res.status, res.text);
        // 401, or a TOT002 item (the ministry's "token expired / invalid" result): log in again, once.
        if ((!result || hasTokenError(result)) && relogin === 0) {
          dropToken(tenantId, token);
          continue;
        }
        if (!result) throw new MuvError('LOGIN_REJECTED', 'HTTP 401');
        return result;
      }
      throw new MuvError('LOGIN_REJECTED', 'HTTP 401');
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

/**
 * Parse a `ResultadoProcesoFevRips` (PascalCase on 200, camelCase on 400; reference §1.5 "Client rules implied"),
 * or a `BadRequestResponse { tipo, descripcion }`. Throws MuvError('PROTOCOL') when the body is not JSON.
 */
export function parseResultado(httpStatus: number, text: string): TMuvResult {
  const json = safeJson(text);
  if (!json || typeof json !== 'object') throw new MuvError('PROTOCOL', `Respuesta no JSON (HTTP ${httpStatus})`);
  const d = lowerKeys(json as Record<string, unknown>);
  if (!('resultstate' in d) && ('tipo' in d || 'descripcion' in d)) {
    return {
      httpStatus,
      resultState: false,
      procesoId: null,
      numFactura: null,
      cuv: null,
      fechaRadicacion: null,
      resultados: [
        {
          clase: 'RECHAZADO',
          codigo: String(d.tipo ?? 'BadRequest'),
          descripcion: String(d.descripcion ?? ''),
          observaciones: '',
          pathFuente: '',
          fuente: '',
        },
      ],
      raw: text,
    };
  }
  const resultados = parseFindings(d.resultadosvalidacion);
  const cuvRaw = typeof d.codigounicovalidacion === 'string' ? d.codigounicovalidacion.trim() : '';
  const procesoId = Number(d.procesoid);
  return {
    httpStatus,
    resultState: d.resultstate === true || String(d.resultstate).toLowerCase() === 'true',
    procesoId: Number.isFinite(procesoId) && procesoId > 0 ? procesoId : null,
    numFactura: typeof d.numfactura === 'string' && d.numfactura ? d.numfactura : null,
    cuv: CUV_RE.test(cuvRaw) ? cuvRaw.toLowerCase() : null,
    fechaRadicacion: typeof d.fecharadicacion === 'string' ? d.fecharadicacion : null,
    resultados,
    raw: text,
  };
}

/** `ResultadosValidacion` items, whatever their key casing. */
function parseFindings(value: unknown): TMuvFinding[] {
  const items = Array.isArray(value) ? value : [];
  return items.map((it) => {
    const i = lowerKeys((it ?? {}) as Record<string, unknown>);
    return {
      clase: String(i.clase ?? ''),
      codigo: String(i.codigo ?? ''),
      descripcion: String(i.descripcion ?? ''),
      observaciones: String(i.observaciones ?? ''),
      pathFuente: String(i.pathfuente ?? ''),
      fuente: String(i.fuente ?? ''),
    };
  });
}

/** TOT002: the ministry rejected the session token inside a 200/400 result (issue 4 "MUV client hardened"). */
export function hasTokenError(result: TMuvResult): boolean {
  return result.resultados.some((r) => r.codigo.toUpperCase() === 'TOT002');
}

/** True for localhost, 127.0.0.0/8 and ::1: the only hosts whose TLS certificate is not verified. */
export function isLocalHost(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/** RVG18 (already validated): the existing CUV travels in Observaciones (reference §1.5, third-party behaviour). */
export function cuvFromRvg18(result: TMuvResult): string | null {
  for (const r of result.resultados) {
    if (r.codigo.toUpperCase() !== 'RVG18') continue;
    const m = /[0-9a-f]{96}/i.exec(`${r.observaciones} ${r.descripcion}`);
    if (m) return m[0].toLowerCase();
  }
  return null;
}

function lowerKeys(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k.toLowerCase()] = v;
  return out;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
}

function jwtExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
