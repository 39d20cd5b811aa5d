import { createGunzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TokenService } from './auth.ts';
import { ControlState, parseFailNext, parseFailRate } from './control.ts';
import { formatHealthText } from './formats.ts';
import { onCarga, onConsulta, onLogin, sendProblem, type TMuvContext } from './handlers.ts';
import { CARGA_ENDPOINTS } from './processing.ts';
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
   * tests turn them on, so a simulator left reachable cannot be steered by anyone.
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
  const ctx: TMuvContext = { now, latencyMs, drawLatency, tokens, store, control };

  registerParsers(app);

  // Pending sleeps (latency, injected hangs) must not keep the process or the close waiting.
  app.addHook('preClose', async () => control.releaseAll());
  app.addHook('onClose', async () => control.releaseAll());

  app.get('/:name', async (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
    const name = request.params.name.toLowerCase();
    if (name !== 'basichealth' && name !== 'health') return reply.code(404).send();
    return reply.type('text/plain; charset=utf-8').send(formatHealthText(now(), SIMULATOR_VERSION));
  });

  app.post(
    '/api/:controller/:action',
    { bodyLimit },
    async (request: FastifyRequest<{ Params: { controller: string; action: string } }>, reply) => {
      const controller = request.params.controller.toLowerCase();
      const action = request.params.action.toLowerCase();
      if (controller === 'auth' && (action === 'loginsispro' || action === 'loginsisproerp')) {
        return onLogin(ctx, request, reply);
      }
      if (controller === 'paquetesfevrips') {
        const endpoint = CARGA_ENDPOINTS.get(action);
        if (endpoint) return onCarga(ctx, endpoint, request, reply);
      }
      if (controller === 'consultasfevrips' && (action === 'consultarcuv' || action === 'recuperarcuv')) {
        return onConsulta(ctx, action, request, reply);
      }
      return reply.code(404).send();
    },
  );

  // ---- SIMULATOR-ONLY test hooks (not part of the ministry's API) -------------------------
  if (opts.controlHooks) registerControlRoutes(app, ctx);
}

/** JSON as text/json and application/*+json, gzip bodies, and errors as ProblemDetails, like the ministry's API. */
function registerParsers(app: FastifyInstance): void {
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
}

/** The SIMULATOR-ONLY `/_control/*` hooks: queued and random failures, counters, reset. */
function registerControlRoutes(app: FastifyInstance, ctx: TMuvContext): void {
  const { control, store } = ctx;
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
