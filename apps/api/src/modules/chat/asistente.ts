import MiniSearch from 'minisearch';
import { stemmer } from '@orama/stemmers/spanish';
import { agruparHallazgos, esRechazo, type TGrupoHallazgos } from '@radica/contracts/hallazgos';
import { reglaDe } from '@radica/contracts/reglas';
import type { TChatArticulo } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { ARTICULOS, articuloDeCodigo, type TArticulo } from './articulos.ts';

/**
 * Radica's built-in help assistant: a full-text index (MiniSearch) over the help articles (articulos.ts),
 * with Spanish accent folding, stop words and stemming (@orama/stemmers' Spanish Snowball stemmer) and fuzzy matching
 * for misspellings. Pure: the questions about the user's own documents are answered by service.ts, which looks them up
 * for the caller's tenant only.
 */

/** Spanish words that say nothing about the topic (folded, lower case). */
const STOP = new Set(
  (
    'a al algo algun alguna como con cual cuales cuando de del donde el ella en era es esa ese eso esta este esto estoy ' +
    'fue ha hay la las le les lo los me mi mis muy no nos o para pero por porque puedo puede pueden que quien se ser si ' +
    'sin sobre son su sus te tengo ti tu tus un una uno unos unas y ya yo hola gracias favor ayuda ayudame quiero saber ' +
    'necesito hacer hago debo tiene tienen'
  ).split(' '),
);

/** Lower case, accents removed (ñ kept: 'contraseña' and 'contrasena' both fold to 'contrasena' below). */
export function plegar(texto: string): string {
  return texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** One indexed term: folded, stop words dropped, stemmed (Spanish). */
function procesarTermino(term: string): string | null {
  const t = plegar(term);
  if (t.length < 2 || STOP.has(t)) return null;
  return /^\d+$/.test(t) ? t : stemmer(t);
}

let indice: MiniSearch<TArticulo> | null = null;

/** The index over {@link ARTICULOS}, built on first use (a few ms). */
function indiceArticulos(): MiniSearch<TArticulo> {
  if (indice) return indice;
  indice = new MiniSearch<TArticulo>({
    fields: ['titulo', 'claves', 'texto'],
    storeFields: ['id'],
    processTerm: procesarTermino,
    searchOptions: {
      boost: { titulo: 3, claves: 2, texto: 1 },
      fuzzy: (term) => (term.length >= 5 ? 0.25 : 0),
      prefix: (term) => term.length >= 4,
      combineWith: 'OR',
    },
  });
  indice.addAll(ARTICULOS);
  return indice;
}

const POR_ID = new Map(ARTICULOS.map((a) => [a.id, a]));

/** Rule codes as the validator writes them: RVC004, RVG01, VFE003, DND114, FED129, PFP001, GI013, CIN006… */
const CODIGO = /\b(RV[CG]\d{2,3}|VFE\d{3}|DND\d{3}|FED\d{3}|PFP\d{3}|PFR\d{3}|GI\d{3}|CIN\d{3})\b/gi;

/** The rule codes a question names, in order, without repeats (upper case). */
export function codigosEn(pregunta: string): string[] {
  return [...new Set([...pregunta.matchAll(CODIGO)].map((m) => m[1]!.toUpperCase()))];
}

/** What the assistant answers: the text (Markdown links to app paths allowed) and the articles it came from. */
export type TRespuesta = { output: string; articulos: TChatArticulo[] };

/**
 * The screen an article links to for this chat: a signed-in user's links lead to the app's screens (they went
 * to the sales page '/'), a visitor's to the public ones.
 */
export function rutaDe(a: TArticulo, chat: 'sales' | 'technical'): string | null {
  if (chat === 'sales') return a.ruta;
  if (a.rutaApp !== undefined) return a.rutaApp;
  return a.ruta === '/' ? null : a.ruta;
}

const fuente = (a: TArticulo, chat: 'sales' | 'technical' = 'technical'): TChatArticulo => ({ id: a.id, titulo: a.titulo, ruta: rutaDe(a, chat) });

/** A message that only greets or thanks ('hola', 'buenas tardes', 'gracias!'): answered with a greeting, not a search. */
const SALUDO =
  /^(?:(?:hola|holi|hello|hi|hey|buen(?:os|as)?|d[ií]as?|tardes|noches|saludos|qu[eé]\s+tal|c[oó]mo\s+(?:est[aá]s?|vas?)|gracias|muchas|mil|ok|listo|radica|a\s+todos|equipo)[\s!¡.,?¿:)]*)+$/i;

/** True when `pregunta` is only a greeting or a thank-you. */
export function esSaludo(pregunta: string): boolean {
  return SALUDO.test(pregunta.trim().replace(/^[¡¿\s]+/, ''));
}

/** Words of a question about the validator's rules: a rejection, an error, a finding, a notice, a rule. */
const DE_REGLA = /\b(regla|reglas|rechaz\w*|error\w*|hallazgo\w*|notificaci\w*|aviso\w*|inconsistencia\w*|glosa\w*|devolvi\w*|valida\w*\s+(?:dice|sale|marca)|me\s+sal(?:e|i[oó])|aparece)\b/i;

/** True when `pregunta` asks about a rule (its articles may then answer): a rule code or the words of {@link DE_REGLA}. */
export function preguntaDeRegla(pregunta: string): boolean {
  return codigosEn(pregunta).length > 0 || DE_REGLA.test(plegar(pregunta));
}

const esArticuloDeRegla = (id: string) => id.startsWith('regla-');

/** Below this score the best article is not an answer (tuned on the questions of chat.test.ts). */
const PUNTAJE_MINIMO = 6;

/**
 * The built-in answer to `pregunta`: the article of every rule code it names; else the best-ranked article (and the
 * second when it scores close), restricted to the sales articles for the sales chat; else the seed's "no match" text.
 */
export function responderConArticulos(pregunta: string, chat: 'sales' | 'technical'): TRespuesta {
  const porCodigo = codigosEn(pregunta)
    .map((c) => articuloDeCodigo(c))
    .filter((a): a is TArticulo => a !== undefined && (chat === 'technical' || a.publico === 'ventas'));
  if (porCodigo.length > 0) return componer(porCodigo.slice(0, 3), chat);
  if (esSaludo(pregunta)) return { output: chat === 'sales' ? MSG_CHAT.chatSaludoVentas : MSG_CHAT.chatSaludoTecnico, articulos: [] };
  // A rule is cited only when the question is about a rule (a code, a rejection, an error, a finding): a question
  // about the product ('¿cómo invito a otro usuario?') shares words with rule texts ('usuario') but is not about one.
  const conReglas = preguntaDeRegla(pregunta);
  const resultados = indiceArticulos().search(pregunta, {
    filter: (r) => (chat === 'technical' || POR_ID.get(r.id)?.publico === 'ventas') && (conReglas || !esArticuloDeRegla(r.id)),
  });
  const [primero, segundo] = resultados;
  if (!primero || primero.score < PUNTAJE_MINIMO) return { output: MSG_CHAT.chatNoMatch, articulos: [] };
  const elegidos = [primero, ...(segundo && segundo.score >= primero.score * 0.8 ? [segundo] : [])]
    .map((r) => POR_ID.get(r.id))
    .filter((a): a is TArticulo => a !== undefined);
  return componer(elegidos, chat);
}

/** The answer made of `articulos`: each one's text, and a link to its screen (the app's for a signed-in user). */
function componer(articulos: TArticulo[], chat: 'sales' | 'technical'): TRespuesta {
  const partes = articulos.map((a) => {
    const ruta = rutaDe(a, chat);
    return ruta ? `${a.texto}\n[Ir a ${pantalla(ruta)}](${ruta})` : a.texto;
  });
  return { output: partes.join('\n\n'), articulos: articulos.map((a) => fuente(a, chat)) };
}

/** How a link names the screen of `ruta`. */
function pantalla(ruta: string): string {
  if (ruta === '/settings?tab=canales') return 'Configuración › Canales';
  if (ruta === '/settings?tab=integraciones') return 'Configuración › Integraciones';
  if (ruta === '/settings?tab=ministerio') return 'Configuración › Ministerio';
  if (ruta === '/settings?tab=usuarios') return 'Configuración › Usuarios';
  if (ruta === '/settings?tab=plan') return 'Configuración › Mi plan';
  if (ruta.startsWith('/settings')) return 'Configuración';
  if (ruta === '/listado-rips/nuevo') return 'Nuevo RIPS';
  if (ruta === '/listado-rips/pacientes') return 'Pacientes';
  if (ruta === '/listado-rips/medicamentos') return 'Medicamentos';
  if (ruta.startsWith('/listado-rips')) return 'Listado RIPS';
  if (ruta === '/profile') return 'Perfil';
  if (ruta === '/ministerio/nuevo') return 'Nuevo reporte';
  if (ruta.startsWith('/ministerio')) return 'Ministerio';
  if (ruta.startsWith('/billing')) return 'la compra del plan';
  if (ruta.startsWith('/auth/register')) return 'Registrarme';
  if (ruta.includes('pricing')) return 'Precios';
  return 'Radica';
}

/** One finding as the document answer lists it: code, description and, from the catalogue, meaning and fix. */
export type THallazgoChat = { clase: string; codigo: string; descripcion: string; observaciones: string; pathFuente?: string };

/** Places named per code in a chat answer. */
const LUGARES_CHAT = 2;

/**
 * The rejections of a document or of attached files for the chat ("lead with what blocks
 * the sending"): one entry per code, whole-file problems (numFactura, the NIT, the XML) before those of one service,
 * each explained once however many users repeat it.
 */
export function gruposParaChat<T extends THallazgoChat>(items: readonly T[]): TGrupoHallazgos<T & { pathFuente: string }>[] {
  return ordenarGruposChat(agruparHallazgos(items.map((h) => ({ ...h, pathFuente: h.pathFuente ?? '' }))));
}

/** Groups already made (agruparHallazgos order) in the chat's order: rejections first, whole-file problems first. */
export function ordenarGruposChat<G extends TGrupoHallazgos<THallazgoChat & { pathFuente: string }>>(grupos: readonly G[]): G[] {
  const deUnServicio = (g: G) => (g.items[0]?.pathFuente.replace(/^rips\./, '').startsWith('usuarios') ? 1 : 0);
  return grupos
    .map((g, i) => ({ g, i }))
    .sort((a, b) => Number(!esRechazo(a.g.clase)) - Number(!esRechazo(b.g.clase)) || deUnServicio(a.g) - deUnServicio(b.g) || a.i - b.i)
    .map(({ g }) => g);
}

/** One code of {@link gruposParaChat} as a line: how many times and where, its description, and the fix (once). */
export function lineaGrupoChat(
  g: TGrupoHallazgos<THallazgoChat & { pathFuente: string }> & { total?: number; conLugar?: number },
  conSignificado = false,
  explicados: Map<string, string> = new Map(),
): string {
  // A group may carry only its first findings with the counts (documents/analysis.ts revisarArchivos).
  const n = g.total ?? g.items.length;
  const lugares = g.items.map((h) => h.pathFuente).filter(Boolean);
  const conLugar = g.conLugar ?? lugares.length;
  const donde = conLugar
    ? ` en ${lugares.slice(0, LUGARES_CHAT).join(', ')}${conLugar > LUGARES_CHAT ? ` y ${conLugar - LUGARES_CHAT} más` : ''}`
    : '';
  const veces = n > 1 ? ` (${n} veces)` : '';
  const detalle = n === 1 && g.items[0]?.observaciones ? ` (${g.items[0].observaciones})` : '';
  const regla = reglaDe(g.codigo);
  // An explanation another code of the same answer already gave is referred to, not repeated.
  const previo = regla ? explicados.get(regla.comoCorregir) : undefined;
  if (regla && !previo) explicados.set(regla.comoCorregir, g.codigo);
  const ayuda = !regla
    ? ''
    : previo
      ? ` Cómo corregirlo: igual que ${previo}.`
      : `${conSignificado ? ` Qué significa: ${regla.significado}` : ''} Cómo corregirlo: ${regla.comoCorregir}`;
  return `- ${g.codigo}${veces}${donde}: ${g.descripcion}${detalle}.${ayuda}`;
}

/**
 * The answer about one of the caller's documents ("¿por qué rechazaron la factura FE123?"): its status, the
 * ministry's rejections and notices, and Radica's prevalidation rejections, each with its fix from the catalogue.
 */
export function responderDocumento(doc: {
  id: number;
  formato: string;
  estado: string;
  cuv: string | null;
  errores: THallazgoChat[];
  notificaciones: THallazgoChat[];
  prevalidacion: THallazgoChat[];
}): TRespuesta {
  const lineas: string[] = [];
  const cabecera = `El documento ${doc.formato} está en estado ${doc.estado}.`;
  if (doc.estado === 'APROBADO') lineas.push(`${cabecera} El Ministerio lo aprobó${doc.cuv ? ` con el CUV ${doc.cuv}` : ''}.`);
  else lineas.push(cabecera);
  const explicados = new Map<string, string>();
  const explicar = (items: THallazgoChat[]) => gruposParaChat(items).map((g) => lineaGrupoChat(g, true, explicados));
  if (doc.errores.length > 0) lineas.push('El Ministerio lo rechazó por:', ...explicar(doc.errores));
  const rechazosLocales = doc.prevalidacion.filter((h) => h.clase === 'RECHAZADO');
  if (doc.errores.length === 0 && rechazosLocales.length > 0)
    lineas.push('La prevalidación de Radica encontró lo que el Ministerio rechazaría:', ...explicar(rechazosLocales));
  if (doc.notificaciones.length > 0) {
    // Notices do not block: named with their count, not explained one by one.
    const avisos = gruposParaChat(doc.notificaciones).map((g) => `${g.codigo}${g.items.length > 1 ? ` (${g.items.length})` : ''}`);
    lineas.push(`Notificaciones del Ministerio (no impiden el CUV): ${avisos.join(', ')}. El detalle está en el documento.`);
  }
  if (doc.estado === 'ERROR')
    lineas.push('El Ministerio no respondió al envío: no es un problema de tus archivos. Vuelve a enviarlo más tarde.');
  if (doc.errores.length === 0 && rechazosLocales.length === 0 && doc.estado !== 'APROBADO' && doc.estado !== 'ERROR')
    lineas.push('No tiene rechazos registrados.');
  lineas.push(`[Ver el documento ${doc.formato}](/ministerio/${doc.id})`);
  const codigos = [...new Set([...doc.errores, ...rechazosLocales].map((h) => h.codigo))];
  const articulos = codigos
    .map((c) => articuloDeCodigo(c))
    .filter((a): a is TArticulo => a !== undefined)
    .map((a) => fuente(a));
  return { output: lineas.join('\n'), articulos };
}
