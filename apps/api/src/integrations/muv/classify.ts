import { MUV_CODIGO_SERVICIO } from '@radica/contracts/muv';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { lowerKeys, parseResultado, safeJson, type TMuvFinding, type TMuvResult } from './results.ts';

/**
 * What a ministry answer means, decided once, before it touches a document (docs/decisions/047). Operators of the
 * ministry's API report that its failures come back looking like answers (shared/notes/fevrips-reference.md §9); only
 * a `verdict` or a `duplicate` may change a document's status:
 * - `verdict`: the ministry judged the package: accepted with a CUV (`approved`), or rejected by its rules;
 * - `duplicate`: RVG18 (with or without RVG02): the package was validated before; `cuv` is the existing CUV when the
 *   answer's texts carry it (null otherwise: the caller asks the ministry another way);
 * - `session`: TOT002, HTTP 401, or the local API's login failure text: log in again;
 * - `transient`: anything else that is no verdict (TOT003 and every other TOT item, HTTP 5xx, an HTML or non-JSON body,
 *   the local API's own error texts, a refused connection, a time-out, a result with neither CUV nor rejection).
 *   `texto` is the ministry's own words (or, when it said nothing, what happened), for the user.
 */
export type TMuvAnswer =
  | { kind: 'verdict'; result: TMuvResult; approved: boolean }
  | { kind: 'duplicate'; result: TMuvResult; cuv: string | null; procesoId: number | null }
  | { kind: 'session'; texto: string }
  | { kind: 'transient'; texto: string; result: TMuvResult | null };

/** One exchange with the ministry as the client saw it: an HTTP answer, or a request that got none. */
export type TRawAnswer =
  | { httpStatus: number; text: string; contentType?: string | null }
  | { failure: 'TIMEOUT'; timeoutMs: number }
  | { failure: 'REFUSED' | 'NETWORK'; code: string; message: string };

/** The local API's (and its .NET runtime's) failure texts: the request reached no verdict. */
const LOCAL_FAILURE = /se ha generado un error en el consumo|one or more errors occurred|no connection could be made|actively refused|a connection attempt failed|timeout api sispro/i;
/** The local API's own login failure (it could not log in to SISPRO for us): a session problem. */
const LOGIN_FAILURE = /error en el proceso de login/i;
/** Longest piece of the ministry's text kept for the user (characters). */
const TEXTO_MAX = 300;

/**
 * Classify one answer of a Cargar* call (see TMuvAnswer). `cufe` is the package's CUFE/CUDE, never taken for the CUV
 * when a duplicate's texts carry both (both are 96 hex characters). Pure: no I/O, never throws.
 */
export function classifyAnswer(raw: TRawAnswer, opts: { cufe?: string | null } = {}): TMuvAnswer {
  if ('failure' in raw) {
    if (raw.failure === 'TIMEOUT') return transient(MSG_MINISTERIO.muvSinRespuestaTiempo(raw.timeoutMs / 1000));
    return transient(raw.failure === 'REFUSED' ? MSG_MINISTERIO.muvConexionRechazada(raw.code) : MSG_MINISTERIO.muvConexionCortada(raw.message.slice(0, 200)));
  }
  const { httpStatus: status, text } = raw;
  if (status === 401) return { kind: 'session', texto: `HTTP 401` };
  const json = safeJson(text);
  const object = json && typeof json === 'object' && !Array.isArray(json) ? lowerKeys(json as Record<string, unknown>) : null;
  if (!object || !('resultstate' in object || 'resultadosvalidacion' in object)) return classifyOther(raw, json, object);

  const result = parseResultado(status, text);
  const service = result.resultados.filter((r) => MUV_CODIGO_SERVICIO.test(r.codigo.trim()));
  if (service.some((r) => r.codigo.trim().toUpperCase() === 'TOT002')) return { kind: 'session', texto: findingsText(service) };
  if (service.length) return transient(findingsText(service), result);
  if (result.resultados.some((r) => r.codigo.trim().toUpperCase() === 'RVG18')) {
    const known = duplicateKnowledge(result.resultados, opts.cufe ?? null);
    return { kind: 'duplicate', result, cuv: known.cuv, procesoId: known.procesoId ?? result.procesoId };
  }
  if (status >= 500) return transient(MSG_MINISTERIO.muvRespuestaHttp(status), result);
  const rejected = result.resultados.some((r) => r.clase.trim().toUpperCase() === 'RECHAZADO');
  if (result.resultState && !rejected && result.cuv) return { kind: 'verdict', result, approved: true };
  if (rejected) return { kind: 'verdict', result, approved: false };
  return transient(MSG_MINISTERIO.muvRespuestaSinVeredicto, result);
}

/** An answer that is not a `ResultadoProcesoFevRips`: the local API's texts, an HTML page, a 5xx, a 4xx refusal. */
function classifyOther(raw: { httpStatus: number; text: string; contentType?: string | null }, json: unknown, object: Record<string, unknown> | null): TMuvAnswer {
  const { httpStatus: status, text } = raw;
  const html = /html/i.test(raw.contentType ?? '') || /^\s*(<!doctype html|<html)/i.test(text);
  const words = html ? htmlText(text) : typeof json === 'string' ? json : object ? objectText(object) : text;
  const texto = excerpt(words) || MSG_MINISTERIO.muvRespuestaHttp(status);
  if (LOGIN_FAILURE.test(words) && !LOCAL_FAILURE.test(words.replace(LOGIN_FAILURE, ''))) return { kind: 'session', texto };
  if (LOCAL_FAILURE.test(words) || LOGIN_FAILURE.test(words) || status >= 500 || html || !object) return transient(status >= 500 && !words.trim() ? MSG_MINISTERIO.muvRespuestaHttp(status) : texto);
  if (status >= 400) {
    // The local API refused the request itself (BadRequestResponse, ProblemDetails): retrying the same bytes changes
    // nothing, so it is the answer to show (reference §1.5 rule 5).
    const result = parseResultado(status, text);
    const resultados: TMuvFinding[] = result.resultados.length
      ? result.resultados
      : [{ clase: 'RECHAZADO', codigo: `HTTP_${status}`, descripcion: texto, observaciones: '', pathFuente: '', fuente: '' }];
    return { kind: 'verdict', result: { ...result, resultState: false, resultados }, approved: false };
  }
  return transient(texto);
}

const transient = (texto: string, result: TMuvResult | null = null): TMuvAnswer => ({ kind: 'transient', texto, result });

const findingsText = (items: TMuvFinding[]) =>
  excerpt(items.map((r) => [r.codigo.trim(), r.descripcion.trim(), r.observaciones.trim()].filter(Boolean).join(': ')).join(' · '));

const excerpt = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > TEXTO_MAX ? `${flat.slice(0, TEXTO_MAX - 1)}…` : flat;
};

/** The title (else the visible text) of an HTML page: what a proxy's error page says. */
function htmlText(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const body = html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
  return (title?.trim() || body).replace(/&nbsp;/g, ' ');
}

/** The strings of a JSON object (ProblemDetails' title/detail/errors, a `message`…), in order. */
function objectText(o: Record<string, unknown>): string {
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 3 || out.length > 20) return;
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => k !== 'traceid' && k !== 'type' && walk(x, depth + 1));
  };
  walk(o, 0);
  return out.join(' ');
}

const HEX96 = /[0-9a-f]{96}/gi;

/**
 * The existing CUV and ProcesoId a re-send's RVG18 / RVG02 texts carry (reference §9: "Observaciones carry the existing
 * CUV, the CUFE/CUDE and the ProcesoId"). Both the CUV and the CUFE are 96 hex characters: one labelled CUV wins; a
 * value labelled CUFE/CUDE, or equal to the package's own `cufe`, is never the CUV.
 */
export function duplicateKnowledge(items: TMuvFinding[], cufe: string | null): { cuv: string | null; procesoId: number | null } {
  const texts = items
    .filter((r) => /^RVG(18|02)$/i.test(r.codigo.trim()))
    .map((r) => `${r.observaciones} ${r.descripcion}`)
    .join(' \n ');
  const notCuv = new Set<string>(cufe ? [cufe.toLowerCase()] : []);
  for (const m of texts.matchAll(/(?:CUFE|CUDE)[^0-9a-f]{0,25}([0-9a-f]{96})/gi)) notCuv.add(m[1]!.toLowerCase());
  const labelled = /(?:CUV|C[oó]digo [UÚ]nico de Validaci[oó]n)[^0-9a-f]{0,40}([0-9a-f]{96})/i.exec(texts)?.[1]?.toLowerCase();
  const cuv = labelled && !notCuv.has(labelled) ? labelled : ([...texts.matchAll(HEX96)].map((m) => m[0].toLowerCase()).find((h) => !notCuv.has(h)) ?? null);
  const proceso = /Proceso\s*Id[^0-9]{0,12}(\d{1,12})/i.exec(texts)?.[1];
  return { cuv, procesoId: proceso ? Number(proceso) : null };
}

/** What a LoginSISPRO answer means: a token, credentials the ministry refused, or no answer worth the name. */
export type TLoginAnswer = { kind: 'token'; token: string } | { kind: 'rejected'; texto: string } | { kind: 'transient'; texto: string };

/**
 * Classify a LoginSISPRO answer (reference §1.3: a refusal comes back as HTTP 200 with `login: false` and `errors`).
 * A refusal whose text is the local API's own failure (it could not reach SISPRO) is transient, not a refusal of the
 * credentials; so are 5xx, HTML and non-JSON bodies, time-outs and refused connections. Pure, never throws.
 */
export function classifyLogin(raw: TRawAnswer): TLoginAnswer {
  if ('failure' in raw) {
    const t = classifyAnswer(raw);
    return { kind: 'transient', texto: t.kind === 'transient' ? t.texto : '' };
  }
  const json = safeJson(raw.text);
  const data = json && typeof json === 'object' && !Array.isArray(json) ? lowerKeys(json as Record<string, unknown>) : null;
  const words = data ? objectText(data) : typeof json === 'string' ? json : raw.text;
  const html = /html/i.test(raw.contentType ?? '') || /^\s*(<!doctype html|<html)/i.test(raw.text);
  const texto = excerpt(html ? htmlText(raw.text) : words) || MSG_MINISTERIO.muvRespuestaHttp(raw.httpStatus);
  if (raw.httpStatus >= 500 || html || !data || LOCAL_FAILURE.test(words) || LOGIN_FAILURE.test(words)) return { kind: 'transient', texto };
  const token = typeof data.token === 'string' && data.token ? data.token : null;
  if (raw.httpStatus === 200 && token && data.login !== false) return { kind: 'token', token };
  const errors = Array.isArray(data.errors) ? data.errors.map(String).join('; ') : '';
  return { kind: 'rejected', texto: errors || `HTTP ${raw.httpStatus}` };
}
