import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from './enums.ts';
import type { TModulo } from './products.ts';

/**
 * The two chat assistants (seed 001 §2 "Chat assistants", §3 "Chat message", §5 "Chat", §7 "Chat", §8, §9):
 * the technical assistant for signed-in users and the sales assistant for visitors, both through one API route,
 * `POST /api/chat`, which forwards to the workflow webhook (CHAT_WEBHOOK_URL) when one is set and otherwise answers
 * with Radica's built-in help assistant.
 */

/** Seed 001 §9: chat attachments up to 10 MB each (10485760 bytes), like reports. */
export const CHAT_MAX_FILE_BYTES = MAX_UPLOAD_BYTES;
/** Seed 001 §5 "Chat": the accepted attachment types (file extensions, lower case). */
export const CHAT_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'txt', 'png', 'jpg', 'jpeg', 'xml', 'json'] as const;
/** Radica: at most this many attachments in one message. */
export const CHAT_MAX_FILES = 5;
/** Radica: the longest message, in characters. */
export const CHAT_MAX_INPUT = 4000;
/** Seed 001 §3, seed 002 §3: the browser's chat session id lives in this cookie for 30 days. */
export const CHAT_SESSION_COOKIE = 'radica_chat_session';
export const CHAT_SESSION_DAYS = 30;
/** Seed 001 §9: a signed-in user sees 4 suggestions, split evenly across the modules it owns. */
export const CHAT_SUGERENCIAS_CANTIDAD = 4;

/** A chat session id: what the browser generates (a UUID, or any 8–100 letters, digits, '-' and '_'). */
export const ZChatSessionId = z
  .string({ error: 'Falta el identificador de la sesión del chat.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'El identificador de la sesión del chat no es válido.');

/**
 * POST /api/chat body (seed 001 §7 "Chat": sessionId, action=sendMessage, chatInput, chatType=sales for the sales
 * chat). As JSON, or as multipart/form-data with the same fields and the attachments as file0..file{n}. `chatInput`
 * may be empty only when files come with it (checked by the route).
 */
export const ZChatRequest = z.object({
  sessionId: ZChatSessionId,
  action: z.literal('sendMessage').default('sendMessage'),
  chatInput: z.string().max(CHAT_MAX_INPUT, `El mensaje es demasiado largo (máximo ${CHAT_MAX_INPUT} caracteres).`).default(''),
  chatType: z.enum(['sales', 'technical']).optional(),
});
export type TChatRequest = z.input<typeof ZChatRequest>;

/** A help article the built-in assistant answered from: its id, title and the screen it is about (a path). */
export const ZChatArticulo = z.object({ id: z.string(), titulo: z.string(), ruta: z.string().nullable() });
export type TChatArticulo = z.infer<typeof ZChatArticulo>;

/**
 * POST /api/chat `data`: `output` is the reply text (seed 001 §7: "the reply text is in the field output"; an empty
 * one is shown as the seed's empty-reply text), `articulos` the built-in assistant's sources (empty for the webhook),
 * `fuente` who answered.
 */
export const ZChatData = z.object({
  output: z.string(),
  articulos: z.array(ZChatArticulo),
  fuente: z.enum(['webhook', 'asistente']),
});
export type TChatData = z.infer<typeof ZChatData>;

/** Suggestions of the technical chat by module (seed 001 §2: shown until the first message). Radica's texts. */
export const CHAT_SUGERENCIAS_MODULO: Record<TModulo, readonly string[]> = {
  ministerio: [
    '¿Cómo envío una factura al Ministerio?',
    '¿Qué es el CUV y dónde lo veo?',
    '¿Por qué rechazaron mi factura?',
    '¿Qué significa el estado NO_APROBADO?',
  ],
  facturacion: ['¿Cómo configuro mi prestador?', '¿Qué es una nota crédito y cómo la radico?'],
  marketing: ['¿Qué incluye el módulo de marketing digital?', '¿Cómo activo un módulo nuevo?'],
  automatizaciones: ['¿Qué canales de entrega tiene Radica?', '¿Cómo envío mis archivos por correo o SFTP?'],
};
/** Suggestions of the technical chat for a user without modules (seed 001 §6 "with none, default suggestions"). */
export const CHAT_SUGERENCIAS_DEFECTO: readonly string[] = [
  '¿Qué planes tiene Radica?',
  '¿Cómo configuro mi prestador?',
  '¿Qué es el CUV?',
  '¿Cómo compro un plan?',
];
/** Suggestions of the sales chat (visitors). Radica's texts. */
export const CHAT_SUGERENCIAS_VENTAS: readonly string[] = [
  '¿Cuánto cuesta el plan Profesional?',
  '¿Qué incluye el plan Business?',
  '¿Qué medios de pago aceptan?',
  '¿Cómo le envío mis facturas a Radica?',
];

/**
 * The technical chat's suggestions for a user owning `modulos` (seed 001 §9): {@link CHAT_SUGERENCIAS_CANTIDAD} in
 * all, taken in turn from each owned module's list so they are split evenly; the defaults when none is owned.
 */
export function sugerenciasChat(modulos: readonly TModulo[]): string[] {
  const listas = modulos.map((m) => CHAT_SUGERENCIAS_MODULO[m]).filter((l) => l.length > 0);
  if (listas.length === 0) return [...CHAT_SUGERENCIAS_DEFECTO];
  const out: string[] = [];
  for (let i = 0; out.length < CHAT_SUGERENCIAS_CANTIDAD && i < CHAT_SUGERENCIAS_CANTIDAD; i++)
    for (const lista of listas) if (out.length < CHAT_SUGERENCIAS_CANTIDAD && lista[i]) out.push(lista[i]!);
  return out;
}

/** The lower-case extension of a file name ('' without one). */
export function chatFileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when `name` has an accepted attachment extension (seed 001 §5). */
export function chatFileAccepted(name: string): boolean {
  return (CHAT_FILE_EXTENSIONS as readonly string[]).includes(chatFileExtension(name));
}
