/** The part of fs-native-extensions (holepunchto; Linux: open-file-description locks) the database lock uses. */
declare module 'fs-native-extensions' {
  /** An exclusive (or `shared`) advisory lock on the whole file of `fd`: true when granted, false when another holds it. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  /** Releases the lock held through `fd`. */
  export function unlock(fd: number): void;
}
