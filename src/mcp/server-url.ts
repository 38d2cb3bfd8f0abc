// `--url`: a Streamable HTTP MCP server (MCP 2025-06-18, "Transports"), read the same way by `check`, `lock` and
// `proxy`. A user or password in the URL is refused (it would show in a process list); query values (such as
// `?key=...`) are secrets like `--header` values: masked wherever toolgate prints, left out of the server's name.
import type { Problem, Result } from '../result.js';

/** A `--url` as read: the URL, how reports name it, and the values that must never be printed. */
export interface ServerUrl {
  readonly url: URL;
  /** Scheme, host, port and path: no user, password, query or fragment. */
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
  return { ok: true, value: { url, display: `${url.origin}${url.pathname}`, secrets } };
}
