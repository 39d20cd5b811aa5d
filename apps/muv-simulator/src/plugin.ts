import { createGunzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TokenService, type TTokenClaims } from './auth.ts';
import { ControlState, HANG_MS, parseFailNext, type TFailMode } from './control.ts';
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
  /** Artificial processing time of every `Cargar*` call, in ms. Default 0. */
  latencyMs?: number;
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
 * `@radica/fevrips` checks, CUVs, RVG18 on re-sends, CUV queries, optional persistence).
 * Register it with a prefix, e.g. `app.register(muvSimulatorPlugin, { prefix: '/_sim/muv' })`.
 *
 * Endpoints (relative to the prefix; source: fevrips-reference §1.2–§1.6):
 * - `GET /BasicHealth`, `GET /Health` → text/plain.
 * - `POST /api/Auth/LoginSISPRO` (and `LoginSISPROERP`) → `UserLoginResponseDTO`, always 200.
 * - `POST /api/PaquetesFevRips/Cargar*` (11 endpoints, see `CARGA_ENDPOINTS`) → 200 PascalCase
 *   `ResultadoProcesoFevRips`, or 400 camelCase rejection; 401 ProblemDetails without a token.
 * - `POST /api/ConsultasFevRips/ConsultarCUV` → `ConsultaCUVDTO`, 404 `BadRequestResponse` if unknown.
 * - `POST /api/ConsultasFevRips/RecuperarCUV` → the stored `ResultadoProcesoFevRips`.
 * - SIMULATOR-ONLY hooks, only with `controlHooks: true`: `POST /_control/fail-next`, `GET /_control/stats`,
 *   `POST /_control/reset`.
 *
 * @throws (at registration) when `stateFile` exists but is not a valid state file.
 */
export async function muvSimulatorPlugin(app: FastifyInstance, opts: TMuvSimulatorOptions): Promise<void> {
  const now = opts.now ?? (() => new Date());
  const latencyMs = Math.max(0, opts.latencyMs ?? 0);
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
    const errors = loginBodyErrors(request.body);
    if (errors) return sendProblem(reply, 400, errors);
    return reply.send(await tokens.login(request.body as TJsonObject));
  }

  /** Answers a queued failure: 500/503 ProblemDetails, or hold the call (`timeout`) until the client leaves. */
  async function injectFailure(mode: TFailMode, request: FastifyRequest, reply: FastifyReply) {
    if (mode === 'tot002') {
      control.stats.rechazados += 1;
      const item = {
        Clase: 'RECHAZADO' as const,
        Codigo: 'TOT002',
        Descripcion: 'El token de autenticación no es válido o ha expirado.',
        Observaciones: '',
        PathFuente: '',
        Fuente: 'Autenticacion',
      };
      return reply.code(400).send(buildRejectedBody([item], now().toISOString()));
    }
    if (mode !== 'timeout' && mode !== 'slow') return sendProblem(reply, mode);
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
    control.countCarga(endpoint.name);
    const failure = control.takeFailure();
    const slow = failure === 'slow';
    if (failure !== undefined && !slow) return injectFailure(failure, request, reply);
    const claims = await authenticate(request, reply);
    if (!claims) return reply;
    const errors = cargaBodyErrors(request.body);
    if (errors) return sendProblem(reply, 400, errors);
    if (latencyMs > 0 && !(await control.sleep(latencyMs))) return sendProblem(reply, 503);

    const resultado = procesarCarga({
      endpoint,
      body: request.body as TJsonObject,
      tokenNit: claims.nit,
      now: now(),
      store,
    });
    if (resultado.kind === 'rechazado') {
      control.stats.rechazados += 1;
      const send = () => reply.code(400).send(buildRejectedBody(resultado.items, resultado.fechaRadicacion));
      return slow ? holdAnswer(request, reply, send) : send();
    }
    await store.persist();
    control.stats.aceptados += 1;
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

  /** Queue failures for the next N `Cargar*` calls: `{ status: 500 | 503 | "timeout" | "slow" | "tot002", count }`. */
  app.post('/_control/fail-next', async (request, reply) => {
    const parsed = parseFailNext(request.body);
    if ('error' in parsed) return reply.code(400).send({ tipo: 'Validacion', descripcion: parsed.error });
    control.failNext(parsed.mode, parsed.count);
    return { pendientes: control.pendingFailureCount, status: parsed.mode };
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
