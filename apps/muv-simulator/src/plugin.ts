import { createGunzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TokenService, type TTokenClaims } from './auth.ts';
import { MUV_TEXTOS_API_LOCAL } from '@radica/contracts/muv';
import { ControlState, HANG_MS, parseFailNext, parseFailRate, type TFailMode } from './control.ts';
import { formatHealthText } from './formats.ts';
import { CARGA_ENDPOINTS, procesarCarga, type TCargaEndpoint } from './processing.ts';
import {
  PROBLEM_CONTENT_TYPE,
  buildAcceptedBody,
  buildConsultaBody,
  buildRejectedBody,
  problemDetails,
  type TBadRequestResponse,
} from './responses.ts';
import { MuvStateStore } from './state.ts';

/** Options of `muvSimulatorPlugin` (plus Fastify's own `prefix`). */
export type TMuvSimulatorOptions = {
  /** HS256 secret for login tokens. Default: 32 random bytes per start (old tokens stop working). */
  jwtSecret?: string;
  /** JSON file that keeps accepted packages and the ProcesoId counter; `null`/absent = memory only. */
  stateFile?: string | null;
  /** Artificial processing time of every `Cargar*` call, in ms (the median when `latencySigma` > 0). Default 0. */
  latencyMs?: number;
  /**
   * Spread of that time: each call draws a log-normal time whose median is `latencyMs` and whose log has this standard
   * deviation (0.6 gives p99 ≈ 4 × the median: a ministry that usually answers in 1.5 s and sometimes in 6), capped at
   * 20 × the median. Default 0: every call takes exactly `latencyMs`.
   */
  latencySigma?: number;
  /** Clock used for tokens, `FechaRadicacion` and health. Default `() => new Date()`. */
  now?: () => Date;
  /** Largest accepted request body in bytes (after gunzip). Default 100 MiB. */
  bodyLimitBytes?: number;
  /**
   * Serve the SIMULATOR-ONLY test hooks `/_control/*` (injected failures, counters, reset). Default false: only
   * tests turn them on, so a simulator left reachable cannot be steered by anyone (issue 9).
   */
  controlHooks?: boolean;
};

/**
 * A log-normal time (ms) with median `medianMs` and log-standard-deviation `sigma` (Box–Muller), at most 20 × the
 * median: the shape of a remote service's latency, most calls near the median and a long tail.
 */
export function lognormalMs(medianMs: number, sigma: number, random: () => number = Math.random): number {
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.min(medianMs * 20, medianMs * Math.exp(sigma * z));
}

/** Version reported by `/BasicHealth` (the ministry's pruebas release on 2026-07-16, §1.1). */
export const SIMULATOR_VERSION = '5.4.10.1';

const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024 * 1024;

const NOT_FOUND_CUV: TBadRequestResponse = {
  tipo: 'NoEncontrado',
  descripcion: 'No se encontró un paquete validado con el Código Único de Validación (CUV) informado.',
};

type TJsonObject = Record<string, unknown>;

function isJsonObject(value: unknown): value is TJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sendProblem(
  reply: FastifyReply,
  status: number,
  errors?: Record<string, string[]>,
  detail?: string,
) {
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemDetails(status, errors, detail));
}

function sendUnauthorized(reply: FastifyReply, hadToken: boolean) {
  reply.header('www-authenticate', hadToken ? 'Bearer error="invalid_token"' : 'Bearer');
  return sendProblem(reply, 401);
}

/** The package a Cargar* body names, for the per-package counters: its RIPS's numNota for a note, else numFactura. */
function paqueteDe(body: unknown): string {
  const rips = isJsonObject(body) && isJsonObject(body.rips) ? body.rips : null;
  const id = rips && typeof rips.tipoNota === 'string' && rips.tipoNota ? rips.numNota : rips?.numFactura;
  return typeof id === 'string' && id.trim() ? id.trim() : typeof id === 'number' ? String(id) : '?';
}

/** ASP.NET's model-binding error for a missing or non-object body. */
function bodyErrors(body: unknown, dtoName: string): Record<string, string[]> | null {
  if (body === undefined || body === null) return { '': ['A non-empty request body is required.'] };
  if (!isJsonObject(body)) return { $: [`The JSON value could not be converted to ${dtoName}.`] };
  return null;
}

/** Type errors of string-or-null properties, as System.Text.Json would report them. */
function typeErrors(obj: TJsonObject, path: string, stringProps: string[], objectProps: string[] = []) {
  const errors: Record<string, string[]> = {};
  for (const prop of stringProps) {
    const v = obj[prop];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      errors[`${path}.${prop}`] = [
        `The JSON value could not be converted to System.String. Path: ${path}.${prop}`,
      ];
    }
  }
  for (const prop of objectProps) {
    const v = obj[prop];
    if (v !== undefined && v !== null && !isJsonObject(v)) {
      errors[`${path}.${prop}`] = [`The JSON value could not be converted to the type of ${path}.${prop}.`];
    }
  }
  return errors;
}

function loginBodyErrors(body: unknown): Record<string, string[]> | null {
  const base = bodyErrors(body, 'UsuarioSISPRO');
  if (base) return base;
  const obj = body as TJsonObject;
  const errors = typeErrors(obj, '$', ['clave', 'nit'], ['persona']);
  const persona = obj.persona;
  if (isJsonObject(persona)) {
    Object.assign(errors, typeErrors(persona, '$.persona', [], ['identificacion']));
    if (isJsonObject(persona.identificacion)) {
      Object.assign(
        errors,
        typeErrors(persona.identificacion, '$.persona.identificacion', ['tipo', 'numero']),
      );
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function cargaBodyErrors(body: unknown): Record<string, string[]> | null {
  const base = bodyErrors(body, 'FevRipsApiLocalDTO');
  if (base) return base;
  const errors = typeErrors(body as TJsonObject, '$', ['xmlFevFile'], ['rips']);
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Fastify plugin simulating the ministry's FEV-RIPS validation API (`FVE.WebAPILocal`): same
 * paths (case-insensitive, like ASP.NET), bodies and answers, with real behaviour (login tokens,
 * `@radica/fevrips` checks, CUVs, RVG02 + RVG18 on re-sends, CUV queries, optional persistence shared by every
 * instance on the same state file).
 * Register it with a prefix, e.g. `app.register(muvSimulatorPlugin, { prefix: '/_sim/muv' })`.
 *
 * Endpoints (relative to the prefix; source: fevrips-reference §1.2–§1.6):
 * - `GET /BasicHealth`, `GET /Health` → text/plain.
 * - `POST /api/Auth/LoginSISPRO` (and `LoginSISPROERP`) → `UserLoginResponseDTO`, always 200.
 * - `POST /api/PaquetesFevRips/Cargar*` (11 endpoints, see `CARGA_ENDPOINTS`) → 200 PascalCase
 *   `ResultadoProcesoFevRips`, or 400 camelCase rejection; 401 ProblemDetails without a token.
 * - `POST /api/ConsultasFevRips/ConsultarCUV` → `ConsultaCUVDTO`, 404 `BadRequestResponse` if unknown.
 * - `POST /api/ConsultasFevRips/RecuperarCUV` → the stored `ResultadoProcesoFevRips`.
 * - SIMULATOR-ONLY hooks, only with `controlHooks: true`: `POST /_control/fail-next`, `POST /_control/fail-rate`,
 *   `GET /_control/stats`, `POST /_control/reset`.
 *
 * @throws (at registration) when `stateFile` exists but is not a valid state file.
 */
export async function muvSimulatorPlugin(app: FastifyInstance, opts: TMuvSimulatorOptions): Promise<void> {
  const now = opts.now ?? (() => new Date());
  const latencyMs = Math.max(0, opts.latencyMs ?? 0);
  const latencySigma = Math.max(0, opts.latencySigma ?? 0);
  const drawLatency = () => (latencySigma > 0 ? lognormalMs(latencyMs, latencySigma) : latencyMs);
  const bodyLimit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const tokens = new TokenService(opts.jwtSecret, now);
  const store = new MuvStateStore(opts.stateFile ?? null);
  const control = new ControlState();
  await store.load();

  // The real API also accepts text/json and application/*+json (§1.2) and gzip bodies (§1.1).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/json', { parseAs: 'string' }, jsonParser);
  app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string' }, jsonParser);
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = String(request.headers['content-encoding'] ?? '').toLowerCase();
    if (encoding !== 'gzip') return payload;
    // Fastify compares Content-Length with `receivedEncodedLength` of the returned stream.
    const gunzip = Object.assign(createGunzip(), { receivedEncodedLength: 0 });
    payload.on('data', (chunk: Buffer) => {
      gunzip.receivedEncodedLength += chunk.length;
    });
    return payload.pipe(gunzip);
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'muv-simulator: error interno');
    return sendProblem(
      reply,
      status,
      status === 400 ? { $: [error.message ?? 'Invalid request body.'] } : undefined,
    );
  });

  // Pending sleeps (latency, injected hangs) must not keep the process or the close waiting.
  app.addHook('preClose', async () => control.releaseAll());
  app.addHook('onClose', async () => control.releaseAll());

  app.get('/:name', async (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
    const name = request.params.name.toLowerCase();
    if (name !== 'basichealth' && name !== 'health') return reply.code(404).send();
    return reply.type('text/plain; charset=utf-8').send(formatHealthText(now(), SIMULATOR_VERSION));
  });

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<TTokenClaims | null> {
    const header = request.headers.authorization;
    const claims = await tokens.verifyAuthorization(header);
    if (!claims) {
      await sendUnauthorized(reply, Boolean(header));
      return null;
    }
    return claims;
  }

  async function onLogin(request: FastifyRequest, reply: FastifyReply) {
    control.stats.logins += 1;
    // The local API could not log in to SISPRO for us (reference §9): its own text, in the login answer's shape.
    if (control.takeLoginFailure() === 'login-error')
      return reply.send({ token: null, login: false, registrado: false, errors: [MUV_TEXTOS_API_LOCAL.login, MUV_TEXTOS_API_LOCAL.conexionRechazada] });
    const errors = loginBodyErrors(request.body);
    if (errors) return sendProblem(reply, 400, errors);
    return reply.send(await tokens.login(request.body as TJsonObject));
  }

  /**
   * Answers a queued failure: 500/503 ProblemDetails, a TOT002 / TOT003 result, the local API's plain-text 500, a
   * proxy's HTML 502, or hold the call (`timeout`) until the client leaves. None processes the package.
   */
  async function injectFailure(mode: TFailMode, request: FastifyRequest, reply: FastifyReply) {
    if (mode === 'tot002' || mode === 'tot003') {
      control.stats.rechazados += 1;
      const item = {
        Clase: 'RECHAZADO' as const,
        Codigo: mode === 'tot002' ? 'TOT002' : 'TOT003',
        // TOT003's text is the one operators report (reference §9); TOT002's is the simulator's own.
        Descripcion: mode === 'tot002' ? 'El token de autenticación no es válido o ha expirado.' : 'timeout API SISPRO',
        Observaciones: '',
        PathFuente: '',
        Fuente: mode === 'tot002' ? 'Autenticacion' : 'SISPRO',
      };
      return reply.code(400).send(buildRejectedBody([item], now().toISOString()));
    }
    if (mode === 'error-consumo') {
      // What a hospital's "CUV files" held (reference §9): the local API's lines, then a .NET stack frame.
      const text = [MUV_TEXTOS_API_LOCAL.consumo, MUV_TEXTOS_API_LOCAL.conexionFallida, '   at DG.Entidades.Generales.GEENRips.ObtenerTokenRips()'].join('\r\n');
      return reply.code(500).type('text/plain; charset=utf-8').send(text);
    }
    if (mode === 'html-502')
      return reply
        .code(502)
        .type('text/html')
        .send('<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n');
    if (mode !== 'timeout' && mode !== 'slow' && mode !== 'login-error') return sendProblem(reply, mode);
    return holdAnswer(request, reply, () => sendProblem(reply, 503));
  }

  /**
   * Hold a call until the client leaves (then drop the answer: `timeout` never processed it, `slow` already did) or
   * the hold ends (then send the answer).
   */
  async function holdAnswer(request: FastifyRequest, reply: FastifyReply, send: () => FastifyReply) {
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    await control.sleep(HANG_MS, gone.signal);
    if (gone.signal.aborted) {
      request.log.info('muv-simulator: el cliente abandonó la llamada retenida (fail-next timeout/slow)');
      reply.hijack();
      return;
    }
    return send();
  }

  async function onCarga(endpoint: TCargaEndpoint, request: FastifyRequest, reply: FastifyReply) {
    const paquete = paqueteDe(request.body);
    control.countCarga(endpoint.name, paquete);
    const failure = control.takeFailure();
    const slow = failure === 'slow';
    if (failure !== undefined && !slow) return injectFailure(failure, request, reply);
    const claims = await authenticate(request, reply);
    if (!claims) return reply;
    const errors = cargaBodyErrors(request.body);
    if (errors) return sendProblem(reply, 400, errors);
    if (latencyMs > 0 && !(await control.sleep(drawLatency()))) return sendProblem(reply, 503);

    const resultado = await store.transaction(() =>
      procesarCarga({
        endpoint,
        body: request.body as TJsonObject,
        tokenNit: claims.nit,
        now: now(),
        store,
      }),
    );
    if (resultado.kind === 'rechazado') {
      control.stats.rechazados += 1;
      if (resultado.duplicado) control.paquete(paquete).duplicados += 1;
      const send = () => reply.code(400).send(buildRejectedBody(resultado.items, resultado.fechaRadicacion));
      return slow ? holdAnswer(request, reply, send) : send();
    }
    control.stats.aceptados += 1;
    control.paquete(paquete).aceptados += 1;
    const send = () => reply.code(200).send(buildAcceptedBody(resultado.paquete));
    return slow ? holdAnswer(request, reply, send) : send();
  }

  async function onConsulta(
    action: 'consultarcuv' | 'recuperarcuv',
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    control.stats.consultas += 1;
    const claims = await authenticate(request, reply);
    if (!claims) return reply;
    const dto = action === 'consultarcuv' ? 'ConsultaFevRipsDTO' : 'RecuperarCUVDTO';
    const errors = bodyErrors(request.body, dto);
    if (errors) return sendProblem(reply, 400, errors);
    const cuv = (request.body as TJsonObject).codigoUnicoValidacion;
    if (typeof cuv !== 'string' || cuv.trim() === '') {
      return sendProblem(reply, 400, {
        codigoUnicoValidacion: ['The codigoUnicoValidacion field is required.'],
      });
    }
    await store.refresh();
    const paquete = store.findByCuv(cuv);
    if (!paquete) return reply.code(404).send(NOT_FOUND_CUV);
    return reply.send(action === 'consultarcuv' ? buildConsultaBody(paquete) : buildAcceptedBody(paquete));
  }

  app.post(
    '/api/:controller/:action',
    { bodyLimit },
    async (request: FastifyRequest<{ Params: { controller: string; action: string } }>, reply) => {
      const controller = request.params.controller.toLowerCase();
      const action = request.params.action.toLowerCase();
      if (controller === 'auth' && (action === 'loginsispro' || action === 'loginsisproerp')) {
        return onLogin(request, reply);
      }
      if (controller === 'paquetesfevrips') {
        const endpoint = CARGA_ENDPOINTS.get(action);
        if (endpoint) return onCarga(endpoint, request, reply);
      }
      if (controller === 'consultasfevrips' && (action === 'consultarcuv' || action === 'recuperarcuv')) {
        return onConsulta(action, request, reply);
      }
      return reply.code(404).send();
    },
  );

  // ---- SIMULATOR-ONLY test hooks (not part of the ministry's API) -------------------------
  if (!opts.controlHooks) return;

  /** Queue failures for the next N `Cargar*` calls (`login-error`: LoginSISPRO calls): `{ status, count }` (control.ts TFailMode). */
  app.post('/_control/fail-next', async (request, reply) => {
    const parsed = parseFailNext(request.body);
    if ('error' in parsed) return reply.code(400).send({ tipo: 'Validacion', descripcion: parsed.error });
    if ('modes' in parsed) control.failNext(parsed.modes);
    else control.failNext(parsed.mode, parsed.count);
    return { pendientes: control.pendingFailureCount, status: 'modes' in parsed ? parsed.modes : parsed.mode };
  });

  /** Fail a share of the calls at random: `{ status, rate }` (rate 0–1; 0 turns it off). */
  app.post('/_control/fail-rate', async (request, reply) => {
    const parsed = parseFailRate(request.body);
    if ('error' in parsed) return reply.code(400).send({ tipo: 'Validacion', descripcion: parsed.error });
    control.failRate(parsed.mode, parsed.rate);
    return { status: parsed.mode, rate: parsed.rate };
  });

  /** Call counters since start or the last reset. */
  app.get('/_control/stats', async () => ({ ...control.stats, paquetes: store.size }));

  /** Forget every accepted package (and the state file's content), counters and queued failures. */
  app.post('/_control/reset', async () => {
    control.reset();
    await store.reset();
    return { ok: true };
  });
}
