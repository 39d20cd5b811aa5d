import { MSG } from '@radica/contracts/messages';
import { sinRepetir } from '@radica/contracts/hallazgos';
import { noErrorsText } from '../utils/estado';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Card, CardBody } from '../../../components/ui/card';
import type { TMinisterioDetail } from '../api/types';
import type { TEditorState } from '../utils/document-editor';
import { HallazgosList } from './hallazgos-list';

/**
 * A document's findings (seed 001 §2): the local prevalidation until the ministry accepts it, then
 * the ministry's errors (rejected documents) and notifications (accepted ones, or any that came back).
 */
export function DocumentFindings({ doc, state }: { doc: TMinisterioDetail; state: TEditorState }) {
  const { isApproved, showErrors, showNotifications } = state;
  // What the ministry's answer already says word for word is not repeated under Prevalidación.
  const ministerio = [...(showErrors ? doc.errores : []), ...(showNotifications ? doc.notificaciones : [])];
  const { propios, repetidos } = sinRepetir(doc.prevalidacion ?? [], ministerio);
  return (
    <>
      {!isApproved && (
        <Card aria-labelledby="prevalidacion-title" data-testid="prevalidacion">
          <CardBody>
            <HallazgosList
              title={MSG_MINISTERIO.prevalidacionTitle}
              headingId="prevalidacion-title"
              items={propios}
              emptyText={repetidos > 0 ? MSG_MINISTERIO.prevalidacionRepetidos(repetidos) : MSG_MINISTERIO.prevalidacionEmpty}
              tone="mixed"
              paquete={doc.servicioCarga}
              footer={
                repetidos > 0 && propios.length > 0 ? (
                  <p className="text-xs text-slate-500">{MSG_MINISTERIO.prevalidacionRepetidos(repetidos)}</p>
                ) : undefined
              }
            />
          </CardBody>
        </Card>
      )}
      {(showErrors || showNotifications) && (
        <Card>
          <CardBody className="space-y-6">
            {showErrors && (
              <HallazgosList
                title="Errores"
                headingId="errores-title"
                items={doc.errores}
                emptyText={noErrorsText(doc)}
                tone="error"
                paquete={doc.servicioCarga}
              />
            )}
            {showNotifications && (
              <HallazgosList
                title="Notificaciones"
                headingId="notificaciones-title"
                items={doc.notificaciones}
                emptyText={MSG.hallazgosNoNotifications}
                tone="notice"
                paquete={doc.servicioCarga}
              />
            )}
          </CardBody>
        </Card>
      )}
    </>
  );
}
