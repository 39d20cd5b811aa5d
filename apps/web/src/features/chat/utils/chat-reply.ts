/** A piece of a reply: plain text (line breaks kept), or a link to a screen of the app. */
export type TReplyPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; to: string };

/** `[text](target)` in Markdown, on one line. */
const MARKDOWN_LINK = /\[([^\]\n]+)\]\(([^()\s]+)\)/g;

/**
 * True when `target` is a path inside this app ('/ministerio', '/settings?tab=x'): it starts with one '/', has no
 * backslash, no whitespace and no control character. Protocol-relative ('//host') and absolute URLs are not.
 */
export function isInternalPath(target: string | null | undefined): target is string {
  // eslint-disable-next-line no-control-regex
  return typeof target === 'string' && /^\/(?![/\\])[^\s\\\u0000-\u001f]*$/.test(target);
}

/**
 * Split a reply (`output`, seed 001 §7) into text and links. Only Markdown links to app paths become links; every
 * other character, including `<tags>`, `[text](https://…)` and `[text](javascript:…)`, stays text as written.
 */
export function parseChatReply(output: string): TReplyPart[] {
  const parts: TReplyPart[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'text') previous.text += text;
    else parts.push({ kind: 'text', text });
  };
  for (const match of output.matchAll(MARKDOWN_LINK)) {
    const [whole, text, target] = match;
    pushText(output.slice(last, match.index));
    if (isInternalPath(target)) parts.push({ kind: 'link', text: text!, to: target });
    else pushText(whole);
    last = match.index + whole.length;
  }
  pushText(output.slice(last));
  return parts;
}
