import { useMutation } from '@tanstack/react-query';
import { ZChatData, type TChatData, type TChatRequest } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { HttpError } from '../../../lib/http';
import { apiCall, routes } from '../../../lib/api-client';

/** The technical assistant (signed-in users) or the sales assistant (visitors), seed 001 §1, §2. */
export type TChatKind = 'technical' | 'sales';

export type TSendChatMessage = {
  kind: TChatKind;
  sessionId: string;
  chatInput: string;
  files: readonly File[];
  signal?: AbortSignal;
};

/**
 * POST /api/chat (seed 001 §7 "Chat"): `{ sessionId, action: 'sendMessage', chatInput }` as JSON, or as
 * multipart/form-data with the attachments as file0…file{n}; the sales chat adds `chatType: 'sales'` and never sends
 * files. Signed in, the request carries the session (the technical assistant); a visitor's carries none. Returns the
 * reply (`output` may be blank; an answer of another shape counts as blank). Throws HttpError, or an AbortError.
 */
export async function sendChatMessage({
  kind,
  sessionId,
  chatInput,
  files,
  signal,
}: TSendChatMessage): Promise<TChatData> {
  if (kind === 'sales' && files.length > 0) throw new Error(MSG_CHAT.chatSalesNoFiles);
  const fields: TChatRequest = {
    sessionId,
    action: 'sendMessage',
    chatInput,
    ...(kind === 'sales' ? { chatType: 'sales' as const } : {}),
  };
  let envelope;
  if (files.length === 0) {
    envelope = await apiCall(routes.pagos.chat, { body: fields }, { signal });
  } else {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    files.forEach((file, index) => form.append(`file${index}`, file, file.name));
    envelope = await apiCall(routes.pagos.chat, { body: form }, { signal });
  }
  const reply = ZChatData.safeParse(envelope.data);
  return reply.success ? reply.data : { output: '', articulos: [], fuente: 'asistente' };
}

/**
 * The text a failed send shows as the assistant's reply (seed 001 §8): the API's own Spanish message for a 4xx it
 * answered with an error code (bad input, file type or size, rate limit), otherwise the seed's chat failure text.
 */
export function chatFailureText(error: unknown): string {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.code)
    return error.message;
  return MSG_CHAT.chatError;
}

/** Send one chat message (TanStack Query mutation; nothing cached to invalidate). */
export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
