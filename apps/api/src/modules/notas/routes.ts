import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@radica/contracts/routes';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import {
  CREAR_NOTA_FORM,
  MAX_SERVICIOS_BYTES,
  PROPUESTA_NOTA_FORM,
} from '@radica/contracts/notas';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { readParts, type TUploadContract } from '../../plugins/multipart.ts';
import { keyedLimit } from '../../plugins/rate-limits.ts';
import { requireModule } from '../products/require-module.ts';
import { clientGone, createUploadGate, untilAborted } from '../documents/upload-gate.ts';
import { crearNota, listarServiciosFactura, proponerNota } from './service.ts';

/**
 * A note's form: its XML (`archivo`, optional: an adjustment note may have none) and text fields, of which `servicios`
 * may be long (MAX_SERVICIOS_BYTES; a field cut at the limit is refused, never read half). Not multipart → 400
 * FILE_MISSING; a field the contract refuses → 400 VALIDATION with its message.
 */
async function readNotaForm<S extends z.ZodType>(req: FastifyRequest, contract: TUploadContract<S>) {
  if (!req.isMultipart()) throw new AppError('FILE_MISSING', MSG_NOTAS.xmlRequerido);
  const { files, fields } = await readParts(req, {
    keep: (name) => name === contract.file,
    limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, fieldSize: MAX_SERVICIOS_BYTES },
    fieldTooLarge: (name) => new AppError('VALIDATION', MSG_NOTAS.campoMuyLargo(name)),
  });
  const parsed = contract.fields.safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message || MSG.requestInvalid);
  const file = files[0];
  return { xml: file ? { filename: file.filename, bytes: file.bytes } : null, fields: parsed.data as z.output<S> };
}

/**
 * Notes built from a filed invoice (docs/decisions/051): the invoice's services, a proposal from the note's lines, and
 * the note itself. Like every document call they need the ministerio module and take a session or an API key; building
 * is for the roles that change documents. The two calls that read a note's XML count as uploads: the per-user upload
 * limit and a per-tenant bound on those checked at once.
 */
export async function notasRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.documentos;
  const modulo = requireModule(deps, 'ministerio');
  const gate = createUploadGate({
    concurrency: deps.config.uploadTenantConcurrency,
    queue: deps.config.uploadTenantQueue,
    total: deps.config.uploadConcurrency || 2 * deps.analysis.threads,
  });
  const perUser = keyedLimit(app, {
    name: 'upload:user',
    max: deps.config.uploadUserPerMinute * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? String(req.auth.userId) : null),
  });
  const conNota = { preHandler: [modulo, perUser] };

  route(app, t.serviciosFactura, { preHandler: modulo }, async (req) => ({ success: true, data: await listarServiciosFactura(deps, authOf(req), req.params.id) }));

  route(app, t.propuestaNota, conNota, async (req, reply) => {
    const ctx = authOf(req);
    const gone = clientGone(req, reply);
    try {
      const data = await gate.run(
        ctx.tenantId,
        ({ xml, fields }) => {
          if (!xml) throw new AppError('FILE_MISSING', MSG_NOTAS.xmlRequerido);
          return proponerNota(deps, ctx, req.params.id, { tipo: fields.tipo, bytes: xml.bytes });
        },
        { receive: () => untilAborted(readNotaForm(req, PROPUESTA_NOTA_FORM), gone.signal), signal: gone.signal },
      );
      return { success: true, data };
    } finally {
      gone.done();
    }
  });

  route(app, t.crearNota, conNota, async (req, reply) => {
    const ctx = authOf(req);
    const gone = clientGone(req, reply);
    try {
      const data = await gate.run(
        ctx.tenantId,
        ({ xml, fields }) => crearNota(deps, ctx, req.params.id, { tipo: fields.tipo, xml, servicios: fields.servicios, numNota: fields.numNota, destino: fields.destino }),
        { receive: () => untilAborted(readNotaForm(req, CREAR_NOTA_FORM), gone.signal), signal: gone.signal },
      );
      return { success: true, data, message: data.borradorId ? MSG_NOTAS.borradorNotaCreado(data.numNota) : MSG_NOTAS.notaCreada(data.numNota) };
    } finally {
      gone.done();
    }
  });
}
