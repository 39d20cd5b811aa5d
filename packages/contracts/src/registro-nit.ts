import { z } from 'zod';

/**
 * POST /api/Auth/check-nit (minor): whether a company with that NIT already has a Radica account, asked by the
 * registration wizard to warn before a second account for the same company is created. Only NITs (tipo NI) are
 * looked up: a person's document number is never revealed (docs/decisions/041-nit-ya-registrado.md).
 */
export const ZCheckNitRequest = z.object({
  tipoIdentidad: z.string().trim().max(4),
  numeroIdentificacion: z.string().trim().min(1).max(20),
});
export type TCheckNitRequest = z.infer<typeof ZCheckNitRequest>;
export const ZCheckNitData = z.object({ existe: z.boolean() });
export type TCheckNitData = z.infer<typeof ZCheckNitData>;

/** A NIT as stored at registration: without spaces, dots, hyphens or underscores. */
export function normalizeNumeroIdentificacion(value: string): string {
  return value.replace(/[\s.\-_]/g, '');
}
