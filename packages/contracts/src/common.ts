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
