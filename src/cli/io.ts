// The streams a CLI command talks to, passed in so commands run the same in-process (tests) and as a process.
import { readFileSync } from 'node:fs';
import { ok, thrownMessage, type Failure, type Problem, type Result } from '../result.js';

/** Output and input of one CLI run. */
export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Reads all of standard input as UTF-8. */
  readonly readStdin: () => Promise<string>;
  /** Colour only on a terminal (and never with NO_COLOR set). */
  readonly colour: boolean;
}

/** A result a command ends with: the exit status. 0 admitted/valid, 1 not, 2 usage or input error. */
export type ExitCode = 0 | 1 | 2;

/** The real process streams. */
export function processIO(): CliIO {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    colour: process.stdout.isTTY === true && process.env['NO_COLOR'] === undefined,
  };
}

/** A failed read of the command line, a file or a server: the message names what and why. */
export function inputError(message: string): Failure<Problem> {
  return { ok: false, error: { message } };
}

/** Reads a text file, or the message naming the file when it cannot be read. */
export function readText(file: string): Result<string, Problem> {
  try {
    return ok(readFileSync(file, 'utf8'));
  } catch (thrown) {
    const code = typeof thrown === 'object' && thrown !== null && 'code' in thrown ? String(thrown.code) : 'unreadable';
    return inputError(`${file}: cannot read (${code})`);
  }
}

/** Parses JSON text, naming its source in the message when it is not JSON. */
export function parseJsonNamed(text: string, source: string): Result<unknown, Problem> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (thrown) {
    return inputError(`${source}: not JSON (${thrownMessage(thrown)})`);
  }
}

/** A `<json|@file>` argument: inline JSON, or `@path` for a file. */
export function readJsonArgument(value: string, flag: string): Result<unknown, Problem> {
  if (value.startsWith('@')) {
    const file = value.slice(1);
    const text = readText(file);
    return text.ok ? parseJsonNamed(text.value, file) : text;
  }
  return parseJsonNamed(value, `--${flag}`);
}
