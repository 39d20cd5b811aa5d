import { randomBytes } from 'node:crypto';

/** Options of `whatsappSimulatorPlugin` (plus Fastify's own `prefix`). */
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

/** What one registration of the simulator remembers; `/_control/reset` empties it. */
export type TWhatsappState = {
  /** The messages it accepted, oldest first (the last 1,000). */
  recorded: TWhatsappRecorded[];
  /** The HTTP status the next message call fails with (a `/_control/fail-next`), or null. */
  failNext: number | null;
  /** When each user's last message arrived (the customer service window), by number. */
  lastInbound: Map<string, number>;
  /** The inbound deliveries it made, oldest first (the last 1,000). */
  deliveries: TWhatsappDelivery[];
};

/** An empty state. */
export function createWhatsappState(): TWhatsappState {
  return { recorded: [], failNext: null, lastInbound: new Map(), deliveries: [] };
}

/** A new `wamid.…` message id, random like Meta's. */
export const newMessageId = () => `wamid.${randomBytes(24).toString('base64url')}`;

/** Records an accepted message (keeping the last 1,000) and returns its new id. */
export function recordMessage(state: TWhatsappState, m: Omit<TWhatsappRecorded, 'id' | 'receivedAt'>): string {
  const id = newMessageId();
  state.recorded.push({ id, ...m, receivedAt: new Date().toISOString() });
  if (state.recorded.length > 1000) state.recorded.shift();
  return id;
}
