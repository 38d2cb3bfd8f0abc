// Reading the lock a command is given and writing the one `lock` makes. A lock that cannot be read is an input
// error naming the file and the problem, never "no pins" (that would pass every tool as new, or hide a gone one).
// The write is atomic: a temporary file beside the lock, then a rename over it, so a reader (a CI job, a running
// proxy's next start) never sees half a lock. A lock replaced keeps its mode and owner, and a link to one stays a
// link (a link to no file yet too: the lock is made where it leads).
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { type KeptFile, keptOf, replaceWhole } from './file-replace.js';
import { basename, dirname, join } from 'node:path';
import { type AnyLock, parseAnyLock } from '../catalog/config-lock.js';
import { parseLock, lockText } from '../catalog/lock-file.js';
import type { ToolLock } from '../catalog/lock-pins.js';
import { thrownMessage, type Problem, type Result } from '../result.js';
import { clip, oneLine } from '../util/describe-value.js';
import { listItems } from '../util/name-list.js';
import { inputError, readText } from './io.js';

/**
 * A lock's ignored fields as `lock` prints them: each cut and written out (a lock is foreign text: a field named
 * `a\u200b` or of 100,000 characters), on one line, twenty at most, then how many more.
 */
export function shownIgnore(fields: readonly string[]): string {
  return listItems(fields, (f) => oneLine(clip(f, 80)));
}

/** A lock file read and checked; `absent` when there is none at that path (only `lock` accepts that). */
export function readLockFile(file: string): Result<ToolLock | 'absent', Problem> {
  const text = readText(file);
  if (!text.ok) return text.error.message.endsWith('(ENOENT)') ? { ok: true, value: 'absent' } : text;
  return parseLock(text.value, file);
}

/** A lock file of either kind (a config's or one catalog's); `absent` when there is none at that path. */
export function readAnyLockFile(file: string): Result<AnyLock | 'absent', Problem> {
  const text = readText(file);
  if (!text.ok) return text.error.message.endsWith('(ENOENT)') ? { ok: true, value: 'absent' } : text;
  return parseAnyLock(text.value, file);
}

/** `--lock <file>` of check and proxy: the lock, or the input error naming the file (a missing one too). */
export function requireLock(file: string): Result<ToolLock, Problem> {
  const read = readLockFile(file);
  if (!read.ok) return read;
  if (read.value === 'absent') return inputError(`${file}: cannot read (ENOENT): no such lock file`);
  return { ok: true, value: read.value };
}

/** `check --lock <file>`: a lock of either kind, or the input error naming the file (a missing one too). */
export function requireAnyLock(file: string): Result<AnyLock, Problem> {
  const read = readAnyLockFile(file);
  if (!read.ok) return read;
  if (read.value === 'absent') return inputError(`${file}: cannot read (ENOENT): no such lock file`);
  return { ok: true, value: read.value };
}

/**
 * Why `lock --out <file>` cannot name `file`, or undefined: the lock there is read, then replaced by a rename, so
 * it is a regular file or none. `/dev/stdout` on a pipe was read as the existing lock, waiting for the command's own
 * output, for good.
 */
export function outFileProblem(file: string): string | undefined {
  let regular: boolean;
  try {
    regular = statSync(file).isFile();
  } catch {
    return undefined;
  }
  return regular ? undefined : `${file}: not a regular file (lock --out names the lock file it writes, or replaces)`;
}

/** Writes the lock's text to `file` atomically: a temporary file in the same folder, renamed over it. */
export function writeLockFile(file: string, lock: ToolLock): Result<void, Problem> {
  return writeLockText(file, lockText(lock));
}

/**
 * Where a lock replacing `file` goes, and what it keeps: an existing lock's target (a link to a shared lock stays
 * a link, the shared file updated), its permissions and owner; a new one at `file`, with the umask's mode and the
 * writer as owner. A link to nothing is refused: followed, a link a repository ships (to `~/.bash_profile`) had the
 * lock, a server's descriptions in it, written where it led; an existing target must already be a lock to be
 * replaced (it is read first), a file that does not exist yet could be anything.
 */
function replaced(file: string): { target: string; kept: KeptFile | undefined } {
  let target: string;
  try {
    target = realpathSync(file);
  } catch {
    if (isLink(file))
      throw new Error('it is a symbolic link to no file; remove the link, or make the file it names first');
    return { target: file, kept: undefined };
  }
  return { target, kept: keptOf(target) };
}

/** Whether `file` is a symbolic link (not followed). */
function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Writes a lock's text (a single or a config lock) to `file` atomically. */
export function writeLockText(file: string, text: string): Result<void, Problem> {
  // Unique enough with the pid; `wx` refuses to write through a name that exists anyway.
  const unique = `${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  try {
    const { target, kept } = replaced(file);
    const temp = join(dirname(target), `.${basename(target)}.${unique}.tmp`);
    // The rename puts a new file in place: without `kept` a lock kept private (0600) or read-only became 0644.
    replaceWhole(target, temp, text, kept);
    return { ok: true, value: undefined };
  } catch (thrown) {
    return inputError(`${file}: cannot write the lock (${thrownMessage(thrown)})`);
  }
}
