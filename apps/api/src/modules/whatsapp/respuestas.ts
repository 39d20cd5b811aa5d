import { WHATSAPP_TEXT_MAX } from '../../integrations/whatsapp/client.ts';

/** Body parameters of the phone-link code template (the code); the simulator knows it. */
export const WHATSAPP_CODE_TEMPLATE_PARAMS = 1;

/**
 * The assistant's answer (Markdown as the web chat shows it) as a WhatsApp text: a link `[texto](/ruta)` becomes
 * "texto: https://…/ruta" (an app path on `baseUrl`), `**negrita**` WhatsApp's `*negrita*`, headings plain lines;
 * cut to the Cloud API's 4 096 characters.
 */
export function paraWhatsapp(markdown: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/$/, '');
  const text = markdown
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => `${label}: ${href.startsWith('/') ? `${base}${href}` : href}`)
    .replace(/\*\*([^*\n]+)\*\*/g, '*$1*')
    .replace(/^#{1,6}\s+/gm, '')
    .trim();
  return text.length <= WHATSAPP_TEXT_MAX ? text : `${text.slice(0, WHATSAPP_TEXT_MAX - 1)}…`;
}
