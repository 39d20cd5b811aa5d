import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { FileCode2, FileJson2, UploadCloud, X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import { Spinner } from '../../../components/ui/spinner';
import type { UploadedFileRef } from '../api/types';
import { kindLabel, type FileKind } from '../utils/validate-file';

/**
 * One file slot (seed 001 §2, §4): click or drag a file in; a filled slot shows the file and refuses
 * another one. The real `<input type="file">` is labelled 'Archivo XML' / 'Archivo JSON'.
 */
export function UploadZone({
  kind,
  file,
  isUploading,
  isDisabled,
  error,
  onSelect,
  onRefused,
  onRemove,
  canRemove = false,
}: {
  kind: FileKind;
  file: UploadedFileRef;
  isUploading: boolean;
  isDisabled: boolean;
  error: string | null;
  onSelect: (file: File) => void;
  onRefused: () => void;
  /** The X button (seed 001 §4: removing asks confirmation, done by the caller). */
  onRemove?: () => void;
  canRemove?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const label = kindLabel(kind);
  const Icon = kind === 'xml' ? FileCode2 : FileJson2;
  const isFilled = file !== null;
  const canChoose = !isDisabled && !isUploading && !isFilled;
  const inputId = `archivo-${kind}`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) onSelect(chosen);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    if (isFilled) onRefused();
    else if (canChoose) onSelect(dropped);
  };

  return (
    <div className="min-w-0 space-y-1.5">
      <p className="text-sm font-medium text-slate-700">
        {label === 'XML' ? 'Factura electrónica (XML)' : 'RIPS (JSON)'}
      </p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        aria-label={`Archivo ${label}`}
        accept={kind === 'xml' ? '.xml,text/xml,application/xml' : '.json,application/json'}
        className="sr-only"
        tabIndex={-1}
        disabled={!canChoose}
        onChange={onChange}
      />
      <div
        data-testid={`zona-${kind}`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!isDragging) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cn(
          'rounded-xl border-2 border-dashed transition-colors',
          isDragging && canChoose ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-slate-50',
          isFilled && 'border-solid border-emerald-200 bg-emerald-50/60',
          error && !isFilled && 'border-red-300 bg-red-50/50',
        )}
      >
        {isUploading ? (
          <div
            role="status"
            className="flex min-h-36 flex-col items-center justify-center gap-2 p-4 text-sm text-slate-600"
          >
            <Spinner className="size-6 text-brand-600" />
            Cargando archivo {label}...
          </div>
        ) : isFilled ? (
          <LoadedFile file={file} label={label} Icon={Icon} canRemove={canRemove} onRemove={onRemove} />
        ) : (
          <button
            type="button"
            disabled={!canChoose}
            onClick={() => inputRef.current?.click()}
            className="flex min-h-36 w-full flex-col items-center justify-center gap-2 rounded-xl p-4 text-center text-sm text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600 enabled:hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <UploadCloud aria-hidden="true" className="size-8 text-brand-600" />
            <span>
              <span className="font-medium text-brand-700">Seleccionar archivo {label}</span> o arrástralo
              aquí
            </span>
            <span className="text-xs text-slate-500">.{kind} · máximo 10 MB</span>
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** A filled slot: the file's whole name and size, and the X that asks to remove it (when `canRemove`). */
function LoadedFile(props: { file: NonNullable<UploadedFileRef>; label: string; Icon: typeof FileCode2; canRemove: boolean; onRemove?: () => void }) {
  const { file, label, Icon, canRemove, onRemove } = props;
  return (
    <div className="flex min-h-36 items-center gap-3 p-4">
      <Icon aria-hidden="true" className="size-9 shrink-0 text-emerald-600" />
      <div className="min-w-0 flex-1">
        {/* the whole name, wrapped anywhere (file names are long words): on a phone there is no hover for a title */}
        <p className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]" title={file.nombre}>
          {file.nombre}
        </p>
        <p className="text-xs text-slate-500">
          {formatBytes(file.tamanoBytes)} · Archivo {label} cargado
        </p>
      </div>
      <button
        type="button"
        disabled={!canRemove || !onRemove}
        onClick={onRemove}
        aria-label={`Quitar archivo ${label}`}
        title={`Quitar archivo ${label}`}
        className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
