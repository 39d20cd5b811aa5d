import type { TDeps } from '../../deps.ts';
import type { TAuditRecorder } from '../../integrations/muv/client.ts';
import { finishAttempt, insertAttempt } from './repository.ts';

/** Audit rows (muv_attempts) of one document: every HTTP attempt toward the MUV (DESIGN.md flow step 3). */
export function auditRecorder(deps: TDeps, tenantId: number, fevRipsId: number): TAuditRecorder {
  return {
    start: (operation, summary) => insertAttempt(deps.db, tenantId, fevRipsId, operation, summary),
    finish: (id, r) => finishAttempt(deps.db, tenantId, id, r),
  };
}
