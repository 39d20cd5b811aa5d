import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import {
  type TCanalCorreo,
  type TCorreoEntrante,
  type TCorreoEntrantesData,
  type TDetalleArchivoCorreo,
  type TEstadoCorreo,
  ZRemitente,
} from '@radica/contracts/canal-correo';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import type { TDeps } from '../../deps.ts';
import { hasModule } from '../products/service.ts';
import { radicarLote, type TArchivoEntrante } from '../documents/lote.ts';
import { faltaDe, rechazoMail, resultadoMail } from './reply.ts';
import {
  claimReplySlot,
  ensureCanal,
  findCanal,
  findCorreoCuenta,
  findCanalByToken,
  findOwnerUserId,
  hasMessageId,
  insertEntrante,
  listEntrantes,
  setRespuestaEnviada,
  updateCanal,
  updateToken,
  type TCanalCorreoRow,
  type TCorreoEntranteRow,
} from './repository.ts';
import { leerZipAislado, reservarDescompresion, ZIP_MAX_DESCOMPRIMIDO, type TReservaZip } from '../documents/zip.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { sinControles } from '../../lib/texto.ts';
import { simpleParser } from 'mailparser';
import { jobIdOf } from '../jobs/job-ids.ts';
import { addCorreoHecho, findCorreoRecibido, findCorreosSinProcesar, insertCorreoRecibido, markCorreoProcesado } from './repository.ts';

const encolarCorreo = (deps: Pick<TDeps, 'jobs'>, correoId: number) =>
  deps.jobs.send('correo-entrante', [{ id: jobIdOf(`correo-entrante:${correoId}`), data: { correoId } }]);

/**
 * Accept an inbound message for the channels it is addressed to (docs/decisions/029): its bytes (null
 * when over INBOUND_MAX_BYTES) and envelope sender are stored, then its job enqueued, and only then may the transport
 * answer success (SMTP 250, IMAP seen). A failure here propagates, so the transport answers a temporary failure and
 * the message comes again. When the job cannot be enqueued the stored row is enough: the minute's sweep enqueues it.
 */
export async function aceptarCorreo(deps: Pick<TDeps, 'db' | 'log' | 'jobs'>, canales: TCanalCorreoRow[], remitenteSobre: string | null, raw: Buffer | null): Promise<void> {
  if (canales.length === 0) return;
  const id = await insertCorreoRecibido(deps.db, { remitenteSobre, tenantIds: canales.map((c) => c.tenantId), crudo: raw });
  await encolarCorreo(deps, id).catch((err: unknown) =>
    deps.log.warn({ err: String((err as Error).message ?? err), correoId: id }, 'e-mail channel: job not enqueued; the sweep will'),
  );
}

/**
 * The 'correo-entrante' job (jobs/registry.ts): an accepted message processed for each tenant it was addressed to,
 * under the tenant's channel lock, each tenant once (a retry skips the tenants already done). A message mailparser
 * cannot read is logged as unreadable for each tenant, never retried.
 */
export async function procesarCorreoEntrante(deps: TDeps, correoId: number, meta: { attempt: number }): Promise<void> {
  const baseUrl = (deps.config.publicUrl ?? `http://localhost:${deps.config.port}`).replace(/\/+$/, '');
  const row = await findCorreoRecibido(deps.db, correoId);
  if (!row || row.procesadoEn) return;
  let parsed: ParsedMail | null = null;
  let ilegible = false;
  if (row.crudo)
    try {
      parsed = await simpleParser(row.crudo, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
    } catch {
      ilegible = true;
    }
  for (const tenantId of row.tenantIds) {
    if (row.hechos.includes(tenantId)) continue;
    const canal = await findCanal(deps.db, tenantId);
    if (!canal) continue;
    await deps.canalLocks.run(tenantId, () => procesarCorreo(deps, canal, { remitenteSobre: row.remitenteSobre, parsed, ilegible, baseUrl, reintento: meta.attempt > 0 }));
    await addCorreoHecho(deps.db, correoId, tenantId);
  }
  await markCorreoProcesado(deps.db, correoId);
}

/** The 'correo-barrido' job (pg-boss cron, every minute): accepted messages of a minute ago without a job get one. */
export async function barrerCorreos(deps: Pick<TDeps, 'db' | 'jobs'>): Promise<void> {
  for (const id of await findCorreosSinProcesar(deps.db, new Date(Date.now() - 60_000))) await encolarCorreo(deps, id);
}

type TTenantCtx = { tenantId: number };

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new inbound token: 16 random bytes (128 bits) in lower-case base32 (RFC 4648 alphabet, no padding), 26 chars. */
export function newToken(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The inbound address of a token: `radicar+TOKEN@DOMAIN`. */
export const direccionDe = (token: string, domain: string) => `radicar+${token}@${domain}`;

/**
 * The token of an inbound address, or null when it is not `radicar+TOKEN@DOMAIN` on this server's domain (both
 * compared case-insensitively; a token is 26 base32 characters).
 */
export function tokenDe(address: string, domain: string): string | null {
  const m = /^radicar\+([a-z2-7]{26})@([^@\s]+)$/i.exec(address.trim());
  if (!m || m[2]!.toLowerCase() !== domain.toLowerCase()) return null;
  return m[1]!.toLowerCase();
}

function toCanal(deps: Pick<TDeps, 'config'>, row: TCanalCorreoRow): TCanalCorreo {
  return {
    direccion: direccionDe(row.token, deps.config.inboundMailDomain),
    remitentes: row.remitentes,
    envioAutomatico: row.envioAutomatico,
    activo: row.activo,
    actualizadoEn: row.actualizadoEn.toISOString(),
  };
}

/**
 * Creates the tenant's channel unless it exists: a fresh token, and the registered account's e-mail as the first
 * allowed sender (the sales page tells customers to write "desde la cuenta de correo registrada", but a new
 * channel authorised nobody, so nothing was processed).
 */
async function crearCanal(deps: Pick<TDeps, 'db'>, ctx: TTenantCtx): Promise<TCanalCorreoRow> {
  const correo = await findCorreoCuenta(deps.db, ctx.tenantId);
  const remitentes = correo && ZRemitente.safeParse(correo).success ? [correo] : [];
  return ensureCanal(deps.db, ctx.tenantId, newToken(), remitentes);
}

/** GET /api/canales/correo: the tenant's channel, created on first read ({@link crearCanal}). */
export async function obtenerCanal(deps: Pick<TDeps, 'config' | 'db'>, ctx: TTenantCtx): Promise<TCanalCorreo> {
  const row = (await findCanal(deps.db, ctx.tenantId)) ?? (await crearCanal(deps, ctx));
  return toCanal(deps, row);
}

/** PUT /api/canales/correo: replaces the allow-list (already normalised by the contract) and both switches. */
export async function actualizarCanal(
  deps: Pick<TDeps, 'config' | 'db'>,
  ctx: TTenantCtx,
  input: { remitentes: string[]; envioAutomatico: boolean; activo: boolean },
): Promise<TCanalCorreo> {
  await crearCanal(deps, ctx);
  return toCanal(deps, (await updateCanal(deps.db, ctx.tenantId, input))!);
}

/** POST /api/canales/correo/rotar: a new token; the old address answers 550 from the next message on. */
export async function rotarDireccion(deps: Pick<TDeps, 'config' | 'db'>, ctx: TTenantCtx): Promise<TCanalCorreo> {
  await crearCanal(deps, ctx);
  return toCanal(deps, (await updateToken(deps.db, ctx.tenantId, newToken()))!);
}

function toEntrante(row: TCorreoEntranteRow): TCorreoEntrante {
  return {
    id: row.id,
    remitente: row.remitente,
    asunto: row.asunto,
    estado: row.estado as TEstadoCorreo,
    motivo: row.motivo,
    detalle: row.detalle as TDetalleArchivoCorreo[],
    respuestaEnviada: row.respuestaEnviada,
    recibidoEn: row.recibidoEn.toISOString(),
  };
}

/** GET /api/canales/correo/entrantes: the tenant's inbox log, newest first, one page. */
export async function listarEntrantes(
  deps: Pick<TDeps, 'db'>,
  ctx: TTenantCtx,
  q: { pagina: number; tamanoPagina: number },
): Promise<TCorreoEntrantesData> {
  const { rows, total } = await listEntrantes(deps.db, ctx.tenantId, { offset: (q.pagina - 1) * q.tamanoPagina, limit: q.tamanoPagina });
  return {
    items: rows.map(toEntrante),
    total,
    pagina: q.pagina,
    tamanoPagina: q.tamanoPagina,
    totalPaginas: Math.max(1, Math.ceil(total / q.tamanoPagina)),
  };
}

/** The active channel an inbound address names, or undefined (unknown token, rotated away, or switched off). */
export async function canalDeDireccion(deps: Pick<TDeps, 'config' | 'db'>, address: string): Promise<TCanalCorreoRow | undefined> {
  const token = tokenDe(address, deps.config.inboundMailDomain);
  return token ? findCanalByToken(deps.db, token) : undefined;
}

/** An inbound message as a transport (SMTP server, IMAP poll) hands it over. */
export type TCorreoRecibido = {
  /** The SMTP envelope sender (MAIL FROM), lower case; null for a null sender `<>` (a bounce: never filed). */
  remitenteSobre: string | null;
  /** The parsed message; null when it was over INBOUND_MAX_BYTES or could not be parsed (`ilegible`). */
  parsed: ParsedMail | null;
  /** The message could not be parsed (logged, answered 554 by the transport, never retried). */
  ilegible?: boolean;
  /** Its job's retry after a crash: files the interrupted attempt filed count as filed (documents/lote.ts). */
  reintento?: boolean;
  /** Where links in the reply point: PUBLIC_URL or the server's own address. */
  baseUrl: string;
};

/**
 * Per database handle and tenant, the message being processed in this process: the next waits (duplicates then see the
 * first's row). Per handle because tenant ids repeat across databases (lib/per-database.ts).
 */
const enCursoDe = perDatabase(() => new Map<number, Promise<unknown>>());

/**
 * Processes one inbound message for the tenant of `canal`, one at a time per tenant in
 * this process; see {@link procesar}. Never throws an AppError; other errors (database down) propagate so the
 * transport answers a temporary failure and the message comes again.
 */
export function procesarCorreo(deps: TDeps, canal: TCanalCorreoRow, msg: TCorreoRecibido): Promise<TCorreoEntranteRow> {
  const enCurso = enCursoDe(deps.db);
  const previo = enCurso.get(canal.tenantId) ?? Promise.resolve();
  const actual = previo.catch(() => undefined).then(() => procesar(deps, canal.tenantId, msg));
  const guardado = actual.catch(() => undefined);
  enCurso.set(canal.tenantId, guardado);
  void guardado.then(() => {
    if (enCurso.get(canal.tenantId) === guardado) enCurso.delete(canal.tenantId);
  });
  return actual;
}

const TIPO_POR_CONTENIDO: Record<string, string> = {
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/json': 'json',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
};

/** `Precedence` values of list and bulk mail, never answered (RFC 3834 §2). */
const PRECEDENCIA_MASIVA = /^\s*(bulk|list|junk)\b/i;

/**
 * One message: a message without an envelope sender (a bounce) is logged and never filed; refuses
 * (RECHAZADO) a sender not on the allow-list (no reply: ), an oversized message, one whose From header
 * differs from the envelope sender, a tenant without the Ministerio module, and a message with no XML/JSON/ZIP; logs a
 * repeated Message-ID. Otherwise reads the attachments (ZIPs in the worker pool, all of a message's together within
 * ZIP_MAX_DESCOMPRIMIDO and the tenant's in-flight budget: ), files them with radicarLote (channel
 * 'email', sent when the tenant chose automatic sending), logs per-file detail (PROCESADO, or PARCIAL when a file was
 * refused or waits for its pair) and replies with the result per formato. Replies go only to an
 * allowed envelope sender, never to a bounce, to automatic mail (Auto-Submitted), to list or bulk mail (Precedence,
 * List-Id) or to Radica's own address, and within the hourly limits per recipient and per tenant; each carries
 * `Auto-Submitted: auto-replied`.
 */
async function procesar(deps: TDeps, tenantId: number, msg: TCorreoRecibido): Promise<TCorreoEntranteRow> {
  const canal = (await findCanal(deps.db, tenantId))!;
  const parsed = msg.parsed;
  const fromHeader = parsed?.from?.value[0]?.address?.trim().toLowerCase() ?? null;
  const remitente = msg.remitenteSobre ?? '<>';
  const asunto = sinControles(parsed?.subject ?? '', ' ', 500);
  const messageId = parsed?.messageId ? sinControles(parsed.messageId, '', 500) : null;
  // A header's raw value ('' when absent): mailparser folds List-* headers into one structured `list` entry.
  const cabecera = (name: string) => {
    const line = parsed?.headerLines.find((h) => h.key === name)?.line ?? '';
    return line.slice(line.indexOf(':') + 1).trim();
  };
  const automatico = cabecera('auto-submitted') !== '' && cabecera('auto-submitted').trim().toLowerCase() !== 'no';
  const masivo = PRECEDENCIA_MASIVA.test(cabecera('precedence')) || cabecera('list-id') !== '';
  const propia = deps.config.mailFrom.toLowerCase().includes(`<${remitente}>`) || deps.config.mailFrom.toLowerCase() === remitente;
  const autorizado = msg.remitenteSobre !== null && canal.remitentes.includes(remitente);
  const puedeResponder = autorizado && !automatico && !masivo && !propia;

  const registrar = async (
    estado: TEstadoCorreo,
    motivo: string | null,
    detalle: TDetalleArchivoCorreo[],
    respuesta: { subject: string; text: string; html: string } | null,
  ) => {
    const row = await insertEntrante(deps.db, tenantId, { messageId, remitente, asunto, estado, motivo, detalle, respuestaEnviada: false });
    if (!respuesta || !puedeResponder) return row;
    const limites = { maxDestinatario: deps.config.inboundReplyMaxPerRecipientHour, maxTenant: deps.config.inboundReplyMaxPerTenantHour };
    if (!(await claimReplySlot(deps.db, tenantId, remitente, limites))) {
      deps.log.warn({ tenantId, entrante: row.id }, 'e-mail channel: reply limit reached, no reply sent');
      return row;
    }
    try {
      await deps.mailer.send({
        to: remitente,
        ...respuesta,
        headers: { 'Auto-Submitted': 'auto-replied' },
        ...(messageId ? { inReplyTo: messageId } : {}),
      });
      await setRespuestaEnviada(deps.db, tenantId, row.id);
      row.respuestaEnviada = true;
    } catch (err) {
      deps.log.warn({ err, tenantId, entrante: row.id }, 'e-mail channel: the reply could not be sent');
    }
    return row;
  };

  if (msg.remitenteSobre === null) return registrar('RECHAZADO', MSG_CORREO.motivoRebote, [], null);
  if (msg.ilegible) return registrar('RECHAZADO', MSG_CORREO.motivoIlegible, [], null);
  if (!autorizado) return registrar('RECHAZADO', MSG_CORREO.motivoRemitenteNoAutorizado, [], null);
  const mb = Math.round(deps.config.inboundMaxBytes / 1_048_576);
  if (!parsed) return registrar('RECHAZADO', MSG_CORREO.motivoDemasiadoGrande(mb), [], rechazoMail(MSG_CORREO.respuestaDemasiadoGrande(mb)));
  if (fromHeader !== remitente)
    return registrar('RECHAZADO', MSG_CORREO.motivoRemitenteSuplantado, [], rechazoMail(MSG_CORREO.respuestaNoAutorizado));
  if (!(await hasModule(deps, tenantId, 'ministerio')))
    return registrar('RECHAZADO', MSG_CORREO.motivoSinModulo, [], rechazoMail(MSG_CORREO.respuestaSinModulo));
  if (messageId && (await hasMessageId(deps.db, tenantId, messageId))) return registrar('RECHAZADO', MSG_CORREO.motivoDuplicado, [], null);

  // The expanded bytes of this message's ZIPs are held until they are filed: the tenant's in-flight budget.
  const hayZip = parsed.attachments.some((a) => tipoDe(a) === 'zip');
  const reserva = hayZip ? await reservarDescompresion(deps.db, tenantId) : null;
  try {
    return await archivar(deps, { tenantId, canal, parsed, asunto, baseUrl: msg.baseUrl, reserva, registrar, reintento: Boolean(msg.reintento) });
  } finally {
    reserva?.liberar();
  }
}

/** The attachments of an accepted message: read (ZIPs in the pool), filed, logged and answered (see {@link procesar}). */
async function archivar(
  deps: TDeps,
  o: {
    tenantId: number;
    canal: TCanalCorreoRow;
    parsed: ParsedMail;
    asunto: string;
    baseUrl: string;
    reserva: TReservaZip | null;
    reintento: boolean;
    registrar: (
      estado: TEstadoCorreo,
      motivo: string | null,
      detalle: TDetalleArchivoCorreo[],
      respuesta: { subject: string; text: string; html: string } | null,
    ) => Promise<TCorreoEntranteRow>;
  },
): Promise<TCorreoEntranteRow> {
  const { tenantId, canal, parsed, asunto, registrar } = o;
  // Attachments → files to file, and lines for what is not filed.
  const archivos: TArchivoEntrante[] = [];
  const omitidos: TDetalleArchivoCorreo[] = [];
  const linea = (archivo: string, resultado: TDetalleArchivoCorreo['resultado'], mensaje: string): TDetalleArchivoCorreo => ({
    archivo,
    resultado,
    formato: null,
    fevRipsId: null,
    estadoDocumento: null,
    cuv: null,
    codigo: null,
    mensaje,
    hallazgos: [],
  });
  // ZIPs are inflated in the worker pool, all of the message's together within ZIP_MAX_DESCOMPRIMIDO: a single ZIP
  // over it is refused alone; several that reach it together refuse the whole message.
  const zips = parsed.attachments.filter((a) => tipoDe(a) === 'zip').length;
  let descomprimido = 0;
  for (const [i, a] of parsed.attachments.entries()) {
    const tipo = tipoDe(a);
    const nombre = sinControles(a.filename ?? `adjunto-${i + 1}${tipo ? `.${tipo}` : ''}`).replace(/[/\\]/g, '_').slice(0, 200);
    if (!tipo) omitidos.push(linea(nombre, 'IGNORADO', MSG_CORREO.archivoIgnorado));
    else if (tipo === 'zip') {
      const zip = await leerZipAislado(deps.analysis, nombre, a.content, ZIP_MAX_DESCOMPRIMIDO - descomprimido);
      descomprimido += zip.descomprimido;
      if (!zip.ok && zip.excedido && zips > 1) {
        const mb = Math.round(ZIP_MAX_DESCOMPRIMIDO / 1_048_576);
        archivos.length = 0;
        return registrar('RECHAZADO', MSG_CORREO.motivoDescomprimidoMensaje(mb), [], rechazoMail(MSG_CORREO.archivoMensajeDescomprimido(mb)));
      }
      if (!zip.ok) omitidos.push(linea(nombre, 'RECHAZADO', zip.mensaje));
      else {
        archivos.push(...zip.archivos);
        omitidos.push(...zip.omitidas.map((o) => linea(o.archivo, o.resultado, o.mensaje)));
      }
    } else archivos.push({ filename: nombre, bytes: a.content });
  }
  // What is held from here on is what was kept, not the whole budget.
  o.reserva?.ajustar(archivos.reduce((n, f) => n + f.bytes.length, 0));
  if (!archivos.length) {
    const motivo = omitidos.some((o) => o.resultado === 'RECHAZADO') ? MSG_CORREO.motivoNingunArchivo : MSG_CORREO.motivoSinAdjuntos;
    const texto = motivo === MSG_CORREO.motivoSinAdjuntos ? MSG_CORREO.respuestaSinAdjuntos : MSG_CORREO.motivoNingunArchivo;
    return registrar('RECHAZADO', motivo, omitidos, rechazoMail(texto, omitidos));
  }

  const userId = await findOwnerUserId(deps.db, tenantId);
  if (userId === undefined) throw new Error(`tenant ${tenantId} has no user`);
  // XML first, as radicarLote orders them (a stable sort): its results then come in this order.
  archivos.sort((a, b) => rank(a.filename) - rank(b.filename));
  const lote = await radicarLote(deps, { tenantId, userId }, archivos, { canal: 'email', enviar: canal.envioAutomatico, reintento: o.reintento });
  const porId = new Map(lote.documentos.map((d) => [d.id, d]));
  const detalle: TDetalleArchivoCorreo[] = lote.archivos.map((r, i) => {
    const doc = r.fevRipsId !== null ? porId.get(r.fevRipsId) : undefined;
    const falta = doc ? faltaDe(doc.estado) : null;
    // Sent again: already radicated, with the document and its CUV; not a refusal.
    if (r.existente)
      return {
        archivo: archivos[i]?.filename ?? r.archivo,
        resultado: 'YA_RADICADO' as const,
        formato: r.formato,
        fevRipsId: r.existente.fevRipsId,
        estadoDocumento: r.existente.estado,
        cuv: r.existente.cuv,
        codigo: r.codigo,
        mensaje: r.mensaje,
        hallazgos: [],
      };
    return {
      archivo: archivos[i]?.filename ?? r.archivo,
      resultado: r.codigo ? 'RECHAZADO' : falta ? 'ESPERANDO_PAR' : 'RADICADO',
      formato: r.formato,
      fevRipsId: r.fevRipsId,
      estadoDocumento: doc?.estado ?? null,
      cuv: doc?.resultado?.cuv ?? null,
      codigo: r.codigo,
      mensaje: r.codigo ? r.mensaje : falta ? MSG_CORREO.archivoEsperandoPar(falta) : null,
      hallazgos: doc
        ? [...new Set([...doc.hallazgos, ...(doc.resultado?.errores ?? []), ...(doc.resultado?.notificaciones ?? [])].map((h) => h.codigo))].slice(0, 50)
        : [],
    };
  });
  const todos = [...detalle, ...omitidos];
  const radicados = detalle.filter((d) => d.resultado === 'RADICADO' || d.resultado === 'ESPERANDO_PAR' || d.resultado === 'YA_RADICADO').length;
  const completo = todos.every((d) => d.resultado === 'RADICADO' || d.resultado === 'IGNORADO' || d.resultado === 'YA_RADICADO');
  const estado: TEstadoCorreo = radicados === 0 ? 'RECHAZADO' : completo ? 'PROCESADO' : 'PARCIAL';
  const motivo = estado === 'RECHAZADO' ? MSG_CORREO.motivoNingunArchivo : estado === 'PARCIAL' ? MSG_CORREO.motivoAlgunosArchivos : null;
  const respuesta = resultadoMail({
    asunto,
    documentos: lote.documentos,
    noRadicados: todos.filter((d) => d.resultado === 'RECHAZADO' || d.resultado === 'IGNORADO'),
    yaRadicados: todos.filter((d) => d.resultado === 'YA_RADICADO'),
    envioAutomatico: canal.envioAutomatico,
    baseUrl: o.baseUrl,
  });
  return registrar(estado, motivo, todos, respuesta);
}

const rank = (name: string) => (/\.xml$/i.test(name) ? 0 : 1);

/** An attachment's kind by its extension, else (nameless) by its content type: 'xml' | 'json' | 'zip', or undefined. */
function tipoDe(a: { filename?: string; contentType: string }): string | undefined {
  const porNombre = /\.(xml|json|zip)$/i.exec(a.filename ?? '')?.[1]?.toLowerCase();
  return porNombre ?? (a.filename ? undefined : TIPO_POR_CONTENIDO[a.contentType.toLowerCase()]);
}
