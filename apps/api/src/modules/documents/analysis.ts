import type { TInfoFevRips } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { formatoDelDocumento } from '@radica/fevrips/rips';
import { computeInfoFevRips } from '@radica/fevrips/info';
import { checkFiles, checkRead, readFiles, ripsSchema } from '@radica/fevrips/engine';
import { muvEndpointFor, type TMuvEndpoint } from '@radica/fevrips/endpoints';
import { facturaReferenciada } from '@radica/fevrips/notas';
import type { THallazgoLocal } from '@radica/fevrips/findings';
import type { TCodPrestadorVisto } from '@radica/fevrips/engine';
import { FevRipsError } from '@radica/fevrips/errors';
import { agruparHallazgos, type TGrupoHallazgos } from '@radica/contracts/hallazgos';

export type TTipoArchivo = 'xml' | 'json';

/** What the upload path needs from a file and, when the document has it, the file of the other kind. */
export type TAnalysisInput = { tipo: TTipoArchivo; bytes: Uint8Array; other: Uint8Array | null };

/**
 * The analysis of an upload: either why the new file cannot be read (the engine's code and Spanish message), or what
 * was read (formato, the obligated party's identification, the XML's document type) and what the pair gives: the
 * `infoFevRips` summary, the invoice total, the MUV endpoint and Radica's prevalidation findings.
 */
export type TAnalysis =
  | { ok: false; code: string; message: string }
  | {
      ok: true;
      formato: string;
      idObligado: string | null;
      /** FV / NC / ND from the XML of the pair, or null when there is no XML. */
      tipoDocumento: string | null;
      /** PayableAmount of the XML, else the summary's total (pesos); may be absurd in a bad file (storedAmount). */
      totalFactura: number;
      info: TInfoFevRips;
      endpoint: TMuvEndpoint;
      findings: THallazgoLocal[];
      /** The RIPS's distinct codPrestador and its numDocumentoIdObligado, for RVC012 against the REPS table. */
      codigosPrestador: TCodPrestadorVisto[];
      numDocumentoIdObligado: string | null;
      /** For a note: the formato of the invoice it names (XML BillingReference, else the note RIPS's numFactura). */
      facturaReferenciada: string | null;
    };

/**
 * Parse and check an upload (seed 001 §5; DESIGN.md "The ministry flow" steps 1–2): the new file strictly (XML with
 * no DTD, RIPS JSON with a formato), then the pair it makes with `other` through the engine's reading and checking
 * halves (`readFiles` + `checkRead`: each file parsed once, the RIPS walked once for its summary and every rule).
 * Pure and CPU-bound: runs in the upload worker pool (analysis-pool.ts) so a 10 MB file never blocks the event loop.
 * Never throws for bad input: an unreadable new file is `{ ok: false }`.
 * @throws the engine's FevRipsError when the file already stored (`other`) cannot be read any more (it was read at its
 *   own upload, so only a change of the engine could do that).
 */
export function analyzeUpload(input: TAnalysisInput): TAnalysis {
  const nuevo = readFiles(input.tipo === 'xml' ? { xml: input.bytes } : { rips: input.bytes });
  if (nuevo.error) return unreadable(input.tipo, nuevo.error);
  // A note's RIPS is filed under the note's number, like its XML (never under the invoice it corrects).
  const formato = nuevo.xml ? nuevo.xml.formato : formatoDelDocumento(nuevo.rips!);
  if (!formato) return { ok: false, code: 'JSON_NO_FORMATO', message: MSG.jsonNoFormato };
  const idObligado = nuevo.xml ? nuevo.xml.nitObligado : nuevo.rips!.numDocumentoIdObligado;
  const otro = input.other ? readFiles(input.tipo === 'xml' ? { rips: input.other } : { xml: input.other }) : null;
  if (otro?.error) throw otro.error;
  const chequeo = checkRead({ xml: nuevo.xml ?? otro?.xml ?? null, rips: nuevo.rips ?? otro?.rips ?? null, error: null });
  // A RIPS whose summary or checks cannot be computed is answered as unreadable, like one that does not parse.
  if (chequeo.error) return unreadable(input.tipo, chequeo.error);
  const { xml, rips } = chequeo;
  const summary = computeInfoFevRips(xml, rips);
  // Absurd amounts (1e308, or sums that overflow to Infinity) are findings of the engine, not numbers to store.
  const info = {
    ...summary,
    totalFactura: finite(summary.totalFactura),
    totalValorServicios: finite(summary.totalValorServicios),
    estructuraRips: chequeo.version ? ripsSchema(chequeo.version).norma : null,
  };
  return {
    ok: true,
    formato,
    idObligado: idObligado || null,
    tipoDocumento: xml ? xml.tipoDocumento : null,
    totalFactura: finite(xml?.totals.payableAmount ?? info.totalFactura),
    info,
    endpoint: chequeo.endpoint ?? muvEndpointFor(xml, rips),
    findings: chequeo.hallazgos,
    codigosPrestador: chequeo.codigosPrestador,
    numDocumentoIdObligado: rips?.numDocumentoIdObligado ?? null,
    facturaReferenciada: facturaReferenciada(xml, rips),
  };
}

/** The answer for a new file that cannot be read: the engine's code and Spanish message, or the cause's for a bug. */
function unreadable(tipo: TTipoArchivo, error: FevRipsError): TAnalysis {
  const cause = error.cause;
  if ((error.code === 'XML_ERROR' || error.code === 'JSON_ERROR') && cause instanceof Error && !(cause instanceof FevRipsError)) {
    const kind = tipo === 'xml' ? 'XML' : 'JSON';
    return { ok: false, code: `${kind}_ERROR`, message: MSG.analysisError(kind, cause.message) };
  }
  return { ok: false, code: error.code, message: error.message };
}

const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

/** Files attached to a chat message: the XML's and the RIPS's bytes, either may be absent. */
export type TRevisionInput = { xml: Uint8Array | null; rips: Uint8Array | null };
/**
 * One code of the rejections of attached files, as the chat lists it: the group (agruparHallazgos: duplicates counted
 * once) with its first few findings only, how many it has (`total`) and how many of them name a place (`conLugar`).
 */
export type TGrupoRevision = TGrupoHallazgos<THallazgoLocal & { pathFuente: string }> & { total: number; conLugar: number };
/** Their check as the chat answers it: why they could not be read (Spanish), or the rejections by code and how many notices. */
export type TRevision = { error: string | null; rechazos: TGrupoRevision[]; avisos: number };
/** Findings kept per code in a {@link TRevision} (the chat names two places per code). */
const MUESTRA_POR_CODIGO = 3;

/**
 * The chat's check of attached files (the pre-validator, as an upload is checked), as plain data for the worker pool
 * (a 10 MB RIPS is never parsed on the event loop). The findings come back grouped by code with a
 * few of each: a badly exported 10 MB RIPS has tens of thousands, which the event loop would otherwise receive (a
 * structured clone) and group. Never throws for bad input.
 */
export function revisarArchivos(input: TRevisionInput): TRevision {
  const chequeo = checkFiles({ xml: input.xml, rips: input.rips });
  const rechazos = chequeo.hallazgos.filter((h) => h.clase === 'RECHAZADO');
  const grupos = agruparHallazgos(rechazos.map((h) => ({ ...h, pathFuente: h.pathFuente ?? '' })));
  return {
    error: chequeo.error ? chequeo.error.message : null,
    avisos: chequeo.hallazgos.length - rechazos.length,
    rechazos: grupos.map((g) => ({ ...g, total: g.items.length, conLugar: g.items.filter((h) => h.pathFuente).length, items: g.items.slice(0, MUESTRA_POR_CODIGO) })),
  };
}
