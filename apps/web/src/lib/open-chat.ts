/**
 * The support chat's door (seed 002 §1 "Soporte (a chat link)"). Links that open the chat dispatch this cancelable
 * `window` event; the chat, once it exists, listens and calls `preventDefault()` to say it opened. Until then nobody
 * answers and the link does what its `href` says (the support section, a mail).
 */
export const OPEN_CHAT_EVENT = 'radica:open-chat';

/** Ask the chat to open. Returns true when a listener took it (called `preventDefault()`), false otherwise. */
export function requestOpenChat(): boolean {
  return !window.dispatchEvent(new CustomEvent(OPEN_CHAT_EVENT, { cancelable: true }));
}
