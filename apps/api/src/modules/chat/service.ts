import { chatFileAccepted, chatFileExtension, type TChatData } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import type { TAuthContext, TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { describeFormato, getDetail } from '../documents/detail.ts';
import { countEnviadosEntre } from '../documents/eventos-repository.ts';
import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { codigosEn, lineaGrupoChat, ordenarGruposChat, responderConArticulos, responderDocumento, type TRespuesta } from './asistente.ts';

/** Codes an answer about attached files lists; the rest are named. */
const MAX_CODIGOS_CHAT = 8;
import { forwardToWebhook, type TChatFile } from './webhook.ts';
import { diaBogota, inicioDiaBogota } from '@radica/contracts/bogota';

export type { TChatFile } from './webhook.ts';

/** A chat message as the route read it (ZChatRequest's fields, after parsing). */
export type TChatMessage = { sessionId: string; chatInput: string; chatType?: 'sales' | 'technical' };

/**
 * POST /api/chat (seed 001 §7 "Chat"): the sales chat for a caller without a session (or one that asks for
 * it), the technical chat for a signed-in user. Checks the message like the browser does (seed 001 §5: no empty
 * message without files, attachments of the accepted types, none in the sales chat), then forwards it to the workflow
 * webhook when CHAT_WEBHOOK_URL is set, else answers with the built-in assistant.
 * @throws AppError CHAT_EMPTY (400), CHAT_SALES_NO_FILES (400), CHAT_FILE_TYPE (415), CHAT_UNAVAILABLE (502).
 */
export async function responderChat(
  deps: Pick<TDeps, 'config' | 'db' | 'dbRows' | 'analysis' | 'jobs'>,
  auth: TAuthContext | null,
  message: TChatMessage,
  files: readonly TChatFile[],
): Promise<TChatData> {
  const chatType = auth && message.chatType !== 'sales' ? 'technical' : 'sales';
  const chatInput = message.chatInput.trim();
  if (chatType === 'sales' && files.length > 0) throw new AppError('CHAT_SALES_NO_FILES', MSG_CHAT.chatSalesNoFiles);
  if (!chatInput && files.length === 0) throw new AppError('CHAT_EMPTY', MSG_CHAT.chatEmptyMessage);
  for (const f of files) if (!chatFileAccepted(f.filename)) throw new AppError('CHAT_FILE_TYPE', MSG_CHAT.chatFileType(f.filename));

  if (deps.config.chatWebhookUrl) {
    const output = await forwardToWebhook(deps.config.chatWebhookUrl, deps.config.chatTimeoutMs, { sessionId: message.sessionId, chatInput, chatType }, files);
    return { output, articulos: [], fuente: 'webhook' };
  }
  const respuesta =
    chatType === 'technical' && auth
      ? ((await responderArchivos(deps, files)) ??
        (await responderSobreDocumento(deps, auth, chatInput)) ??
        (await responderEnviosDeHoy(deps, auth, chatInput)) ??
        responderConArticulos(chatInput, 'technical'))
      : responderConArticulos(chatInput, 'sales');
  return { ...respuesta, fuente: 'asistente' };
}

/** Words with a digit that may be a document's formato (FE123, A01E5687, fece214626), rule codes excluded. */
function formatosEn(texto: string): string[] {
  const codigos = new Set(codigosEn(texto));
  const candidatos = [...texto.matchAll(/\b([A-Za-z]{0,8}\d[A-Za-z0-9]{1,24})\b/g)].map((m) => m[1]!.toUpperCase());
  return [...new Set(candidatos)].filter((c) => !codigos.has(c) && (/[A-Z]/.test(c) || /^\d{5,}$/.test(c))).slice(0, 3);
}

/** A question about documents ("factura", "documento", "rechazaron"…), so a formato that is not found is said so. */
const PREGUNTA_DOCUMENTO = /factura|documento|nota|reporte|rechaz|aprob|cuv|estado/i;

/**
 * The answer about one of the caller's documents named in the question by its formato, looked up in the caller's
 * tenant only (documents/detail.ts): another tenant's formato is "not found" like a formato that does not exist.
 * Null when the question names no formato.
 */
async function responderSobreDocumento(deps: Pick<TDeps, 'db' | 'dbRows' | 'jobs'>, auth: TAuthContext, pregunta: string): Promise<TRespuesta | null> {
  const formatos = formatosEn(pregunta);
  for (const formato of formatos) {
    const encontrado = await describeFormato(deps, auth, formato);
    if (!encontrado.existe || !encontrado.fevRipsId) continue;
    const doc = await getDetail(deps, auth, encontrado.fevRipsId);
    return responderDocumento({
      id: doc.id,
      formato: doc.formato,
      estado: doc.estado,
      cuv: doc.cuv,
      errores: doc.errores,
      notificaciones: doc.notificaciones,
      prevalidacion: doc.prevalidacion,
    });
  }
  if (formatos.length > 0 && PREGUNTA_DOCUMENTO.test(pregunta) && codigosEn(pregunta).length === 0) {
    return {
      output: `No encontré en tu cuenta un documento con el número ${formatos.join(' ni ')}. Revisa el número en el [listado del Ministerio](/ministerio).`,
      articulos: [],
    };
  }
  return null;
}

/**
 * Attached FEV XML and RIPS JSON files: checked with the pre-validator (the same check as an upload, in the worker
 * pool:) and answered with each rejection and its fix. Null when no XML or JSON is attached.
 */
async function responderArchivos(deps: Pick<TDeps, 'analysis'>, files: readonly TChatFile[]): Promise<TRespuesta | null> {
  const xml = files.find((f) => chatFileExtension(f.filename) === 'xml');
  const json = files.find((f) => chatFileExtension(f.filename) === 'json');
  if (!xml && !json) return null;
  const chequeo = await deps.analysis.revisar({ xml: xml?.bytes ?? null, rips: json?.bytes ?? null });
  const nombres = [xml?.filename, json?.filename].filter(Boolean).join(' y ');
  if (chequeo.error) return { output: `No pude leer ${nombres}: ${chequeo.error}`, articulos: [] };
  const avisos = chequeo.avisos;
  if (chequeo.rechazos.length === 0) {
    return {
      output: `Revisé ${nombres} con las reglas del validador del Ministerio: no encontré rechazos${avisos ? ` (${avisos} notificaciones, que no impiden el CUV)` : ''}. Puedes cargarlos en [Nuevo reporte](/ministerio/nuevo).`,
      articulos: [],
    };
  }
  // One line per code, whole-file problems first (RVC004 was buried behind '…y 9 rechazos más').
  const grupos = ordenarGruposChat(chequeo.rechazos);
  const explicados = new Map<string, string>();
  const lineas = grupos.slice(0, MAX_CODIGOS_CHAT).map((g) => lineaGrupoChat(g, false, explicados));
  const resto = grupos.slice(MAX_CODIGOS_CHAT);
  const mas = resto.length ? [`…y ${resto.length} códigos más (${resto.map((g) => g.codigo).join(', ')}).`] : [];
  const motivos = grupos.length === 1 ? '1 motivo' : `${grupos.length} motivos`;
  return {
    output: [`Revisé ${nombres}: el Ministerio los rechazaría por ${motivos}.`, ...lineas, ...mas].join('\n'),
    articulos: [],
  };
}

/** A question about today's sends: "¿qué se envió hoy?", "envíos de hoy", "cuántas facturas radicamos hoy". */
const PREGUNTA_HOY = /\bhoy\b/i;
const PREGUNTA_ENVIOS = /envi|enví|radic|mand|ministerio/i;

/**
 * Today's sends of the caller's company (the WhatsApp assistant and the technical chat): how many documents
 * were sent to the ministry since Bogotá's midnight, by status. Null when the question is not about today's sends.
 */
async function responderEnviosDeHoy(deps: Pick<TDeps, 'db'>, auth: TAuthContext, pregunta: string): Promise<TRespuesta | null> {
  if (!PREGUNTA_HOY.test(pregunta) || !PREGUNTA_ENVIOS.test(pregunta)) return null;
  const desde = inicioDiaBogota(diaBogota(new Date()));
  const conteos = await countEnviadosEntre(deps.db, auth.tenantId, desde, new Date(desde.getTime() + 86_400_000));
  const total = Object.values(conteos).reduce((a, b) => a + b, 0);
  if (total === 0) return { output: 'Hoy tu empresa no ha enviado documentos al Ministerio. Puedes enviarlos desde el [listado del Ministerio](/ministerio).', articulos: [] };
  const partes = Object.entries(conteos)
    .sort((a, b) => b[1] - a[1])
    .map(([estado, n]) => `${n} ${(ESTADO_ETIQUETAS[estado as TEstado] ?? estado).toLowerCase()}`);
  return {
    output: `Hoy tu empresa envió ${total} ${total === 1 ? 'documento' : 'documentos'} al Ministerio: ${partes.join(', ')}. Detalle en el [listado del Ministerio](/ministerio).`,
    articulos: [],
  };
}
