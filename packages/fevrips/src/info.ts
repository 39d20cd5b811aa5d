import type { TInfoFevRips } from '@radica/contracts/documents';
import type { TRipsParsed } from './rips.ts';
import type { TFevXml } from './xml.ts';

/**
 * The `infoFevRips` summary of a document (seed 001 §3; same meaning as the MUV's ConsultaCUVDTO fields,
 * reference §1.6), from whichever files have been uploaded so far.
 *
 * - `cantidadUsuarios`, `cantidadAtenciones`: from the RIPS, else 0.
 * - `totalFactura`: XML `PayableAmount`, else RIPS Σ vrServicio, else 0 (pesos).
 * - `totalValorServicios`: RIPS Σ vrServicio, else XML `LineExtensionAmount`, else 0 (pesos).
 * - `modalidadPago`: XML `MODALIDAD_PAGO/@schemeID` (e.g. "04" evento, "03" capitación), else null.
 * - `identificacionAdquiriente`: XML customer NIT, else null.
 *
 * Pure; never throws.
 */
export function computeInfoFevRips(xml: TFevXml | null, rips: TRipsParsed | null): TInfoFevRips {
  return {
    cantidadUsuarios: rips?.resumen.cantidadUsuarios ?? 0,
    cantidadAtenciones: rips?.resumen.cantidadAtenciones ?? 0,
    totalFactura: xml?.totals.payableAmount ?? rips?.resumen.totalValorServicios ?? 0,
    totalValorServicios: rips?.resumen.totalValorServicios ?? xml?.totals.lineExtensionAmount ?? 0,
    modalidadPago: xml?.salud?.modalidadPago ?? null,
    identificacionAdquiriente: xml?.nitAdquiriente ?? null,
  };
}
