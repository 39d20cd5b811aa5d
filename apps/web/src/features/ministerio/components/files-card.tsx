import { toast } from 'sonner';
import { Ban, RotateCcw, Save, Send } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import type { TMinisterioDetail } from '../api/types';
import type { useDocumentActions } from '../hooks/use-document-actions';
import type { useFileUploads } from '../hooks/use-file-uploads';
import { fileRef, sendRejectedDetail, sendRejectedTitle, type TEditorState } from '../utils/document-editor';
import { kindLabel, type FileKind } from '../utils/validate-file';
import { UploadZone } from './upload-zone';

/**
 * 'Archivos del reporte' (seed 001 §2): the XML and JSON slots, the last rejection, why sending is disabled,
 * and the editor's buttons (cancel, activate and save, save, save and resend, send), each shown and enabled
 * by the editor state.
 */
export function FilesCard({
  doc,
  isNew,
  state,
  uploads,
  actions,
  soloLectura = false,
}: {
  doc: TMinisterioDetail | null;
  /** /ministerio/nuevo: one upload at a time until the document exists. */
  isNew: boolean;
  state: TEditorState;
  uploads: ReturnType<typeof useFileUploads>;
  actions: ReturnType<typeof useDocumentActions>;
  /** A Consulta sees the files but cannot upload, remove, cancel, save or send. */
  soloLectura?: boolean;
}) {
  const { isApproved, isCancelled, isRejected, isBusy, isFilesLocked, canSend, hint } = state;
  const { lastSend, isSending } = actions;
  const sendLabel = isSending ? MSG.sendingButton : isRejected ? MSG.resendButton : MSG.sendButton;

  const zone = (kind: FileKind) => (
    <UploadZone
      kind={kind}
      file={fileRef(doc, kind)}
      isUploading={uploads.uploading[kind]}
      isDisabled={soloLectura || isFilesLocked || isBusy || (isNew && uploads.isUploadingAny)}
      error={uploads.zoneErrors[kind]}
      onSelect={(file) => void uploads.onSelectFile(kind, file)}
      onRefused={() => toast.info(MSG.slotFilled(kindLabel(kind)))}
      canRemove={!soloLectura && Boolean(doc) && !isFilesLocked && !isBusy}
      onRemove={() => actions.askConfirm({ kind: 'remove', fileKind: kind })}
    />
  );

  return (
    <Card className="lg:col-span-2" aria-labelledby="archivos-title">
      <CardHeader id="archivos-title" title={MSG_MINISTERIO.filesCardTitle} />
      <CardBody className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
          {zone('xml')}
          {zone('json')}
        </div>
        {lastSend && !lastSend.exitoso && (
          <Alert tone="error" title={sendRejectedTitle(lastSend)}>
            {sendRejectedDetail(lastSend)}
          </Alert>
        )}
        {hint && (
          <p id="send-hint" className="text-sm text-slate-500">
            {hint}
          </p>
        )}
        {soloLectura ? null : (
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-4">
            {doc && !isCancelled && !isApproved && (
              <Button
                variant="danger"
                onClick={() => actions.askConfirm({ kind: 'cancel' })}
                disabled={isBusy}
              >
                <Ban aria-hidden="true" className="size-4" /> {MSG_MINISTERIO.cancelButton}
              </Button>
            )}
            {doc && isCancelled && (
              <Button
                variant="primary"
                onClick={() => void actions.onActivate()}
                disabled={isBusy}
                isLoading={actions.isReactivating}
              >
                {!actions.isReactivating && <RotateCcw aria-hidden="true" className="size-4" />}{' '}
                {MSG_MINISTERIO.activateAndSave}
              </Button>
            )}
            {!isApproved && !isCancelled && (
              <Button
                variant="secondary"
                onClick={actions.onSave}
                disabled={!doc || isBusy || uploads.isUploadingAny}
              >
                <Save aria-hidden="true" className="size-4" /> {MSG_MINISTERIO.saveButton}
              </Button>
            )}
            {isRejected && (
              <Button variant="secondary" onClick={() => actions.onSend(true)} disabled={!canSend}>
                {MSG_MINISTERIO.saveAndResend}
              </Button>
            )}
            <Button
              onClick={() => actions.onSend(false)}
              disabled={!canSend}
              isLoading={isSending}
              aria-describedby={hint ? 'send-hint' : undefined}
            >
              {!isSending && <Send aria-hidden="true" className="size-4" />}
              {sendLabel}
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
