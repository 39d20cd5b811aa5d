import type { TDetalleArchivoCorreo } from '@radica/contracts/canal-correo';
import type { THallazgo } from '@radica/contracts/documents';
import { ESTADO_ETIQUETAS, TIPOS_DOCUMENTO, type TEstado, type TTipoDocumento } from '@radica/contracts/enums';
import type { TPaqueteData } from '@radica/contracts/integraciones';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { reglaDe } from '@radica/contracts/reglas';

/** Findings listed per document in a reply; the rest are counted (the full list is in Radica). */
const MAX_HALLAZGOS_RESPUESTA = 30;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A reply's blocks: each a paragraph, or a heading with its list (text: lines; HTML: escaped, a list). */
type TBloque = { p: string } | { titulo: string; items: string[] };

function render(subject: string, bloques: TBloque[]) {
  const all: TBloque[] = [{ p: MSG_CORREO.respuestaSaludo }, ...bloques, { p: MSG_CORREO.respuestaPie }];
  const text =
    all.map((b) => ('p' in b ? b.p : [b.titulo, ...b.items.map((i) => `  - ${i.replace(/\n/g, '\n    ')}`)].join('\n'))).join('\n\n') + '\n\nRadica';
  const html =
    `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    all
      .map((b) =>
        'p' in b
          ? `<p>${escapeHtml(b.p).replace(/\n/g, '<br>')}</p>`
          : `<p><strong>${escapeHtml(b.titulo)}</strong></p><ul>${b.items.map((i) => `<li>${escapeHtml(i).replace(/\n/g, '<br>')}</li>`).join('')}</ul>`,
      )
      .join('') +
    `<p>Radica</p></body></html>`;
  return { subject, text, html };
}

/**
 * The reply to a message Radica did not process (issue 16: unknown sender, oversized, no attachments, no module):
 * one Spanish paragraph, nothing of the tenant's data. Files the message did carry are listed when given.
 */
export function rechazoMail(texto: string, archivos: TDetalleArchivoCorreo[] = []) {
  const bloques: TBloque[] = [{ p: texto }];
  if (archivos.length) bloques.push({ titulo: MSG_CORREO.respuestaArchivosNoRadicados, items: archivos.map(lineaArchivo) });
  return render(MSG_CORREO.respuestaRechazoAsunto, bloques);
}

const lineaArchivo = (d: TDetalleArchivoCorreo) => `${d.archivo}: ${d.mensaje ?? ''}`.trim();

/** A finding with its plain-Spanish fix from the rule catalogue (packages/contracts/src/reglas.ts, issue 12). */
function lineaHallazgo(h: THallazgo): string {
  const texto = `${h.codigo}: ${h.descripcion}${h.observaciones ? ` (${h.observaciones})` : ''}`;
  const fix = reglaDe(h.codigo)?.comoCorregir;
  return fix ? `${texto}\n${MSG_CORREO.respuestaComoCorregir(fix)}` : texto;
}

function listaHallazgos(titulo: string, hallazgos: THallazgo[]): TBloque[] {
  if (!hallazgos.length) return [];
  const items = hallazgos.slice(0, MAX_HALLAZGOS_RESPUESTA).map(lineaHallazgo);
  if (hallazgos.length > MAX_HALLAZGOS_RESPUESTA) items.push(MSG_CORREO.respuestaMasHallazgos(hallazgos.length - MAX_HALLAZGOS_RESPUESTA));
  return [{ titulo, items }];
}

/** What a document still needs when it waits for the other file (PENDIENTE_RIPS / PENDIENTE_XML), or null. */
export function faltaDe(estado: string): string | null {
  return estado === 'PENDIENTE_RIPS' ? MSG_CORREO.faltaJson : estado === 'PENDIENTE_XML' ? MSG_CORREO.faltaXml : null;
}

/**
 * The result reply (issue 16 "the sender gets a reply with the result per formato"): per touched document its
 * formato and type, status, CUV when approved, the send's outcome (or that automatic sending is off), what it still
 * needs, each local finding and each ministry error/notification with its fix, and the link to the document
 * `${baseUrl}/ministerio/{id}`; then the files that were not filed, with why.
 */
export function resultadoMail(o: {
  asunto: string;
  documentos: TPaqueteData[];
  noRadicados: TDetalleArchivoCorreo[];
  envioAutomatico: boolean;
  baseUrl: string;
}) {
  const bloques: TBloque[] = [{ p: MSG_CORREO.respuestaIntro }];
  for (const d of o.documentos) {
    const tipo = TIPOS_DOCUMENTO[d.tipoDocumento as TTipoDocumento] ?? d.tipoDocumento;
    const lineas = [MSG_CORREO.respuestaEstado(ESTADO_ETIQUETAS[d.estado as TEstado] ?? d.estado)];
    if (d.resultado?.cuv) lineas.push(MSG_CORREO.respuestaCuv(d.resultado.cuv));
    const falta = faltaDe(d.estado);
    if (falta) lineas.push(MSG_CORREO.respuestaFalta(falta));
    else if (d.envio) lineas.push(MSG_CORREO.respuestaEnvio(d.envio.mensaje || ESTADO_ETIQUETAS[d.estado as TEstado] || d.estado));
    else if (!o.envioAutomatico && !d.resultado?.cuv) lineas.push(MSG_CORREO.respuestaSinEnvio);
    lineas.push(MSG_CORREO.respuestaVerDocumento(`${o.baseUrl}/ministerio/${d.id}`));
    bloques.push({ titulo: MSG_CORREO.respuestaDocumento(d.formato, tipo), items: lineas });
    bloques.push(...listaHallazgos(MSG_CORREO.respuestaHallazgosLocales, d.hallazgos));
    bloques.push(...listaHallazgos(MSG_CORREO.respuestaErroresMinisterio, d.resultado?.errores ?? []));
    bloques.push(...listaHallazgos(MSG_CORREO.respuestaNotificacionesMinisterio, d.resultado?.notificaciones ?? []));
  }
  if (o.noRadicados.length) bloques.push({ titulo: MSG_CORREO.respuestaArchivosNoRadicados, items: o.noRadicados.map(lineaArchivo) });
  return render(MSG_CORREO.respuestaAsunto(o.asunto.slice(0, 120)), bloques);
}
