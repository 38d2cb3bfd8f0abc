// A command line's URL words and the secrets they hold. An http(s) URL word (`npx -y mcp-remote
// https://host/sse?k=...`) has every query value, its password and each path segment that may be a key masked, as
// `--url`'s are. A URL of another scheme is a connection string (`postgresql://user:pw@host/db`, which the official
// postgres server takes as its argument, `redis://:pw@host`, `mongodb+srv://u:pw@...`): its password is masked, and the
// query values whose name names a secret (`?password=`, `?sslpassword=`, `?token=`), and so are its `;name=value`
// parameters' (JDBC's `jdbc:sqlserver://h;user=sa;password=X`, `;pwd=`); its other parts (`sslmode=require`,
// `;user=sa`) stay readable.
import { percentDecoded, writtenAndDecoded } from '../util/percent-decoded.js';
import { keySegments, keySegmentSecrets } from '../util/url-key-segments.js';
import { REDACTED } from './mask-secrets.js';
import { namesSecret } from './secret-flags.js';

/** How an http(s) URL word begins. */
const HTTP_URL = /^https?:\/\//i;

/** How a URL word of any scheme begins: `scheme://`, `mongodb+srv://`, `jdbc:postgresql://`. */
const ANY_URL = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)+\/\//;

/**
 * A URL's password: from the first `:` of the authority to its last `@` (a raw `@` in the password is the
 * password's, as a URL parser reads it); the authority ends at the first `/`, `?` or `#`.
 */
const PASSWORD = /^((?:[A-Za-z][A-Za-z0-9+.-]*:)+\/\/[^/?#:]*:)([^/?#]*)@/;

/**
 * A `;name=value` parameter: its value runs to the next `;` or is a `{...}` (SQL Server's quoting of a `;` in it);
 * in an http(s) URL (a path's `;jsessionid=`) it ends at a `/`, `?` or `#` too.
 */
const PARAM = /;([^;=/?#]+)=(\{[^}]*\}|[^;]*)/g;
const HTTP_PARAM = /;([^;=/?#]+)=([^;/?#]*)/g;

/** The values of a URL word's `;name=value` parameters whose name names a secret, each with where it starts. */
function secretParams(word: string): { at: number; text: string }[] {
  if (!ANY_URL.test(word)) return [];
  return [...word.matchAll(HTTP_URL.test(word) ? HTTP_PARAM : PARAM)]
    .filter((m) => m[2] !== '' && namesSecret((m[1] as string).trim()))
    .map((m) => ({ at: m.index + m[0].length - (m[2] as string).length, text: m[2] as string }));
}

/** A URL word: where its query starts (after `?`) and ends (a `#` or the end); undefined otherwise. */
function urlQuery(word: string): { start: number; end: number } | undefined {
  if (!ANY_URL.test(word)) return undefined;
  const q = word.indexOf('?');
  if (q < 0) return undefined;
  const hash = word.indexOf('#', q);
  return { start: q + 1, end: hash < 0 ? word.length : hash };
}

/** Whether a query pair's value is masked: any in an http(s) URL; one whose name names a secret in another. */
function secretPair(word: string, pair: string, eq: number): boolean {
  if (eq < 0 || eq + 1 >= pair.length) return false;
  return HTTP_URL.test(word) || namesSecret(percentDecoded(pair.slice(0, eq)) ?? pair.slice(0, eq));
}

/**
 * A URL word's secrets: each masked query value and its password, as written and decoded, and an http(s) URL's path
 * segments that may be keys (util/url-key-segments.ts).
 */
export function urlSecrets(word: string): string[] {
  const out: string[] = [...keySegmentSecrets(word), ...secretParams(word).map((p) => p.text)];
  const query = urlQuery(word);
  const values: string[] = [];
  if (query !== undefined)
    for (const pair of word.slice(query.start, query.end).split('&')) {
      const eq = pair.indexOf('=');
      if (secretPair(word, pair, eq)) values.push(pair.slice(eq + 1));
    }
  const url = HTTP_URL.test(word) && URL.canParse(word) ? new URL(word) : undefined;
  if (url !== undefined) {
    out.push(...values);
    for (const [, value] of url.searchParams) out.push(value);
    if (url.password !== '') out.push(...writtenAndDecoded(url.password));
  } else {
    const password = PASSWORD.exec(word)?.[2];
    for (const v of [...values, ...(password === undefined ? [] : [password])]) out.push(...writtenAndDecoded(v));
  }
  return out;
}

/**
 * A URL word with its secrets (urlSecrets) as REDACTED; any other word as it is. `kept`: a value shown as written
 * (a template's placeholder, the model's).
 */
export function redactedUrl(word: string, kept: (value: string) => boolean = () => false): string {
  let out = word;
  // Right to left: each cut leaves the places of the segments before it as they were.
  for (const { at, text } of keySegments(word).reverse())
    if (!kept(text)) out = `${out.slice(0, at)}${REDACTED}${out.slice(at + text.length)}`;
  for (const { at, text } of secretParams(out).reverse())
    if (!kept(text)) out = `${out.slice(0, at)}${REDACTED}${out.slice(at + text.length)}`;
  const query = urlQuery(out);
  if (query !== undefined) {
    const pairs = out
      .slice(query.start, query.end)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        return secretPair(out, pair, eq) && !kept(pair.slice(eq + 1)) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
      });
    out = `${out.slice(0, query.start)}${pairs.join('&')}${out.slice(query.end)}`;
  }
  return out.replace(PASSWORD, `$1${REDACTED}@`);
}
