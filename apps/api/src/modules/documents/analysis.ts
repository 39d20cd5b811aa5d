import type { TInfoFevRips } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { parseFevXml, type TFevXml } from '@radica/fevrips/xml';
import { formatoDelDocumento, parseRipsJson, type TRipsParsed } from '@radica/fevrips/rips';
import { computeInfoFevRips } from '@radica/fevrips/info';
import { checkDocuments, resolveRipsVersion, ripsSchema } from '@radica/fevrips/engine';
import { muvEndpointFor, type TMuvEndpoint } from '@radica/fevrips/endpoints';
import type { THallazgoLocal } from '@radica/fevrips/findings';
import { FevRipsError } from '@radica/fevrips/errors';

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
    };

/**
 * Parse and check an upload (seed 001 §5; DESIGN.md "The ministry flow" steps 1–2): the new file strictly (XML with
 * no DTD, RIPS JSON with a formato), then the pair it makes with `other` through the engine's single check entry.
 * Pure and CPU-bound: runs in the upload worker pool (analysis-pool.ts) so a 10 MB file never blocks the event loop.
 * Never throws for bad input: an unreadable new file is `{ ok: false }`.
 */
export function analyzeUpload(input: TAnalysisInput): TAnalysis {
  let xml: TFevXml | null = null;
  let rips: TRipsParsed | null = null;
  try {
    if (input.tipo === 'xml') xml = parseFevXml(input.bytes);
    else rips = parseRipsJson(input.bytes);
  } catch (err) {
    if (err instanceof FevRipsError) return { ok: false, code: err.code, message: err.message };
    const kind = input.tipo === 'xml' ? 'XML' : 'JSON';
    return { ok: false, code: `${kind}_ERROR`, message: MSG.analysisError(kind, (err as Error).message) };
  }
  // A note's RIPS is filed under the note's number, like its XML (never under the invoice it corrects).
  const formato = xml ? xml.formato : formatoDelDocumento(rips!);
  if (!formato) return { ok: false, code: 'JSON_NO_FORMATO', message: MSG.jsonNoFormato };
  const idObligado = xml ? xml.nitObligado : rips!.numDocumentoIdObligado;
  // The file already stored was read at its own upload; it parses again.
  if (input.other) {
    if (input.tipo === 'xml') rips = parseRipsJson(input.other);
    else xml = parseFevXml(input.other);
  }
  const summary = computeInfoFevRips(xml, rips);
  // Absurd amounts (1e308, or sums that overflow to Infinity) are findings of the engine, not numbers to store.
  const info = {
    ...summary,
    totalFactura: finite(summary.totalFactura),
    totalValorServicios: finite(summary.totalValorServicios),
    estructuraRips: rips ? ripsSchema(resolveRipsVersion(xml, rips)).norma : null,
  };
  return {
    ok: true,
    formato,
    idObligado: idObligado || null,
    tipoDocumento: xml ? xml.tipoDocumento : null,
    totalFactura: finite(xml?.totals.payableAmount ?? info.totalFactura),
    info,
    endpoint: muvEndpointFor(xml, rips),
    findings: checkDocuments(xml, rips),
  };
}

const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
