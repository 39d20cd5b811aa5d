import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RotateCcw, X } from 'lucide-react';
import { CHAT_SUGERENCIAS_VENTAS, sugerenciasChat } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { cn } from '../../../lib/cn';
import { MODULES, usePurchasedProducts } from '../../../lib/purchased-products';
import { getAppQueryClient } from '../../../lib/query-client';
import type { TChatKind } from '../api/send-chat-message';
import { useChatConversation } from '../hooks/use-chat-conversation';
import { addChatAttachments } from '../utils/chat-attachments';
import { ChatComposer } from './chat-composer';
import { ChatMessage } from './chat-message';

/** The panel covers the screen below this width (Tailwind `sm`), so following a link in it closes it there. */
const PHONE_QUERY = '(max-width: 639px)';

const HEADER_BUTTON =
  'inline-flex size-9 items-center justify-center rounded-lg text-white/90 hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

/** Whether a drag carries files (and not, say, a link or text). */
const hasFiles = (event: DragEvent<HTMLElement>) => Array.from(event.dataTransfer.types).includes('Files');

export type TChatPanelProps = {
  kind: TChatKind;
  isOpen: boolean;
  onClose: () => void;
};

/**
 * The chat panel, loaded on first open (chat-launcher.tsx) and then kept mounted while the app runs, hidden when
 * closed, so the conversation survives navigation. It brings the app's QueryClient with it: on the sales page nothing
 * above it provides one.
 */
export function ChatPanel(props: TChatPanelProps) {
  return (
    <QueryClientProvider client={getAppQueryClient()}>
      <ChatDialog {...props} />
    </QueryClientProvider>
  );
}

/**
 * Suggestions shown until the first message (seed 001 §2, §6, §9): the sales chat's, or the technical chat's split
 * across the modules the user owns (the defaults without any, or when the products cannot be read); none while the
 * products load.
 */
function useSuggestions(kind: TChatKind): readonly string[] {
  const products = usePurchasedProducts();
  if (kind === 'sales') return CHAT_SUGERENCIAS_VENTAS;
  if (products.status === 'pending') return [];
  const data = products.data;
  return sugerenciasChat(data ? MODULES.filter((module) => data[module]) : []);
}

/**
 * The floating chat (seed 001 §2 "Chat assistants", §5 "Chat"): a non-modal dialog with the assistant's title, 'Nueva
 * conversación' and close buttons, the conversation as a polite live log, the waiting indicator, the suggestions
 * until the first message and the message box. Opening moves focus to the message box; Esc closes and `onClose` gives
 * focus back to the chat button. Files may be picked, dropped or pasted in the technical chat, checked as the API
 * checks them; the sales chat refuses them.
 */
function ChatDialog({ kind, isOpen, onClose }: TChatPanelProps) {
  const titleId = useId();
  const { messages, isWaiting, send, reset } = useChatConversation(kind);
  const suggestions = useSuggestions(kind);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const title = kind === 'sales' ? MSG_CHAT.chatSalesTitle : MSG_CHAT.chatTechnicalTitle;

  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, isWaiting]);

  const onAddFiles = (added: File[]) => {
    if (kind === 'sales') {
      setErrors([MSG_CHAT.chatSalesNoFiles]);
      return;
    }
    const next = addChatAttachments(files, added);
    setFiles(next.files);
    setErrors(next.errors);
  };

  const onSend = (text: string, attached: readonly File[]) => {
    const isAccepted = send(text, attached);
    if (isAccepted) setErrors([]);
    if (isAccepted && attached.length > 0) setFiles([]);
    return isAccepted;
  };

  const onReset = () => {
    reset();
    setFiles([]);
    setErrors([]);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = kind === 'sales' ? 'none' : 'copy';
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.length === 0) return;
    event.preventDefault();
    onAddFiles(dropped);
  };

  const onNavigate = () => {
    if (window.matchMedia?.(PHONE_QUERY).matches) onClose();
  };

  return (
    <section
      id="chat-panel"
      role="dialog"
      aria-labelledby={titleId}
      hidden={!isOpen}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDrop={onDrop}
      className={cn(
        'fixed inset-0 z-20 flex-col overflow-hidden bg-white text-slate-800',
        'sm:inset-auto sm:right-6 sm:bottom-24 sm:h-[min(36rem,calc(100dvh-8rem))] sm:w-96 sm:rounded-2xl sm:border sm:border-slate-200 sm:shadow-2xl',
        isOpen ? 'flex' : 'hidden',
      )}
    >
      <ChatHeader titleId={titleId} title={title} onReset={onReset} onClose={onClose} />
      <div ref={logRef} className="flex-1 overflow-y-auto px-3 py-4">
        <div role="log" aria-live="polite" aria-label={MSG_CHAT.chatMessagesLabel}>
          <ol className="space-y-3">
            {messages.map((message) => (
              <ChatMessage key={message.id} message={message} botLabel={title} onNavigate={onNavigate} />
            ))}
          </ol>
          {isWaiting && <ChatWaiting />}
        </div>
        {messages.length === 0 && suggestions.length > 0 && (
          <ChatSuggestions
            labelId={`${titleId}-sugerencias`}
            suggestions={suggestions}
            onPick={(suggestion) => {
              // The suggestions go away with the first message: focus stays in the panel, in the box.
              onSend(suggestion, []);
              inputRef.current?.focus();
            }}
          />
        )}
      </div>
      <ChatComposer
        kind={kind}
        isWaiting={isWaiting}
        files={files}
        errors={errors}
        inputRef={inputRef}
        onSend={(text) => onSend(text, files)}
        onAddFiles={onAddFiles}
        onRemoveFile={(index) => {
          setFiles((list) => list.filter((_, i) => i !== index));
          setErrors([]);
          inputRef.current?.focus();
        }}
        onErrors={setErrors}
      />
    </section>
  );
}

/** The panel's title bar: the assistant's name, 'Nueva conversación' and close. */
function ChatHeader({ titleId, title, onReset, onClose }: { titleId: string; title: string; onReset: () => void; onClose: () => void }) {
  return (
    <header className="flex shrink-0 items-center gap-1 bg-brand-700 py-2 pr-2 pl-4 text-white">
      <h2 id={titleId} className="min-w-0 flex-1 truncate text-base font-semibold">
        {title}
      </h2>
      <button
        type="button"
        onClick={onReset}
        aria-label={MSG_CHAT.chatReset}
        title={MSG_CHAT.chatReset}
        className={HEADER_BUTTON}
      >
        <RotateCcw aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        onClick={onClose}
        aria-label={MSG_CHAT.chatClose}
        title={MSG_CHAT.chatClose}
        className={HEADER_BUTTON}
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </header>
  );
}

/** The suggestions offered until the first message; picking one sends it. */
function ChatSuggestions({ labelId, suggestions, onPick }: { labelId: string; suggestions: readonly string[]; onPick: (suggestion: string) => void }) {
  return (
    <div className="mt-2">
      <p id={labelId} className="mb-2 text-xs font-semibold text-slate-600">
        {MSG_CHAT.chatSuggestionsLabel}
      </p>
      <ul aria-labelledby={labelId} className="flex flex-col items-start gap-2">
        {suggestions.map((suggestion) => (
          <li key={suggestion}>
            <button
              type="button"
              onClick={() => onPick(suggestion)}
              className="rounded-xl border border-brand-600 bg-white px-3 py-1.5 text-left text-sm text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-brand-400 dark:text-brand-200 dark:hover:bg-slate-800"
            >
              {suggestion}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The assistant is answering: three bouncing dots and the words for screen readers and everyone. */
function ChatWaiting() {
  return (
    <p className="mt-3 inline-flex items-center gap-2 rounded-2xl rounded-bl-sm bg-slate-100 px-3.5 py-2 text-sm text-slate-600">
      <span aria-hidden="true" className="flex gap-1">
        <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-current" />
      </span>
      {MSG_CHAT.chatWaiting}
    </p>
  );
}
