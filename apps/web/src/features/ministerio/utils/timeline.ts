export type TimelineStepState = 'complete' | 'current' | 'upcoming' | 'failed';
export type TimelineStep = { key: string; label: string; state: TimelineStepState };

type DocumentFacts = { estado: string; xml: boolean; json: boolean } | null;

const FINAL_LABELS: Record<string, string> = {
  APROBADO: 'Aprobado',
  NO_APROBADO: 'Rechazado',
  RECHAZADO: 'Rechazado',
  ERROR: 'Error',
};

/**
 * The process timeline (seed 001 §2): Creado, Carga de Documentos, Listo para Envío, Enviándose and a
 * final step (Aprobado, Rechazado, Error or Pendiente). `progress` is the share of completed steps, 0–100.
 */
export function buildTimeline(
  doc: DocumentFacts,
  isSending: boolean,
): { steps: TimelineStep[]; progress: number } {
  const estado = doc?.estado ?? '';
  const hasBoth = Boolean(doc?.xml && doc?.json);
  const finalLabel = FINAL_LABELS[estado];
  const isFinal = finalLabel !== undefined;
  const sending = isSending || estado === 'ENPROCESO';

  const done = [
    doc !== null,
    hasBoth,
    hasBoth && estado !== 'ANULADO',
    isFinal && !sending,
    isFinal && !sending,
  ];
  const labels = [
    'Creado',
    'Carga de Documentos',
    'Listo para Envío',
    'Enviándose',
    sending ? 'Pendiente' : (finalLabel ?? 'Pendiente'),
  ];
  const keys = ['creado', 'carga', 'listo', 'enviando', 'final'];
  let currentAssigned = false;
  const steps = labels.map((label, index): TimelineStep => {
    let state: TimelineStepState;
    if (done[index]) {
      state = index === 4 && estado !== 'APROBADO' ? 'failed' : 'complete';
    } else if (!currentAssigned) {
      state = 'current';
      currentAssigned = true;
    } else {
      state = 'upcoming';
    }
    return { key: keys[index]!, label, state };
  });
  const completed = done.filter(Boolean).length;
  return { steps, progress: Math.round((completed / steps.length) * 100) };
}
