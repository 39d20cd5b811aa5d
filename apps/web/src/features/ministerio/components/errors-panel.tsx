import { Link } from 'react-router';
import { noErrorsText } from '../utils/estado';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentDetail } from '../api/get-document-detail';
import { HallazgosList } from './hallazgos-list';
import { SidePanel } from './side-panel';

/**
 * The error side panel of a rejected document (seed 001 §2): the format, the counts of errors and
 * notifications, and each item's code, description, source and source path, with the seed's empty texts.
 */
export function ErrorsPanel({
  documentId,
  formato,
  onClose,
}: {
  documentId: number | null;
  formato: string;
  onClose: () => void;
}) {
  const detail = useDocumentDetail(documentId);
  const doc = detail.data;
  return (
    <SidePanel
      isOpen={documentId !== null}
      title={MSG_MINISTERIO.errorsPanelTitle}
      onClose={onClose}
      footer={
        documentId !== null ? (
          <Link to={`/ministerio/${documentId}`} className={buttonClasses('secondary', 'sm')}>
            {MSG_MINISTERIO.viewFullDetail}
          </Link>
        ) : undefined
      }
    >
      <p>
        Formato: <span className="font-mono font-semibold text-slate-900">{formato}</span>
      </p>
      {detail.isPending ? (
        <div className="flex items-center gap-2 text-slate-500">
          <Spinner /> {MSG.uiLoading}
        </div>
      ) : detail.isError || !doc ? (
        <p className="text-red-600">{MSG_MINISTERIO.detailsLoadError}</p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-red-50 p-3">
              <p className="text-xs text-red-700">Errores</p>
              <p data-testid="total-errores" className="text-2xl font-semibold text-red-700">
                {doc.errores.length}
              </p>
            </div>
            <div className="rounded-lg bg-amber-50 p-3">
              <p className="text-xs text-amber-800">Notificaciones</p>
              <p data-testid="total-notificaciones" className="text-2xl font-semibold text-amber-800">
                {doc.notificaciones.length}
              </p>
            </div>
          </div>
          <HallazgosList
            title="Errores"
            headingId="panel-errores"
            items={doc.errores}
            emptyText={noErrorsText(doc)}
            tone="error"
            paquete={doc.servicioCarga}
          />
          <HallazgosList
            title="Notificaciones"
            headingId="panel-notificaciones"
            items={doc.notificaciones}
            emptyText={MSG.hallazgosNoNotifications}
            tone="notice"
            paquete={doc.servicioCarga}
          />
        </>
      )}
    </SidePanel>
  );
}
