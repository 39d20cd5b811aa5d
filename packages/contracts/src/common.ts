import { z } from 'zod';

/** The response envelope of every call: `{ success, data, message }` (seed 000 §3). */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), data, message: z.string().optional() });

export type TEnvelope<T> = { success: boolean; data: T; message?: string };

/** Error body: `{ success: false, message, code, data? }`. `data` carries extra facts (both NITs…). */
export const ZErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  data: z.unknown().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/**
 * Spanish fallback for schema issues that carry no message of their own (wrong type, unexpected value).
 * Call once at start-up on each side (API and web). Messages set in the schemas take precedence.
 */
export function configureZodSpanish() {
  z.config({
    customError: (issue) => {
      const field = issue.path?.length ? ` (${issue.path.join('.')})` : '';
      return `Dato inválido${field}. Revise los datos enviados.`;
    },
  });
}
