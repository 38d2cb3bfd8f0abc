// Putting a new text in place of a file (a config `wrap` rewrites, a lock): written whole to a temp file beside the
// target, flushed, then renamed over it, so a reader sees the old file or the new one, never a part. A write(2)
// may write part of what it is given and say so by its count alone (a disk nearly full, a file size limit):
// writeFileSync on a descriptor writes until every byte is written or throws, and fsync makes the rename's file
// the whole text on disk before it replaces the old one.
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Replaces `target` with `text` through `temp` (created exclusively: a name that exists is never written through),
 * with `mode` when given (the replaced file's), else as any new file is (0666 less the umask). Throws what the file
 * system threw; the temp file is gone then.
 */
export function replaceWhole(target: string, temp: string, text: string, mode: number | undefined): void {
  // Opened before the clean-up applies: a name that exists (EEXIST) is another's file, never removed here. A file
  // replaced is opened private, then given its mode; a new one 0666, the kernel taking the umask off (asking
  // process.umask would set it, for every thread, while it is read). Opened 0600 always, a new lock was private.
  const fd = openSync(temp, 'wx', mode === undefined ? 0o666 : 0o600);
  try {
    try {
      if (mode !== undefined) fchmodSync(fd, mode);
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (thrown) {
    rmSync(temp, { force: true });
    throw thrown;
  }
}
