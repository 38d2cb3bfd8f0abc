// The headers a caller may add to every request toward an HTTP MCP server: an HTTP field name and value
// (RFC 9110 sections 5.1 and 5.5), none the transport sets itself, none twice. No message shows a value: every
// header value is a secret; nor a name that is not a token (a whole `Authorization: Bearer …` line written as the
// name holds one, a hunt's find), and a name is shown clipped (a config's name can be any length).
import { clip } from '../util/describe-value.js';

/** An HTTP field name (RFC 9110 section 5.1: a token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What an HTTP field value may hold (RFC 9110 section 5.5): no control character but tab. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Most characters of a header name a message shows. */
const SHOWN_NAME = 64;
/** Headers the transport sets itself: given by hand they would break or spoof the session. */
const OWN = new Set(['content-type', 'accept', 'content-length', 'host', 'mcp-session-id', 'mcp-protocol-version']);
/** The connection's own fields (RFC 9110 section 7.6.1, RFC 9112 section 6.1): not a request's to set. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/**
 * Why header `name: value` cannot be sent, naming `option` and the header (never the value); undefined when it
 * can. `earlier` are the names already accepted, in any case; or a set of them lowercased, which a caller checking
 * many headers keeps so that each check costs the same (an array is searched whole: n headers, n² work).
 */
export function checkHeader(
  name: string,
  value: string,
  earlier: readonly string[] | ReadonlySet<string>,
  option: string,
): string | undefined {
  if (!TOKEN.test(name)) return `${option} needs "Name: value" with Name an HTTP header name (a value is never shown)`;
  const lower = name.toLowerCase();
  const shown = clip(name, SHOWN_NAME);
  if (OWN.has(lower)) return `${option} ${shown}: toolgate sets this header itself`;
  if (HOP.has(lower) || lower === 'expect') return `${option} ${shown}: a header of the connection, not of a request`;
  const twice = Array.isArray(earlier)
    ? earlier.some((e) => e.toLowerCase() === lower)
    : (earlier as ReadonlySet<string>).has(lower);
  if (twice) return `${option} ${shown} is given twice`;
  if (!FIELD_VALUE.test(value)) return `${option} ${shown}: the value has a character a header cannot hold`;
  return undefined;
}
