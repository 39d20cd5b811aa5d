import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Ban, FileSearch, RefreshCw, RotateCcw, Save, Send } from 'lucide-react';
import type { TSendResult } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { MSG_MIN_WEB } from '@radica/contracts/messages-ministerio-web';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { delay, formatCop, formatDateTime } from '../../../lib/format';
import { useCancelDocument } from '../api/cancel-document';
import { useDeleteDocumentFile } from '../api/delete-document-file';
import { useDocumentDetail } from '../api/get-document-detail';
import { useReactivateDocument } from '../api/reactivate-document';
import { useSendDocument } from '../api/send-document';
import { useSyncFormato } from '../api/sync-formato';
import type { TMinisterioDetail } from '../api/types';
import { useUploadDocumentFile } from '../api/upload-document-file';
import { ApprovalPanel } from '../components/approval-panel';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EstadoBadge } from '../components/estado-badge';
import { HallazgosList } from '../components/hallazgos-list';
import { ProcessTimeline } from '../components/process-timeline';
import { UploadProblemModal, type UploadProblem } from '../components/upload-problem-modal';
import { UploadZone, type UploadedFileRef } from '../components/upload-zone';
import { useSessionExpiry } from '../hooks/use-session-expiry';
import { isRejectedEstado, isSendBlockedEstado } from '../utils/estado';
import { tipoDocumentoLabel } from '../utils/display';
import { buildTimeline } from '../utils/timeline';
import { toUploadProblem } from '../utils/upload-problem';
import { kindLabel, validateFile, type FileKind } from '../utils/validate-file';
import { countRechazados } from '../utils/prevalidacion';

/** seed 001 §9: a selected file shows the uploading state for 1.5 s. */
const UPLOAD_ANIMATION_MS = 1500;
/** seed 001 §4, §9: redirect to the list 1.5 s after a save, 2 s after a send. */
export const SAVE_REDIRECT_MS = 1500;
export const SEND_REDIRECT_MS = 2000;

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

function fileRef(doc: TMinisterioDetail | null, kind: FileKind): UploadedFileRef {
  if (!doc) return null;
  const archivo = kind === 'xml' ? doc.archivoXml : doc.archivoJson;
  if (archivo) return archivo;
  const has = kind === 'xml' ? doc.xml : doc.json;
  return has ? { nombre: `Archivo ${kindLabel(kind)}`, tamanoBytes: 0 } : null;
}

function sendHint(doc: TMinisterioDetail | null): string | null {
  if (!doc || (!doc.xml && !doc.json))
    return 'Carga el archivo XML y el archivo JSON para poder enviar el reporte.';
  if (!doc.xml) return 'Falta el archivo XML (factura electrónica) para poder enviar el reporte.';
  if (!doc.json) return 'Falta el archivo JSON (RIPS) para poder enviar el reporte.';
  if (doc.estado === 'APROBADO') return MSG.documentApprovedLocked;
  if (doc.estado === 'ANULADO') return MSG.documentCancelledLocked;
  if (doc.estado === 'ENPROCESO' || doc.enviandose) return MSG.sendInProgress;
  return null;
}

type TConfirm =
  | { kind: 'cancel' }
  | { kind: 'remove'; fileKind: FileKind }
  | { kind: 'save-empty' }
  | { kind: 'send-anyway'; andSave: boolean };

function DocumentEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const detail = useDocumentDetail(id);
  const upload = useUploadDocumentFile();
  const send = useSendDocument();
  const cancel = useCancelDocument();
  const reactivate = useReactivateDocument();
  const removeFile = useDeleteDocumentFile();
  const sync = useSyncFormato();
  const onSessionError = useSessionExpiry();
  const [uploading, setUploading] = useState<Record<FileKind, boolean>>({ xml: false, json: false });
  const [zoneErrors, setZoneErrors] = useState<Record<FileKind, string | null>>({ xml: null, json: null });
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [lastSend, setLastSend] = useState<TSendResult | null>(null);
  const [confirm, setConfirm] = useState<TConfirm | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

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

  const doc = detail.data ?? null;
  const isUploadingAny = uploading.xml || uploading.json;
  const isSending = send.isPending;
  const estado = doc?.estado ?? '';
  const isApproved = estado === 'APROBADO';
  const isCancelled = estado === 'ANULADO';
  const isInFlight = estado === 'ENPROCESO' || Boolean(doc?.enviandose) || isSending;
  const isBusy =
    isInFlight || cancel.isPending || reactivate.isPending || removeFile.isPending || isRedirecting;
  const isFilesLocked = isApproved || isInFlight;
  const hasAnyFile = Boolean(doc && (doc.xml || doc.json));
  const canSend = Boolean(
    doc && doc.xml && doc.json && !isSendBlockedEstado(estado) && !isBusy && !isUploadingAny,
  );
  const hint = isSending ? null : sendHint(doc);
  const timeline = buildTimeline(doc, isSending || Boolean(doc?.enviandose));
  const isRejected = isRejectedEstado(estado);
  const showErrors = doc !== null && (isRejected || doc.errores.length > 0);
  const showNotifications = doc !== null && (isApproved || doc.notificaciones.length > 0);
  const prevalidacion = doc?.prevalidacion ?? [];
  const rechazadosLocales = countRechazados(prevalidacion);

  const fail = (error: unknown, text: (message: string) => string) => {
    if (onSessionError(error)) return;
    toast.error(text(getErrorMessage(error, MSG.unknownError)));
  };
  const redirectToList = (afterMs: number) => {
    setIsRedirecting(true);
    redirectTimer.current = setTimeout(() => navigate('/ministerio'), afterMs);
  };
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
    if (onSessionError(result.reason)) return;
    const dialog = toUploadProblem(result.reason);
    if (dialog) {
      setProblem(dialog);
      return;
    }
    if (result.reason instanceof HttpError && result.reason.code === 'SLOT_FILLED') {
      toast.info(result.reason.message || MSG.slotFilled(kindLabel(kind)));
      return;
    }
    const message =
      result.reason instanceof HttpError && result.reason.status === 413
        ? MSG.fileTooLarge
        : getErrorMessage(result.reason, MSG.unknownError);
    setZoneError(kind, message);
    toast.error(message);
  };

  const doRemoveFile = async (kind: FileKind) => {
    if (!doc) return;
    try {
      const result = await removeFile.mutateAsync({ id: doc.id, tipoArchivo: kind });
      toast.success(MSG_MIN_WEB.fileRemoved(kindLabel(kind)));
      if (result.documentoAnulado) toast.info(MSG_MIN_WEB.autoCancelled, { duration: 6000 });
    } catch (error) {
      fail(error, (m) => m);
    }
  };

  const doSend = async (andSave: boolean) => {
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
        redirectToList(SEND_REDIRECT_MS);
      } else {
        toast.error(
          `${MSG.sendRejected}${result.totalErrores > 0 ? MSG.sendErrorsSuffix(result.totalErrores) : ''}`,
          {
            description: result.mensaje,
          },
        );
      }
    } catch (error) {
      if (onSessionError(error)) return;
      if (andSave) toast.error(MSG_MIN_WEB.saveAndSendError(getErrorMessage(error, MSG.unknownError)));
      else toast.error(getErrorMessage(error, MSG.sendError));
    }
  };

  /** issue 5: local RECHAZADO findings ask for confirmation before sending. */
  const onSend = (andSave: boolean) => {
    if (andSave && !hasAnyFile) {
      toast.error(MSG_MIN_WEB.saveAndSendNeedsFile);
      return;
    }
    if (rechazadosLocales > 0) setConfirm({ kind: 'send-anyway', andSave });
    else void doSend(andSave);
  };

  const doCancel = async () => {
    if (!doc) return;
    try {
      await cancel.mutateAsync(doc.id);
      toast.success(MSG_MIN_WEB.cancelled);
      redirectToList(SAVE_REDIRECT_MS);
    } catch (error) {
      fail(error, MSG_MIN_WEB.cancelError);
    }
  };

  const onActivate = async () => {
    if (!doc) return;
    if (!hasAnyFile) {
      toast.error(MSG_MIN_WEB.activateNeedsFile);
      return;
    }
    try {
      await reactivate.mutateAsync(doc.id);
      toast.success(MSG_MIN_WEB.savedAndActivated);
      redirectToList(SAVE_REDIRECT_MS);
    } catch (error) {
      fail(error, MSG_MIN_WEB.activateError);
    }
  };

  const onSave = () => {
    if (!doc) {
      toast.error(MSG_MIN_WEB.noIdAfterSave);
      return;
    }
    if (!hasAnyFile && !isCancelled) {
      setConfirm({ kind: 'save-empty' });
      return;
    }
    toast.success(MSG_MIN_WEB.saved);
    redirectToList(SAVE_REDIRECT_MS);
  };

  const onSync = async () => {
    if (!doc?.formato) {
      toast.error(MSG_MIN_WEB.syncNeedsFormato);
      return;
    }
    try {
      const result = await sync.mutateAsync(doc.formato);
      if (!result.informacionSincronizada || result.cantidadRegistrosGuardados === 0)
        toast.info(MSG_MIN_WEB.syncNoNewData);
      else toast.success(result.mensaje || MSG_MIN_WEB.syncDone(result.cantidadRegistrosGuardados));
    } catch (error) {
      fail(error, MSG_MIN_WEB.syncError);
    }
  };

  const onConfirm = async () => {
    const current = confirm;
    setConfirm(null);
    if (!current) return;
    if (current.kind === 'cancel') await doCancel();
    else if (current.kind === 'remove') await doRemoveFile(current.fileKind);
    else if (current.kind === 'save-empty') await doCancel();
    else await doSend(current.andSave);
  };

  const zone = (kind: FileKind) => (
    <UploadZone
      kind={kind}
      file={fileRef(doc, kind)}
      isUploading={uploading[kind]}
      isDisabled={isFilesLocked || isBusy || (id === null && isUploadingAny)}
      error={zoneErrors[kind]}
      onSelect={(file) => void onSelectFile(kind, file)}
      onRefused={() => toast.info(MSG.slotFilled(kindLabel(kind)))}
      canRemove={Boolean(doc) && !isFilesLocked && !isBusy}
      onRemove={() => setConfirm({ kind: 'remove', fileKind: kind })}
    />
  );

  const sendLabel = isSending ? MSG.sendingButton : isRejected ? MSG.resendButton : MSG.sendButton;

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
            {hint && (
              <p id="send-hint" className="text-sm text-slate-500">
                {hint}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-4">
              {doc && !isCancelled && !isApproved && (
                <Button variant="danger" onClick={() => setConfirm({ kind: 'cancel' })} disabled={isBusy}>
                  <Ban aria-hidden="true" className="size-4" /> {MSG_MIN_WEB.cancelButton}
                </Button>
              )}
              {doc && isCancelled && (
                <Button
                  variant="primary"
                  onClick={() => void onActivate()}
                  disabled={isBusy}
                  isLoading={reactivate.isPending}
                >
                  {!reactivate.isPending && <RotateCcw aria-hidden="true" className="size-4" />}{' '}
                  {MSG_MIN_WEB.activateAndSave}
                </Button>
              )}
              {!isApproved && !isCancelled && (
                <Button variant="secondary" onClick={onSave} disabled={!doc || isBusy || isUploadingAny}>
                  <Save aria-hidden="true" className="size-4" /> {MSG_MIN_WEB.saveButton}
                </Button>
              )}
              {isRejected && (
                <Button variant="secondary" onClick={() => onSend(true)} disabled={!canSend}>
                  {MSG_MIN_WEB.saveAndResend}
                </Button>
              )}
              <Button
                onClick={() => onSend(false)}
                disabled={!canSend}
                isLoading={isSending}
                aria-describedby={hint ? 'send-hint' : undefined}
              >
                {!isSending && <Send aria-hidden="true" className="size-4" />}
                {sendLabel}
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
                  {
                    label: 'Tipo de documento',
                    value: doc.tipoDocumentoNombre ?? tipoDocumentoLabel(doc.tipoDocumento),
                  },
                  { label: 'Estado', value: <EstadoBadge estado={doc.estado} testId="estado-documento" /> },
                  { label: 'Fecha de creación', value: formatDateTime(doc.fechaCreacion) },
                  ...(doc.fechaEnvio
                    ? [{ label: 'Fecha de envío', value: formatDateTime(doc.fechaEnvio) }]
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

      {doc && isApproved && (
        <Card aria-labelledby="enviado-title">
          <CardHeader
            id="enviado-title"
            title={MSG_MIN_WEB.sentSummaryTitle}
            actions={
              <Button variant="secondary" size="sm" onClick={() => void onSync()} isLoading={sync.isPending}>
                {!sync.isPending && <RefreshCw aria-hidden="true" className="size-4" />}{' '}
                {MSG_MIN_WEB.syncButton}
              </Button>
            }
          />
          <CardBody className="space-y-4">
            <ApprovalPanel cuv={doc.cuv} fechaRadicacion={doc.fechaRadicacion} procesoId={doc.procesoId} />
            {doc.infoFevRips && (
              <DetailList
                items={[
                  { label: 'Valor de la factura', value: formatCop(doc.infoFevRips.totalFactura) },
                  { label: 'Valor de los servicios', value: formatCop(doc.infoFevRips.totalValorServicios) },
                  { label: 'Cantidad de usuarios', value: String(doc.infoFevRips.cantidadUsuarios) },
                  { label: 'Cantidad de atenciones', value: String(doc.infoFevRips.cantidadAtenciones) },
                  { label: 'Modalidad de pago', value: doc.infoFevRips.modalidadPago ?? '—' },
                  {
                    label: 'Identificación del adquiriente',
                    value: doc.infoFevRips.identificacionAdquiriente ?? '—',
                    mono: true,
                  },
                ]}
              />
            )}
          </CardBody>
        </Card>
      )}

      {doc && !isApproved && (
        <Card aria-labelledby="prevalidacion-title" data-testid="prevalidacion">
          <CardBody>
            <HallazgosList
              title={MSG_MIN_WEB.prevalidacionTitle}
              headingId="prevalidacion-title"
              items={prevalidacion}
              emptyText={MSG_MIN_WEB.prevalidacionEmpty}
              tone="mixed"
            />
          </CardBody>
        </Card>
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
      <ConfirmDialog
        isOpen={confirm !== null}
        title={
          confirm?.kind === 'cancel'
            ? MSG_MIN_WEB.cancelConfirmTitle
            : confirm?.kind === 'remove'
              ? MSG_MIN_WEB.removeFileTitle(kindLabel(confirm.fileKind))
              : confirm?.kind === 'save-empty'
                ? MSG_MIN_WEB.saveNoFilesTitle
                : MSG_MIN_WEB.prevalidacionConfirmTitle
        }
        tone={confirm?.kind === 'send-anyway' ? 'warning' : 'error'}
        confirmLabel={
          confirm?.kind === 'cancel'
            ? MSG_MIN_WEB.cancelButton
            : confirm?.kind === 'send-anyway'
              ? MSG_MIN_WEB.sendAnyway
              : MSG_MIN_WEB.confirm
        }
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirm(null)}
      >
        <p>
          {confirm?.kind === 'cancel'
            ? MSG_MIN_WEB.cancelConfirmText
            : confirm?.kind === 'remove'
              ? MSG_MIN_WEB.removeFileText(kindLabel(confirm.fileKind))
              : confirm?.kind === 'save-empty'
                ? MSG_MIN_WEB.saveNoFilesText
                : MSG_MIN_WEB.prevalidacionConfirmText(rechazadosLocales)}
        </p>
      </ConfirmDialog>
    </div>
  );
}
