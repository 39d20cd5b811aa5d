/**
 * The WhatsApp Business Cloud API client of rejection alerts and of the assistant's answers: `POST {base}/{version}/{phone-number-id}/messages`
 * with `Authorization: Bearer <token>` and an approved template message
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages). Points at graph.facebook.com in
 * production and at the local simulator (/_sim/whatsapp) by default.
 */
export type TWhatsappClient = {
  /**
   * Send template `template` to `to` (international number, digits only) with its body parameters in order.
   * Resolves the message id (wamid…). Throws {@link WhatsappError}: `retryable` for 429/5xx and network failures.
   */
  sendTemplate: (to: string, parameters: string[], template?: string) => Promise<string>;
  /**
   * Send a free-form text to `to` (the assistant's answers): allowed only inside the 24-hour customer
   * service window that the user's last message opened (Meta answers 131047 otherwise, not retryable). At most
   * WHATSAPP_TEXT_MAX characters. Resolves the message id; throws {@link WhatsappError}.
   */
  sendText: (to: string, body: string) => Promise<string>;
};

/** The Cloud API's limit of a text message's body. */
export const WHATSAPP_TEXT_MAX = 4096;

export class WhatsappError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'WhatsappError';
  }
}

/** The Graph API caps a body parameter's text; alerts never need more than this. */
const MAX_PARAM_CHARS = 1000;

export function createWhatsappClient(o: {
  baseUrl: () => string;
  version: string;
  phoneNumberId: string;
  token: string;
  template: string;
  templateLang: string;
  timeoutMs: number;
}): TWhatsappClient {
  /** POST one message body to the phone number's /messages; resolves its id (wamid…). */
  async function post(body: object): Promise<string> {
    const url = `${o.baseUrl().replace(/\/$/, '')}/${o.version}/${encodeURIComponent(o.phoneNumberId)}/messages`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch (err) {
      throw new WhatsappError(`WhatsApp no respondió: ${(err as Error).message}`, null, true);
    }
    const text = await res.text();
    let json: { messages?: Array<{ id?: string }>; error?: { message?: string; code?: number } } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // A proxy's HTML error page: reported by status below.
    }
    if (res.ok && json.messages?.[0]?.id) return json.messages[0].id;
    const detail = json.error
      ? `${json.error.code ?? ''} ${json.error.message ?? ''}`.trim()
      : `HTTP ${res.status}`;
    throw new WhatsappError(
      `WhatsApp rechazó el mensaje: ${detail}`,
      res.status,
      res.status === 429 || res.status >= 500,
    );
  }
  return {
    sendTemplate(to, parameters, template = o.template) {
      return post({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'template',
        template: {
          name: template,
          language: { code: o.templateLang },
          components: [
            {
              type: 'body',
              parameters: parameters.map((text) => ({ type: 'text', text: text.slice(0, MAX_PARAM_CHARS) })),
            },
          ],
        },
      });
    },
    sendText(to, body) {
      return post({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'text',
        text: { preview_url: false, body: body.slice(0, WHATSAPP_TEXT_MAX) },
      });
    },
  };
}
