import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';
import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { CHAT_MAX_INPUT } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import type { TChatKind } from '../api/send-chat-message';
import { CHAT_FILE_ACCEPT } from '../utils/chat-attachments';

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * The message box (seed 001 §2, §5 "Chat"): a textarea where Enter sends and Shift+Enter starts a new line, the attach
 * button and the chosen files (technical chat only), the send button, and the problems to show (`errors`, an alert).
 * Sending a blank message without files shows 'Escribe un mensaje o adjunta un archivo.'; while a reply is awaited the
 * send button is aria-disabled (it keeps the focus) and neither it nor Enter sends. Pasted files go through `onAddFiles` (which refuses them in the
 * sales chat). The text is cleared once `onSend` accepts it.
 */
export function ChatComposer({
  kind,
  isWaiting,
  files,
  errors,
  inputRef,
  onSend,
  onAddFiles,
  onRemoveFile,
  onErrors,
}: {
  kind: TChatKind;
  isWaiting: boolean;
  files: readonly File[];
  errors: readonly string[];
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onSend: (text: string) => boolean;
  onAddFiles: (added: File[]) => void;
  onRemoveFile: (index: number) => void;
  onErrors: (errors: string[]) => void;
}) {
  const [text, setText] = useState('');
  const errorsId = useId();

  const submit = () => {
    if (isWaiting) return;
    if (!text.trim() && files.length === 0) {
      onErrors([MSG_CHAT.chatEmptyMessage]);
      return;
    }
    if (!onSend(text)) return;
    setText('');
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    event.preventDefault();
    onAddFiles(pasted);
  };

  return (
    <form
      className="border-t border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div
        id={errorsId}
        role="alert"
        className={cn('text-sm text-red-700 dark:text-red-300', errors.length > 0 && 'mb-2')}
      >
        {errors.length > 0 && (
          <ul className="space-y-0.5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        )}
      </div>
      {files.length > 0 && <AttachedFiles files={files} onRemoveFile={onRemoveFile} />}
      <div className="flex items-end gap-2">
        {kind === 'technical' && <AttachButton onAddFiles={onAddFiles} />}
        <textarea
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          rows={1}
          maxLength={CHAT_MAX_INPUT}
          aria-label={MSG_CHAT.chatInputLabel}
          aria-describedby={errors.length > 0 ? errorsId : undefined}
          placeholder={MSG_CHAT.chatPlaceholder}
          className="field-sizing-content max-h-32 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          aria-disabled={isWaiting}
          aria-label={MSG_CHAT.chatSend}
          title={MSG_CHAT.chatSend}
          className={cn(
            ICON_BUTTON,
            'bg-brand-700 text-white hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-brand-700/50',
          )}
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
    </form>
  );
}

/** The chosen files, each with its size and a button to remove it. */
function AttachedFiles({ files, onRemoveFile }: { files: readonly File[]; onRemoveFile: (index: number) => void }) {
  return (
      <ul className="mb-2 flex flex-wrap gap-1.5">
        {files.map((file, index) => (
          <li
            key={`${file.name}-${index}`}
            className="inline-flex max-w-full items-center gap-1 rounded-md border border-slate-200 bg-slate-50 py-0.5 pr-0.5 pl-2 text-xs text-slate-700"
          >
            <Paperclip aria-hidden="true" className="size-3 shrink-0" />
            <span className="truncate">{file.name}</span>
            <span className="shrink-0 text-slate-500">({formatBytes(file.size)})</span>
            <button
              type="button"
              onClick={() => onRemoveFile(index)}
              aria-label={MSG_CHAT.chatRemoveFile(file.name)}
              title={MSG_CHAT.chatRemoveFile(file.name)}
              className="inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
  );
}

/** The technical chat's attach button and its hidden file picker (several files; the accepted types). */
function AttachButton({ onAddFiles }: { onAddFiles: (added: File[]) => void }) {
  const pickerRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={pickerRef}
        type="file"
        multiple
        accept={CHAT_FILE_ACCEPT}
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (chosen.length > 0) onAddFiles(chosen);
        }}
      />
      <button
        type="button"
        onClick={() => pickerRef.current?.click()}
        aria-label={MSG_CHAT.chatAttach}
        title={MSG_CHAT.chatAttach}
        className={cn(ICON_BUTTON, 'text-slate-600 hover:bg-slate-100')}
      >
        <Paperclip aria-hidden="true" className="size-5" />
      </button>
    </>
  );
}
