import type { THallazgoLocal } from './findings.ts';
import type { TRipsVisitor, TServiceList } from './rips.ts';
import { isRecord } from './shared.ts';

/**
 * RVC012 against the REPS providers table. A real MUV answer (2025, reference §3.2) rejects a package whose
 * `codPrestador` is, in the ministry's REPS tables, a provider of another NIT than `numDocumentoIdObligado`:
 * "Verificar tablas de referencia, datos (Código Prestador:682760166601 - Nit: 900330752)".
 *
 * The engine is pure and the REPS table lives in the API's database, so the rule is split in two: during the one pass
 * over the RIPS {@link CodigosPrestador} gathers each distinct codPrestador with its first path; then
 * {@link reglaPrestadorReps} decides them with a lookup (the CLI and tests pass one in the check options; the API looks
 * the gathered codes up in its REPS table after the upload's analysis).
 */

/** What Radica's REPS table says of one codigo de habilitación: the provider's NIT (null when the row has none). */
export type TPrestadorReps = { nit: string | null };

/**
 * Looks a codigo de habilitación (10 digits) up in a REPS table: undefined when the table does not have it (a regional
 * seed, an old import: the rule then says nothing).
 */
export type TPrestadoresReps = (codigoHabilitacion: string) => TPrestadorReps | undefined;

/** One distinct codPrestador of a RIPS (12 digits: REPS code + sede) and the path of its first service. */
export type TCodPrestadorVisto = { codPrestador: string; pathFuente: string };

/** Verbatim from the real MUV answer (reference §3.2). */
export const RVC012_DESCRIPCION =
  'El código del prestador de servicios de salud o del obligado a reportar debe estar relacionado con el numDocumentoIdObligado.';

/** Distinct codes kept per RIPS: a file of one provider has a few (its sedes); more than this is not a real file. */
export const MAX_CODIGOS_PRESTADOR = 200;

const COD_PRESTADOR = /^\d{12}$/;

/** Gathers the distinct well-formed codPrestador values of a RIPS, in file order (a visitor of rips.ts `walkRips`). */
export class CodigosPrestador implements TRipsVisitor {
  readonly vistos: TCodPrestadorVisto[] = [];
  private readonly seen = new Set<string>();
  private last: unknown = undefined;
  private u = 0;

  usuario(u: number): void {
    this.u = u;
  }

  servicio(list: TServiceList, j: number, service: unknown): void {
    if (!isRecord(service)) return;
    const cod = service['codPrestador'];
    if (cod === this.last) return;
    this.last = cod;
    if (typeof cod !== 'string' || !COD_PRESTADOR.test(cod) || this.seen.has(cod)) return;
    if (this.vistos.length >= MAX_CODIGOS_PRESTADOR) return;
    this.seen.add(cod);
    this.vistos.push({ codPrestador: cod, pathFuente: `usuarios[${this.u}].servicios.${list}[${j}].codPrestador` });
  }
}

/** A NIT as digits without leading zeros ('' when it has no digit), so '0900330752' and '900330752' compare equal. */
function nitDigits(nit: string): string {
  return nit.replace(/\D/g, '').replace(/^0+/, '');
}

/**
 * RVC012 (RECHAZADO, Rips; real MUV answer, 2025): one finding per gathered codPrestador whose codigo de habilitación
 * (its first 10 digits) is in `lookup` with a NIT other than `numDocumentoIdObligado`. Codes the table does not have, or
 * has without a NIT, say nothing (never reject on a gap of Radica's copy). Pure.
 */
export function reglaPrestadorReps(
  vistos: readonly TCodPrestadorVisto[],
  numDocumentoIdObligado: string | null,
  lookup: TPrestadoresReps,
): THallazgoLocal[] {
  const obligado = numDocumentoIdObligado ? nitDigits(numDocumentoIdObligado) : '';
  if (!obligado) return [];
  const out: THallazgoLocal[] = [];
  for (const { codPrestador, pathFuente } of vistos) {
    const nit = lookup(codPrestador.slice(0, 10))?.nit;
    if (!nit || !nitDigits(nit) || nitDigits(nit) === obligado) continue;
    out.push({
      clase: 'RECHAZADO',
      codigo: 'RVC012',
      descripcion: RVC012_DESCRIPCION,
      observaciones: `Verificar tablas de referencia, datos (Código Prestador:${codPrestador} - Nit: ${numDocumentoIdObligado})`,
      pathFuente,
      fuente: 'Rips',
    });
  }
  return out;
}

/** A {@link TPrestadoresReps} over a map of codigo de habilitación → NIT (tests, the CLI's `--reps` file). */
export function prestadoresDeMapa(map: ReadonlyMap<string, string | null>): TPrestadoresReps {
  return (codigo) => (map.has(codigo) ? { nit: map.get(codigo) ?? null } : undefined);
}
