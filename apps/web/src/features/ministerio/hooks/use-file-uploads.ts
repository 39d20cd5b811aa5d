import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { delay } from '../../../lib/format';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { useUploadDocumentFile } from '../api/upload-document-file';
import type { UploadProblem } from '../components/upload-problem-modal';
import { UPLOAD_ANIMATION_MS } from '../utils/timings';
import { toUploadProblem } from '../utils/upload-problem';
import { kindLabel, validateFile, type FileKind } from '../utils/validate-file';
import { useSessionExpiry } from './use-session-expiry';


/**
 * The two upload slots of the document editor (seed 001 §5 "File upload"): checks a file before sending it
 * (10 MB, the slot's extension), uploads it into document `id` (a new report when null, then moves to
 * /ministerio/{fevRipsId}), and turns the server's refusals into the slot's error, a toast, or the
 * upload-problem dialog (duplicate formato, mismatched pair, structural errors).
 */
export function useFileUploads(id: number | null) {
  const navigate = useNavigate();
  const upload = useUploadDocumentFile();
  const onSessionError = useSessionExpiry();
  const [uploading, setUploading] = useState<Record<FileKind, boolean>>({ xml: false, json: false });
  const [zoneErrors, setZoneErrors] = useState<Record<FileKind, string | null>>({ xml: null, json: null });
  const [problem, setProblem] = useState<UploadProblem | null>(null);

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
      // A JSON that was the ministry's CargarFevRips body filed both of its files: say so.
      const archivos = result.value.archivos;
      toast.success(archivos ? MSG_MINISTERIO.cuerpoCargado(archivos) : MSG.fileUploaded(kindLabel(kind)));
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

  return {
    uploading,
    isUploadingAny: uploading.xml || uploading.json,
    zoneErrors,
    problem,
    closeProblem: () => setProblem(null),
    onSelectFile,
  };
}
