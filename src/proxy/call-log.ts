// `--log`: one JSON line per tools/call, every secret masked. The file is opened once, at start, and refused
// unless it is a regular file of this user's: a log opened per call (appendFileSync) at a FIFO with no reader, or
// on a hung mount, blocked the event loop in open(), every request and SIGTERM with it; a symbolic link there was
// followed; a new log was made 0644 though --log-args writes the model's arguments (a hunt's find). Lines are then
// written in order through that descriptor, off the event loop. A log that cannot be written does not take the
// proxy down; that is said once on stderr.
import { close, closeSync, constants, fstatSync, openSync, write } from 'node:fs';
import { escapedJson } from '../util/hidden-text.js';
import { createMasker } from '../exec/mask-secrets.js';
import type { Problem, Result } from '../result.js';
import type { ProxySettings } from './settings.js';
import type { CallRecord } from './session.js';

/** The call log of one run: `record` takes a call, `close` ends the log once what was written is written. */
export interface CallLog {
  readonly record: (record: CallRecord) => void;
  readonly close: () => Promise<void>;
}

/**
 * Most bytes of lines waiting for the file: past it (a disk or mount that stopped taking writes) lines are dropped
 * and that is said once, so a log that falls behind cannot fill this process's memory.
 */
const MAX_WAITING_BYTES = 16 * 1024 * 1024;

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

/** Writes all of `bytes` at the file's end (a write may take part of them). */
function writeAll(fd: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const from = (at: number): void =>
      write(fd, bytes, at, bytes.length - at, null, (error, n) => {
        if (error !== null) reject(error);
        else if (at + n < bytes.length) from(at + n);
        else resolve();
      });
    from(0);
  });
}

/** The call log of `settings` (a log that records nothing without --log), or why its file is refused. */
export function openCallLog(settings: ProxySettings, say: (line: string) => void): Result<CallLog, Problem> {
  if (settings.log === undefined) return { ok: true, value: { record: () => undefined, close: async () => undefined } };
  const opened = openLogFile(settings.log);
  if (!opened.ok) return opened;
  const fd = opened.value;
  const path = settings.log;
  const masker = createMasker(settings.secrets);
  let broken = false;
  let closed = false;
  let waiting = 0;
  let tail: Promise<void> = Promise.resolve();
  const fail = (why: string): void => {
    if (broken) return;
    broken = true;
    say(`--log: cannot append to ${JSON.stringify(path)} (${why})`);
  };
  const record = (r: CallRecord): void => {
    if (broken || closed) return;
    // Masked value by value: as plain text, a value that spans JSON syntax (`a","b`) would take members away.
    const line = Buffer.from(`${escapedJson(masker.json(JSON.stringify({ time: new Date().toISOString(), ...r })))}\n`);
    if (waiting + line.length > MAX_WAITING_BYTES) {
      fail('writes fell behind');
      return;
    }
    waiting += line.length;
    // One write at a time, in the order the calls ended.
    tail = tail.then(async () => {
      if (!broken) await writeAll(fd, line).catch((e: NodeJS.ErrnoException) => fail(e.code ?? 'write failed'));
      waiting -= line.length;
    });
  };
  let closing: Promise<void> | undefined;
  const closeLog = (): Promise<void> => {
    closed = true;
    // The fd is closed after the last write: a record after this is not taken, so `tail` is the last one.
    closing ??= tail.then(() => new Promise<void>((resolve) => close(fd, () => resolve())));
    return closing;
  };
  return { ok: true, value: { record, close: closeLog } };
}
