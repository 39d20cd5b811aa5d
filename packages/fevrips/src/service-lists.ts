/** The seven service lists of a usuario, spelt as in Res. 2275/2023 (reference §2.1). */
export const SERVICE_LISTS = [
  'consultas',
  'procedimientos',
  'urgencias',
  'hospitalizacion',
  'recienNacidos',
  'medicamentos',
  'otrosServicios',
] as const;
/** One of SERVICE_LISTS. A file of its own so that schema.ts need not import rips.ts, which imports claves.ts, which imports schema.ts. */
export type TServiceList = (typeof SERVICE_LISTS)[number];
