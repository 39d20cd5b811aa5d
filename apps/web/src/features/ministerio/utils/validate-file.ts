import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';

export type FileKind = 'xml' | 'json';

/**
 * Checks made before uploading (seed 001 §5 "File upload"): at most 10 MB (10 485 760 bytes) and the
 * slot's extension. Returns the Spanish message of the first failure, or null.
 */
export function validateFile(file: Pick<File, 'name' | 'size'>, kind: FileKind): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return MSG.fileTooLarge;
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (extension !== kind) return kind === 'xml' ? MSG.onlyXml : MSG.onlyJson;
  return null;
}

export function kindLabel(kind: FileKind): 'XML' | 'JSON' {
  return kind === 'xml' ? 'XML' : 'JSON';
}
