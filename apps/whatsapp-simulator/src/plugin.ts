import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerControlRoutes } from './control.ts';
import {
  SERVICE_WINDOW_MS,
  createWhatsappState,
  recordMessage,
  type TWhatsappSimulatorOptions,
  type TWhatsappState,
} from './state.ts';

type TGraphError = { status: number; message: string; type: string; code: number; subcode?: number };

const graphError = (reply: FastifyReply, e: TGraphError) =>
  reply.status(e.status).send({
    error: {
      message: e.message,
      type: e.type,
      code: e.code,
      ...(e.subcode ? { error_subcode: e.subcode } : {}),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
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
  const invalid = (message: string, code = 100): TGraphError => ({
    status: 400,
    message,
    type: 'OAuthException',
    code,
  });
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (b.messaging_product !== 'whatsapp')
    return invalid('(#100) The parameter messaging_product is required.');
  if (typeof b.to !== 'string' || !/^\+?[1-9]\d{7,14}$/.test(b.to))
    return invalid('(#100) Invalid parameter: to');
  if (b.type !== 'template')
    return invalid(
      '(#131009) Parameter value is not valid: only template and text messages are supported',
      131009,
    );
  const t = (typeof b.template === 'object' && b.template !== null ? b.template : {}) as Record<
    string,
    unknown
  >;
  const name = typeof t.name === 'string' ? t.name : '';
  const language = (t.language as { code?: unknown } | undefined)?.code;
  if (!(name in templates))
    return {
      status: 404,
      message: `(#132001) Template name does not exist in the translation`,
      type: 'OAuthException',
      code: 132001,
    };
  if (typeof language !== 'string')
    return invalid('(#100) The parameter template.language.code is required.');
  const components = Array.isArray(t.components) ? (t.components as Array<Record<string, unknown>>) : [];
  const bodyComponent = components.find((c) => c.type === 'body');
  const parameters = (
    Array.isArray(bodyComponent?.parameters)
      ? (bodyComponent.parameters as Array<Record<string, unknown>>)
      : []
  ).map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : null));
  if (parameters.some((p) => p === null || p.length > 1024))
    return invalid('(#132000) Number of parameters does not match the expected number of params', 132000);
  if (parameters.length !== templates[name])
    return invalid('(#132000) Number of parameters does not match the expected number of params', 132000);
  return { to: b.to.replace(/^\+/, ''), template: name, language, parameters: parameters as string[] };
}

/** Reads a text message body; returns the message or the Graph API's parameter error. */
export function parseTextMessage(body: unknown): { to: string; text: string } | TGraphError {
  const invalid = (message: string, code = 100): TGraphError => ({
    status: 400,
    message,
    type: 'OAuthException',
    code,
  });
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (b.messaging_product !== 'whatsapp')
    return invalid('(#100) The parameter messaging_product is required.');
  if (typeof b.to !== 'string' || !/^\+?[1-9]\d{7,14}$/.test(b.to))
    return invalid('(#100) Invalid parameter: to');
  const text = (b.text as { body?: unknown } | undefined)?.body;
  if (typeof text !== 'string' || text.length === 0)
    return invalid('(#100) The parameter text.body is required.');
  if (text.length > 4096) return invalid('(#100) Param text.body must be at most 4096 characters long.');
  return { to: b.to.replace(/^\+/, ''), text };
}

type TMessageRequest = FastifyRequest<{ Params: { version: string; phoneNumberId: string } }>;

/** The Graph API's refusal of a call before its body is read: token, version, phone number id, an injected failure. */
function callError(req: TMessageRequest, opts: TWhatsappSimulatorOptions, state: TWhatsappState): TGraphError | null {
  const auth = req.headers.authorization ?? '';
  const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  if (!token || !sameSecret(token, opts.accessToken))
    return {
      status: 401,
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    };
  if (!/^v\d+\.\d+$/.test(req.params.version))
    return { status: 400, message: 'Unknown path components', type: 'OAuthException', code: 2500 };
  if (req.params.phoneNumberId !== opts.phoneNumberId)
    return {
      status: 400,
      message: `Unsupported post request. Object with ID '${req.params.phoneNumberId}' does not exist`,
      type: 'GraphMethodException',
      code: 100,
      subcode: 33,
    };
  if (state.failNext === null) return null;
  const status = state.failNext;
  state.failNext = null;
  return status === 429
    ? { status, message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 }
    : {
        status,
        message: 'An unexpected error has occurred. Please retry your request later.',
        type: 'OAuthException',
        code: 2,
      };
}

/** The Graph API's answer to an accepted message. */
const accepted = (to: string, id: string) => ({
  messaging_product: 'whatsapp',
  contacts: [{ input: to, wa_id: to }],
  messages: [{ id }],
});

/** A text message: accepted only inside the customer service window of its recipient (else 131047, as Meta answers). */
function onTextMessage(body: unknown, state: TWhatsappState, reply: FastifyReply) {
  const text = parseTextMessage(body);
  if ('status' in text) return graphError(reply, text);
  const opened = state.lastInbound.get(text.to);
  if (opened === undefined || Date.now() - opened > SERVICE_WINDOW_MS)
    return graphError(reply, {
      status: 400,
      message:
        '(#131047) Re-engagement message: more than 24 hours have passed since the recipient last replied to the sender number.',
      type: 'OAuthException',
      code: 131047,
    });
  const id = recordMessage(state, {
    to: text.to,
    type: 'text',
    template: '',
    language: '',
    parameters: [],
    text: text.text,
  });
  return accepted(text.to, id);
}

/**
 * Local simulator of the WhatsApp Business Cloud API's message call, which the rejection alerts use (the same pattern
 * as the ministry and payment simulators). It speaks the real protocol
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
 * `POST /{version}/{phone-number-id}/messages` with `Authorization: Bearer <token>` and a template message body;
 * it answers `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`, or the Graph API's
 * error envelope `{ error: { message, type, code, error_subcode?, fbtrace_id } }` with its HTTP status. It records what
 * it accepted. Free-form text messages are accepted only inside the 24-hour customer service window that a user's
 * message opens (otherwise 400 with code 131047, as Meta answers); templates at any time.
 *
 * The inbound side (the WhatsApp chat with Radica's assistant): like Meta, it delivers a user's message to the business's webhook (`webhookUrl`) as a
 * `whatsapp_business_account` notification signed with the app secret (`X-Hub-Signature-256: sha256=<HMAC of the raw
 * body>`), and can run the webhook's verification handshake with `verifyToken`.
 *
 * SIMULATOR-ONLY test hooks under `/_control/*` (only with `controlHooks`): the recorded messages, a failure injected
 * into the next call, reset, a user's inbound message (`entrante`), the same delivery again (`reenviar`, as Meta does
 * when it gets no 200), and the verification handshake (`verificar`).
 *
 * Register it with a prefix (the app mounts it at /_sim/whatsapp).
 */
export async function whatsappSimulatorPlugin(app: FastifyInstance, opts: TWhatsappSimulatorOptions) {
  const state = createWhatsappState();

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/messages',
    { bodyLimit: 65_536 },
    async (req, reply) => {
      const refused = callError(req, opts, state);
      if (refused) return graphError(reply, refused);
      if ((req.body as { type?: unknown } | null)?.type === 'text') return onTextMessage(req.body, state, reply);
      const message = parseTemplateMessage(req.body, opts.templates);
      if ('status' in message) return graphError(reply, message);
      const id = recordMessage(state, { ...message, type: 'template', text: '' });
      return accepted(message.to, id);
    },
  );

  if (opts.controlHooks) registerControlRoutes(app, opts, state);
}
