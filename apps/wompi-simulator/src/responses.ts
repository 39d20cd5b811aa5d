/**
 * The gateway's error body, `{ error: { type, reason?, messages? } }` (ZWompiError, @radica/contracts/wompi), with the
 * status each type travels with.
 */
export type TWompiErrorBody = {
  error: { type: string; reason?: string; messages?: Record<string, string[]> };
};

export type TWompiErrorReply = { status: number; body: TWompiErrorBody };

/** 401 INVALID_ACCESS_TOKEN: missing, unknown or wrong kind of key. */
export function invalidAccessToken(reason: string): TWompiErrorReply {
  return { status: 401, body: { error: { type: 'INVALID_ACCESS_TOKEN', reason } } };
}

/** 404 NOT_FOUND_ERROR. */
export function notFound(reason = 'La entidad solicitada no existe'): TWompiErrorReply {
  return { status: 404, body: { error: { type: 'NOT_FOUND_ERROR', reason } } };
}

/** 422 INPUT_VALIDATION_ERROR with Spanish messages per field (`{ reference: ['…'] }`). */
export function inputValidation(messages: Record<string, string[]>): TWompiErrorReply {
  return { status: 422, body: { error: { type: 'INPUT_VALIDATION_ERROR', messages } } };
}

/** Zod issues as `messages` per dotted field path (`payment_method.token`); a body-level issue goes under `body`. */
export function issueMessages(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (messages[field] ??= []).push(issue.message);
  }
  return messages;
}
