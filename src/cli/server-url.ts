// `--url`: a Streamable HTTP MCP server (MCP 2025-06-18, "Transports"), read the same way by `check`, `lock` and
// `proxy`. Credentials in the URL (a password, query values such as `?key=...`) are secrets like `--header`
// values: masked wherever toolgate prints, and left out of the name reports give the server.
import type { Problem, Result } from '../result.js';
import { inputError } from './io.js';

/** A `--url` as read: the URL, how reports name it, and the values that must never be printed. */
export interface ServerUrl {
  readonly url: URL;
  /** Scheme, host, port and path: no user, password, query or fragment. */
  readonly display: string;
  readonly secrets: readonly string[];
}

/** Reads one `--url` value; only http: and https: URLs are servers. */
export function readServerUrl(raw: string): Result<ServerUrl, Problem> {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return inputError('--url needs an http:// or https:// URL');
  const secrets: string[] = [];
  if (url.password !== '') secrets.push(decodeURIComponent(url.password), url.password);
  for (const [, value] of url.searchParams) if (value !== '') secrets.push(value);
  return { ok: true, value: { url, display: `${url.origin}${url.pathname}`, secrets } };
}
