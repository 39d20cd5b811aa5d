/**
 * A finding of Radica's local pre-validation, shaped like the MUV's `ResultadoValidacionDTO`
 * (reference §1.5, §3.1): RECHAZADO blocks the package, NOTIFICACION is informative.
 * `pathFuente` is a RIPS JSON path without the "rips." prefix ('' for XML findings).
 */
export type THallazgoLocal = {
  clase: 'RECHAZADO' | 'NOTIFICACION';
  codigo: string;
  descripcion: string;
  observaciones: string;
  pathFuente: string;
  fuente: 'Rips' | 'FacturaElectronica';
};

/** Most findings reported by one group of checks of a file; the rest are summarised in one NOTIFICACION. */
export const MAX_STRUCTURE_FINDINGS = 200;

/**
 * Collects findings up to `limit`, counting every one (so a 100 MB file of errors costs no memory). `notices` counts
 * the NOTIFICACION kept: once full, a RECHAZADO takes the place of the last notice kept (notices never hide what blocks
 * the package).
 */
export type TFindingSink = { items: THallazgoLocal[]; total: number; limit: number; notices: number };

export function newSink(limit: number): TFindingSink {
  return { items: [], total: 0, limit, notices: 0 };
}

/**
 * Count a finding and keep it while under the limit; `make` runs only when it may be kept (paths are built lazily).
 * `clase`, when the caller knows it, spares building a notice that cannot be kept.
 */
export function emit(sink: TFindingSink, make: () => THallazgoLocal, clase?: THallazgoLocal['clase']): void {
  sink.total++;
  if (sink.items.length < sink.limit) {
    const h = make();
    sink.items.push(h);
    if (h.clase === 'NOTIFICACION') sink.notices++;
    return;
  }
  if (sink.notices === 0 || clase === 'NOTIFICACION') return;
  const h = make();
  if (h.clase !== 'RECHAZADO') return;
  let i = sink.items.length - 1;
  while (sink.items[i]?.clase !== 'NOTIFICACION') i--;
  sink.items.splice(i, 1);
  sink.items.push(h);
  sink.notices--;
}

/** The kept findings of `sink`, plus one NOTIFICACION `LIMITE_HALLAZGOS` counting those not kept (`what`: which checks). */
export function withLimit(sink: TFindingSink, what: string): THallazgoLocal[] {
  if (sink.total <= sink.items.length) return sink.items;
  const rest = sink.total - sink.items.length;
  return [
    ...sink.items,
    {
      clase: 'NOTIFICACION',
      codigo: 'LIMITE_HALLAZGOS',
      descripcion: `Se encontraron ${rest} hallazgos de ${what} adicionales que no se muestran.`,
      observaciones: `Se muestran los primeros ${sink.items.length}. Corrige los errores y vuelve a cargar el RIPS.`,
      pathFuente: '',
      fuente: 'Rips',
    },
  ];
}

/** A bug in a rule must not hide the other findings nor escape the engine: it becomes one finding. */
export function engineFailure(e: unknown): THallazgoLocal {
  return {
    clase: 'NOTIFICACION',
    codigo: 'ERROR_VALIDADOR',
    descripcion: 'Una de las validaciones locales no pudo completarse; el resto de hallazgos sí se muestra.',
    observaciones: e instanceof Error ? e.message.slice(0, 200) : '',
    pathFuente: '',
    fuente: 'Rips',
  };
}

/** True when any finding blocks the package (RECHAZADO). */
export function hasRechazo(h: THallazgoLocal[]): boolean {
  return h.some((x) => x.clase === 'RECHAZADO');
}
