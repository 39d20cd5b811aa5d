import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { TErrorCode } from '@radica/contracts/errors';
import { MSG } from '@radica/contracts/messages';
import { AppError } from '../lib/errors.ts';

/** Fastify and @fastify/multipart limit errors → the contract code and the message that names that limit. */
const LIMITS: Record<string, [TErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['BODY_TOO_LARGE', MSG.bodyTooLarge],
  FST_REQ_FILE_TOO_LARGE: ['FILE_TOO_LARGE', MSG.fileTooLarge],
  FST_FILES_LIMIT: ['UPLOAD_ONE_FILE', MSG.uploadOneFile],
  FST_FIELDS_LIMIT: ['UPLOAD_TOO_MANY_FIELDS', MSG.uploadTooManyFields],
  FST_PARTS_LIMIT: ['UPLOAD_TOO_MANY_FIELDS', MSG.uploadTooManyFields],
};

/**
 * The one error handler (DESIGN.md): AppError → its status (from the contracts' catalogue) and Spanish message;
 * request validation → 400 VALIDATION with the first schema message; a size or count limit → its 413 code with the
 * message naming that limit; rate limit → 429; other client errors → their 4xx as BAD_REQUEST; a lost database
 * connection → 503; anything else → 500 without internals. Every body is a ZErrorResponse: `{ success: false,
 * message, code, data? }` with `code` one of the contracts' codes.
 */
export function registerErrorHandler(app: FastifyInstance) {
  const send = (reply: FastifyReply, status: number, code: TErrorCode, message: string, data?: unknown) =>
    reply.status(status).send({ success: false, message, code, ...(data !== undefined ? { data } : {}) });
  app.setErrorHandler((error: FastifyError & { validation?: { message?: string }[] }, request, reply) => {
    if (error instanceof AppError) return send(reply, error.status, error.code, error.message, error.data);
    if (error.validation) return send(reply, 400, 'VALIDATION', error.validation[0]?.message || MSG.requestInvalid);
    const limit = error.code ? LIMITS[error.code] : undefined;
    if (limit) return send(reply, 413, limit[0], limit[1]);
    if (error.statusCode === 429) return send(reply, 429, 'RATE_LIMITED', MSG.http429);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(reply, error.statusCode, 'BAD_REQUEST', MSG.requestInvalid);
    if (isDatabaseConnectionLost(error)) {
      request.log.warn({ err: error.message }, 'database connection lost mid-request');
      return send(reply, 503, 'DATABASE_UNAVAILABLE', MSG.http5xx);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL', MSG.http500);
  });
}
/**
 * Fastify's `frameworkErrors` (errors raised by the router before any route runs): a malformed URL or a path parameter
 * longer than the router accepts is the client's mistake, so 400 BAD_REQUEST in Spanish like every other, instead of
 * Fastify's English body (or its bare 414). Anything else is 500 without internals.
 */
export function frameworkErrorReply(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const client = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return reply
    .status(client ? 400 : 500)
    .send({ success: false, message: client ? MSG.requestInvalid : MSG.http500, code: client ? 'BAD_REQUEST' : 'INTERNAL' });
}

/**
 * The database connection went away under a request (server restart, terminated backend): the work failed cleanly and
 * may be retried, so 503 rather than 500. SQLSTATE classes 08 (connection exception) and 57P (operator
 * intervention), and node-postgres's own errors for a closed connection.
 */
export function isDatabaseConnectionLost(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^08|^57P0[1-3]$/.test(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  if (/Connection terminated|not queryable|terminating connection|ECONNRESET/.test(message)) return true;
  return e?.cause !== undefined && e.cause !== error ? isDatabaseConnectionLost(e.cause) : false;
}
