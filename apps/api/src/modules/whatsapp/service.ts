import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { WhatsappError } from '../../integrations/whatsapp/client.ts';
import { responderChat } from '../chat/service.ts';
import { tenantPlan } from '../products/service.ts';
import { findUsuarioPorWhatsapp } from '../usuarios/repository.ts';
import { paraWhatsapp } from './respuestas.ts';
import { claimMensaje, countPorEmpresa, countPorNumero, findMensaje, finishMensaje, insertMensajes, releaseMensaje, type TMensajeRow } from './repository.ts';
import { yieldToEventLoop } from '../../lib/event-loop.ts';

/**
 * The WhatsApp assistant: Meta's webhook delivers users' messages; each one is stored once (by its
 * message id) before the webhook answers 200, and answered by a pg-boss job with the same assistant as the technical
 * chat, as the user whose number is linked (their role and company), inside the 24-hour service window.
 */

const HORA_MS = 3_600_000;
/** Messages of one delivery stored (and their jobs enqueued) per statement. */
const MENSAJES_POR_LOTE = 100;
/** Meta's customer service window: a free-form reply only within 24 h of the user's message. */
const VENTANA_MS = 24 * HORA_MS;

/**
 * True when `signature` (the X-Hub-Signature-256 header, `sha256=<hex>`) is the HMAC-SHA256 of `raw` with the app
 * secret (Meta, "Webhooks › Validate payloads"); compared in constant time.
 */
export function firmaValida(raw: Buffer, signature: string | undefined, appSecret: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(signature?.trim() ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(m[1]!.toLowerCase(), 'hex'));
}

/**
 * GET /api/whatsapp/webhook (Meta's verification handshake): `hub.mode` subscribe and `hub.verify_token` equal to
 * WHATSAPP_VERIFY_TOKEN answer `hub.challenge`; anything else 403 WHATSAPP_VERIFICACION.
 */
export function verificarWebhook(deps: Pick<TDeps, 'whatsappEntrante'>, q: { mode?: string; token?: string; challenge?: string }): string {
  const expected = deps.whatsappEntrante?.verifyToken;
  if (!expected) throw new AppError('WHATSAPP_NO_DISPONIBLE', MSG_USUARIOS.whatsappNoDisponible);
  const a = Buffer.from(q.token ?? '');
  const b = Buffer.from(expected);
  const same = a.length === b.length && timingSafeEqual(a, b);
  if (q.mode !== 'subscribe' || !same || !q.challenge) throw new AppError('WHATSAPP_VERIFICACION', MSG_USUARIOS.whatsappVerificacion);
  return q.challenge;
}

/** What a notification carries that the assistant reads (Meta's "messages" field); the rest is ignored. */
const ZNotificacion = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z
                .object({
                  messages: z
                    .array(
                      z.object({
                        from: z.string().regex(/^\d{6,20}$/),
                        id: z.string().min(1).max(200),
                        timestamp: z.string().regex(/^\d{1,12}$/),
                        type: z.string().max(40),
                        text: z.object({ body: z.string().max(10_000) }).optional(),
                      }),
                    )
                    .max(100)
                    .optional(),
                })
                .optional(),
            }),
          )
          .max(100)
          .default([]),
      }),
    )
    .max(100)
    .default([]),
});

/**
 * POST /api/whatsapp/webhook, after the signature was checked: stores each new message (a replay of a message id
 * stores nothing) and enqueues its job. Returns how many were new. Status notifications (delivered, read) carry no
 * messages and are acknowledged without work. A body that is not a notification is acknowledged too (Meta would
 * retry a 4xx for days) and logged.
 */
export async function recibirNotificacion(deps: Pick<TDeps, 'db' | 'log' | 'jobs'>, body: unknown): Promise<number> {
  const parsed = ZNotificacion.safeParse(body);
  if (!parsed.success) {
    deps.log.warn({ event: 'whatsapp.notificacion_ilegible', issue: parsed.error.issues[0]?.message }, 'whatsapp notification not understood');
    return 0;
  }
  const mensajes = parsed.data.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value?.messages ?? []).map((m) => ({
        wamid: m.id,
        numero: m.from,
        tipo: m.type,
        texto: (m.text?.body ?? '').slice(0, 4000),
        enviadoEn: new Date(Number(m.timestamp) * 1000),
      })),
    ),
  );
  // A delivery may carry thousands: stored and enqueued a batch at a time, the event loop turning between batches.
  let nuevos = 0;
  for (let i = 0; i < mensajes.length; i += MENSAJES_POR_LOTE) {
    if (i > 0) await yieldToEventLoop();
    const ids = await insertMensajes(deps.db, mensajes.slice(i, i + MENSAJES_POR_LOTE));
    if (!ids.length) continue;
    await yieldToEventLoop();
    await deps.jobs.enqueue('whatsapp-entrantes', ids.map((mensajeId) => ({ mensajeId })));
    nuevos += ids.length;
  }
  return nuevos;
}

/** An absolute link into the web app for WhatsApp texts (PUBLIC_URL, or this server's local address). */
const appBase = (deps: Pick<TDeps, 'config'>) => deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;

/**
 * What one inbound-message job does: takes the message once (a duplicate job does nothing), then answers:
 * - outside the 24-hour window: nothing (a text would be refused; the alert templates stay for later news);
 * - over the number's hourly limit or the company's daily limit: one short notice, then silence;
 * - an unknown number: a short generic answer with no company data;
 * - a company without the Business plan: says so;
 * - not a text: asks for text;
 * - else the technical chat's answer (responderChat, or CHAT_WEBHOOK_URL) as the linked user: their company's
 *   documents only (another company's formato is "no encontré"), with their role.
 * A send the Cloud API may accept later (429, 5xx, no answer) gives the message back and throws, so the job retries.
 */
export async function procesarMensaje(deps: TDeps, mensajeId: number): Promise<void> {
  const m = await findMensaje(deps.db, mensajeId);
  if (!m || m.procesadoEn || !deps.whatsapp) return;
  const vinculo = await findUsuarioPorWhatsapp(deps.db, m.numero);
  if (!(await claimMensaje(deps.db, m.id, { tenantId: vinculo?.user.tenantId ?? null, usuarioId: vinculo?.user.id ?? null }))) return;
  try {
    await responderMensaje(deps, m, vinculo);
  } catch (err) {
    // Not answered (a database or assistant failure): the retry takes it again.
    if (!(err instanceof WhatsappError)) await releaseMensaje(deps.db, m.id);
    throw err;
  }
}

/** The answer of a message this job took (procesarMensaje). */
async function responderMensaje(deps: TDeps, m: TMensajeRow, vinculo: Awaited<ReturnType<typeof findUsuarioPorWhatsapp>>): Promise<void> {
  const now = Date.now();
  const responder = async (resultado: string, texto: string | null) => {
    let wamid: string | null = null;
    if (texto) {
      try {
        wamid = await deps.whatsapp!.sendText(m.numero, texto);
      } catch (err) {
        if (err instanceof WhatsappError && err.retryable) {
          await releaseMensaje(deps.db, m.id);
          throw err;
        }
        deps.log.warn({ event: 'whatsapp.respuesta_rechazada', mensajeId: m.id, err: (err as Error).message }, 'whatsapp answer refused');
        resultado = 'rechazada';
      }
    }
    await finishMensaje(deps.db, m.id, { resultado, respuestaWamid: wamid });
    deps.log.info({ event: 'whatsapp.mensaje', mensajeId: m.id, tenantId: vinculo?.user.tenantId ?? null, resultado }, 'whatsapp message answered');
  };

  if (now - m.enviadoEn.getTime() > VENTANA_MS) return responder('fuera_de_ventana', null);
  const limiteNumero = deps.config.whatsapp.limitePorNumeroHora;
  const porNumero = await countPorNumero(deps.db, m.numero, new Date(now - HORA_MS));
  if (porNumero > limiteNumero) return responder('limite_numero', porNumero === limiteNumero + 1 ? MSG_USUARIOS.whatsappLimite : null);
  if (!vinculo) return responder('desconocido', MSG_USUARIOS.whatsappDesconocido);
  const tenantId = vinculo.user.tenantId;
  const limiteEmpresa = deps.config.whatsapp.limitePorEmpresaDia;
  const porEmpresa = await countPorEmpresa(deps.db, tenantId, new Date(now - 24 * HORA_MS));
  if (porEmpresa > limiteEmpresa) return responder('limite_empresa', porEmpresa === limiteEmpresa + 1 ? MSG_USUARIOS.whatsappLimite : null);
  if ((await tenantPlan(deps, tenantId)) !== 'business') return responder('sin_plan', MSG_USUARIOS.whatsappSinPlan);
  if (m.tipo !== 'text' || !m.texto.trim()) return responder('no_texto', MSG_USUARIOS.whatsappSoloTexto);

  const auth = { userId: vinculo.user.id, tenantId, validator: vinculo.validator, sessionId: `whatsapp:${m.id}`, rol: vinculo.user.rol };
  let respuesta: string;
  try {
    const chat = await responderChat(deps, auth, { sessionId: `whatsapp-${m.numero}`, chatInput: m.texto, chatType: 'technical' }, []);
    respuesta = paraWhatsapp(chat.output, appBase(deps));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    respuesta = err.message;
  }
  return responder('respondido', respuesta);
}
