import {
  ZFormatoMismatchData,
  ZIdentityMismatchData,
  ZVerificarFormatoData,
  type TVerificarFormatoData,
} from '@radica/contracts/documents';
import { HttpError } from '../../../lib/http';
import type { UploadProblem } from '../components/upload-problem-modal';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The existing-format result, tolerating missing fields. */
function toVerificarFormato(data: unknown): TVerificarFormatoData | null {
  const parsed = ZVerificarFormatoData.safeParse(data);
  if (parsed.success) return parsed.data;
  if (!isRecord(data)) return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    existe: true,
    fevRipsId: typeof data.fevRipsId === 'number' ? data.fevRipsId : null,
    estado: str(data.estado),
    fechaCreacion: str(data.fechaCreacion),
    mensaje: str(data.mensaje) ?? '',
    tieneXml: data.tieneXml === true,
    tieneJson: data.tieneJson === true,
    cuv: str(data.cuv),
    infoFaltante: Array.isArray(data.infoFaltante)
      ? data.infoFaltante.filter((x): x is string => typeof x === 'string')
      : [],
  };
}

/**
 * The dialog an upload refusal opens (seed 001 §5), from the error's `code` and `data`:
 * IDENTITY_MISMATCH, IDENTITY_NOT_FOUND, FORMATO_MISMATCH, FORMATO_EXISTS. null for the other errors,
 * which are shown as a toast.
 */
export function toUploadProblem(error: unknown): UploadProblem | null {
  if (!(error instanceof HttpError)) return null;
  const message = error.message;
  switch (error.code) {
    case 'IDENTITY_MISMATCH': {
      const parsed = ZIdentityMismatchData.safeParse(error.data);
      return parsed.success
        ? {
            kind: 'identity-mismatch',
            message,
            archivo: parsed.data.numeroIdentificacionArchivo,
            tercero: parsed.data.numeroIdentificacionTercero,
          }
        : { kind: 'identity-mismatch', message, archivo: '', tercero: '' };
    }
    case 'IDENTITY_NOT_FOUND':
      return { kind: 'identity-not-found', message };
    case 'FORMATO_MISMATCH': {
      const parsed = ZFormatoMismatchData.safeParse(error.data);
      return {
        kind: 'formato-mismatch',
        message,
        formatoArchivo: parsed.success ? parsed.data.formatoArchivo : '',
        formatoDocumento: parsed.success ? parsed.data.formatoDocumento : '',
      };
    }
    case 'FORMATO_EXISTS': {
      const data = toVerificarFormato(error.data);
      return data ? { kind: 'formato-exists', message, data } : null;
    }
    default:
      return null;
  }
}
