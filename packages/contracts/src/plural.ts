/**
 * A count with its noun in the right number (es-CO): `countOf(1, 'notificación', 'notificaciones')` → '1 notificación',
 * `countOf(0, …)` → '0 notificaciones'. '1 notificaciones'. Seed texts that write 'documento(s)' keep it.
 */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
