import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { AppError } from '../../lib/errors.ts';

/** An attachment of a chat message, already checked (type, size). */
export type TChatFile = { filename: string; mimetype: string; bytes: Buffer };

/** Most bytes of a webhook answer Radica reads (a chat reply is text). */
const MAX_RESPUESTA_BYTES = 1_048_576;

/**
 * Forwards a chat message to the workflow webhook (seed 001 §7 "Chat": POST, JSON body `{ sessionId, action:
 * 'sendMessage', chatInput }` plus `chatType: 'sales'` for the sales chat; with files, multipart/form-data with the
 * same fields and `file0..n`) and returns the reply's `output` ('' when the answer has none: the browser then shows the
 * seed's empty-reply text). n8n answers `{ output }` or `[{ output }]`; a text/plain answer is taken whole.
 * @throws AppError CHAT_UNAVAILABLE (502, the seed's failure text) on a timeout (`timeoutMs`), a network error, a
 *   non-2xx answer or an answer over 1 MB. The webhook's address never leaves the server.
 */
export async function forwardToWebhook(
  url: string,
  timeoutMs: number,
  message: { sessionId: string; chatInput: string; chatType: 'sales' | 'technical' },
  files: readonly TChatFile[],
): Promise<string> {
  const fields: Record<string, string> = {
    sessionId: message.sessionId,
    action: 'sendMessage',
    chatInput: message.chatInput,
    ...(message.chatType === 'sales' ? { chatType: 'sales' } : {}),
  };
  let body: string | FormData;
  const headers: Record<string, string> = { accept: 'application/json, text/plain' };
  if (files.length > 0) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    files.forEach((f, i) => form.append(`file${i}`, new Blob([new Uint8Array(f.bytes)], { type: f.mimetype }), f.filename));
    body = form;
  } else {
    body = JSON.stringify(fields);
    headers['content-type'] = 'application/json';
  }
  let text: string;
  let contentType: string;
  try {
    const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_RESPUESTA_BYTES) throw new Error('answer too large');
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > MAX_RESPUESTA_BYTES) throw new Error('answer too large');
    text = new TextDecoder().decode(bytes);
    contentType = res.headers.get('content-type') ?? '';
  } catch {
    throw new AppError('CHAT_UNAVAILABLE', MSG_CHAT.chatError);
  }
  return outputOf(text, contentType);
}

/** The reply text of a webhook answer: `output` of the object or of the first element of an array; else the text. */
export function outputOf(text: string, contentType: string): string {
  const trimmed = text.trim();
  if (!contentType.includes('json') && !/^[[{]/.test(trimmed)) return trimmed;
  try {
    const value: unknown = JSON.parse(trimmed);
    const first = Array.isArray(value) ? value[0] : value;
    const output = typeof first === 'object' && first !== null ? (first as Record<string, unknown>)['output'] : undefined;
    return typeof output === 'string' ? output : '';
  } catch {
    return '';
  }
}
