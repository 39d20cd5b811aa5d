import { resolveRipsVersion } from '@radica/fevrips/engine';
import { FevRipsError } from '@radica/fevrips/errors';
import { construirRipsNota, creditosPrevios, serviciosDeFactura, type TServicioFactura } from '@radica/fevrips/notas';
import { parseRipsHead } from '@radica/fevrips/rips';
import { decodeUtf8, isRecord } from '@radica/fevrips/shared';
import { ripsJsonText } from '@radica/fevrips/sheet';
import { parseFevXml, type TFevXml } from '@radica/fevrips/xml';
import type { TTipoNota } from '@radica/contracts/notas';

/**
 * The CPU-bound half of the notes (docs/decisions/051), run in the analysis worker pool (documents/analysis-pool.ts) so
 * an invoice's 10 MB RIPS or a large note XML is never parsed on the event loop (decision 010). Plain data in and out.
 */

/** An invoice's files and its family's earlier credit notes (their RIPS); `total`: a total credit note exists. */
export type TLeerFacturaTarea = { xml: Uint8Array; json: Uint8Array; previas: Uint8Array[]; total: boolean };

/** A service of the invoice with what a new credit note may still credit (null: a service without value). */
export type TServicioDisponible = TServicioFactura & { disponible: number | null };

/** The invoice read: its XML, its RIPS's numFactura and its services; `ok: false` when a file cannot be read. */
export type TFacturaLeida = { ok: true; xml: TFevXml; numFactura: string | null; servicios: TServicioDisponible[] } | { ok: false };

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * Reads an invoice for the note builder: its XML, its RIPS's services, and per service what is left to credit after the
 * earlier credit notes (notas.ts creditosPrevios; nothing after a total credit note). Never throws.
 */
export function leerFacturaTarea(t: TLeerFacturaTarea): TFacturaLeida {
  try {
    const xml = parseFevXml(t.xml);
    const rips = JSON.parse(decodeUtf8(t.json)) as unknown;
    if (!isRecord(rips)) return { ok: false };
    const servicios = serviciosDeFactura(rips);
    const previas = t.previas.flatMap((bytes) => {
      try {
        const value: unknown = JSON.parse(decodeUtf8(bytes));
        return isRecord(value) ? [value] : [];
      } catch {
        return []; // an unreadable earlier note credits nothing
      }
    });
    const acreditado = creditosPrevios(servicios, previas);
    return {
      ok: true,
      xml,
      numFactura: parseRipsHead(rips).numFactura,
      servicios: servicios.map((s) => ({
        ...s,
        disponible: s.valor === null ? null : t.total ? 0 : Math.max(0, cents(s.valor - (acreditado.get(s.pathFuente) ?? 0))),
      })),
    };
  } catch {
    return { ok: false };
  }
}

/** A note's XML read, or why it cannot be (the engine's code and Spanish message). Never throws. */
export type TNotaXmlLeida = { ok: true; xml: TFevXml } | { ok: false; code: string; message: string };

export function leerNotaTarea(t: { bytes: Uint8Array }): TNotaXmlLeida {
  try {
    return { ok: true, xml: parseFevXml(t.bytes) };
  } catch (e) {
    if (e instanceof FevRipsError) return { ok: false, code: e.code, message: e.message };
    return { ok: false, code: 'XML_ERROR', message: new FevRipsError('XML_ERROR').message };
  }
}

/** What the note's RIPS is built from: the invoice's RIPS, the checked services and the note's fields. */
export type TConstruirNotaTarea = {
  json: Uint8Array;
  tipo: Exclude<TTipoNota, 'NCTotal'>;
  numNota: string;
  numFactura: string;
  servicios: { pathFuente: string; valor: number }[];
  /** The note's XML (else the invoice's): its date decides the RIPS structure the file is written in. */
  xml: TFevXml;
};

/**
 * The note's RIPS (notas.ts construirRipsNota) and its file text as the ministry expects it (sheet.ts ripsJsonText:
 * the structure's key order, for the note's date). The services were checked against the same invoice by the caller.
 * @throws when the invoice's RIPS cannot be read (it was read by {@link leerFacturaTarea} just before).
 */
export function construirNotaTarea(t: TConstruirNotaTarea): { rips: Record<string, unknown>; texto: string } {
  const factura = JSON.parse(decodeUtf8(t.json)) as Record<string, unknown>;
  const porPath = new Map(serviciosDeFactura(factura).map((s) => [s.pathFuente, s]));
  const servicios = t.servicios.map((s) => {
    const servicio = porPath.get(s.pathFuente);
    if (!servicio) throw new Error(`service ${s.pathFuente} is not in the invoice`);
    return { servicio, valor: s.valor };
  });
  const rips = construirRipsNota(factura, { tipo: t.tipo, numNota: t.numNota, numFactura: t.numFactura, servicios });
  return { rips, texto: `${ripsJsonText(rips, resolveRipsVersion(t.xml, { rips }))}\n` };
}
