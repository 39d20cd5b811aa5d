import type { TMuvEndpoint as TMuvEndpointName } from '@radica/contracts/muv';
import { paqueteDeTipoNota } from '@radica/contracts/reglas';
import type { TRipsParsed } from './rips.ts';
import type { TFevXml } from './xml.ts';

/** MUV endpoints a package can go to (the protocol's table in @radica/contracts/muv, reference §1.2). */
export type TMuvEndpoint = Exclude<TMuvEndpointName, 'CargarNCAcuerdoVoluntades'>;

/**
 * The MUV endpoint for a package, decided from the files (reference §1.2 scenario table):
 * - RIPS `tipoNota` NA → CargarNotaAjuste (with or without XML);
 * - RIPS `tipoNota` RS without XML → CargarRipsSinFactura;
 * - credit note XML: capitación (MODALIDAD_PAGO 03) → CargarNcCapita; with RIPS → CargarNC; without RIPS →
 *   CargarNCTotal (the total NC travels with `rips: null`);
 * - debit note XML → CargarND;
 * - invoice with MODALIDAD_PAGO 03 (capitación): without RIPS → CargarCapitaInicial (FEV without RIPS), with
 *   RIPS → CargarCapitaPeriodo (RIPS of the previous period);
 * - any other invoice → CargarFevRips;
 * - RIPS without XML: `tipoNota` NC/ND → CargarNC/CargarND; anything else → CargarFevRips (the caller must
 *   make sure both files exist before sending).
 * CargarCapitaFinal (RIPS only, ❓ whether an XML goes with it) and CargarNCAcuerdoVoluntades cannot be told
 * apart from the files: {@link muvEndpointsFor} lists them as alternatives for the user to choose.
 */
export function muvEndpointFor(xml: TFevXml | null, rips: Pick<TRipsParsed, 'tipoNota'> | null): TMuvEndpoint {
  const tipoNota = rips?.tipoNota ?? null;
  if (tipoNota === 'NA') return 'CargarNotaAjuste';
  if (!xml) return paqueteDeTipoNota(tipoNota) as TMuvEndpoint;
  const capita = xml.salud?.modalidadPago === '03';
  if (xml.tipoDocumento === 'NC') return capita ? 'CargarNcCapita' : rips ? 'CargarNC' : 'CargarNCTotal';
  if (xml.tipoDocumento === 'ND') return 'CargarND';
  if (capita) return rips ? 'CargarCapitaPeriodo' : 'CargarCapitaInicial';
  return 'CargarFevRips';
}

/**
 * The endpoint of {@link muvEndpointFor} first, then the other endpoints the same files could legitimately go
 * to (capitación: CargarCapitaFinal after CargarCapitaPeriodo; credit notes: CargarNCAcuerdoVoluntades is not
 * in this type because the product does not send it yet). Never empty.
 */
export function muvEndpointsFor(xml: TFevXml | null, rips: Pick<TRipsParsed, 'tipoNota'> | null): TMuvEndpoint[] {
  const main = muvEndpointFor(xml, rips);
  if (main === 'CargarCapitaPeriodo') return [main, 'CargarCapitaFinal'];
  return [main];
}
