// The `--mcp "<command> [args]"` text: split into words (no shell runs it), and shown back in reports with
// every value that may be a secret masked, since reports end up in CI logs: a `KEY=VALUE` word's value, a URL
// word's secrets (`npx -y mcp-remote https://host/sse?token=...`, `server-postgres postgresql://user:pw@host/db`, as
// desktop configs pass them: url-word.ts), the word after an option that names a secret (`--token X`) or a credential
// header's value (secret-flags.ts), and a token known by its shape wherever it stands (`ghp_...`: token-shapes.ts).
// Only the secret is masked, not its word: `postgresql://user:<redacted>@host/db` still says which server it is.
// What a server echoes is masked from MIN_SHOWN_SECRET_LENGTH on (mask-secrets.ts): a `pw` masked in every echo
// would garble its output and hide nothing, while here it is masked whatever its length.
import { writtenAndDecoded } from '../util/percent-decoded.js';
import { REDACTED } from './mask-secrets.js';
import {
  afterOption,
  bearerSecret,
  colonSecret,
  cookiePairs,
  countOf,
  headerSecrets,
  isHeaderOption,
} from './secret-flags.js';
import { tokensIn, withoutTokens } from './token-shapes.js';
import { redactedUrl, urlSecrets } from './url-word.js';
import { userPassword } from './user-password.js';

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

/**
 * The key, separator and value of a `KEY=VALUE` word (`env TOKEN=abc`, `--api-key=abc`) or of a `--name:value` word
 * whose name names a secret (`--token:abc`, secret-flags.ts); undefined for other words.
 */
function assignment(word: string): { key: string; sep: string; value: string } | undefined {
  const eq = word.indexOf('=');
  const key = word.slice(0, Math.max(eq, 0));
  // A count after a name that counts (`--max-tokens=100000000`, `MAX_TOKENS=4096`) is shown, as after a space.
  if (eq > 0 && KEY.test(key))
    return countOf(key, word.slice(eq + 1)) ? undefined : { key, sep: '=', value: word.slice(eq + 1) };
  const colon = colonSecret(word);
  return colon === undefined ? undefined : { ...colon, sep: ':' };
}

/**
 * The values of the `KEY=VALUE` words and URL words of a command line, the words after options that name a secret,
 * credential headers' values (secret-flags.ts) and tokens of known shapes (token-shapes.ts): what a report must never
 * show.
 */
export function secretsOf(words: readonly string[]): string[] {
  const secrets = words.flatMap((w, i) => {
    const a = assignment(w);
    const after = afterOption(words[i - 1], w);
    const byOption = after === 'value' ? [w] : after === 'header' ? headerSecrets(w) : [];
    const password = after === 'userinfo' ? passwordOf(words[i - 1] as string, w) : [];
    const bearer = bearerSecret(w);
    const header = a !== undefined && isHeaderOption(a.key) ? headerSecrets(a.value) : [];
    const tokens = tokensIn(w).map((t) => t.text);
    const value = a === undefined || a.value === '' ? [] : [a.value];
    // A URL after `KEY=` holds its own secrets (`DATABASE_URL=postgresql://u:pw@h/db`): its password alone, echoed
    // by the server (an error quoting it), is masked as the URL word's is.
    const inValue = a === undefined ? [] : [...urlSecrets(a.value), ...passwordOf(a.key, a.value)];
    const inWord = [...password, ...(bearer === undefined ? [] : [bearer])];
    return [...value, ...byOption, ...header, ...urlSecrets(w), ...inValue, ...inWord, ...tokens];
  });
  return [...new Set(secrets.filter((s) => s !== ''))];
}

/** The password of a `user:password` value after an option (user-password.ts), as written and decoded. */
function passwordOf(option: string, word: string): string[] {
  const text = userPassword(option, word)?.text;
  return text === undefined ? [] : writtenAndDecoded(text);
}

/** A word as a POSIX shell reads it back: bare when plain, otherwise single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+,./:=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A word that is no `KEY=VALUE` word with its URL secrets and its tokens of known shapes masked. */
function redactedSecrets(word: string): string {
  const bearer = bearerSecret(word);
  const shown = bearer === undefined ? word : `${word.slice(0, word.length - bearer.length)}${REDACTED}`;
  return withoutTokens(redactedUrl(shown), REDACTED);
}

/** A `user:password` value after an option with its password masked (`admin:<redacted>@h:3128`). */
function redactedPassword(option: string, word: string): string {
  const p = userPassword(option, word);
  return p === undefined
    ? displayWord(word)
    : shellWord(`${word.slice(0, p.at)}${REDACTED}${word.slice(p.at + p.text.length)}`);
}

/** A word with the value of a `KEY=VALUE` word masked (`--api-key=<redacted>`), a URL's and a token masked. */
export function redactWord(word: string): string {
  const a = assignment(word);
  return a === undefined ? redactedSecrets(word) : `${a.key}${a.sep}${REDACTED}`;
}

/** A word as reports show it: shell-quoted, a `KEY=VALUE` word as `KEY=<redacted>`. */
export function displayWord(word: string): string {
  const a = assignment(word);
  return a === undefined ? shellWord(redactedSecrets(word)) : `${shellWord(a.key)}${a.sep}${REDACTED}`;
}

/**
 * A template word (one holding a `{placeholder}`) as a refusal shows it: as written, to be typed again, but for the
 * URL secrets and tokens it holds as literal text (a value with a `{` in it is the model's, shown).
 */
export function displayTemplateWord(word: string): string {
  return shellWord(
    withoutTokens(
      redactedUrl(word, (value) => value.includes('{')),
      REDACTED,
    ),
  );
}

/** A header item with its value masked when its name names a secret (`Authorization: <redacted>`). */
function redactedHeader(item: string): string {
  if (headerSecrets(item).length === 0) return displayWord(item);
  const cookies = cookiePairs(item);
  if (cookies !== undefined) {
    // Each cookie's value masked, its name kept (`Cookie: session=<redacted>; theme=<redacted>`).
    let out = '';
    let copied = 0;
    for (const c of cookies) {
      out += `${item.slice(copied, c.at)}${REDACTED}`;
      copied = c.at + c.raw.length;
    }
    return shellWord(`${out}${item.slice(copied)}`);
  }
  const colon = item.indexOf(':');
  return shellWord(`${item.slice(0, colon)}: ${REDACTED}`);
}

/**
 * The command line as reports show it: each `KEY=VALUE` word as `KEY=<redacted>`, a URL word's secrets and tokens of
 * known shapes masked, the word after an option naming a secret as `<redacted>` and a credential header as
 * `Name: <redacted>`.
 */
export function displayCommandLine(words: readonly string[]): string {
  return words
    .map((w, i) => {
      const after = afterOption(words[i - 1], w);
      if (after === 'userinfo') return redactedPassword(words[i - 1] as string, w);
      return after === 'value' ? REDACTED : after === 'header' ? redactedHeader(w) : displayWord(w);
    })
    .join(' ');
}
