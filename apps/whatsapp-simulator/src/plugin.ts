import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Local simulator of the WhatsApp Business Cloud API's message call (issue 15 "Rejection alerts": the same pattern as
 * the ministry and payment simulators). It speaks the real protocol
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
 * `POST /{version}/{phone-number-id}/messages` with `Authorization: Bearer <token>` and a template message body;
 * it answers `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`, or the Graph API's
 * error envelope `{ error: { message, type, code, error_subcode?, fbtrace_id } }` with its HTTP status. It records what
 * it accepted. SIMULATOR-ONLY test hooks under `/_control/*` (only with `controlHooks`): the recorded messages, a
 * failure injected into the next call, reset.
 */
export type TWhatsappSimulatorOptions = {
  /** The access token a caller must present. */
  accessToken: string;
  /** The business phone number id of the account (the path segment). */
  phoneNumberId: string;
  /** Approved message templates: name → number of body parameters it takes. */
  templates: Record<string, number>;
  controlHooks?: boolean;
};

/** A message the simulator accepted, as a test reads it. */
export type TWhatsappRecorded = {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  receivedAt: string;
};

type TGraphError = { status: number; message: string; type: string; code: number; subcode?: number };

const graphError = (reply: FastifyReply, e: TGraphError) =>
  reply.status(e.status).send({
    error: { message: e.message, type: e.type, code: e.code, ...(e.subcode ? { error_subcode: e.subcode } : {}), fbtrace_id: randomBytes(8).toString('base64url') },
  });

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Reads a template message body; returns the message or the Graph API's parameter error. */
export function parseTemplateMessage(
  body: unknown,
  templates: Record<string, number>,
): { to: string; template: string; language: string; parameters: string[] } | TGraphError {
  const invalid = (message: string, code = 100): TGraphError => ({ status: 400, message, type: 'OAuthException', code });
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (b.messaging_product !== 'whatsapp') return invalid('(#100) The parameter messaging_product is required.');
  if (typeof b.to !== 'string' || !/^\+?[1-9]\d{7,14}$/.test(b.to)) return invalid('(#100) Invalid parameter: to');
  if (b.type !== 'template') return invalid('(#131009) Parameter value is not valid: only template messages may start a conversation', 131009);
  const t = (typeof b.template === 'object' && b.template !== null ? b.template : {}) as Record<string, unknown>;
  const name = typeof t.name === 'string' ? t.name : '';
  const language = (t.language as { code?: unknown } | undefined)?.code;
  if (!(name in templates)) return { status: 404, message: `(#132001) Template name does not exist in the translation`, type: 'OAuthException', code: 132001 };
  if (typeof language !== 'string') return invalid('(#100) The parameter template.language.code is required.');
  const components = Array.isArray(t.components) ? (t.components as Array<Record<string, unknown>>) : [];
  const bodyComponent = components.find((c) => c.type === 'body');
  const parameters = (Array.isArray(bodyComponent?.parameters) ? (bodyComponent.parameters as Array<Record<string, unknown>>) : []).map((p) =>
    p.type === 'text' && typeof p.text === 'string' ? p.text : null,
  );
  if (parameters.some((p) => p === null || p.length > 1024)) return invalid('(#132000) Number of parameters does not match the expected number of params', 132000);
  if (parameters.length !== templates[name]) return invalid('(#132000) Number of parameters does not match the expected number of params', 132000);
  return { to: b.to.replace(/^\+/, ''), template: name, language, parameters: parameters as string[] };
}

/** Fastify plugin: register with a prefix (the app mounts it at /_sim/whatsapp). */
export async function whatsappSimulatorPlugin(app: FastifyInstance, opts: TWhatsappSimulatorOptions) {
  const recorded: TWhatsappRecorded[] = [];
  let failNext: number | null = null;

  app.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/messages', { bodyLimit: 65_536 }, async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!token || !sameSecret(token, opts.accessToken))
      return graphError(reply, { status: 401, message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 });
    if (!/^v\d+\.\d+$/.test(req.params.version)) return graphError(reply, { status: 400, message: 'Unknown path components', type: 'OAuthException', code: 2500 });
    if (req.params.phoneNumberId !== opts.phoneNumberId)
      return graphError(reply, { status: 400, message: `Unsupported post request. Object with ID '${req.params.phoneNumberId}' does not exist`, type: 'GraphMethodException', code: 100, subcode: 33 });
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return graphError(reply, status === 429
        ? { status, message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 }
        : { status, message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2 });
    }
    const message = parseTemplateMessage(req.body, opts.templates);
    if ('status' in message) return graphError(reply, message);
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    recorded.push({ id, ...message, receivedAt: new Date().toISOString() });
    if (recorded.length > 1000) recorded.shift();
    return { messaging_product: 'whatsapp', contacts: [{ input: message.to, wa_id: message.to }], messages: [{ id }] };
  });

  if (!opts.controlHooks) return;
  app.get('/_control/mensajes', async () => ({ mensajes: recorded }));
  app.post<{ Body: { status?: number } }>('/_control/fail-next', async (req, reply) => {
    const status = Number(req.body?.status);
    if (![429, 500, 503].includes(status)) return reply.status(400).send({ error: 'Se esperaba { "status": 429 | 500 | 503 }.' });
    failNext = status;
    return { ok: true };
  });
  app.post('/_control/reset', async () => {
    recorded.length = 0;
    failNext = null;
    return { ok: true };
  });
}
