import { Link } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentDetail } from '../api/get-document-detail';
import { DocumentSummary } from './document-summary';
import { SidePanel } from './side-panel';

/** The details side panel of a list row (seed 001 §2 "view details"), with a link to /ministerio/{id}. */
export function DetailsPanel({ documentId, onClose }: { documentId: number | null; onClose: () => void }) {
  const detail = useDocumentDetail(documentId);
  const doc = detail.data;
  return (
    <SidePanel
      title={MSG_MINISTERIO.detailsPanelTitle}
      isOpen={documentId !== null}
      onClose={onClose}
      footer={
        documentId !== null ? (
          <Link to={`/ministerio/${documentId}`} className={buttonClasses('primary', 'sm')}>
            {MSG_MINISTERIO.viewFullDetail}
          </Link>
        ) : undefined
      }
    >
      {detail.isPending ? (
        <div className="flex items-center gap-2 text-slate-500">
          <Spinner /> {MSG.uiLoading}
        </div>
      ) : detail.isError || !doc ? (
        <p className="text-red-600">{MSG_MINISTERIO.detailsGetError}</p>
      ) : (
        <DocumentSummary doc={doc} detailed />
      )}
    </SidePanel>
  );
}
