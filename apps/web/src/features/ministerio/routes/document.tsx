import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, FileSearch } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { useDocumentDetail } from '../api/get-document-detail';
import type { TMinisterioDetail } from '../api/types';
import { ApprovedCard } from '../components/approved-card';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DocumentFindings } from '../components/document-findings';
import { DocumentSummary } from '../components/document-summary';
import { FilesCard } from '../components/files-card';
import { ProcessTimeline } from '../components/process-timeline';
import { ProviderMissingAlert, ProviderSetupNotice } from '../components/provider-missing-alert';
import { UploadProblemModal } from '../components/upload-problem-modal';
import { HistorialCard } from '../components/historial-card';
import { FamiliaCard } from '../components/familia-card';
import { usePuede, useRol } from '../../../lib/usuario-actual';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { ROL_NOMBRE } from '@radica/contracts/usuarios';
import { useDocumentActions } from '../hooks/use-document-actions';
import { useFileUploads } from '../hooks/use-file-uploads';
import { useSessionExpiry } from '../hooks/use-session-expiry';
import { confirmContent, editorState } from '../utils/document-editor';
import { buildTimeline } from '../utils/timeline';
import { EsperaMinisterioNotice } from '../components/espera-ministerio';

function DocumentNotFound() {
  return (
    <Card className="mx-auto max-w-2xl">
      <EmptyState
        icon={<FileSearch aria-hidden="true" className="size-10" />}
        title={MSG.documentNotFound}
        action={
          <Link to="/ministerio" className={buttonClasses('secondary')}>
            {MSG.backToListLink}
          </Link>
        }
      />
    </Card>
  );
}

/** /ministerio/nuevo and /ministerio/:id (seed 001 §2 "Document detail and new report"). */
export function DocumentRoute() {
  const { id: idParam } = useParams();
  if (idParam === undefined) return <DocumentEditor id={null} />;
  if (!/^\d+$/.test(idParam) || Number(idParam) <= 0) return <DocumentNotFound />;
  return <DocumentEditor key={idParam} id={Number(idParam)} />;
}

function DocumentEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const detail = useDocumentDetail(id);
  const onSessionError = useSessionExpiry();
  const doc = detail.data ?? null;
  const uploads = useFileUploads(id);
  const actions = useDocumentActions(doc);
  const rol = useRol();
  const puedeEditar = usePuede().edicion;

  const isNotFound = detail.error instanceof HttpError && detail.error.status === 404;
  const loadError = detail.isError && !isNotFound ? detail.error : null;
  useEffect(() => {
    if (!loadError || onSessionError(loadError)) return;
    toast.error(MSG.detailLoadError, {
      id: 'document-detail-error',
      description: getErrorMessage(loadError, MSG.detailLoadError),
    });
  }, [loadError, onSessionError]);

  if (id !== null && detail.isPending) return <LoadingScreen text={MSG.uiLoading} />;
  if (isNotFound) return <DocumentNotFound />;
  // A Consulta reads reports; creating one is for Administrador and Facturador.
  if (id === null && rol !== null && !puedeEditar)
    return (
      <Alert tone="info" className="mx-auto max-w-2xl">
        <p>{MSG_USUARIOS.rolRequerido('Administrador o Facturador', ROL_NOMBRE[rol])}</p>
        <Link to="/ministerio" className="mt-2 inline-block font-medium underline">
          {MSG.backToListLink}
        </Link>
      </Alert>
    );
  if (id !== null && detail.isError) {
    return (
      <Alert tone="error" className="mx-auto max-w-2xl" title={MSG.detailLoadError}>
        <p>{getErrorMessage(detail.error, MSG.detailLoadError)}</p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void detail.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }

  const state = editorState(doc, {
    isSending: actions.isSending,
    isUploadingAny: uploads.isUploadingAny,
    isMutating: actions.isMutating,
    isRedirecting: actions.isRedirecting,
  });
  const timeline = buildTimeline(doc, actions.isSending || Boolean(doc?.enviandose));
  const confirm = actions.confirm ? confirmContent(actions.confirm, state.rechazadosLocales) : null;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <DocumentHeader doc={doc} onBack={() => navigate('/ministerio')} />

      {/* Before any upload on /ministerio/nuevo too: without a configuration nothing can be sent. */}
      <ProviderMissingAlert refusal={actions.configRefusal} />
      {actions.credentialsRefusal && (
        <ProviderSetupNotice title={MSG_MINISTERIO.credencialesRechazadasTitulo} message={actions.credentialsRefusal} tone="error" />
      )}

      {doc?.esperaMinisterio && <EsperaMinisterioNotice espera={doc.esperaMinisterio} />}

      <Card>
        <CardBody>
          <ProcessTimeline steps={timeline.steps} progress={timeline.progress} />
        </CardBody>
      </Card>

      {/* grid items shrink to the screen (min-w-0): a long file name or amount never widens a card past it */}
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <FilesCard doc={doc} isNew={id === null} state={state} uploads={uploads} actions={actions} soloLectura={!puedeEditar} />
        <Card aria-labelledby="resumen-title">
          <CardHeader id="resumen-title" title={MSG_MINISTERIO.summaryCardTitle} />
          <CardBody>
            {doc ? (
              <DocumentSummary doc={doc} estadoTestId="estado-documento" />
            ) : (
              <p className="text-sm text-slate-500">
                El formato y el tipo de documento se leen del primer archivo que cargues.
              </p>
            )}
          </CardBody>
        </Card>
      </div>

      {doc?.familia && (
        <FamiliaCard familia={doc.familia} facturaId={doc.id} crearNota={puedeEditar && doc.estado === 'APROBADO'} />
      )}
      {doc && state.isApproved && (
        <ApprovedCard doc={doc} isSyncing={actions.isSyncing} onSync={puedeEditar ? () => void actions.onSync() : undefined} />
      )}
      {doc && <DocumentFindings doc={doc} state={state} />}
      {doc && <HistorialCard historial={doc.historial ?? []} />}

      <UploadProblemModal problem={uploads.problem} onClose={uploads.closeProblem} />
      <ConfirmDialog
        isOpen={confirm !== null}
        title={confirm?.title ?? ''}
        tone={confirm?.tone ?? 'error'}
        confirmLabel={confirm?.confirmLabel}
        onConfirm={() => void actions.onConfirm()}
        onClose={actions.closeConfirm}
      >
        <p>{confirm?.text}</p>
      </ConfirmDialog>
    </div>
  );
}

/** The report's title (the formato, or a new report) and the way back to the list. */
function DocumentHeader({ doc, onBack }: { doc: TMinisterioDetail | null; onBack: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">
          {doc ? `Reporte ${doc.formato}` : MSG.newReportTitle}
        </h2>
        <p className="text-sm text-slate-500">
          {doc
            ? 'Factura electrónica (XML) y RIPS (JSON) para el Ministerio de Salud.'
            : 'Carga la factura electrónica (XML) y el RIPS (JSON). El reporte se crea con el primer archivo.'}
        </p>
      </div>
      <Button variant="secondary" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" /> {MSG.backToListButton}
      </Button>
    </div>
  );
}
