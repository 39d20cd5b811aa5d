import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { paqueteCompleto } from '@radica/contracts/muv';

export type TimelineStepState = 'complete' | 'current' | 'upcoming' | 'failed';
export type TimelineStep = { key: string; label: string; state: TimelineStepState };

type DocumentFacts = { estado: string; xml: boolean; json: boolean; servicioCarga?: string | null } | null;

/** The verdicts that end the timeline, named as the status labels name them (one set, contracts). */
const FINALES: readonly TEstado[] = ['APROBADO', 'NO_APROBADO', 'RECHAZADO', 'ERROR'];

/**
 * The process timeline (seed 001 §2): Creado, Carga de Documentos, Listo para envío, Enviándose and a final step (the
 * verdict's status label, or 'Respuesta del Ministerio' before it). Its steps are named with the status labels the
 * badge uses, and the files are complete when the package type has what it needs (contracts
 * `paqueteCompleto`: a RIPS without invoice is ready with its RIPS alone). `progress` is the share of completed steps.
 */
export function buildTimeline(
  doc: DocumentFacts,
  isSending: boolean,
): { steps: TimelineStep[]; progress: number } {
  const estado = doc?.estado ?? '';
  const hasBoth = doc !== null && paqueteCompleto(doc.servicioCarga, { xml: doc.xml, json: doc.json });
  const isFinal = (FINALES as readonly string[]).includes(estado);
  const finalLabel = isFinal ? ESTADO_ETIQUETAS[estado as TEstado] : MSG_MINISTERIO.timelineRespuesta;
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
    ESTADO_ETIQUETAS.EN_ESPERA,
    ESTADO_ETIQUETAS.ENPROCESO,
    sending ? MSG_MINISTERIO.timelineRespuesta : finalLabel,
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
