import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { newMessageId, type TWhatsappDelivery, type TWhatsappSimulatorOptions, type TWhatsappState } from './state.ts';

/** The body of `POST /_control/entrante`: a user's message (see `registerControlRoutes`). */
type TEntranteBody = {
  from?: string;
  text?: string;
  type?: string;
  nombre?: string;
  minutosAtras?: number;
  firmaInvalida?: boolean;
};

/**
 * Delivers a raw notification body to the business's webhook, signed as Meta signs it (`X-Hub-Signature-256:
 * sha256=<HMAC-SHA256 of the raw body with the app secret>`, or with `secret`), and records the delivery (the last 1,000).
 * A network error is recorded with status 0 and its message as the answer.
 * @throws when the simulator has no `webhookUrl`.
 */
async function deliver(
  opts: TWhatsappSimulatorOptions,
  state: TWhatsappState,
  delivery: { id: string; from: string; raw: string; secret?: string },
): Promise<TWhatsappDelivery> {
  const { id, from, raw, secret = opts.appSecret ?? '' } = delivery;
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
  const done = { id, from, body: raw, status, answer };
  state.deliveries.push(done);
  if (state.deliveries.length > 1000) state.deliveries.shift();
  return done;
}

/**
 * Meta's "messages" notification of one user's message (`whatsapp_business_account`, one entry, one change), as the
 * raw JSON it signs, with the message's id and time (ms; `minutosAtras` minutes in the past).
 */
function inboundNotification(
  opts: TWhatsappSimulatorOptions,
  from: string,
  body: TEntranteBody | undefined,
): { id: string; sentAt: number; raw: string } {
  const type = body?.type ?? 'text';
  const sentAt = Date.now() - Math.max(0, Number(body?.minutosAtras ?? 0)) * 60_000;
  const id = newMessageId();
  const message: Record<string, unknown> = { from, id, timestamp: String(Math.floor(sentAt / 1000)), type };
  if (type === 'text') message.text = { body: String(body?.text ?? '') };
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
              contacts: [{ profile: { name: body?.nombre ?? 'Usuario' }, wa_id: from }],
              messages: [message],
            },
          },
        ],
      },
    ],
  });
  return { id, sentAt, raw };
}

/** SIMULATOR-ONLY `/_control/*` hooks: recorded messages, an injected failure, reset, and the inbound side. */
export function registerControlRoutes(
  app: FastifyInstance,
  opts: TWhatsappSimulatorOptions,
  state: TWhatsappState,
): void {
  app.get('/_control/mensajes', async () => ({ mensajes: state.recorded }));
  app.post<{ Body: { status?: number } }>('/_control/fail-next', async (req, reply) => {
    const status = Number(req.body?.status);
    if (![429, 500, 503].includes(status))
      return reply.status(400).send({ error: 'Se esperaba { "status": 429 | 500 | 503 }.' });
    state.failNext = status;
    return { ok: true };
  });
  app.post('/_control/reset', async () => {
    state.recorded.length = 0;
    state.deliveries.length = 0;
    state.lastInbound.clear();
    state.failNext = null;
    return { ok: true };
  });

  /**
   * A user's message arrives (Meta's "messages" notification): `{ from, text?, type?, nombre?, minutosAtras?,
   * firmaInvalida? }`. Opens the 24-hour window for `from`, delivers the signed notification to the webhook and answers
   * the delivery (the message id, the webhook's status and answer). `type` other than 'text' sends that type without
   * text (an image…); `minutosAtras` dates the message in the past; `firmaInvalida` signs with a wrong secret.
   */
  app.post<{ Body: TEntranteBody }>('/_control/entrante', async (req, reply) => {
    const from = String(req.body?.from ?? '').replace(/^\+/, '');
    if (!/^[1-9]\d{7,14}$/.test(from))
      return reply.status(400).send({ error: 'Se esperaba { "from": "573001234567", "text": "…" }.' });
    const { id, sentAt, raw } = inboundNotification(opts, from, req.body);
    const { lastInbound } = state;
    if (!req.body?.firmaInvalida) lastInbound.set(from, Math.max(lastInbound.get(from) ?? 0, sentAt));
    return deliver(opts, state, { id, from, raw, secret: req.body?.firmaInvalida ? 'otro-secreto' : undefined });
  });
  /** Meta delivers the same notification again (no 200 in time): `{ id }` of an earlier delivery. */
  app.post<{ Body: { id?: string } }>('/_control/reenviar', async (req, reply) => {
    const earlier = state.deliveries.find((d) => d.id === req.body?.id);
    if (!earlier) return reply.status(404).send({ error: 'No hay una entrega con ese id.' });
    return deliver(opts, state, { id: earlier.id, from: earlier.from, raw: earlier.body });
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
  app.get('/_control/entregas', async () => ({ entregas: state.deliveries.map(({ body: _body, ...d }) => d) }));
}
