// Which words of a server's command line are secrets by the option before them: `--token X`, `--api-key X`,
// `--client-secret X`, `--password X`, `--auth X` (the `--token=X` form is a `KEY=VALUE` word, command-line.ts), a
// credential header an option passes (`mcp-remote URL --header "Authorization: Bearer X"`, as desktop configs write
// it), and `Bearer` then its token. The option's name says so when its last part names a secret: `--token-file`,
// `--auth-url`, `--key-id` and `--secret-name` name a place or a name, and are not. A one-letter option (`-k`, `-p`)
// says nothing: curl's `-k` is --insecure, most servers' `-p` a port, so only `-H` (a header everywhere) is read, and
// `-u` when its value is `user:password` (curl's and wget's; a value whose shape is its own evidence, as
// `user:pw@host` after any option is: user-password.ts).
import { userPassword } from './user-password.js';

/** An option word with a name: `--token`, `-token` (Go's flag package); not `-k`, not `--`. */
const OPTION = /^--?([A-Za-z][\w.-]+)$/;

/** A last name part that names a secret: `token`, `accessToken`, `api-key`, `client_secret`, `basic-auth`, ... */
const SECRET_PART = new RegExp(
  `^(?:${[
    '[a-z]*(?:token|secret|password|passwd|passphrase|credential|bearer)s?',
    '(?:api|private|access|secret|signing|client|auth|app|session|license|master|encryption)?keys?',
    '[a-z]*auth',
    'authorization|pass|pwd|pat|creds|cookies?|sig|signatures?',
    // A session id is a credential (whoever holds it is that user): `--session`, `--session-id`, `;jsessionid=`.
    'session|[a-z]*sessionids?',
  ].join('|')})$`,
);

/** A name's parts, lower-cased: split at `-`, `_`, `.` and a camelCase capital. */
function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_.]+/)
    .filter((p) => p !== '');
}

/**
 * Whether a name (an option's, a header's) names a secret: its last part does, or its last two joined do
 * (`--session-id`, `--pass-word`), and it is not a `no-` negation.
 */
export function namesSecret(name: string): boolean {
  const parts = nameParts(name);
  const last = parts.at(-1) as string;
  return (
    parts.length > 0 &&
    parts[0] !== 'no' &&
    (SECRET_PART.test(last) || (parts.length > 1 && SECRET_PART.test(`${parts.at(-2)}${last}`)))
  );
}

/** Whether an option word passes a header in the word after it (`--header`, `--headers`, `-H`). */
function headerOption(word: string): boolean {
  if (word === '-H') return true;
  const name = OPTION.exec(word)?.[1];
  return name !== undefined && /^(?:.*[-_.])?headers?$/i.test(name);
}

/**
 * The secrets of a header item `Name: value` whose name names a secret (`Authorization`, `X-Api-Key`, `Cookie`):
 * the value, and after a scheme (`Bearer X`) the token alone, as toolgate's own `--header` (cli/header-option.ts).
 */
export function headerSecrets(item: string): string[] {
  const colon = item.indexOf(':');
  if (colon <= 0 || !namesSecret(item.slice(0, colon).trim())) return [];
  const value = item.slice(colon + 1).trim();
  const cookies = cookiePairs(item);
  // The whole value too, as givenHeaderSecrets keeps it: a cookie's value under the shown minimum (`sid=abcdefg`)
  // is masked in no echo by itself, and the header's value echoed whole showed it (a review's find).
  if (cookies !== undefined) return [...new Set([value, ...cookies.map((c) => c.value)].filter((v) => v !== ''))];
  const space = value.lastIndexOf(' ');
  return [value, ...(space > 0 && space < value.length - 1 ? [value.slice(space + 1)] : [])].filter((v) => v !== '');
}

/** One `name=value` pair of a Cookie header: where its value starts in the item, and the value (quotes taken off). */
interface CookiePair {
  readonly at: number;
  readonly raw: string;
  readonly value: string;
}

/**
 * The pairs of a `Cookie: a=1; session=X` header item (RFC 6265 §4.2.1: `;`-separated `name=value` pairs, a value
 * maybe in double quotes; a pair without `=` is a value alone); undefined when the item is no Cookie header. Each
 * value is a secret and the names are not: masked as one, `session=X` left X shown wherever the server echoed it
 * alone (its own error quoting the session) and hid which cookies were sent (a review's find).
 */
export function cookiePairs(item: string): CookiePair[] | undefined {
  const colon = item.indexOf(':');
  if (colon <= 0 || item.slice(0, colon).trim().toLowerCase() !== 'cookie') return undefined;
  const pairs: CookiePair[] = [];
  for (let start = colon + 1; start <= item.length; ) {
    const semi = item.indexOf(';', start);
    const end = semi === -1 ? item.length : semi;
    const piece = item.slice(start, end);
    const eq = piece.indexOf('=');
    const from = start + eq + 1 + (piece.slice(eq + 1).length - piece.slice(eq + 1).trimStart().length);
    const raw = item.slice(from, end).trimEnd();
    const quoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"');
    if (raw !== '') pairs.push({ at: from, raw, value: quoted ? raw.slice(1, -1) : raw });
    start = end + 1;
  }
  return pairs;
}

/**
 * The secrets of a header toolgate is given (its `--header`, a config's `headers`), whatever its name: the value, the
 * token after a scheme (`Bearer X`) alone, and of a Cookie header each cookie's value alone (cookiePairs).
 */
export function givenHeaderSecrets(name: string, value: string): string[] {
  const space = value.lastIndexOf(' ');
  const token = space > 0 && space < value.length - 1 ? [value.slice(space + 1)] : [];
  const cookies = cookiePairs(`${name}: ${value}`)?.map((c) => c.value) ?? [];
  return [...new Set([value, ...token, ...cookies])].filter((v) => v !== '');
}

/** A word after an option that is never its value: a long option, a one-letter option, `-` or `--` alone. */
const OWN_WORD = /^(?:--(?:[A-Za-z].*)?|-[A-Za-z]?)$/s;

/**
 * What the option word `option` makes of the word after it, `word`: `value` when it is a secret (the option names
 * one), `header` when it is a header item (its value secret by its name), undefined otherwise. A long option
 * (`--verbose`), a one-letter one (`-v`) and `-` (standard input) are words of their own, not values; any other word
 * starting with "-" is a value: base64url tokens start so one time in 64, and Go's flag package takes it as one.
 */
export function afterOption(option: string | undefined, word: string): 'value' | 'header' | 'userinfo' | undefined {
  if (option === undefined || word === '' || OWN_WORD.test(word)) return undefined;
  if (headerOption(option)) return 'header';
  // `Bearer` then its token as the next word (`curl -H Authorization: Bearer X` split by a config).
  if (/^bearer$/i.test(option) && BEARER_TOKEN.test(word)) return 'value';
  const name = OPTION.exec(option)?.[1];
  if (name !== undefined && namesSecret(name) && !countOf(name, word)) return 'value';
  return /^--?[A-Za-z]/.test(option) && userPassword(option, word) !== undefined ? 'userinfo' : undefined;
}

/** A bearer token (RFC 6750's b64token): what follows `Bearer` when it is the token, not a word of prose. */
const BEARER_TOKEN = /^[\w.~+/-]+=*$/;

/** A `Bearer X` word (one word: a config's `args` entry): X; undefined for any other word. */
export function bearerSecret(word: string): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(word);
  return m !== null && BEARER_TOKEN.test(m[1] as string) ? m[1] : undefined;
}

/** A name part saying the option counts what its last part names: `--max-tokens`, `--num-keys`. */
const COUNT_PART = /^(?:max|min|num|count|limit|total)$/;

/**
 * Whether `word` is a count of what the option `name` names (`--max-tokens 100000000`): digits alone, after a name
 * with a count's part. Masked, such a number became `"<redacted>"` wherever a listing or result held it, a schema's
 * `maximum` too (a review's find), and no credential is a count.
 */
export function countOf(name: string, word: string): boolean {
  return (
    /^\d+$/.test(word) &&
    nameParts(name)
      .slice(0, -1)
      .some((p) => COUNT_PART.test(p))
  );
}

/** An option word holding its value after a `:`: `--token:X` (.NET's System.CommandLine reads it as `--token X`). */
const COLON_OPTION = /^(--?([A-Za-z][\w.-]*)):(.+)$/s;

/** The option and value of a `--name:value` word whose name names a secret; undefined for any other word. */
export function colonSecret(word: string): { key: string; value: string } | undefined {
  const m = COLON_OPTION.exec(word);
  if (m === null || !namesSecret(m[2] as string) || countOf(m[2] as string, m[3] as string)) return undefined;
  return { key: m[1] as string, value: m[3] as string };
}

/** Whether an option's name (a `--header=...` word's key) passes a header. */
export const isHeaderOption = (key: string): boolean => headerOption(key);
