import type { TDetalleArchivoCorreo } from '@radica/contracts/canal-correo';
import type { THallazgo } from '@radica/contracts/documents';
import { ESTADO_ETIQUETAS, TIPOS_DOCUMENTO, type TEstado, type TTipoDocumento } from '@radica/contracts/enums';
import type { TPaqueteData } from '@radica/contracts/integraciones';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { agruparHallazgos, sinRepetir, type TGrupoHallazgos } from '@radica/contracts/hallazgos';
import { reglaDe } from '@radica/contracts/reglas';

/** Codes listed per list of a document in a reply; the findings of the rest are counted (the full list is in Radica). */
const MAX_HALLAZGOS_RESPUESTA = 30;
/** Places listed per code; the rest are counted. */
const MAX_LUGARES = 5;

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
 * The reply to a message Radica did not process (unknown sender, oversized, no attachments, no module):
 * one Spanish paragraph, nothing of the tenant's data. Files the message did carry are listed when given.
 */
export function rechazoMail(texto: string, archivos: TDetalleArchivoCorreo[] = []) {
  const bloques: TBloque[] = [{ p: texto }];
  if (archivos.length) bloques.push({ titulo: MSG_CORREO.respuestaArchivosNoRadicados, items: archivos.map(lineaArchivo) });
  return render(MSG_CORREO.respuestaRechazoAsunto, bloques);
}

const lineaArchivo = (d: TDetalleArchivoCorreo) => `${d.archivo}: ${d.mensaje ?? ''}`.trim();

/** Where a finding was found: its path and its Observaciones ('' when it has neither). */
const lugar = (h: THallazgo) => [h.pathFuente, h.observaciones].filter(Boolean).join(' — ');

/**
 * One code of a document (a code repeated across users is one line, not one per user): its description once,
 * how many times, the first places, and its plain-Spanish fix from the rule catalogue (reglas.ts), as it
 * applies to the document's package type `paquete` (docs/decisions/049).
 */
function lineaGrupo(g: TGrupoHallazgos<THallazgo>, paquete: string | null): string {
  const n = g.items.length;
  const lineas = [`${g.codigo}${n > 1 ? MSG_CORREO.respuestaVeces(n) : ''}: ${g.descripcion}`];
  const lugares = g.items.map(lugar).filter(Boolean);
  if (lugares.length === 1 && n === 1) lineas[0] += ` (${lugares[0]})`;
  else if (lugares.length > 0)
    lineas.push(MSG_CORREO.respuestaLugares(lugares.slice(0, MAX_LUGARES), lugares.length - Math.min(lugares.length, MAX_LUGARES)));
  const fix = reglaDe(g.codigo, paquete)?.comoCorregir;
  if (fix) lineas.push(MSG_CORREO.respuestaComoCorregir(fix));
  return lineas.join('\n');
}

function listaHallazgos(titulo: string, hallazgos: THallazgo[], paquete: string | null, pie?: string): TBloque[] {
  if (!hallazgos.length) return pie ? [{ p: pie }] : [];
  const grupos = agruparHallazgos(hallazgos);
  const items = grupos.slice(0, MAX_HALLAZGOS_RESPUESTA).map((g) => lineaGrupo(g, paquete));
  const resto = grupos.slice(MAX_HALLAZGOS_RESPUESTA).reduce((n, g) => n + g.items.length, 0);
  if (resto > 0) items.push(MSG_CORREO.respuestaMasHallazgos(resto));
  if (pie) items.push(pie);
  return [{ titulo, items }];
}

/** What a document still needs when it waits for the other file (PENDIENTE_RIPS / PENDIENTE_XML), or null. */
export function faltaDe(estado: string): string | null {
  return estado === 'PENDIENTE_RIPS' ? MSG_CORREO.faltaJson : estado === 'PENDIENTE_XML' ? MSG_CORREO.faltaXml : null;
}

/**
 * The result reply: per touched document its
 * formato and type, status, CUV when approved, the send's outcome (or that automatic sending is off), what it still
 * needs, each local finding and each ministry error/notification with its fix, and the link to the document
 * `${baseUrl}/ministerio/{id}`; then the files that were not filed, with why.
 */
export function resultadoMail(o: {
  asunto: string;
  documentos: TPaqueteData[];
  noRadicados: TDetalleArchivoCorreo[];
  /** Files whose document already held them: each line says so, with the CUV when approved. */
  yaRadicados?: TDetalleArchivoCorreo[];
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
    // The ministry's answer first (what blocks the CUV), then what only Radica's pre-validation says.
    const errores = d.resultado?.errores ?? [];
    const notificaciones = d.resultado?.notificaciones ?? [];
    const { propios, repetidos } = sinRepetir(d.hallazgos, [...errores, ...notificaciones]);
    bloques.push(...listaHallazgos(MSG_CORREO.respuestaErroresMinisterio, errores, d.servicioCarga));
    bloques.push(...listaHallazgos(MSG_CORREO.respuestaNotificacionesMinisterio, notificaciones, d.servicioCarga));
    bloques.push(...listaHallazgos(MSG_CORREO.respuestaHallazgosLocales, propios, d.servicioCarga, repetidos > 0 ? MSG_CORREO.respuestaRepetidos(repetidos) : undefined));
  }
  if (o.yaRadicados?.length) {
    const items = o.yaRadicados.map((d) => (d.fevRipsId ? `${lineaArchivo(d)}\n${MSG_CORREO.respuestaVerDocumento(`${o.baseUrl}/ministerio/${d.fevRipsId}`)}` : lineaArchivo(d)));
    bloques.push({ titulo: MSG_CORREO.respuestaYaRadicados, items });
  }
  if (o.noRadicados.length) bloques.push({ titulo: MSG_CORREO.respuestaArchivosNoRadicados, items: o.noRadicados.map(lineaArchivo) });
  return render(MSG_CORREO.respuestaAsunto(o.asunto.slice(0, 120)), bloques);
}
