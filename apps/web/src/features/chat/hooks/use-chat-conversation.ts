import { useCallback, useEffect, useRef, useState } from 'react';
import type { TChatArticulo } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { chatFailureText, useSendChatMessage, type TChatKind } from '../api/send-chat-message';
import { getChatSessionId, renewChatSessionId } from '../utils/chat-session';

/** A chat message (seed 001 §3 "Chat message": id, type, content, timestamp, files) plus the reply's sources. */
export type TChatMessage = {
  id: string;
  type: 'user' | 'bot';
  content: string;
  timestamp: Date;
  /** Names of the files sent with a user message. */
  files: string[];
  /** The help articles a reply came from ('Más información'). */
  articulos: TChatArticulo[];
  /** A failure or an empty reply, shown as the assistant's answer. */
  isError: boolean;
};

let messageCount = 0;
const message = (fields: Pick<TChatMessage, 'type' | 'content'> & Partial<TChatMessage>): TChatMessage => ({
  id: `chat-${++messageCount}`,
  timestamp: new Date(),
  files: [],
  articulos: [],
  isError: false,
  ...fields,
});

/**
 * One conversation with an assistant (seed 001 §2 "Chat assistants", §4, §5 "Chat", §8), kept in memory only:
 * `send` adds the user's message and, once it comes, the reply (or the failure / empty-reply text); it returns false,
 * sending nothing, for a blank message without files and while a reply is awaited; `reset` starts a new session id and clears the messages (a reply
 * still on its way is dropped).
 */
export function useChatConversation(kind: TChatKind) {
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [isWaiting, setIsWaiting] = useState(false);
  const waitingRef = useRef<AbortController | null>(null);
  const { mutateAsync } = useSendChatMessage();

  useEffect(() => () => waitingRef.current?.abort(), []);

  const send = useCallback(
    (text: string, files: readonly File[] = []): boolean => {
      const chatInput = text.trim();
      if (waitingRef.current || (!chatInput && files.length === 0)) return false;
      const controller = new AbortController();
      waitingRef.current = controller;
      setIsWaiting(true);
      setMessages((list) => [
        ...list,
        message({ type: 'user', content: chatInput, files: files.map((f) => f.name) }),
      ]);
      void (async () => {
        let reply: TChatMessage;
        try {
          const data = await mutateAsync({
            kind,
            sessionId: getChatSessionId(),
            chatInput,
            files,
            signal: controller.signal,
          });
          reply = data.output.trim()
            ? message({ type: 'bot', content: data.output, articulos: data.articulos })
            : message({ type: 'bot', content: MSG_CHAT.chatEmptyReply, isError: true });
        } catch (error) {
          reply = message({ type: 'bot', content: chatFailureText(error), isError: true });
        }
        if (controller.signal.aborted) return;
        waitingRef.current = null;
        setIsWaiting(false);
        setMessages((list) => [...list, reply]);
      })();
      return true;
    },
    [kind, mutateAsync],
  );

  const reset = useCallback(() => {
    waitingRef.current?.abort();
    waitingRef.current = null;
    setIsWaiting(false);
    setMessages([]);
    renewChatSessionId();
  }, []);

  return { messages, isWaiting, send, reset };
}
