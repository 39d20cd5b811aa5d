import { z } from 'zod';
import { MSG } from './messages.ts';
import { MSG_CUENTAS } from './messages-cuentas.ts';
import { ALCANCES, TIPOS_ENTIDAD, TIPOS_PRESTADOR } from './enums.ts';

/** Provider configuration (seed 000 §3 "Configuration payload sent to the server", §5 "Provider form"). */

const optionalCode = <T extends string>(values: readonly T[]) =>
  z
    .union([z.enum(values as [T, ...T[]]), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const optionalDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}/, 'Fecha inválida (aaaa-mm-dd)')
  .optional()
  .nullable()
  .or(z.literal(''))
  .transform((v) => (v ? v.slice(0, 10) : null));

export const ZProviderConfigRequest = z.object({
  codigoPrestador: z
    .string({ error: MSG.codigoPrestadorRequired })
    .trim()
    .min(1, MSG.codigoPrestadorRequired)
    .max(20)
    .regex(/^[0-9A-Za-z]+$/, 'El código prestador solo admite letras y números'),
  userValidator: z
    .string({ error: MSG.usuarioValidadorRequired })
    .trim()
    .min(1, MSG.usuarioValidadorRequired)
    .max(100),
  /** Required on create; on update an empty value keeps the stored password. */
  passwordValidator: z.string().max(200).optional().nullable(),
  tipoPrestadorServicio: optionalCode(Object.keys(TIPOS_PRESTADOR)),
  tipoCaracter: optionalCode(Object.keys(ALCANCES)),
  /** Sent as N or J (seed 000 §3); natural/juridico are accepted and mapped. */
  tipoClasePersona: z
    .string()
    .optional()
    .nullable()
    .transform((v) => mapTipoClasePersona(v)),
  tipoEntidad: optionalCode(Object.keys(TIPOS_ENTIDAD)),
  telefonoAdicional: optionalText(50),
  nombreRepresentanteLegal: optionalText(300),
  fechaRadicacion: optionalDate,
  fechaVencimiento: optionalDate,
}).superRefine((v, ctx) => {
  // An expiry before the filing date was accepted. Checked by the browser and the server alike.
  if (v.fechaRadicacion && v.fechaVencimiento && v.fechaVencimiento < v.fechaRadicacion)
    ctx.addIssue({ code: 'custom', path: ['fechaVencimiento'], message: MSG_CUENTAS.fechaVencimientoAnterior });
});
export type TProviderConfigRequest = z.input<typeof ZProviderConfigRequest>;
export type TProviderConfigInput = z.output<typeof ZProviderConfigRequest>;

/**
 * Map tipoClasePersona values N, J, n, j, natural, juridico, 1, 2 to 'N' | 'J' (seed 000 §2); anything else → null.
 */
export function mapTipoClasePersona(value: string | null | undefined): 'N' | 'J' | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (['n', 'natural', '1'].includes(v)) return 'N';
  if (['j', 'juridico', 'jurídico', '2'].includes(v)) return 'J';
  return null;
}

export const ZTercero = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string(),
  tipoIdentidad: z.string(),
  numeroIdentificacion: z.string(),
  codPais: z.string(),
  codDepartamento: z.string(),
  codCiudad: z.string(),
  /** The municipality's DIVIPOLA name for codDepartamento + codCiudad ('' when unknown); Radica,. */
  nombreCiudad: z.string().optional(),
  dv: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  email: z.string(),
  observaciones: z.string(),
  activo: z.boolean(),
  fechaCreacion: z.string(),
});
export type TTercero = z.infer<typeof ZTercero>;

/**
 * GET /api/Auth/tercero-fevrips data. The validator password is never returned in clear:
 * `passwordValidator` is '' and `hasPasswordValidator` says whether one is stored (docs/spec-deviations.md).
 */
export const ZProviderConfig = z.object({
  codigoPrestador: z.string().nullable(),
  userValidator: z.string().nullable(),
  passwordValidator: z.string(),
  hasPasswordValidator: z.boolean(),
  tipoPrestadorServicio: z.string().nullable(),
  tipoCaracter: z.string().nullable(),
  fechaRadicacion: z.string().nullable(),
  fechaVencimiento: z.string().nullable(),
  tipoClasePersona: z.string().nullable(),
  tipoEntidad: z.string().nullable(),
  telefonoAdicional: z.string().nullable(),
  nombreRepresentanteLegal: z.string().nullable(),
  activo: z.boolean(),
  configurado: z.boolean(),
  tercero: ZTercero,
});
export type TProviderConfig = z.infer<typeof ZProviderConfig>;

/** PUT /api/Auth/actualizar-tercero `data`: the stored tercero with the registration's name parts (seed 000 §3). */
export const ZTerceroRecord = ZTercero.extend({
  primerNombre: z.string(),
  segundoNombre: z.string(),
  primerApellido: z.string(),
  segundoApellido: z.string(),
});
export type TTerceroRecord = z.infer<typeof ZTerceroRecord>;
