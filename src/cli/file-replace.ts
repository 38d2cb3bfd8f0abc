// Putting a new text in place of a file (a config `wrap` rewrites, a lock): written whole to a temp file beside the
// target, flushed, then renamed over it, so a reader sees the old file or the new one, never a part. A write(2)
// may write part of what it is given and say so by its count alone (a disk nearly full, a file size limit):
// writeFileSync on a descriptor writes until every byte is written or throws, and fsync makes the rename's file
// the whole text on disk before it replaces the old one. The new file keeps the old one's mode and owner.
import {
  closeSync,
  fchmodSync,
  fchownSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';

/** What a file replaced keeps: its permissions and its owner. */
export interface KeptFile {
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
}

/** What the file at `path` (a link followed) keeps when it is replaced; throws what stat threw. */
export function keptOf(path: string): KeptFile {
  const stat = statSync(path);
  return { mode: stat.mode & 0o7777, uid: stat.uid, gid: stat.gid };
}

/**
 * Gives the file open at `fd` the owner `kept` names. Best effort: only root may give a file away (EPERM), and a
 * file system without owners says so (EINVAL, ENOTSUP, ENOSYS); the file is then the writer's, as any new one.
 */
function keepOwner(fd: number, kept: KeptFile): void {
  try {
    fchownSync(fd, kept.uid, kept.gid);
  } catch (thrown) {
    if (!['EPERM', 'EINVAL', 'ENOTSUP', 'ENOSYS'].includes(String((thrown as NodeJS.ErrnoException).code)))
      throw thrown;
  }
}

/**
 * Replaces `target` with `text` through `temp` (created exclusively: a name that exists is never written through),
 * with the mode and owner of the file replaced (`kept`) when given, else as any new file is (0666 less the umask,
 * the writer's). Throws what the file system threw; the temp file is gone then.
 */
export function replaceWhole(target: string, temp: string, text: string, kept: KeptFile | undefined): void {
  // Opened before the clean-up applies: a name that exists (EEXIST) is another's file, never removed here. A file
  // replaced is opened private, then given its mode; a new one 0666, the kernel taking the umask off (asking
  // process.umask would set it, for every thread, while it is read). Opened 0600 always, a new lock was private.
  const fd = openSync(temp, 'wx', kept === undefined ? 0o666 : 0o600);
  try {
    try {
      if (kept !== undefined) {
        // Owner first: a chown clears the set-user-ID and set-group-ID bits, which the chmod gives back. Without
        // it, root's wrap --write or lock gave another user's config or lock to root.
        keepOwner(fd, kept);
        fchmodSync(fd, kept.mode);
      }
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
