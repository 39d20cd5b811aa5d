import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** What {@link secureDataDir} changed: entries whose group/other permission bits it removed. */
export type TDataDirFix = { files: number; dirs: number };

/**
 * Keeps DATA_DIR private to the server's user (the embedded database, the SFTP trees, the secrets):
 * sets the process umask to 077 (so every file made from now on, PGlite's included, is 0600 and every folder 0700;
 * skipped in a worker thread, where Node refuses it), creates `dir` 0700 when missing, and walks it once, without
 * following links, removing the group and other bits of every folder and file an older install left open (0666
 * files, 0755 folders). `log` is told once what was fixed. Returns the counts.
 */
export function secureDataDir(dir: string, log: (fix: TDataDirFix & { dir: string }) => void): TDataDirFix {
  if (isMainThread) process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fix: TDataDirFix = { files: 0, dirs: 0 };
  const tighten = (path: string) => {
    let st;
    try {
      st = lstatSync(path);
    } catch {
      return; // gone meanwhile
    }
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) {
      try {
        chmodSync(path, st.mode & 0o700);
        if (st.isDirectory()) fix.dirs++;
        else fix.files++;
      } catch {
        /* not ours (another user's file): left as it is */
      }
    }
    if (st.isDirectory()) {
      let names: string[];
      try {
        names = readdirSync(path);
      } catch {
        return;
      }
      for (const name of names) tighten(join(path, name));
    }
  };
  tighten(dir);
  if (fix.files || fix.dirs) log({ ...fix, dir });
  return fix;
}
