import { z } from 'zod';

/**
 * The REPS provider search and the provider-form helpers (seed 000 §2 "Autocomplete behaviour", §3
 * "Provider search result", §7 GET /api/Auth/prestadores/autocomplete, §9 limits). Field names verbatim.
 */

/** Seed 000 §9: provider search debounce, minimum trimmed text and results. */
export const PRESTADORES_DEBOUNCE_MS = 1000;
export const PRESTADORES_MIN_TEXTO = 2;
export const PRESTADORES_LIMITE = 10;
/** Most results a caller may ask for (Radica: the seed's form asks 10). */
export const PRESTADORES_LIMITE_MAX = 20;

/**
 * GET /api/Auth/prestadores/autocomplete query: `texto` trimmed (shorter than {@link PRESTADORES_MIN_TEXTO} answers no
 * items), `limite` 1–{@link PRESTADORES_LIMITE_MAX}, default {@link PRESTADORES_LIMITE}.
 */
export const ZPrestadoresAutocompleteQuery = z.object({
  texto: z.string().trim().max(200, 'El texto de búsqueda es demasiado largo').default(''),
  limite: z.coerce.number().int().min(1).max(PRESTADORES_LIMITE_MAX).default(PRESTADORES_LIMITE),
});
export type TPrestadoresAutocompleteQuery = z.input<typeof ZPrestadoresAutocompleteQuery>;

/**
 * Provider search result (seed 000 §3), one REPS provider: `codigoPrestadorServicio` is the 12-digit code the RIPS
 * carries (REPS codigo_habilitacion, 10 digits, plus the main sede, 2 digits); codes as the provider form takes them
 * (tipoPrestadorServicio 01–04, tipoCaracter D/E/F/G/H/N/A, tipoClasePersona N/J, tipoEntidad 01/03/04); dates
 * YYYY-MM-DD; `activo` false when the provider is not habilitado (or left the last imported file).
 */
export const ZPrestadorResultado = z.object({
  id: z.number(),
  codigoPrestadorServicio: z.string(),
  nombre: z.string(),
  displayText: z.string(),
  numeroIdentificacion: z.string().nullable(),
  razonSocial: z.string().nullable(),
  tipoPrestadorServicio: z.string().nullable(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  tipoCaracter: z.string().nullable(),
  tipoClasePersona: z.string().nullable(),
  tipoEntidad: z.string().nullable(),
  nombreRepresentanteLegal: z.string().nullable(),
  fechaRadicacion: z.string().nullable(),
  fechaVencimiento: z.string().nullable(),
  activo: z.boolean(),
});
export type TPrestadorResultado = z.infer<typeof ZPrestadorResultado>;

/** `data` of GET /api/Auth/prestadores/autocomplete (seed 000 §7: data.items). */
export const ZPrestadoresAutocompleteData = z.object({ items: z.array(ZPrestadorResultado) });
export type TPrestadoresAutocompleteData = z.infer<typeof ZPrestadoresAutocompleteData>;

/**
 * POST /api/Auth/probar-conexion-fevrips (Radica): logs in to the configured MUV
 * with the saved validator credentials. `conectado` true when the ministry accepted them; `mensaje` says so in Spanish.
 */
export const ZProbarConexionData = z.object({ conectado: z.boolean(), mensaje: z.string() });

/**
 * POST /api/Auth/probar-conexion-fevrips body (test what is typed before saving). Both optional: an absent
 * field is the saved one (no body: the saved credentials, as before). Never stored. An empty password is "the saved
 * one", as in the form's edit mode.
 */
export const ZProbarConexionRequest = z
  .object({
    userValidator: z.string().trim().min(1).max(100).optional(),
    passwordValidator: z
      .string()
      .max(200)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict();
export type TProbarConexionRequest = z.input<typeof ZProbarConexionRequest>;
export type TProbarConexionData = z.infer<typeof ZProbarConexionData>;

/**
 * POST /api/admin/reps/import `data` (operator route; `npm run reps:import`): what the import did. `malformadas`: rows
 * skipped for lacking a 10-digit codigo_habilitacion; `columnasIgnoradas`: header columns the import does not know.
 */
export const ZRepsImportData = z.object({
  filas: z.number(),
  insertados: z.number(),
  actualizados: z.number(),
  retirados: z.number(),
  duracionMs: z.number(),
  malformadas: z.number(),
  columnasIgnoradas: z.array(z.string()),
});
export type TRepsImportData = z.infer<typeof ZRepsImportData>;
