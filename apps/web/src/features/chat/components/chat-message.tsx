import { useId } from 'react';
import { Link } from 'react-router';
import { Paperclip } from 'lucide-react';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { cn } from '../../../lib/cn';
import { formatTime } from '../../../lib/format';
import type { TChatMessage } from '../hooks/use-chat-conversation';
import { isInternalPath, parseChatReply } from '../utils/chat-reply';


const LINK =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:text-brand-300 dark:hover:text-brand-200';

/**
 * One message of the conversation: who wrote it (for screen readers), the text with its line breaks, the hour, the
 * files sent with it and, for a reply, its sources under 'Más información'. A reply is rendered as text: only Markdown
 * links to screens of the app become router links (`onNavigate` runs when one is followed), and `**…**` bold.
 */
export function ChatMessage({
  message,
  botLabel,
  onNavigate,
}: {
  message: TChatMessage;
  botLabel: string;
  onNavigate: () => void;
}) {
  const sourcesId = useId();
  const isUser = message.type === 'user';
  const articulos = message.articulos;
  return (
    <li className={cn('flex flex-col gap-1', isUser ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
          isUser
            ? 'rounded-br-sm bg-brand-700 text-white'
            : message.isError
              ? 'rounded-bl-sm border border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
              : 'rounded-bl-sm bg-slate-100 text-slate-800',
        )}
      >
        <span className="sr-only">{isUser ? MSG_CHAT.chatUserLabel : botLabel}: </span>
        {isUser
          ? message.content
          : parseChatReply(message.content).map((part, index) =>
              part.kind === 'link' ? (
                <Link key={index} to={part.to} onClick={onNavigate} className={LINK}>
                  {part.text}
                </Link>
              ) : part.kind === 'strong' ? (
                <strong key={index} className="font-semibold">
                  {part.text}
                </strong>
              ) : (
                part.text
              ),
            )}
        {message.files.length > 0 && (
          <ul className={cn('flex flex-wrap gap-1.5 whitespace-normal', message.content && 'mt-2')}>
            {message.files.map((name, index) => (
              <li
                key={`${name}-${index}`}
                className="inline-flex max-w-full items-center gap-1 rounded-md bg-white/15 px-2 py-0.5 text-xs"
              >
                <Paperclip aria-hidden="true" className="size-3 shrink-0" />
                <span className="truncate">{name}</span>
              </li>
            ))}
          </ul>
        )}
        {articulos.length > 0 && (
          <div className="mt-2 border-t border-slate-200 pt-2 whitespace-normal">
            <p id={sourcesId} className="text-xs font-semibold text-slate-600">
              {MSG_CHAT.chatFuentes}
            </p>
            <ul aria-labelledby={sourcesId} className="mt-1 list-disc space-y-0.5 pl-4 text-sm">
              {articulos.map((articulo) => (
                <li key={articulo.id}>
                  {isInternalPath(articulo.ruta) ? (
                    <Link to={articulo.ruta} onClick={onNavigate} className={LINK}>
                      {articulo.titulo}
                    </Link>
                  ) : (
                    articulo.titulo
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <time dateTime={message.timestamp.toISOString()} className="px-1 text-xs text-slate-500">
        {formatTime(message.timestamp)}
      </time>
    </li>
  );
}
