import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG } from '@radica/contracts/messages';
import { AppError } from '../lib/errors.ts';

/**
 * The one error handler (DESIGN.md): AppError → its status and Spanish message; request validation → 400 with the
 * first schema message; oversize bodies → 413; rate limit → 429; anything else → 500 without internals.
 * Body: `{ success: false, message, code, data? }`.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validation?: { message?: string }[] }, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ success: false, message: error.message, code: error.code, ...(error.data !== undefined ? { data: error.data } : {}) });
    }
    if (error.validation) {
      const message = error.validation[0]?.message || MSG.requestInvalid;
      return reply.status(400).send({ success: false, message, code: 'VALIDATION' });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send({ success: false, message: MSG.fileTooLarge, code: 'FILE_TOO_LARGE' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ success: false, message: MSG.http429, code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ success: false, message: MSG.requestInvalid, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: MSG.http500, code: 'INTERNAL' });
  });
}
