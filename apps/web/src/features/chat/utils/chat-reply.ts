/** A piece of a reply: plain text (line breaks kept), bold text, or a link to a screen of the app. */
export type TReplyPart =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; to: string };

/** `[text](target)` in Markdown, on one line. */
const MARKDOWN_LINK = /\[([^\]\n]+)\]\(([^()\s]+)\)/g;
/** `**bold**` in Markdown, on one line (the built-in assistant writes plan names so). */
const MARKDOWN_STRONG = /\*\*([^*\n]+)\*\*/g;

/**
 * True when `target` is a path inside this app ('/ministerio', '/settings?tab=x'): it starts with one '/', has no
 * backslash, no whitespace and no control character. Protocol-relative ('//host') and absolute URLs are not.
 */
export function isInternalPath(target: string | null | undefined): target is string {
  // eslint-disable-next-line no-control-regex
  return typeof target === 'string' && /^\/(?![/\\])[^\s\\\u0000-\u001f]*$/.test(target);
}

/**
 * Split a reply (`output`, seed 001 §7) into text, bold text and links, to be rendered as React text and elements
 * (never as HTML). Only Markdown links to app paths become links, and `**…**` bold; every other character, including
 * `<tags>`, `[text](https://…)` and `[text](javascript:…)`, stays text as written.
 */
export function parseChatReply(output: string): TReplyPart[] {
  const parts: TReplyPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'text') previous.text += text;
    else parts.push({ kind: 'text', text });
  };
  const pushFormatted = (text: string) => {
    let last = 0;
    for (const match of text.matchAll(MARKDOWN_STRONG)) {
      pushText(text.slice(last, match.index));
      parts.push({ kind: 'strong', text: match[1]! });
      last = match.index + match[0].length;
    }
    pushText(text.slice(last));
  };
  let last = 0;
  for (const match of output.matchAll(MARKDOWN_LINK)) {
    const [whole, text, target] = match;
    pushFormatted(output.slice(last, match.index));
    if (isInternalPath(target)) parts.push({ kind: 'link', text: text!, to: target });
    else pushFormatted(whole);
    last = match.index + whole.length;
  }
  pushFormatted(output.slice(last));
  return parts;
}
