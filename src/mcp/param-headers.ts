// Custom headers from tool parameters (MCP 2026-07-28, Streamable HTTP, "Custom Headers from Tool Parameters",
// SEP-2243): a tool's inputSchema may mark a property reachable from the root through `properties` alone with
// `x-mcp-header: <Name>`, and a client then mirrors that argument into `Mcp-Param-<Name>` (plain, or Base64 in the
// `=?base64?...?=` form). A gateway may route by that header while the server reads the body, so a server that
// reads the body must refuse a call whose headers and arguments disagree: a value without its header, a header
// without its value, a header with characters a value cannot hold, or two different values.
import { isExactNumber } from '../arguments/exact-number.js';
import { decodeHeaderValue, FIELD_VALUE } from './routing-headers.js';

/** One annotated parameter: the header's name part and the property path from the arguments' root. */
interface ParamHeader {
  readonly name: string;
  readonly path: readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The annotated parameters of `schema`, found through chains of `properties` only (deeper than 32: none). */
export function paramHeaders(schema: unknown, path: readonly string[] = []): ParamHeader[] {
  const properties = isRecord(schema) ? schema['properties'] : undefined;
  if (!isRecord(properties) || path.length > 32) return [];
  const found: ParamHeader[] = [];
  for (const [key, sub] of Object.entries(properties)) {
    if (!isRecord(sub)) continue;
    const name = sub['x-mcp-header'];
    if (typeof name === 'string') found.push({ name, path: [...path, key] });
    found.push(...paramHeaders(sub, [...path, key]));
  }
  return found;
}

/** The argument at `path`, or undefined (JSON null counts as absent: no header is expected for it). */
function valueAt(args: unknown, path: readonly string[]): unknown {
  let at: unknown = args;
  for (const key of path) at = isRecord(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return at === null ? undefined : at;
}

/**
 * A number as a header may write it: decimal digits, a sign and a fraction ("Value Encoding": an integer in its
 * decimal representation; "Server Validation": compared numerically, `42.0` is 42). Not what `Number()` reads
 * besides (`0x2A`, `1e1`, `0b101`, `+42`, padding): a gateway reading the header as decimal text routes by another
 * value than the body's.
 */
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * Whether a header's decoded text stands for `value`. An integer beyond JavaScript's safe range ("Schema
 * Extension": none is allowed) stands for several texts (9007199254740993 reads as 9007199254740992): none agrees.
 */
function agrees(text: string, value: unknown): boolean {
  if (typeof value === 'string') return text === value;
  if (typeof value === 'boolean') return text === String(value);
  if (typeof value !== 'number' || !DECIMAL.test(text)) return false;
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) return false;
  // Exactly the body's number, not one that rounds to it (`42.00000000000000000001` is not 42 to a decimal reader).
  return Number(text) === value && isExactNumber(text, value);
}

/**
 * Why the `Mcp-Param-*` headers (`headers`, lower-case names) of a call disagree with its `args` under the tool's
 * `inputSchema`, or undefined when they agree. Headers of other names are not this check's (an intermediary passes
 * on what it does not know).
 */
export function paramHeaderMismatch(
  inputSchema: unknown,
  args: unknown,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): string | undefined {
  for (const { name, path } of paramHeaders(inputSchema)) {
    const header = `Mcp-Param-${name}`;
    const given = headers[header.toLowerCase()];
    const value = valueAt(args, path);
    if (Array.isArray(given)) return `the ${header} header is given more than once`;
    if (given === undefined) {
      if (value !== undefined) return `the ${header} header is required: the arguments hold ${path.join('.')}`;
      continue;
    }
    if (!FIELD_VALUE.test(given)) return `the ${header} header holds a character a header value cannot`;
    const text = decodeHeaderValue(given);
    if (text === undefined) return `the ${header} header is not valid Base64 in its =?base64?...?= form`;
    if (value === undefined) return `the ${header} header is given but the arguments hold no ${path.join('.')}`;
    if (!agrees(text, value)) return `the ${header} header disagrees with the arguments' ${path.join('.')}`;
  }
  return undefined;
}
