// `--log`: one JSON line per tools/call, every secret masked. The path is checked at start and at each line, and
// refused unless it is a regular file of this user's: a log opened per call with appendFileSync at a FIFO with no
// reader, or a FIFO put there later, blocked the event loop in open(), every request and SIGTERM with it; a symbolic
// link there was followed; a new log was made 0644 though --log-args writes the model's arguments (a hunt's find).
// Each line is still appended whole, synchronously, through the path: a review of a first fix (one descriptor,
// writes queued off the loop) found lines lost at SIGTERM, a line cut in two, every line after a logrotate move
// gone, and one 16 MiB line turning the log off for every client. A log that cannot be written does not take the
// proxy down; that is said once on stderr.
import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';
import { escapedJson } from '../util/hidden-text.js';
import { clip } from '../util/describe-value.js';
import { hostMasker } from './host-masker.js';
import type { Problem, Result } from '../result.js';
import type { ProxySettings } from './settings.js';
import type { CallRecord } from './session.js';

/** The call log of one run: `record` appends a call's line, written whole before it returns. */
export interface CallLog {
  readonly record: (record: CallRecord) => void;
}

/** Most `dropped` names a line lists, and most characters of each: the rest are counted (`droppedCount`). */
export const MAX_LOGGED_DROPPED = 16;
const MAX_DROPPED_NAME = 64;

/** Most characters of the arguments' JSON text a line holds: larger ones are measured (`argsChars`), not written. */
export const MAX_LOGGED_ARGS = 1024 * 1024;

/**
 * `r` as a line records it, bounded: a call of 700,000 extra members wrote a 21.7 MB line naming each, and
 * `--log-args` copied whatever a refused call carried (a hunt's find). The verdict and its facts are kept whole.
 */
export function loggedRecord(r: CallRecord): Record<string, unknown> {
  const { args, dropped, ...facts } = r;
  const out: Record<string, unknown> = { ...facts };
  if ('args' in r) {
    const text = args === undefined ? undefined : JSON.stringify(args);
    if (text !== undefined && text.length > MAX_LOGGED_ARGS) out['argsChars'] = text.length;
    else out['args'] = args;
  }
  if (dropped !== undefined) {
    out['dropped'] = dropped.slice(0, MAX_LOGGED_DROPPED).map((name) => clip(name, MAX_DROPPED_NAME));
    if (dropped.length > MAX_LOGGED_DROPPED) out['droppedCount'] = dropped.length;
  }
  return out;
}

/** Append, create, never through a link, never wait at open (a FIFO with no reader fails at once: ENXIO). */
const FLAGS =
  constants.O_WRONLY |
  constants.O_APPEND |
  constants.O_CREAT |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0);

/** Why the log at `path` cannot be opened: its problem, named as the flag. */
function refusal(path: string, why: string): Result<never, Problem> {
  return { ok: false, error: { message: `--log ${JSON.stringify(path)}: ${why}` } };
}

/** Why the open file `fd` is no log of this user's: not a regular file, or another user's; undefined when it is. */
function notOurs(fd: number): string | undefined {
  let st: ReturnType<typeof fstatSync>;
  try {
    st = fstatSync(fd);
  } catch (thrown) {
    return `cannot be read (${(thrown as NodeJS.ErrnoException)?.code ?? 'fstat failed'})`;
  }
  const uid = process.getuid?.();
  if (!st.isFile()) return 'is not a regular file (a FIFO, a device or a socket)';
  return uid !== undefined && st.uid !== uid ? `is owned by another user (uid ${st.uid})` : undefined;
}

/** Opens `path` for appending, new ones 0600; refuses anything but a regular file of this user's. */
function openLogFile(path: string): Result<number, Problem> {
  let fd: number;
  try {
    fd = openSync(path, FLAGS, 0o600);
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException)?.code ?? 'unreadable';
    if (code === 'ELOOP') return refusal(path, 'is a symbolic link; give the file itself');
    if (code === 'ENXIO') return refusal(path, 'is a FIFO or socket, not a regular file');
    if (code === 'EISDIR') return refusal(path, 'is a folder, not a regular file');
    return refusal(path, `cannot be opened (${code})`);
  }
  const why = notOurs(fd);
  if (why === undefined) return { ok: true, value: fd };
  closeSync(fd);
  return refusal(path, why);
}

/** Writes all of `bytes` at the end of the file `fd` (a write may take part of them). */
function writeAll(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}

/** Appends `line` to the log at `path`, opened as at start; why not, when it cannot. */
function append(path: string, line: Buffer): string | undefined {
  const opened = openLogFile(path);
  if (!opened.ok) return opened.error.message;
  try {
    writeAll(opened.value, line);
    return undefined;
  } catch (thrown) {
    return (thrown as NodeJS.ErrnoException)?.code ?? 'write failed';
  } finally {
    closeSync(opened.value);
  }
}

/** The call log of `settings` (a log that records nothing without --log), or why its file is refused. */
export function openCallLog(settings: ProxySettings, say: (line: string) => void): Result<CallLog, Problem> {
  const path = settings.log;
  if (path === undefined) return { ok: true, value: { record: () => undefined } };
  const opened = openLogFile(path);
  if (!opened.ok) return opened;
  closeSync(opened.value);
  const masker = hostMasker(settings.secrets);
  let broken = false;
  const record = (r: CallRecord): void => {
    if (broken) return;
    // Masked value by value: as plain text, a value that spans JSON syntax (`a","b`) would take members away.
    const line = Buffer.from(
      `${escapedJson(masker.json(JSON.stringify({ time: new Date().toISOString(), ...loggedRecord(r) })))}\n`,
    );
    const why = append(path, line);
    if (why === undefined) return;
    broken = true;
    say(`--log: cannot append to ${JSON.stringify(path)} (${why})`);
  };
  return { ok: true, value: { record } };
}
