// The routing headers of MCP 2026-07-28 (Streamable HTTP, "Standard Headers", SEP-2243): `Mcp-Method` mirrors the
// body's `method`, `Mcp-Name` its `params.name` / `params.uri` (a task's `params.taskId` in the tasks extension),
// and `MCP-Protocol-Version` the `_meta` protocol version. A gateway may route by the headers while the server reads
// the body, so a request whose headers disagree with its body would be two different calls: it is refused with
// 400 and HeaderMismatch (-32020), whatever revision the client speaks. A value may be Base64 in the spec's
// sentinel form (`=?base64?...?=`), decoded before it is compared. A header given more than once is refused too:
// Node joins the values of a repeated header with ", ", and a gateway routing by the first of them (`Mcp-Param-Region:
// a`, `Mcp-Param-Region: b`) would route a call whose body says "a, b" by "a".
import type { IncomingMessage } from 'node:http';
import { clip } from '../util/describe-value.js';
import type { RpcMessage } from './channel.js';
import { META } from './modern.js';

/** The JSON-RPC error code of a header that disagrees with the body (MCP 2026-07-28, HeaderMismatch). */
export const HEADER_MISMATCH = -32020;

/** The body member `Mcp-Name` mirrors, by method. */
const NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** The `_meta` key of a request's protocol version (MCP 2026-07-28). */
const VERSION_KEY = META.protocolVersion;

/** A header's value with the Base64 sentinel decoded; undefined when the sentinel holds no valid UTF-8 Base64. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!value.startsWith('=?base64?') || !value.endsWith('?=') || value.length < 11) return value;
  const encoded = value.slice(9, -2);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(encoded, 'base64');
  // Canonical only (RFC 4648 §3.5): padding bits that are not zero (`YR==` for "a") are refused by strict decoders.
  if (bytes.toString('base64') !== encoded) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * What an HTTP field value may hold (RFC 9110, as "Value Encoding" restates it): visible ASCII, space and tab. Node
 * passes other bytes on, read as Latin-1: `Mcp-Name: café` in UTF-8 reads as "cafÃ©", which a gateway decoding
 * UTF-8 reads as "café" ("Server Validation": a header value with invalid characters is refused).
 */
export const FIELD_VALUE = /^[\t\x20-\x7e]*$/;

/** The routing headers this file compares with the body, by their names as Node gives them (lower case). */
const ROUTING: Readonly<Record<string, string>> = {
  'mcp-method': 'Mcp-Method',
  'mcp-name': 'Mcp-Name',
  'mcp-protocol-version': 'MCP-Protocol-Version',
};

/**
 * The headers of `req` as the routing checks read them (lower-case names): a header given once as its value, one
 * given more than once as all its values, never joined (Node's `headers` joins them into one string with ", ").
 */
export function distinctHeaders(req: IncomingMessage): Record<string, string | string[]> {
  // No prototype: a header may be named `__proto__` (a token), as Node's own headersDistinct knows.
  const headers: Record<string, string | string[]> = Object.create(null);
  for (const [name, values] of Object.entries(req.headersDistinct))
    if (values !== undefined) headers[name] = values.length === 1 ? (values[0] as string) : values;
  return headers;
}

const own = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

/**
 * Which routing header a 2026-07-28 request `m` lacks ("Server Validation": `MCP-Protocol-Version` and `Mcp-Method`
 * on every request, `Mcp-Name` on tools/call, resources/read and prompts/get), or undefined. A missing header is a
 * HeaderMismatch too: a gateway routing by headers would route such a request by nothing.
 */
export function missingHeader(req: IncomingMessage, m: RpcMessage): string | undefined {
  if (typeof req.headers['mcp-protocol-version'] !== 'string') return 'MCP-Protocol-Version';
  if (typeof req.headers['mcp-method'] !== 'string') return 'Mcp-Method';
  const named = m.method === 'tools/call' || m.method === 'resources/read' || m.method === 'prompts/get';
  if (named && typeof req.headers['mcp-name'] !== 'string') return 'Mcp-Name';
  return undefined;
}

/** Why the routing headers of `req` disagree with its body `m`, or undefined when they agree (or are absent). */
export function headerMismatch(req: IncomingMessage, m: RpcMessage): string | undefined {
  const repeated = Object.keys(ROUTING).find((name) => (req.headersDistinct[name]?.length ?? 0) > 1);
  if (repeated !== undefined) return `the ${ROUTING[repeated]} header is given more than once`;
  const unfit = Object.keys(ROUTING).find((name) => {
    const value = req.headers[name];
    return typeof value === 'string' && !FIELD_VALUE.test(value);
  });
  if (unfit !== undefined) return `the ${ROUTING[unfit]} header holds a character a header value cannot`;
  const shown = (v: unknown): string => JSON.stringify(typeof v === 'string' ? clip(v, 80) : (v ?? null));
  const method = req.headers['mcp-method'];
  if (typeof method === 'string' && method !== m.method)
    return `the Mcp-Method header ${shown(method)} disagrees with the body's method ${shown(m.method)}`;
  const name = req.headers['mcp-name'];
  if (typeof name === 'string') {
    const field =
      typeof m.method === 'string' && Object.hasOwn(NAME_SOURCE, m.method) ? NAME_SOURCE[m.method] : undefined;
    const body = field === undefined ? undefined : own(m.params, field);
    const decoded = decodeHeaderValue(name);
    if (decoded === undefined) return 'the Mcp-Name header is not valid Base64 in its =?base64?...?= form';
    if (field === undefined) return `the Mcp-Name header is given but ${shown(m.method)} has no name`;
    if (body !== decoded)
      return `the Mcp-Name header ${shown(decoded)} disagrees with the body's params.${field} ${shown(body)}`;
  }
  const version = req.headers['mcp-protocol-version'];
  const claimed = own(own(m.params, '_meta'), VERSION_KEY);
  if (typeof version === 'string' && claimed !== undefined && claimed !== version)
    return `the MCP-Protocol-Version header ${shown(version)} disagrees with the body's _meta ${shown(claimed)}`;
  return undefined;
}
