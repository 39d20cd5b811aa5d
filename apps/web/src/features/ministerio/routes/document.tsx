import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, FileSearch, Send } from 'lucide-react';
import type { TDocumentDetail, TSendResult } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { delay, formatCop, formatDateTime } from '../../../lib/format';
import { useDocumentDetail } from '../api/get-document-detail';
import { useSendDocument } from '../api/send-document';
import { useUploadDocumentFile } from '../api/upload-document-file';
import { ApprovalPanel } from '../components/approval-panel';
import { EstadoBadge } from '../components/estado-badge';
import { HallazgosList } from '../components/hallazgos-list';
import { ProcessTimeline } from '../components/process-timeline';
import { UploadProblemModal, type UploadProblem } from '../components/upload-problem-modal';
import { UploadZone, type UploadedFileRef } from '../components/upload-zone';
import { isRejectedEstado, isSendBlockedEstado } from '../utils/estado';
import { tipoDocumentoLabel } from '../utils/display';
import { buildTimeline } from '../utils/timeline';
import { toUploadProblem } from '../utils/upload-problem';
import { kindLabel, validateFile, type FileKind } from '../utils/validate-file';

/** seed 001 §9: a selected file shows the uploading state for 1.5 s. */
const UPLOAD_ANIMATION_MS = 1500;

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

function fileRef(doc: TDocumentDetail | null, kind: FileKind): UploadedFileRef {
  if (!doc) return null;
  const archivo = kind === 'xml' ? doc.archivoXml : doc.archivoJson;
  if (archivo) return archivo;
  const has = kind === 'xml' ? doc.xml : doc.json;
  return has ? { nombre: `Archivo ${kindLabel(kind)}`, tamanoBytes: 0 } : null;
}

function sendHint(doc: TDocumentDetail | null): string | null {
  if (!doc || (!doc.xml && !doc.json))
    return 'Carga el archivo XML y el archivo JSON para poder enviar el reporte.';
  if (!doc.xml) return 'Falta el archivo XML (factura electrónica) para poder enviar el reporte.';
  if (!doc.json) return 'Falta el archivo JSON (RIPS) para poder enviar el reporte.';
  if (doc.estado === 'APROBADO') return MSG.documentApprovedLocked;
  if (doc.estado === 'ANULADO') return MSG.documentCancelledLocked;
  if (doc.estado === 'ENPROCESO') return MSG.sendInProgress;
  return null;
}

function DocumentEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const detail = useDocumentDetail(id);
  const upload = useUploadDocumentFile();
  const send = useSendDocument();
  const [uploading, setUploading] = useState<Record<FileKind, boolean>>({ xml: false, json: false });
  const [zoneErrors, setZoneErrors] = useState<Record<FileKind, string | null>>({ xml: null, json: null });
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [lastSend, setLastSend] = useState<TSendResult | null>(null);

  const isNotFound = detail.error instanceof HttpError && detail.error.status === 404;
  const loadErrorMessage =
    detail.isError && !isNotFound ? getErrorMessage(detail.error, MSG.detailLoadError) : null;
  useEffect(() => {
    if (loadErrorMessage)
      toast.error(MSG.detailLoadError, { id: 'document-detail-error', description: loadErrorMessage });
  }, [loadErrorMessage]);

  if (id !== null && detail.isPending) return <LoadingScreen text={MSG.uiLoading} />;
  if (isNotFound) return <DocumentNotFound />;
  if (id !== null && detail.isError) {
    return (
      <Alert tone="error" className="mx-auto max-w-2xl" title={MSG.detailLoadError}>
        <p>{loadErrorMessage}</p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void detail.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }

  const doc = detail.data ?? null;
  const isUploadingAny = uploading.xml || uploading.json;
  const isSending = send.isPending;
  const estado = doc?.estado ?? '';
  const isLocked = estado === 'APROBADO' || estado === 'ANULADO' || estado === 'ENPROCESO' || isSending;
  const canSend = Boolean(
    doc && doc.xml && doc.json && !isSendBlockedEstado(estado) && !isSending && !isUploadingAny,
  );
  const hint = isSending ? null : sendHint(doc);
  const timeline = buildTimeline(doc, isSending);
  const showErrors = doc !== null && (isRejectedEstado(estado) || doc.errores.length > 0);
  const showNotifications = doc !== null && (estado === 'APROBADO' || doc.notificaciones.length > 0);

  const setZoneError = (kind: FileKind, message: string | null) =>
    setZoneErrors((prev) => ({ ...prev, [kind]: message }));

  const onSelectFile = async (kind: FileKind, file: File) => {
    const invalid = validateFile(file, kind);
    setZoneError(kind, invalid);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    setUploading((prev) => ({ ...prev, [kind]: true }));
    const [result] = await Promise.allSettled([
      upload.mutateAsync({ file, fevRipsId: id }),
      delay(UPLOAD_ANIMATION_MS),
    ]);
    setUploading((prev) => ({ ...prev, [kind]: false }));
    if (result.status === 'fulfilled') {
      toast.success(MSG.fileUploaded(kindLabel(kind)));
      if (id === null) navigate(`/ministerio/${result.value.fevRipsId}`, { replace: true });
      return;
    }
    const dialog = toUploadProblem(result.reason);
    if (dialog) {
      setProblem(dialog);
      return;
    }
    const message =
      result.reason instanceof HttpError && result.reason.status === 413
        ? MSG.fileTooLarge
        : getErrorMessage(result.reason, MSG.unknownError);
    setZoneError(kind, message);
    toast.error(message);
  };

  const onSend = async () => {
    if (!doc) return;
    if (doc.id <= 0) {
      toast.error(MSG.invalidDocumentId);
      return;
    }
    setLastSend(null);
    try {
      const result = await send.mutateAsync(doc.id);
      setLastSend(result);
      if (result.exitoso) {
        toast.success(MSG.sendSucceeded, {
          description: `CUV: ${result.cuv ?? MSG.cuvUnavailable} · ${result.totalNotificaciones} notificaciones`,
          duration: 6000,
        });
      } else {
        toast.error(
          `${MSG.sendRejected}${result.totalErrores > 0 ? MSG.sendErrorsSuffix(result.totalErrores) : ''}`,
          {
            description: result.mensaje,
          },
        );
      }
    } catch (error) {
      toast.error(getErrorMessage(error, MSG.sendError));
    }
  };

  const zone = (kind: FileKind) => (
    <UploadZone
      kind={kind}
      file={fileRef(doc, kind)}
      isUploading={uploading[kind]}
      isDisabled={isLocked || (id === null && isUploadingAny)}
      error={zoneErrors[kind]}
      onSelect={(file) => void onSelectFile(kind, file)}
      onRefused={() => toast.info(MSG.slotFilled(kindLabel(kind)))}
    />
  );

  return (
    <div className="mx-auto max-w-6xl space-y-6">
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
        <Button variant="secondary" onClick={() => navigate('/ministerio')}>
          <ArrowLeft aria-hidden="true" className="size-4" /> {MSG.backToListButton}
        </Button>
      </div>

      <Card>
        <CardBody>
          <ProcessTimeline steps={timeline.steps} progress={timeline.progress} />
        </CardBody>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2" aria-labelledby="archivos-title">
          <CardHeader id="archivos-title" title="Archivos del reporte" />
          <CardBody className="space-y-5">
            <div className="grid gap-4 sm:grid-cols-2">
              {zone('xml')}
              {zone('json')}
            </div>
            {lastSend && !lastSend.exitoso && (
              <Alert
                tone="error"
                title={`${MSG.sendRejected}${lastSend.totalErrores > 0 ? MSG.sendErrorsSuffix(lastSend.totalErrores) : ''}`}
              >
                {lastSend.mensaje}
              </Alert>
            )}
            <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
              {hint && (
                <p id="send-hint" className="mr-auto text-sm text-slate-500">
                  {hint}
                </p>
              )}
              <Button
                onClick={() => void onSend()}
                disabled={!canSend}
                isLoading={isSending}
                aria-describedby={hint ? 'send-hint' : undefined}
              >
                {!isSending && <Send aria-hidden="true" className="size-4" />}
                {isSending ? MSG.sendingButton : isRejectedEstado(estado) ? MSG.resendButton : MSG.sendButton}
              </Button>
            </div>
          </CardBody>
        </Card>

        <Card aria-labelledby="resumen-title">
          <CardHeader id="resumen-title" title="Resumen" />
          <CardBody>
            {doc ? (
              <DetailList
                columns={1}
                items={[
                  { label: 'Formato', value: doc.formato, mono: true },
                  { label: 'Tipo de documento', value: tipoDocumentoLabel(doc.tipoDocumento) },
                  { label: 'Estado', value: <EstadoBadge estado={doc.estado} testId="estado-documento" /> },
                  { label: 'Fecha de creación', value: formatDateTime(doc.fechaCreacion) },
                  ...(doc.fechaEnvio
                    ? [{ label: 'Fecha de envío', value: formatDateTime(doc.fechaEnvio) }]
                    : []),
                  ...(doc.infoFevRips
                    ? [
                        { label: 'Valor de la factura', value: formatCop(doc.infoFevRips.totalFactura) },
                        {
                          label: 'Usuarios / atenciones',
                          value: `${doc.infoFevRips.cantidadUsuarios} / ${doc.infoFevRips.cantidadAtenciones}`,
                        },
                      ]
                    : []),
                  { label: 'Intentos de envío', value: String(doc.intentosEnvio) },
                ]}
              />
            ) : (
              <p className="text-sm text-slate-500">
                El formato y el tipo de documento se leen del primer archivo que cargues.
              </p>
            )}
          </CardBody>
        </Card>
      </div>

      {doc && estado === 'APROBADO' && (
        <ApprovalPanel cuv={doc.cuv} fechaRadicacion={doc.fechaRadicacion} procesoId={doc.procesoId} />
      )}

      {(showErrors || showNotifications) && doc && (
        <Card>
          <CardBody className="space-y-6">
            {showErrors && (
              <HallazgosList
                title="Errores"
                headingId="errores-title"
                items={doc.errores}
                emptyText={MSG.hallazgosNoErrors}
                tone="error"
              />
            )}
            {showNotifications && (
              <HallazgosList
                title="Notificaciones"
                headingId="notificaciones-title"
                items={doc.notificaciones}
                emptyText={MSG.hallazgosNoNotifications}
                tone="notice"
              />
            )}
          </CardBody>
        </Card>
      )}

      <UploadProblemModal problem={problem} onClose={() => setProblem(null)} />
    </div>
  );
}
