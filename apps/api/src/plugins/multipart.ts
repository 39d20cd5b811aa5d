import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { AppError } from '../lib/errors.ts';
import { hasNul } from './request-guards.ts';

/**
 * @fastify/multipart with the upload limits (seed 001 §5, issue 9): one file of at most MAX_UPLOAD_BYTES (10 MB),
 * at most 10 text fields of at most 1 KB each. Going over a limit ends in the error handler's 413 naming that limit.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
}

/** A multipart form as the contracts describe it: the file part's name and the schema of the text fields. */
export type TUploadContract<S extends z.ZodType> = { file: string; fields: S };

/** What `readUpload` returns: the file (its name and bytes) and the text fields parsed by the contract. */
export type TUpload<S extends z.ZodType> = { filename: string; bytes: Buffer; fields: z.output<S> };

/**
 * Read a multipart upload described by `contract` (packages/contracts). Every client mistake is a 4xx with a
 * Spanish message (issue 9): not multipart, or no file part named `contract.file` → 400 FILE_MISSING; a body
 * without a boundary, cut short or otherwise malformed → 400 UPLOAD_MALFORMED; a NUL in a field or the file name →
 * 400 NUL_CHARACTER; a field the schema refuses → 400 VALIDATION with the schema's message. Size and count limits
 * keep their own 413 errors (plugins/errors.ts). File parts under another name are read and dropped.
 */
export async function readUpload<S extends z.ZodType>(request: FastifyRequest, contract: TUploadContract<S>): Promise<TUpload<S>> {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING', MSG.fileMissing);
  let file: { filename: string; bytes: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === contract.file && !file) file = { filename: part.filename, bytes };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    // Fastify's and @fastify/multipart's coded errors (limits) go to the error handler; the parser's own (busboy:
    // 'Boundary not found', 'Unexpected end of form'…) are a malformed body.
    if (err instanceof AppError || (err as { code?: string }).code?.startsWith('FST_')) throw err;
    throw new AppError('UPLOAD_MALFORMED', MSG.uploadMalformed);
  }
  if (!file) throw new AppError('FILE_MISSING', MSG.fileMissing);
  if (hasNul(file.filename) || Object.values(fields).some(hasNul)) throw new AppError('NUL_CHARACTER', MSG.nulCharacter);
  const parsed = contract.fields.safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message || MSG.requestInvalid);
  return { ...file, fields: parsed.data };
}
