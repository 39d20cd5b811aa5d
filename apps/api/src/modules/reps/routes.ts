import { Readable } from 'node:stream';
import { routes } from '@radica/contracts/routes';
import type { FastifyInstance } from 'fastify';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';
import { keyedLimit, perIpLimit } from '../../plugins/rate-limits.ts';
import { importReps, searchPrestadores } from './service.ts';

/** Provider searches one signed-in user may make per minute (the form debounces 1 s: a person types far fewer). */
export const PRESTADORES_SEARCH_PER_USER_MINUTE = 120;
/** Provider searches per minute from one address (several users of a clinic share one). */
export const PRESTADORES_SEARCH_PER_IP_MINUTE = 600;

/**
 * The REPS provider calls: the search GET /api/Auth/prestadores/autocomplete (seed 000 §7; signed-in
 * users, limited per user and per address — the address is Fastify's request.ip, which believes X-Forwarded-For only
 * from TRUST_PROXY) and the operator's import POST /api/admin/reps/import (the operator secret of DATA_DIR, checked
 * before the body is read; a text/csv body streamed into the import, at most config.repsImportMaxBytes).
 */
export async function repsRoutes(app: FastifyInstance, deps: TDeps) {
  const scale = deps.config.rateLimitScale ?? 1;
  const perUser = keyedLimit(app, {
    name: 'prestadores:user',
    max: PRESTADORES_SEARCH_PER_USER_MINUTE * scale,
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? String(req.auth.userId) : null),
  });
  route(app, routes.prestador.prestadores, { preHandler: perUser, config: perIpLimit(deps.config, PRESTADORES_SEARCH_PER_IP_MINUTE) }, async (req) => ({
    success: true,
    data: await searchPrestadores(deps, req.query),
  }));

  const maxBytes = deps.config.repsImportMaxBytes;
  await app.register(async (scope) => {
    // The CSV body is handed over as the request stream: the import reads it as it arrives (never whole in memory).
    scope.addContentTypeParser(['text/csv', 'application/csv'], (request, payload, done) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxBytes) return done(new AppError('BODY_TOO_LARGE', MSG_CUENTAS.repsArchivoGrande(Math.round(maxBytes / 1_048_576))), undefined);
      done(null, payload);
    });
    route(scope, routes.prestador.importarReps, { operadorAlRecibir: true, config: perIpLimit(deps.config, 10) }, async (req, reply) => {
      const body = req.body;
      if (!(body instanceof Readable)) throw new AppError('REPS_CSV_INVALIDO', MSG_CUENTAS.repsArchivoVacio);
      const warnings: string[] = [];
      let data;
      try {
        // Not destroyed when the import stops early (a refused header, the size limit): the error answer must still
        // reach the client; the connection closes after it instead of reading the rest of the upload.
        data = await importReps(deps, body.iterator({ destroyOnReturn: false }), {
          fuente: req.query.archivo || 'POST /api/admin/reps/import',
          origen: 'npm run reps:import (servidor)',
          maxBytes,
          onWarning: (w) => warnings.push(w),
          onProgress: (p) => req.log.info({ filas: p.filas, mb: Math.round(p.bytes / 1_048_576) }, 'REPS import progress'),
        });
      } catch (err) {
        if (!body.readableEnded) reply.header('connection', 'close');
        throw err;
      }
      const message = [
        MSG_CUENTAS.repsImportado(data),
        ...warnings,
        ...(data.malformadas ? [MSG_CUENTAS.repsFilasMalformadas(data.malformadas)] : []),
      ].join(' ');
      return { success: true, data, message };
    });
  });
}
