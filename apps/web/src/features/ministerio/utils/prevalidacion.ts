import type { THallazgo } from '@radica/contracts/documents';

/**
 * Local pre-validation findings that the ministry would reject (clase 'RECHAZADO'); when any exists,
 * a send asks for confirmation ('Enviar de todos modos').
 */
export function countRechazados(
  findings: ReadonlyArray<Pick<THallazgo, 'clase'>> | null | undefined,
): number {
  return (findings ?? []).filter((f) => f.clase.toUpperCase() === 'RECHAZADO').length;
}
