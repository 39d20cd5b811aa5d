import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { AppError } from '../lib/errors.ts';
import { hasNul } from './request-guards.ts';

/**
 * @fastify/multipart with the upload limits (seed 001 §5): one file of at most MAX_UPLOAD_BYTES (10 MB),
 * at most 10 text fields of at most 1 KB each. Going over a limit ends in the error handler's 413 naming that limit.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
}

/** A multipart form as the contracts describe it: the file part's name and the schema of the text fields. */
export type TUploadContract<S extends z.ZodType> = { file: string; fields: S };

/** What `readUpload` returns: the file (its name and bytes) and the text fields parsed by the contract. */
export type TUpload<S extends z.ZodType> = { filename: string; bytes: Buffer; fields: z.output<S> };

/** A file part of a multipart body, read whole. */
export type TMultipartFile = { fieldname: string; filename: string; mimetype: string; bytes: Buffer };

/**
 * Reads every part of a multipart body: the text fields, and the file parts `keep` accepts (the others are read and
 * dropped). Every client mistake is a 4xx with a Spanish message: a body without a boundary, cut short or
 * otherwise malformed → 400 UPLOAD_MALFORMED; a NUL in a field or a kept file's name → 400 NUL_CHARACTER. Size and
 * count limits (`limits`, else the registered ones) keep their own 413 errors (plugins/errors.ts), unless the caller
 * names its own: `fileTooLarge` gets the name of the file that went over. A text field longer than the field limit is
 * cut by the parser; with `fieldTooLarge` such a field is refused (its name given) instead of read cut.
 * @throws AppError as above; Fastify's coded errors unchanged.
 */
export async function readParts(
  request: FastifyRequest,
  options: {
    keep: (fieldname: string) => boolean;
    limits?: { files?: number; fileSize?: number; fields?: number; fieldSize?: number };
    fileTooLarge?: (filename: string) => AppError;
    tooManyFiles?: () => AppError;
    fieldTooLarge?: (fieldname: string) => AppError;
  },
): Promise<{ files: TMultipartFile[]; fields: Record<string, string> }> {
  const files: TMultipartFile[] = [];
  const fields: Record<string, string> = {};
  let current = '';
  try {
    for await (const part of request.parts(options.limits ? { limits: options.limits } : undefined)) {
      if (part.type === 'file') {
        current = part.filename;
        const bytes = await part.toBuffer();
        if (options.keep(part.fieldname)) files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, bytes });
      } else {
        if (part.valueTruncated && options.fieldTooLarge) throw options.fieldTooLarge(part.fieldname);
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' && options.fileTooLarge) throw options.fileTooLarge(current);
    if (code === 'FST_FILES_LIMIT' && options.tooManyFiles) throw options.tooManyFiles();
    // Fastify's and @fastify/multipart's coded errors (limits) go to the error handler; the parser's own (busboy:
    // 'Boundary not found', 'Unexpected end of form'…) are a malformed body.
    if (err instanceof AppError || code?.startsWith('FST_')) throw err;
    throw new AppError('UPLOAD_MALFORMED', MSG.uploadMalformed);
  }
  if (files.some((f) => hasNul(f.filename)) || Object.values(fields).some(hasNul)) throw new AppError('NUL_CHARACTER', MSG.nulCharacter);
  return { files, fields };
}

/**
 * Read a multipart upload described by `contract` (packages/contracts) with {@link readParts}: not multipart, or no
 * file part named `contract.file` → 400 FILE_MISSING; a field the schema refuses → 400 VALIDATION with the schema's
 * message. Only the first file part named `contract.file` is taken.
 */
export async function readUpload<S extends z.ZodType>(request: FastifyRequest, contract: TUploadContract<S>): Promise<TUpload<S>> {
  if (!request.isMultipart()) throw new AppError('FILE_MISSING', MSG.fileMissing);
  const { files, fields } = await readParts(request, { keep: (name) => name === contract.file });
  const file = files[0];
  if (!file) throw new AppError('FILE_MISSING', MSG.fileMissing);
  const parsed = contract.fields.safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message || MSG.requestInvalid);
  return { filename: file.filename, bytes: file.bytes, fields: parsed.data };
}
