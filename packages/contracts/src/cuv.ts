import { z } from 'zod';

/**
 * The public CUV lookup (seed 000 §7 lists POST /api/FevRips/consultar-cuv/ among the public
 * paths; seed 002 §1 'CUV lookup' in the Profesional plan): anyone holding a CUV checks it with the ministry.
 */

/** A CUV: 96 hexadecimal characters (reference §1.5); upper case is accepted and folded to lower case. */
export const ZCuv = z
  .string({ error: 'Escribe el CUV que quieres consultar.' })
  .trim()
  .regex(/^[0-9a-fA-F]{96}$/, 'El CUV debe tener 96 caracteres hexadecimales (0–9 y a–f).')
  .transform((v) => v.toLowerCase());

/** POST /api/FevRips/consultar-cuv/ body: `cuv` (or the ministry's own name, `codigoUnicoValidacion`). */
export const ZConsultarCuvRequest = z
  .object({ cuv: z.unknown().optional(), codigoUnicoValidacion: z.unknown().optional() })
  .transform((b) => b.cuv ?? b.codigoUnicoValidacion)
  .pipe(ZCuv);
export type TConsultarCuvRequest = { cuv: string } | { codigoUnicoValidacion: string };

/**
 * What the ministry's ConsultarCUV says of a CUV, and nothing else (no tenant data of Radica's): validity, the
 * document and its issuer, totals (COP) and dates as the ministry writes them.
 */
export const ZConsultarCuvData = z.object({
  cuv: z.string(),
  valido: z.boolean(),
  procesoId: z.number().nullable(),
  fechaValidacion: z.string().nullable(),
  tipoDocumento: z.string().nullable(),
  numeroDocumento: z.string().nullable(),
  numDocumentoIdObligado: z.string().nullable(),
  fechaEmision: z.string().nullable(),
  totalFactura: z.number().nullable(),
  totalValorServicios: z.number().nullable(),
  cantidadUsuarios: z.number().nullable(),
  cantidadAtenciones: z.number().nullable(),
  identificacionAdquiriente: z.string().nullable(),
  codigoPrestador: z.string().nullable(),
  modalidadPago: z.string().nullable(),
  numDocumentoReferenciado: z.string().nullable(),
});
export type TConsultarCuvData = z.infer<typeof ZConsultarCuvData>;
