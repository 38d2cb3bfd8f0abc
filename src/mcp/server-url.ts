// `--url`: a Streamable HTTP MCP server (MCP 2025-06-18, "Transports"), read the same way by `check`, `lock` and
// `proxy`. A user or password in the URL is refused (it would show in a process list); query values (such as
// `?key=...`) and path segments that may be keys (`/s/<key>/mcp`: util/url-key-segments.ts) are secrets like
// `--header` values: masked wherever toolgate prints, left out of the server's name.
import { REDACTED } from '../exec/mask-secrets.js';
import type { Problem, Result } from '../result.js';
import { keySegmentSecrets, withoutKeySegments } from '../util/url-key-segments.js';

/** A `--url` as read: the URL, how reports name it, and the values that must never be printed. */
export interface ServerUrl {
  readonly url: URL;
  /** Scheme, host, port and path (a segment that may be a key redacted): no user, password, query or fragment. */
  readonly display: string;
  readonly secrets: readonly string[];
}

/** Reads one `--url` value; only http: and https: URLs are servers. */
export function readServerUrl(raw: string, option = '--url'): Result<ServerUrl, Problem> {
  const inputError = (message: string): Result<ServerUrl, Problem> => ({ ok: false, error: { message } });
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return inputError(`${option} needs an http:// or https:// URL`);
  // A user and password in the URL would show in every process list, and fetch refuses them anyway.
  if (url.username !== '' || url.password !== '')
    return inputError(
      `${option} must not carry credentials: give them as ` +
        (option === '--url' ? '--header "Authorization: env:VAR"' : 'a header'),
    );
  const secrets: string[] = [];
  for (const [, value] of url.searchParams) if (value !== '') secrets.push(value);
  // A value is also masked as it is written in the URL and as the request sends it: a server that echoes its request
  // line shows `abc+def%2F` where the decoded value is `abc def/` (a `+` of a base64 key read as a space).
  for (const query of [url.search, rawQuery(raw)]) for (const value of rawValues(query)) secrets.push(value);
  // The same for a path segment that may be a key: as written, as the request sends it, and decoded.
  secrets.push(...keySegmentSecrets(raw), ...keySegmentSecrets(url.href));
  const display = withoutKeySegments(`${url.origin}${url.pathname}`, REDACTED);
  return { ok: true, value: { url, display, secrets: [...new Set(secrets)] } };
}

/** The query of `raw` as written: after the first `?`, up to a `#`. */
function rawQuery(raw: string): string {
  const start = raw.indexOf('?');
  if (start < 0) return '';
  const end = raw.indexOf('#', start);
  return raw.slice(start, end < 0 ? undefined : end);
}

/** The non-empty values of a query (`?a=1&b=2`) as they are written, not decoded. */
function rawValues(query: string): string[] {
  const out: string[] = [];
  for (const pair of query.replace(/^\?/, '').split('&')) {
    const equals = pair.indexOf('=');
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    if (value !== '') out.push(value);
  }
  return out;
}
