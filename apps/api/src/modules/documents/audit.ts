import { ACCIONES_DOCUMENTO, CANAL_ETIQUETAS, HISTORIAL_MAX, type TAccionDocumento, type TCanalDocumento, type TEventoDocumento } from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import type { TAuditRecorder } from '../../integrations/muv/client.ts';
import { insertEventos, listEventos } from './eventos-repository.ts';
import { finishAttempt, insertAttempt, type TQuery } from './repository.ts';

/** Audit rows (muv_attempts) of one document: every HTTP attempt toward the MUV (DESIGN.md flow step 3). */
export function auditRecorder(deps: Pick<TDeps, 'db'>, tenantId: number, fevRipsId: number): TAuditRecorder {
  return {
    start: (operation, summary) => insertAttempt(deps.db, tenantId, fevRipsId, operation, summary),
    finish: (id, r) => finishAttempt(deps.db, tenantId, id, r),
  };
}

/**
 * Who acts on a document: the call's context (a session's user, or an API key and the user who created it), and the
 * channel when it is not the call's own (e-mail, SFTP: lote.ts says so).
 */
export type TActor = { tenantId: number; userId: number; apiKeyId?: number | null; canal?: TCanalDocumento };

/** Channels through which no person acts (the document records the company's first user, the audit nobody). */
const SIN_PERSONA: readonly TCanalDocumento[] = ['email', 'sftp'];

/**
 * Record that `actor` did `accion` to the tenant's documents `fevRipsIds` (the detail's
 * history). `q` is the caller's transaction when the action has one, so the record commits with the action. The
 * channel is `canal`, else 'api' for an API key, else 'plataforma'; e-mail and SFTP record no person. `en` is when it
 * happened when that instant is stored elsewhere too (a send's `fechaEnvio`), so both show the same time; else now.
 */
export async function registrarAccion(
  q: TQuery,
  actor: TActor,
  fevRipsIds: number | number[],
  accion: TAccionDocumento,
  o: { canal?: TCanalDocumento; detalle?: string; en?: Date } = {},
): Promise<void> {
  const canal = o.canal ?? actor.canal ?? (actor.apiKeyId ? 'api' : 'plataforma');
  const usuarioId = SIN_PERSONA.includes(canal) ? null : actor.userId;
  await insertEventos(
    q,
    actor.tenantId,
    [fevRipsIds].flat().map((fevRipsId) => ({ fevRipsId, usuarioId, apiKeyId: actor.apiKeyId ?? null, canal, accion, detalle: o.detalle ?? '', ...(o.en ? { creadoEn: o.en } : {}) })),
  );
}

/** The history of the tenant's document: its newest HISTORIAL_MAX actions, who did them and through which channel. */
export async function historialDe(deps: Pick<TDeps, 'db'>, tenantId: number, fevRipsId: number): Promise<TEventoDocumento[]> {
  const rows = await listEventos(deps.db, tenantId, fevRipsId, HISTORIAL_MAX);
  return rows.map(({ evento: e, usuario, eliminadoEn, clave }) => {
    const accion = ACCIONES_DOCUMENTO[e.accion as TAccionDocumento] ?? e.accion;
    const via = e.canal === 'api' && clave ? `con la clave de API «${clave}»` : e.canal !== 'plataforma' ? `por ${CANAL_ETIQUETAS[e.canal as TCanalDocumento] ?? e.canal}` : '';
    return {
      id: e.id,
      fecha: e.creadoEn.toISOString(),
      accion: e.accion,
      descripcion: [accion, e.detalle, via].filter(Boolean).join(' · '),
      usuario: usuario ? `${usuario}${eliminadoEn ? ' (eliminado)' : ''}` : null,
      canal: e.canal,
    };
  });
}
