import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { MessageCircle, X } from 'lucide-react';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { CHAT_BAND_CLASS, useChatSpaceReserved } from '../../../lib/chat-space';
import { OPEN_CHAT_EVENT } from '../../../lib/open-chat';
import { useSession } from '../../../lib/session';

const loadPanel = () => import('./chat-panel');
const renewSession = () => import('../utils/chat-session').then((module) => module.renewChatSessionId());
const ChatPanel = lazy(() => loadPanel().then((module) => ({ default: module.ChatPanel })));

/**
 * The floating chat's round button (seed 001 §2 "Chat assistants"): the technical assistant for a signed-in user, the
 * sales assistant for a visitor (seed 001 §1, §6). Only this button is in the sales page's first load
 * (bench/sales-page.ts): the panel loads on first open (or when the pointer or focus reaches the button) and then stays
 * mounted, hidden when closed, so its conversation lives as long as this component (mounted above the routes,
 * app/root-layout.tsx). `isVisible` is false on pages without the chat; the conversation is kept meanwhile. Links that
 * open the chat ('Soporte', lib/open-chat.ts) are answered while the button shows. Nothing shows while the session is
 * being restored (the assistant is not known yet). Another person (sign-in, sign-out) gets a new conversation and a new
 * session id.
 */
export function ChatLauncher({ isVisible }: { isVisible: boolean }) {
  const { status, user } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const isShown = isVisible && status !== 'loading';
  const isBandReserved = useChatSpaceReserved();
  const isSignedIn = status === 'authenticated' && user !== null;
  /** Who talks: a signed-in user or the visitor; null while the session is being restored. */
  const owner = status === 'loading' ? null : isSignedIn ? `user-${user.id}` : 'visitor';
  const ownerRef = useRef(owner);

  // Another person (sign-in, sign-out, another user) starts another chat session: nobody continues another's.
  useEffect(() => {
    if (owner === null) return;
    if (ownerRef.current !== null && ownerRef.current !== owner) void renewSession();
    ownerRef.current = owner;
  }, [owner]);

  useEffect(() => {
    if (!isShown) return;
    const onOpenRequest = (event: Event) => {
      event.preventDefault();
      setHasOpened(true);
      setIsOpen(true);
    };
    window.addEventListener(OPEN_CHAT_EVENT, onOpenRequest);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpenRequest);
  }, [isShown]);

  const onClose = useCallback(() => {
    setIsOpen(false);
    buttonRef.current?.focus();
  }, []);

  return (
    <>
      {isShown && !isBandReserved && (
        <>
          {/* The band the button lives in (lib/chat-space.ts): opaque, so nothing shows under the button; the spacer
              gives the page its height at the end, so the last content scrolls above it. */}
          <div aria-hidden="true" data-testid="chat-band" className={`fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white ${CHAT_BAND_CLASS}`} />
          <div aria-hidden="true" className={CHAT_BAND_CLASS} />
        </>
      )}
      {isShown && (
        <button
          ref={buttonRef}
          type="button"
          onClick={() => {
            setHasOpened(true);
            setIsOpen((open) => !open);
          }}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          aria-label={MSG_CHAT.chatOpen}
          title={MSG_CHAT.chatOpen}
          aria-expanded={isOpen}
          aria-controls={hasOpened ? 'chat-panel' : undefined}
          className="fixed right-4 bottom-3 z-20 inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-white/80 hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:right-6"
        >
          {isOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <MessageCircle aria-hidden="true" className="size-6" />
          )}
        </button>
      )}
      {hasOpened && (
        <Suspense fallback={null}>
          <ChatPanel
            key={owner ?? 'visitor'}
            kind={isSignedIn ? 'technical' : 'sales'}
            isOpen={isOpen && isShown}
            onClose={onClose}
          />
        </Suspense>
      )}
    </>
  );
}
