import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { CHAT_MAX_FILE_BYTES, CHAT_MAX_FILES, CHAT_MAX_INPUT, ZChatRequest } from '@radica/contracts/chat';
import { MSG } from '@radica/contracts/messages';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';
import { keyedLimit, perIpLimit } from '../../plugins/rate-limits.ts';
import { readParts } from '../../plugins/multipart.ts';
import { responderChat, type TChatFile, type TChatMessage } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The chat session id of a POST /api/chat, once read (its per-session limit counts it). */
    chatSessionId?: string;
  }
}

/**
 * POST /api/chat (seed 001 §7 "Chat"): JSON `{ sessionId, action, chatInput, chatType? }`, or multipart with
 * the same fields and the attachments `file0..n`. A caller with a session token gets the technical assistant (a token
 * that does not verify is 401, never a silent downgrade); without one, the sales assistant. Limits: per client address
 * and per chat session; attachments: at most CHAT_MAX_FILES of at
 * most 10 MB each.
 */
export async function chatRoutes(app: FastifyInstance, deps: TDeps) {
  const scale = deps.config.rateLimitScale ?? 1;
  const perSession = keyedLimit(app, {
    name: 'chat:session',
    max: 20 * scale,
    timeWindowMs: 60_000,
    key: (req) => req.chatSessionId ?? null,
  });
  route(app, routes.pagos.chat, { config: perIpLimit(deps.config, 40) }, async (req, reply) => {
    const { message, files } = req.isMultipart() ? await readChatForm(req) : { message: parseMessage(req.body), files: [] };
    req.chatSessionId = message.sessionId;
    await perSession(req, reply);
    return { success: true, data: await responderChat(deps, req.auth, message, files) };
  });
}

/** The message fields through the contract; a refusal is 400 VALIDATION with the contract's Spanish message. */
function parseMessage(value: unknown): TChatMessage {
  const parsed = ZChatRequest.safeParse(value ?? {});
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message || MSG.requestInvalid);
  return parsed.data;
}

/**
 * A multipart chat message: its fields and files `file0..n` (plugins/multipart.ts readParts). A file over 10 MB is 413
 * with the seed's text naming it; more than CHAT_MAX_FILES files is 413; a malformed body or a NUL is 400.
 */
async function readChatForm(req: FastifyRequest): Promise<{ message: TChatMessage; files: TChatFile[] }> {
  const { files, fields } = await readParts(req, {
    keep: (name) => /^file\d+$/.test(name),
    limits: { files: CHAT_MAX_FILES, fileSize: CHAT_MAX_FILE_BYTES, fields: 8, fieldSize: CHAT_MAX_INPUT * 4 },
    fileTooLarge: (name) => new AppError('CHAT_FILE_TOO_LARGE', MSG_CHAT.chatFileTooLarge(name)),
    tooManyFiles: () => new AppError('CHAT_TOO_MANY_FILES', MSG_CHAT.chatTooManyFiles(CHAT_MAX_FILES)),
  });
  return { message: parseMessage(fields), files: files.map(({ filename, mimetype, bytes }) => ({ filename, mimetype, bytes })) };
}
