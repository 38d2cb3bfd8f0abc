// The `--mcp "<command> [args]"` text: split into words (no shell runs it), and shown back in reports with
// every value that may be a secret masked, since reports end up in CI logs.
import { REDACTED } from './mask-secrets.js';

export { maskSecrets, REDACTED } from './mask-secrets.js';

/** Splits a command line on whitespace, honouring '...' and "..." quoting and backslash escapes (no expansion). */
export function splitCommandLine(line: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== undefined) return undefined;
  if (inWord) words.push(word);
  return words;
}

/** What stands before the `=` of a `KEY=VALUE` word: a variable or option name, not code such as `() => 1`. */
const KEY = /^(?:--?)?[A-Za-z_][\w.-]*$/;

/** The key and value of a `KEY=VALUE` word (`env TOKEN=abc`, `--api-key=abc`); undefined for other words. */
function assignment(word: string): { key: string; value: string } | undefined {
  const eq = word.indexOf('=');
  const key = word.slice(0, Math.max(eq, 0));
  return eq > 0 && KEY.test(key) ? { key, value: word.slice(eq + 1) } : undefined;
}

/** The values of the `KEY=VALUE` words of a command line: what a report must never show. */
export function secretsOf(words: readonly string[]): string[] {
  return words.flatMap((w) => {
    const a = assignment(w);
    return a === undefined || a.value === '' ? [] : [a.value];
  });
}

/** A word as a POSIX shell reads it back: bare when plain, otherwise single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+,./:=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A word with the value of a `KEY=VALUE` word masked (`--api-key=<redacted>`); any other word as it is. */
export function redactWord(word: string): string {
  const a = assignment(word);
  return a === undefined ? word : `${a.key}=${REDACTED}`;
}

/** A word as reports show it: shell-quoted, a `KEY=VALUE` word as `KEY=<redacted>`. */
export function displayWord(word: string): string {
  const a = assignment(word);
  return a === undefined ? shellWord(word) : `${shellWord(a.key)}=${REDACTED}`;
}

/** The command line as reports show it: each `KEY=VALUE` word as `KEY=<redacted>`. */
export function displayCommandLine(words: readonly string[]): string {
  return words.map(displayWord).join(' ');
}
