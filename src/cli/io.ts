// The streams a CLI command talks to, passed in so commands run the same in-process (tests) and as a process,
// and the reading of the files and texts commands are given.
import { NO_TEXT_LIMITS } from '../arguments/parsed-text.js';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { MAX_LISTING_BYTES } from '../catalog/mcp-pages.js';
import { parseJsonText } from '../arguments/json-text.js';
import { parseStrictJsonText } from '../arguments/json-text-strict.js';
import { ok, type Failure, type Problem, type Result } from '../result.js';
import { MAX_SHOWN_PLACE, printable, shownPlace, terminalText } from '../util/describe-value.js';

/** Output and input of one CLI run. */
export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Reads all of standard input as UTF-8 text, refused when it is not valid UTF-8. */
  readonly readStdin: () => Promise<Result<string, Problem>>;
  /** Colour only on a terminal (and never with NO_COLOR set to a non-empty value). */
  readonly colour: boolean;
}

/** A result a command ends with: the exit status. 0 admitted/valid, 1 not, 2 usage or input error. */
export type ExitCode = 0 | 1 | 2;

/** Why an input could not be read; a JSON syntax error says where (1-based line and column). */
export interface InputProblem extends Problem {
  readonly line?: number;
  readonly column?: number;
}

/** The real process streams. */
export function processIO(): CliIO {
  // A reader that went away (`check --format json | head`) ends what is written to it: its EPIPE is not
  // worth a stack trace on stderr and a crash, and the run's exit status stays what the run decided. Any other
  // failed write (a full disk under the shell's `>`) is said on stderr and ends the run with status 2: a report
  // that was not written must not pass for one that was.
  const gone = { out: false, err: false };
  const failed = (stream: 'out' | 'err') => (error: NodeJS.ErrnoException) => {
    gone[stream] = true;
    if (error.code === 'EPIPE') return;
    process.exitCode = 2;
    if (stream === 'out' && !gone.err) process.stderr.write(`toolgate: cannot write the output (${error.code})\n`);
  };
  process.stdout.on('error', failed('out'));
  process.stderr.on('error', failed('err'));
  return {
    out: (t) => void (gone.out || process.stdout.write(t)),
    // Every stderr line is text for a person, and may quote a server (terminalText: no terminal escape acts).
    err: (t) => void (gone.err || process.stderr.write(terminalText(t))),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      for await (const c of process.stdin) {
        bytes += (c as Buffer).length;
        if (bytes > MAX_INPUT_BYTES) {
          process.stdin.destroy();
          return tooLong('<stdin>');
        }
        chunks.push(c as Buffer);
      }
      return utf8Text(Buffer.concat(chunks), '<stdin>');
    },
    colour: colourWanted(process.stdout.isTTY === true, process.env),
  };
}

/**
 * Whether text output is coloured: on a terminal, unless NO_COLOR is present and not an empty string (no-color.org:
 * an empty `NO_COLOR=`, as a shell or a CI template may leave it, does not turn colour off).
 */
export function colourWanted(terminal: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const noColor = Object.hasOwn(env, 'NO_COLOR') ? env['NO_COLOR'] : undefined;
  return terminal && (noColor === undefined || noColor === '');
}

/** A line break a file's name may hold: LF, CR, and Unicode's U+2028 and U+2029. */
/** Line breaks, which printable() leaves as they are. */
const NAME_BREAK = /[\r\n\u2028\u2029]/g;

/**
 * A file's name as a report line or message shows it, cut at MAX_SHOWN_PLACE characters. A name comes from a folder's
 * listing or a shell's glob, and one holding a newline, ESC or BEL printed raw forged lines (a `summary:`, a CI
 * runner's `::add-mask::`) or wrote a terminal's clipboard (a hunt's find). A name with anything printable() or a line
 * break would write out is shown quoted, as JSON writes it, escapes in it then written out (a review: a name holding
 * the text `\u000a` showed as one holding a newline; line breaks written out after the cut passed it); the JSON report
 * keeps the name whole.
 */
export function shownFile(name: string): string {
  const sample = name.slice(0, MAX_SHOWN_PLACE + 1);
  // A name that begins with a quote is quoted too: shown as it is, it could pose as another name's quoted form.
  if (printable(sample) === sample && !/[\r\n\u2028\u2029]/.test(sample) && !name.startsWith('"'))
    return shownPlace(name);
  const quoted = JSON.stringify(name.slice(0, MAX_SHOWN_PLACE * 2));
  return shownPlace(quoted.replace(NAME_BREAK, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** A failed read of the command line, a file or a server: the message names what and why. */
export function inputError(message: string): Failure<Problem> {
  return { ok: false, error: { message } };
}

/**
 * The most bytes a file or standard input given to a command may hold: a live listing's bound (64 MiB), which
 * every catalog fits many times over. Past it the input is an input error: `check /dev/zero` read until V8 ran
 * out of memory and aborted.
 */
export const MAX_INPUT_BYTES = MAX_LISTING_BYTES;

function tooLong(source: string): Failure<Problem> {
  return inputError(`${shownFile(source)}: larger than ${MAX_INPUT_BYTES >> 20} MiB, the most an input may be`);
}

/** Reads a text file, or the message naming the file when it cannot be read (or holds over MAX_INPUT_BYTES). */
export function readText(file: string): Result<string, Problem> {
  let bytes: Buffer;
  try {
    const read = readBounded(file);
    if (read === undefined) return tooLong(file);
    bytes = read;
  } catch (thrown) {
    const code = typeof thrown === 'object' && thrown !== null && 'code' in thrown ? String(thrown.code) : 'unreadable';
    return inputError(`${shownFile(file)}: cannot read (${code})`);
  }
  return utf8Text(bytes, file);
}

/** The bytes of `file`, read in pieces (a device or a pipe has no size to ask first); undefined past the bound. */
function readBounded(file: string): Buffer | undefined {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_INPUT_BYTES) return undefined;
    // A regular file in one piece (one more byte shows its end), anything else a mebibyte at a time.
    const piece = size > 0 ? size + 1 : 1 << 20;
    const chunks: Buffer[] = [];
    let bytes = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(piece);
      const n = readSync(fd, chunk, 0, piece, null);
      // A regular file was read in its one piece: no copy of it.
      if (n === 0) return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, bytes);
      bytes += n;
      if (bytes > MAX_INPUT_BYTES) return undefined;
      chunks.push(chunk.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
}

/** The text of `bytes` read from `source`, or the message naming it when they are not valid UTF-8. */
function utf8Text(bytes: Uint8Array, source: string): Result<string, Problem> {
  try {
    return ok(STRICT_UTF8.decode(bytes));
  } catch {
    return inputError(`${shownFile(source)}: not UTF-8 text (it holds a byte sequence UTF-8 does not allow)`);
  }
}

/**
 * Files and standard input are read as UTF-8 that must be valid: a replaced byte would change what was written (a
 * command in a config that wrap rewrites and cannot restore, a pattern in a schema). A BOM is kept, so the JSON
 * reader refuses it.
 */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const LOCATED = /^arguments are not valid JSON: (.*) at line (\d+) column (\d+) \(offset \d+\)$/s;

/**
 * Parses JSON text exactly, naming its source: a key given twice is an error (JSON.parse keeps the last one, so
 * a reader of the file would see one value and toolgate check another), as are a lone surrogate and a number no
 * float64 holds exactly (JSON.parse rounds 9007199254740993 down: a `minimum` would be enforced one lower than
 * written). For every text that holds schemas or says what runs: catalogs, `--schema`, `serve`'s config. The
 * argument reader reads it (its native path where JSON.parse reads the text the same way), without its limits.
 */
export function parseStrictJsonNamed(text: string, source: string): Result<unknown, InputProblem> {
  const shown = shownFile(source);
  if (text.trim() === '') return { ok: false, error: { message: `${shown}: empty, expected JSON` } };
  const exact = parseJsonText(text, NO_TEXT_LIMITS);
  if (exact.ok) return ok(exact.value.value);
  // The native path says nothing of where: the strict reader finds the line and column.
  const strict = parseStrictJsonText(text, NO_TEXT_LIMITS);
  const m = strict.ok ? null : LOCATED.exec(strict.error.message);
  if (m === null) return { ok: false, error: { message: `${shown}: not JSON (${exact.error.message})` } };
  const [, why, line, column] = m as unknown as [string, string, string, string];
  return {
    ok: false,
    error: { message: `${shown}: not JSON: ${why} at line ${line} column ${column}`, line: +line, column: +column },
  };
}

/** A `<json|@file>` argument (serve's --input-schema), read strictly: inline JSON, or `@path` for a file. */
export function readJsonArgument(value: string, flag: string): Result<unknown, InputProblem> {
  if (value.startsWith('@')) {
    const file = value.slice(1);
    const text = readText(file);
    return text.ok ? parseStrictJsonNamed(text.value, file) : text;
  }
  return parseStrictJsonNamed(value, `--${flag}`);
}
