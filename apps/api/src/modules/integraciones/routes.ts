import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { z } from 'zod';
import { ZIdempotencyKey, ZPaqueteJsonRequest } from '@radica/contracts/integraciones';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { keyedLimit } from '../../plugins/rate-limits.ts';
import { readParts } from '../../plugins/multipart.ts';
import { requireModule } from '../products/require-module.ts';
import { archivosDelCuerpo } from '../documents/cuerpo-cargar.ts';
import { confirmarClave, crearClave, estadoPaquete, listarClaves, radicarPaquete, revocarClave, type TPaqueteArchivos } from './service.ts';

/** A JSON filing carries both files, the XML in base64: about 1.37 × (10 MB + 10 MB), with room for the envelope. */
const PAQUETE_JSON_BODY_LIMIT = 30 * 1_048_576;

/**
 * The integrators' API channel:
 * - keys, managed by a signed-in user only (never by a key): GET/POST /api/integraciones/claves, DELETE
 *   /api/integraciones/claves/{id};
 * - filing with a key (or a session): POST /api/v1/paquetes (multipart parts `xml`, `rips`, field `enviar`; or JSON
 *   `{ xmlFevFile, rips, enviar }`), `Idempotency-Key` header; GET /api/v1/paquetes/{id}. Both need the ministerio
 *   product and are limited per key (per user for a session).
 */
export async function integracionesRoutes(app: FastifyInstance, deps: TDeps) {
  // Keys are managed by administrators; filing is for those who change documents, reading for every role (the table).
  const t = routes.integraciones;
  route(app, t.claves, async (req) => ({ success: true, data: { claves: await listarClaves(deps, authOf(req)) } }));
  route(app, t.crearClave, async (req) => ({ success: true, message: MSG_INTEGRACIONES.apiKeyCreada, data: await crearClave(deps, authOf(req), req.body) }));
  route(app, t.revocarClave, async (req) => ({
    success: true,
    message: MSG_INTEGRACIONES.apiKeyRevocada,
    data: await revocarClave(deps, authOf(req), req.params.id),
  }));
  route(app, t.confirmarClave, async (req) => ({
    success: true,
    message: MSG_USUARIOS.claveConfirmada,
    data: await confirmarClave(deps, authOf(req), req.params.id),
  }));

  const perCaller = keyedLimit(app, {
    name: 'paquetes:caller',
    max: 120 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.apiKeyId !== null ? `key:${req.apiKeyId}` : req.auth ? `user:${req.auth.userId}` : null),
  });
  const conClave = { preHandler: [requireModule(deps, 'ministerio'), perCaller] };
  route(app, t.radicarPaquete, { ...conClave, bodyLimit: PAQUETE_JSON_BODY_LIMIT }, async (req, reply) => {
    const header = req.headers['idempotency-key'];
    let idempotencyKey: string | null = null;
    if (header !== undefined) {
      const parsed = ZIdempotencyKey.safeParse(Array.isArray(header) ? header.join(',') : header);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? MSG.requestInvalid);
      idempotencyKey = parsed.data;
    }
    const archivos = req.isMultipart() ? await leerMultipart(req) : leerJson(req.body);
    const { status, data } = await radicarPaquete(deps, authOf(req), archivos, idempotencyKey);
    return reply.status(status as 200 | 201 | 202).send({ success: true, data });
  });
  route(app, t.paquete, conClave, async (req) => ({ success: true, data: await estadoPaquete(deps, authOf(req), req.params.id) }));
}

/** The JSON filing, the ministry's CargarFevRips body: read by the one function every upload of that body uses. */
function leerJson(body: unknown): TPaqueteArchivos {
  const parsed = ZPaqueteJsonRequest.safeParse(body ?? {});
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? MSG.requestInvalid);
  const { xmlFevFile, rips, enviar } = parsed.data;
  return { ...archivosDelCuerpo({ xmlFevFile, rips }, { base64Invalido: MSG_INTEGRACIONES.paqueteBase64Invalido }), enviar };
}

const ZEnviarCampo = z.enum(['true', 'false', 'async', '']).default('false');

/** The multipart filing: parts `xml` and `rips` (each at most 10 MB; the first of each name), field `enviar` ('true', 'false' or 'async'). */
async function leerMultipart(req: FastifyRequest): Promise<TPaqueteArchivos> {
  // Every part's name is kept (bytes only for xml and rips): a filing without them says which parts came.
  const otras: string[] = [];
  const read = await readParts(req, {
    keep: (name) => {
      if (name === 'xml' || name === 'rips') return true;
      if (!otras.includes(name) && otras.length < 10) otras.push(name.slice(0, 40));
      return false;
    },
    limits: { files: 2, fileSize: MAX_UPLOAD_BYTES, fields: 4, fieldSize: 64 },
  });
  const fields = read.fields;
  const files: Record<string, { filename: string; bytes: Buffer }> = {};
  for (const f of read.files)
    files[f.fieldname] ??= { filename: f.filename || `${f.fieldname}.${f.fieldname === 'xml' ? 'xml' : 'json'}`, bytes: f.bytes };
  if (!files['xml'] && !files['rips']) {
    const campos = Object.keys(fields).filter((k) => k !== 'enviar').map((k) => k.slice(0, 40));
    throw new AppError('PAQUETE_VACIO', MSG_INTEGRACIONES.paqueteSinPartes([...otras, ...campos]));
  }
  const enviar = ZEnviarCampo.safeParse(fields['enviar'] ?? 'false');
  if (!enviar.success) throw new AppError('VALIDATION', MSG.requestInvalid);
  // The extension decides how the upload path reads a file: the part's name says what it is.
  const rename = (f: { filename: string; bytes: Buffer } | undefined, ext: 'xml' | 'json') =>
    f ? { filename: /\.(xml|json)$/i.test(f.filename) ? f.filename : `${f.filename || 'archivo'}.${ext}`, bytes: f.bytes } : null;
  return { xml: rename(files['xml'], 'xml'), rips: rename(files['rips'], 'json'), enviar: enviar.data === 'async' ? ('async' as const) : enviar.data === 'true' };
}
