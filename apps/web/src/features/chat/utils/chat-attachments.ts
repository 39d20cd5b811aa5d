import {
  CHAT_FILE_EXTENSIONS,
  CHAT_MAX_FILE_BYTES,
  CHAT_MAX_FILES,
  chatFileAccepted,
} from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';

/** The file picker's `accept`: the accepted extensions (seed 001 §5 "Chat"). */
export const CHAT_FILE_ACCEPT = CHAT_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * Add `added` to the attachments already chosen (`current`), as the API checks them (seed 001 §5 "Chat"): a file of
 * another type is refused with `chatFileType(name)`, one over CHAT_MAX_FILE_BYTES with `chatFileTooLarge(name)`, and
 * files beyond CHAT_MAX_FILES in all with `chatTooManyFiles`. Returns the kept files (in order) and the texts to show.
 */
export function addChatAttachments(
  current: readonly File[],
  added: readonly File[],
): { files: File[]; errors: string[] } {
  const files = [...current];
  const errors: string[] = [];
  let isOverCount = false;
  for (const file of added) {
    if (!chatFileAccepted(file.name)) errors.push(MSG_CHAT.chatFileType(file.name));
    else if (file.size > CHAT_MAX_FILE_BYTES) errors.push(MSG_CHAT.chatFileTooLarge(file.name));
    else if (files.length >= CHAT_MAX_FILES) isOverCount = true;
    else files.push(file);
  }
  if (isOverCount) errors.push(MSG_CHAT.chatTooManyFiles(CHAT_MAX_FILES));
  return { files, errors };
}
