import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Local simulator of the WhatsApp Business Cloud API's message call (issue 15 "Rejection alerts": the same pattern as
 * the ministry and payment simulators). It speaks the real protocol
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
 * `POST /{version}/{phone-number-id}/messages` with `Authorization: Bearer <token>` and a template message body;
 * it answers `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`, or the Graph API's
 * error envelope `{ error: { message, type, code, error_subcode?, fbtrace_id } }` with its HTTP status. It records what
 * it accepted. Free-form text messages are accepted only inside the 24-hour customer service window that a user's
 * message opens (otherwise 400 with code 131047, as Meta answers); templates at any time.
 *
 * The inbound side (issue 28): like Meta, it delivers a user's message to the business's webhook (`webhookUrl`) as a
 * `whatsapp_business_account` notification signed with the app secret (`X-Hub-Signature-256: sha256=<HMAC of the raw
 * body>`), and can run the webhook's verification handshake with `verifyToken`.
 *
 * SIMULATOR-ONLY test hooks under `/_control/*` (only with `controlHooks`): the recorded messages, a failure injected
 * into the next call, reset, a user's inbound message (`entrante`), the same delivery again (`reenviar`, as Meta does
 * when it gets no 200), and the verification handshake (`verificar`).
 */
export type TWhatsappSimulatorOptions = {
  /** The access token a caller must present. */
  accessToken: string;
  /** The business phone number id of the account (the path segment). */
  phoneNumberId: string;
  /** Approved message templates: name → number of body parameters it takes. */
  templates: Record<string, number>;
  controlHooks?: boolean;
  /** Where inbound messages are delivered (the business's webhook; Radica's /api/whatsapp/webhook). */
  webhookUrl?: () => string;
  /** The app secret that signs inbound deliveries. */
  appSecret?: string;
  /** The verify token the webhook expects in the verification handshake. */
  verifyToken?: string;
  /** The business's display number (metadata of inbound deliveries). */
  displayPhoneNumber?: string;
};

/** How long a user's message keeps the customer service window open (Meta: 24 hours). */
export const SERVICE_WINDOW_MS = 24 * 3_600_000;

/** A message the simulator accepted, as a test reads it. */
export type TWhatsappRecorded = {
  id: string;
  to: string;
  type: 'template' | 'text';
  /** Template messages: its name, language and body parameters ('' and [] for a text). */
  template: string;
  language: string;
  parameters: string[];
  /** Text messages: the body ('' for a template). */
  text: string;
  receivedAt: string;
};

/** An inbound delivery the simulator made: the message id, the raw body it signed, and the webhook's answer. */
export type TWhatsappDelivery = { id: string; from: string; body: string; status: number; answer: string };

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

/** Fastify plugin: register with a prefix (the app mounts it at /_sim/whatsapp). */
export async function whatsappSimulatorPlugin(app: FastifyInstance, opts: TWhatsappSimulatorOptions) {
  const recorded: TWhatsappRecorded[] = [];
  let failNext: number | null = null;
  /** When each user's last message arrived (the customer service window), by number. */
  const lastInbound = new Map<string, number>();
  const deliveries: TWhatsappDelivery[] = [];
  const record = (m: Omit<TWhatsappRecorded, 'id' | 'receivedAt'>) => {
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    recorded.push({ id, ...m, receivedAt: new Date().toISOString() });
    if (recorded.length > 1000) recorded.shift();
    return id;
  };

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/messages',
    { bodyLimit: 65_536 },
    async (req, reply) => {
      const auth = req.headers.authorization ?? '';
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      if (!token || !sameSecret(token, opts.accessToken))
        return graphError(reply, {
          status: 401,
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
        });
      if (!/^v\d+\.\d+$/.test(req.params.version))
        return graphError(reply, {
          status: 400,
          message: 'Unknown path components',
          type: 'OAuthException',
          code: 2500,
        });
      if (req.params.phoneNumberId !== opts.phoneNumberId)
        return graphError(reply, {
          status: 400,
          message: `Unsupported post request. Object with ID '${req.params.phoneNumberId}' does not exist`,
          type: 'GraphMethodException',
          code: 100,
          subcode: 33,
        });
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        return graphError(
          reply,
          status === 429
            ? { status, message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 }
            : {
                status,
                message: 'An unexpected error has occurred. Please retry your request later.',
                type: 'OAuthException',
                code: 2,
              },
        );
      }
      if ((req.body as { type?: unknown } | null)?.type === 'text') {
        const text = parseTextMessage(req.body);
        if ('status' in text) return graphError(reply, text);
        const opened = lastInbound.get(text.to);
        if (opened === undefined || Date.now() - opened > SERVICE_WINDOW_MS)
          return graphError(reply, {
            status: 400,
            message:
              '(#131047) Re-engagement message: more than 24 hours have passed since the recipient last replied to the sender number.',
            type: 'OAuthException',
            code: 131047,
          });
        const id = record({
          to: text.to,
          type: 'text',
          template: '',
          language: '',
          parameters: [],
          text: text.text,
        });
        return {
          messaging_product: 'whatsapp',
          contacts: [{ input: text.to, wa_id: text.to }],
          messages: [{ id }],
        };
      }
      const message = parseTemplateMessage(req.body, opts.templates);
      if ('status' in message) return graphError(reply, message);
      const id = record({ ...message, type: 'template', text: '' });
      return {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to }],
        messages: [{ id }],
      };
    },
  );

  /** Deliver a raw notification body to the business's webhook, signed as Meta signs it (or with `secret`). */
  async function deliver(
    id: string,
    from: string,
    raw: string,
    secret = opts.appSecret ?? '',
  ): Promise<TWhatsappDelivery> {
    if (!opts.webhookUrl)
      throw new Error('El simulador no tiene webhookUrl: no puede entregar mensajes entrantes.');
    const signature = `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`;
    let status = 0;
    let answer: string;
    try {
      const res = await fetch(opts.webhookUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signature,
          'user-agent': 'facebookexternalua',
        },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      answer = (await res.text()).slice(0, 2000);
    } catch (err) {
      answer = (err as Error).message;
    }
    const delivery = { id, from, body: raw, status, answer };
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.shift();
    return delivery;
  }

  if (!opts.controlHooks) return;
  app.get('/_control/mensajes', async () => ({ mensajes: recorded }));
  app.post<{ Body: { status?: number } }>('/_control/fail-next', async (req, reply) => {
    const status = Number(req.body?.status);
    if (![429, 500, 503].includes(status))
      return reply.status(400).send({ error: 'Se esperaba { "status": 429 | 500 | 503 }.' });
    failNext = status;
    return { ok: true };
  });
  app.post('/_control/reset', async () => {
    recorded.length = 0;
    deliveries.length = 0;
    lastInbound.clear();
    failNext = null;
    return { ok: true };
  });

  /**
   * A user's message arrives (Meta's "messages" notification): `{ from, text?, type?, nombre?, minutosAtras?,
   * firmaInvalida? }`. Opens the 24-hour window for `from`, delivers the signed notification to the webhook and answers
   * the delivery (the message id, the webhook's status and answer). `type` other than 'text' sends that type without
   * text (an image…); `minutosAtras` dates the message in the past; `firmaInvalida` signs with a wrong secret.
   */
  app.post<{
    Body: {
      from?: string;
      text?: string;
      type?: string;
      nombre?: string;
      minutosAtras?: number;
      firmaInvalida?: boolean;
    };
  }>('/_control/entrante', async (req, reply) => {
    const from = String(req.body?.from ?? '').replace(/^\+/, '');
    if (!/^[1-9]\d{7,14}$/.test(from))
      return reply.status(400).send({ error: 'Se esperaba { "from": "573001234567", "text": "…" }.' });
    const type = req.body?.type ?? 'text';
    const sentAt = Date.now() - Math.max(0, Number(req.body?.minutosAtras ?? 0)) * 60_000;
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    const message: Record<string, unknown> = { from, id, timestamp: String(Math.floor(sentAt / 1000)), type };
    if (type === 'text') message.text = { body: String(req.body?.text ?? '') };
    else message[type] = { id: randomBytes(8).toString('hex'), mime_type: 'application/octet-stream' };
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '100000000000099',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: opts.displayPhoneNumber ?? '15550000000',
                  phone_number_id: opts.phoneNumberId,
                },
                contacts: [{ profile: { name: req.body?.nombre ?? 'Usuario' }, wa_id: from }],
                messages: [message],
              },
            },
          ],
        },
      ],
    });
    if (!req.body?.firmaInvalida) lastInbound.set(from, Math.max(lastInbound.get(from) ?? 0, sentAt));
    return deliver(id, from, raw, req.body?.firmaInvalida ? 'otro-secreto' : undefined);
  });
  /** Meta delivers the same notification again (no 200 in time): `{ id }` of an earlier delivery. */
  app.post<{ Body: { id?: string } }>('/_control/reenviar', async (req, reply) => {
    const earlier = deliveries.find((d) => d.id === req.body?.id);
    if (!earlier) return reply.status(404).send({ error: 'No hay una entrega con ese id.' });
    return deliver(earlier.id, earlier.from, earlier.body);
  });
  /** The webhook's verification handshake (Meta › Webhook › Verificar y guardar): `{ verifyToken? }` overrides the token. */
  app.post<{ Body: { verifyToken?: string } }>('/_control/verificar', async (req) => {
    if (!opts.webhookUrl) throw new Error('El simulador no tiene webhookUrl.');
    const challenge = randomBytes(8).toString('hex');
    const url = new URL(opts.webhookUrl());
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.verify_token', req.body?.verifyToken ?? opts.verifyToken ?? '');
    url.searchParams.set('hub.challenge', challenge);
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const answer = await res.text();
    return { status: res.status, verificado: res.status === 200 && answer === challenge };
  });
  app.get('/_control/entregas', async () => ({ entregas: deliveries.map(({ body: _body, ...d }) => d) }));
}
