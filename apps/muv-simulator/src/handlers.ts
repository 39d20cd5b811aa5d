import type { FastifyReply, FastifyRequest } from 'fastify';
import { MUV_TEXTOS_API_LOCAL } from '@radica/contracts/muv';
import type { TokenService, TTokenClaims } from './auth.ts';
import { HANG_MS, type ControlState, type TFailMode } from './control.ts';
import { procesarCarga, type TCargaEndpoint } from './processing.ts';
import {
  PROBLEM_CONTENT_TYPE,
  buildAcceptedBody,
  buildConsultaBody,
  buildRejectedBody,
  problemDetails,
  type TBadRequestResponse,
} from './responses.ts';
import type { MuvStateStore } from './state.ts';

/** What the handlers of `muvSimulatorPlugin` share: the clock, the artificial latency (ms), tokens, store and control state. */
export type TMuvContext = {
  now: () => Date;
  latencyMs: number;
  /** One call's processing time (ms): `latencyMs`, or a log-normal draw around it (options' `latencySigma`). */
  drawLatency: () => number;
  tokens: TokenService;
  store: MuvStateStore;
  control: ControlState;
};

const NOT_FOUND_CUV: TBadRequestResponse = {
  tipo: 'NoEncontrado',
  descripcion: 'No se encontró un paquete validado con el Código Único de Validación (CUV) informado.',
};

type TJsonObject = Record<string, unknown>;

function isJsonObject(value: unknown): value is TJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Answers an ASP.NET ProblemDetails (`application/problem+json`) with the given status, field errors and detail. */
export function sendProblem(
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

async function authenticate(
  ctx: TMuvContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TTokenClaims | null> {
  const header = request.headers.authorization;
  const claims = await ctx.tokens.verifyAuthorization(header);
  if (!claims) {
    await sendUnauthorized(reply, Boolean(header));
    return null;
  }
  return claims;
}

/** `POST /api/Auth/LoginSISPRO` (and `LoginSISPROERP`): always 200 `UserLoginResponseDTO`, 400 ProblemDetails for a malformed body. */
export async function onLogin(ctx: TMuvContext, request: FastifyRequest, reply: FastifyReply) {
  const { control, tokens } = ctx;
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
async function injectFailure(ctx: TMuvContext, mode: TFailMode, request: FastifyRequest, reply: FastifyReply) {
  const { control, now } = ctx;
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
  return holdAnswer(ctx, request, reply, () => sendProblem(reply, 503));
}

/**
 * Hold a call until the client leaves (then drop the answer: `timeout` never processed it, `slow` already did) or
 * the hold ends (then send the answer).
 */
async function holdAnswer(
  ctx: TMuvContext,
  request: FastifyRequest,
  reply: FastifyReply,
  send: () => FastifyReply,
) {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  await ctx.control.sleep(HANG_MS, gone.signal);
  if (gone.signal.aborted) {
    request.log.info('muv-simulator: el cliente abandonó la llamada retenida (fail-next timeout/slow)');
    reply.hijack();
    return;
  }
  return send();
}

/** `POST /api/PaquetesFevRips/Cargar*`: 200 `ResultadoProcesoFevRips`, 400 rejection, 401 without a token, or a queued failure. */
export async function onCarga(
  ctx: TMuvContext,
  endpoint: TCargaEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { control, store, now, latencyMs, drawLatency } = ctx;
  const paquete = paqueteDe(request.body);
  control.countCarga(endpoint.name, paquete);
  const failure = control.takeFailure();
  const slow = failure === 'slow';
  if (failure !== undefined && !slow) return injectFailure(ctx, failure, request, reply);
  const claims = await authenticate(ctx, request, reply);
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
    return slow ? holdAnswer(ctx, request, reply, send) : send();
  }
  control.stats.aceptados += 1;
  control.paquete(paquete).aceptados += 1;
  const send = () => reply.code(200).send(buildAcceptedBody(resultado.paquete));
  return slow ? holdAnswer(ctx, request, reply, send) : send();
}

/** `POST /api/ConsultasFevRips/ConsultarCUV` | `RecuperarCUV`: the stored package's answer, 404 `BadRequestResponse` when unknown. */
export async function onConsulta(
  ctx: TMuvContext,
  action: 'consultarcuv' | 'recuperarcuv',
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { control, store } = ctx;
  control.stats.consultas += 1;
  const claims = await authenticate(ctx, request, reply);
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

