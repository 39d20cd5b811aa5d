import type { TPaqueteData } from '@radica/contracts/integraciones';
import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { horaBogota } from '@radica/contracts/documents';
import { reglaDe } from '@radica/contracts/reglas';
import { relojBogota } from '@radica/contracts/bogota';

/**
 * The texts of rejection alerts and the daily summary: e-mail (text + HTML, every value escaped) and the
 * WhatsApp template's body parameters. Each finding is listed with its plain-Spanish fix from the rules catalogue.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Number of body parameters of the WhatsApp template (formato, estado, resumen, enlace); the simulator knows it. */
export const WHATSAPP_TEMPLATE_PARAMS = 4;

const etiqueta = (estado: string) => (estado === 'ERROR' ? 'en Error' : (ESTADO_ETIQUETAS[estado as TEstado] ?? estado).toLowerCase());

/** Each ministry error with its fix, or, for ERROR, that the ministry did not answer. */
function lineas(p: TPaqueteData): string[] {
  if (p.estado === 'ERROR') return [MSG_AVISOS.errorSinRespuesta];
  const errores = p.resultado?.errores ?? [];
  if (errores.length === 0) return ['El Ministerio rechazó el documento sin detallar el motivo: revísalo en Radica.'];
  return errores.map((e) => {
    // the fix for the document's package type (a credit note's RVC086: docs/decisions/049)
    const fix = reglaDe(e.codigo, p.servicioCarga)?.comoCorregir;
    return `${e.codigo}: ${e.descripcion}${fix ? `\n    Cómo corregirlo: ${fix}` : ''}`;
  });
}

/** A wait for the ministry's verdict (docs/decisions/047): its intro and lines, or null when the document does not wait. */
function espera(p: TPaqueteData): { intro: string; items: string[] } | null {
  const e = p.esperaMinisterio;
  if (!e) return null;
  return {
    intro: MSG_AVISOS.esperaIntro(p.formato, p.tipoDocumento, horaBogota(e.desde)),
    items: [MSG_AVISOS.esperaTexto(e.texto), e.proximoIntento ? MSG_MINISTERIO.reintentaremosALas(horaBogota(e.proximoIntento)) : MSG_MINISTERIO.esperaSinReintento],
  };
}

/** The alert e-mail of a document that ended NO_APROBADO or ERROR, or that waits for the ministry, with a link to it. */
export function alertaMail(p: TPaqueteData, enlace: string) {
  const wait = espera(p);
  const subject = wait ? MSG_AVISOS.esperaAsunto(p.formato) : MSG_AVISOS.alertaAsunto(p.formato, etiqueta(p.estado));
  const intro = wait?.intro ?? `El documento ${p.formato} (${p.tipoDocumento}) quedó ${etiqueta(p.estado)} en el Ministerio de Salud.`;
  const items = wait?.items ?? lineas(p);
  const text = `${intro}\n\n${items.map((l) => `- ${l}`).join('\n\n')}\n\nAbrir el documento: ${enlace}\n\nRadica`;
  const html =
    `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<p>${escapeHtml(intro)}</p><ul>` +
    items.map((l) => `<li style="margin-bottom:8px;white-space:pre-wrap">${escapeHtml(l)}</li>`).join('') +
    `</ul><p><a href="${escapeHtml(enlace)}">Abrir el documento en Radica</a></p><p>Radica</p></body></html>`;
  return { subject, text, html };
}

/** The WhatsApp template's parameters: formato, status, a one-line summary of the codes, the link. */
export function alertaWhatsappParams(p: TPaqueteData, enlace: string): string[] {
  if (p.esperaMinisterio) return [p.formato, MSG_AVISOS.esperaEstado, p.esperaMinisterio.texto.slice(0, 120), enlace];
  const errores = p.resultado?.errores ?? [];
  const resumen =
    p.estado === 'ERROR'
      ? 'El Ministerio no respondió al envío'
      : errores.length
        ? `${errores.length} ${errores.length === 1 ? 'error' : 'errores'}: ${[...new Set(errores.map((e) => e.codigo))].slice(0, 5).join(', ')}`
        : 'Rechazado sin detalle';
  return [p.formato, etiqueta(p.estado), resumen, enlace];
}

/** The day's summary e-mail: the documents whose status changed that day, by status. */
export function resumenMail(o: { dia: string; conteos: Record<string, number>; enlace: string }) {
  const filas = Object.entries(o.conteos)
    .sort((a, b) => b[1] - a[1])
    .map(([estado, n]) => `${ESTADO_ETIQUETAS[estado as TEstado] ?? estado} (${estado}): ${n}`);
  const total = Object.values(o.conteos).reduce((a, b) => a + b, 0);
  const intro = total === 0 ? 'Hoy no hubo movimientos en tus documentos.' : `Hoy cambiaron ${total} ${total === 1 ? 'documento' : 'documentos'}:`;
  const subject = MSG_AVISOS.resumenAsunto(o.dia);
  const text = `${intro}\n\n${filas.map((f) => `- ${f}`).join('\n')}\n\nVer los documentos: ${o.enlace}\n\nRadica`;
  const html =
    `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937"><p>${escapeHtml(intro)}</p><ul>` +
    filas.map((f) => `<li>${escapeHtml(f)}</li>`).join('') +
    `</ul><p><a href="${escapeHtml(o.enlace)}">Ver los documentos en Radica</a></p><p>Radica</p></body></html>`;
  return { subject, text, html };
}

/**
 * The security alert e-mail of an SFTP account that sees many wrong secrets: how many, from how many addresses, what
 * Radica does (each address banned, the account slowed, never locked) and what to do, with a link to the settings.
 */
export function sftpFallasMail(o: { usuario: string; fallas: number; direcciones: number; minutos: number; maxPorDireccion: number; enlace: string }) {
  const subject = MSG_AVISOS.sftpFallasAsunto(o.usuario);
  const parrafos = [MSG_AVISOS.sftpFallasResumen(o.usuario, o.fallas, o.direcciones, o.minutos), MSG_AVISOS.sftpFallasProteccion(o.maxPorDireccion), MSG_AVISOS.sftpFallasQueHacer];
  const text = `${parrafos.join('\n\n')}\n\n${o.enlace}\n\nRadica`;
  const html =
    `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    parrafos.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<p><a href="${escapeHtml(o.enlace)}">${escapeHtml(o.enlace)}</a></p><p>Radica</p></body></html>`;
  return { subject, text, html };
}

/** The Bogotá calendar day (YYYY-MM-DD) and hour (0–23) of an instant. */
export function bogotaDay(now: Date): { dia: string; hora: number } {
  const local = relojBogota(now);
  return { dia: local.toISOString().slice(0, 10), hora: local.getUTCHours() };
}
