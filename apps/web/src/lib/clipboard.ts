import { toast } from 'sonner';

/**
 * Copy `text` to the clipboard and say so in a toast: `messages.ok` on success, `messages.fail` when the browser
 * refuses (no permission, insecure origin); then `onFail` runs (usually: focus the read-only field so the user can
 * select and copy it by hand). Resolves whether it was copied.
 */
export async function copyWithToast(text: string, messages: { ok: string; fail: string }, onFail?: () => void): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.ok);
    return true;
  } catch {
    toast.error(messages.fail);
    onFail?.();
    return false;
  }
}
