// The `--mcp "<command> [args]"` text: split into words (no shell runs it), and shown back in reports with
// every value that may be a secret masked, since reports end up in CI logs: a `KEY=VALUE` word's value, a URL
// word's query values, password and path segments that may be keys (`npx mcp-remote https://host/sse?token=...`,
// as desktop configs pass them, as `--url`'s are), and the word after an option that names a secret (`--token X`)
// or a credential header's value (secret-flags.ts).
import { keySegments, keySegmentSecrets } from '../util/url-key-segments.js';
import { REDACTED } from './mask-secrets.js';
import { afterOption, headerSecrets, isHeaderOption } from './secret-flags.js';

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

/** How an http(s) URL word begins. */
const HTTP_URL = /^https?:\/\//i;

/** `text` percent-decoded, or undefined where it holds a malformed escape (`%ZZ`). */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** An http(s) URL word: where its query starts (after `?`) and ends (a `#` or the end); undefined otherwise. */
function urlQuery(word: string): { start: number; end: number } | undefined {
  if (!HTTP_URL.test(word)) return undefined;
  const q = word.indexOf('?');
  if (q < 0) return undefined;
  const hash = word.indexOf('#', q);
  return { start: q + 1, end: hash < 0 ? word.length : hash };
}

/**
 * A URL word's secrets: each query value as written and decoded, a password (`https://user:pw@host`), and each path
 * segment that may be a key (util/url-key-segments.ts), as written and decoded.
 */
function urlSecrets(word: string): string[] {
  const out: string[] = keySegmentSecrets(word);
  const query = urlQuery(word);
  if (query !== undefined)
    for (const pair of word.slice(query.start, query.end).split('&')) {
      const eq = pair.indexOf('=');
      if (eq >= 0 && eq + 1 < pair.length) out.push(pair.slice(eq + 1));
    }
  const url = HTTP_URL.test(word) && URL.canParse(word) ? new URL(word) : undefined;
  if (url !== undefined) {
    for (const [, value] of url.searchParams) out.push(value);
    if (url.password !== '') out.push(url.password, decoded(url.password) ?? url.password);
  }
  return out;
}

/**
 * The values of the `KEY=VALUE` words and URL words of a command line, the words after options that name a secret
 * and credential headers' values (secret-flags.ts): what a report must never show.
 */
export function secretsOf(words: readonly string[]): string[] {
  const secrets = words.flatMap((w, i) => {
    const a = assignment(w);
    const after = afterOption(words[i - 1], w);
    const byOption = after === 'value' ? [w] : after === 'header' ? headerSecrets(w) : [];
    const header = a !== undefined && isHeaderOption(a.key) ? headerSecrets(a.value) : [];
    return [...(a === undefined || a.value === '' ? [] : [a.value]), ...byOption, ...header, ...urlSecrets(w)];
  });
  return [...new Set(secrets.filter((s) => s !== ''))];
}

/**
 * A URL word with each query value, its password and each path segment that may be a key as REDACTED; any other
 * word as it is. `kept`: a value shown as written (a template's placeholder, the model's).
 */
function redactedUrl(word: string, kept: (value: string) => boolean = () => false): string {
  let out = word;
  // Right to left: each cut leaves the places of the segments before it as they were.
  for (const { at, text } of keySegments(word).reverse())
    if (!kept(text)) out = `${out.slice(0, at)}${REDACTED}${out.slice(at + text.length)}`;
  const query = urlQuery(out);
  if (query !== undefined) {
    const pairs = out
      .slice(query.start, query.end)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        return eq >= 0 && eq + 1 < pair.length && !kept(pair.slice(eq + 1)) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
      });
    out = `${out.slice(0, query.start)}${pairs.join('&')}${out.slice(query.end)}`;
  }
  // The password of `scheme://user:password@host`: from the first `:` of the authority to its last `@` (a raw `@`
  // in the password is the password's, as a URL parser reads it).
  return out.replace(/^(https?:\/\/[^/?#:]*:)[^/?#]*@/i, `$1${REDACTED}@`);
}

/** A word as a POSIX shell reads it back: bare when plain, otherwise single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+,./:=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A word with the value of a `KEY=VALUE` word masked (`--api-key=<redacted>`); any other word as it is. */
export function redactWord(word: string): string {
  const a = assignment(word);
  return a === undefined ? redactedUrl(word) : `${a.key}=${REDACTED}`;
}

/** A word as reports show it: shell-quoted, a `KEY=VALUE` word as `KEY=<redacted>`. */
export function displayWord(word: string): string {
  const a = assignment(word);
  return a === undefined ? shellWord(redactedUrl(word)) : `${shellWord(a.key)}=${REDACTED}`;
}

/**
 * A template word (one holding a `{placeholder}`) as a refusal shows it: as written, to be typed again, but for the
 * query values and password it holds as literal text (a value with a `{` in it is the model's, shown).
 */
export function displayTemplateWord(word: string): string {
  return shellWord(redactedUrl(word, (value) => value.includes('{')));
}

/** A header item with its value masked when its name names a secret (`Authorization: <redacted>`). */
function redactedHeader(item: string): string {
  if (headerSecrets(item).length === 0) return displayWord(item);
  const colon = item.indexOf(':');
  return shellWord(`${item.slice(0, colon)}: ${REDACTED}`);
}

/**
 * The command line as reports show it: each `KEY=VALUE` word as `KEY=<redacted>`, a URL word's secrets masked, the
 * word after an option naming a secret as `<redacted>` and a credential header as `Name: <redacted>`.
 */
export function displayCommandLine(words: readonly string[]): string {
  return words
    .map((w, i) => {
      const after = afterOption(words[i - 1], w);
      return after === 'value' ? REDACTED : after === 'header' ? redactedHeader(w) : displayWord(w);
    })
    .join(' ');
}
