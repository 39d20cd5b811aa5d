/** The ministerio screens' waits (seed 001 §9), in milliseconds. */

/** The list's search text is applied 1 s after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 1000;
/** The list's toasts last 3 s (seed 001 §8, §9). */
export const LIST_TOAST_MS = 3000;
/** A selected file shows the uploading state for 1.5 s. */
export const UPLOAD_ANIMATION_MS = 1500;
/** Back to the list 1.5 s after a save (seed 001 §4, §9). */
export const SAVE_REDIRECT_MS = 1500;
/** Back to the list 2 s after an accepted send (seed 001 §4, §9). */
export const SEND_REDIRECT_MS = 2000;
/** A send's verdict and a cancellation notice stay 6 s. */
export const LONG_TOAST_MS = 6000;
