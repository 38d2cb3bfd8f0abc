// A server's texts beyond its tools that a client shows a person or puts before a model: who it says it is
// (`serverInfo`: its name, title, version and description) and what it lists (each prompt's, resource's and resource
// template's name, title, description and other members). They are held to the rule of a tool's texts
// (tools/published-text.ts: no character that steers what a model reads unseen, a tag character or a bidi override,
// nor a lone surrogate): a hunt's find, such text reached the client verbatim. `serverInfo`, which an initialize
// needs, keeps each such text written out (`\u{e0041}`, as stderr shows it); a listed entry holding one is left out,
// as a tool is withheld.
import { publishedTextRefusal } from '../tools/published-text.js';
import { LISTED_ENTRIES } from './revision-fields.js';
import { printable } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';

/** The texts of MCP's Implementation (BaseMetadata's name and title, its version and description). */
const INFO_TEXTS = ['name', 'title', 'version', 'description'] as const;

/** A rebuilt `serverInfo` with each text a published text could not hold written out; the same object otherwise. */
export function shownServerInfo(info: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of INFO_TEXTS) {
    const value = info[key];
    if (typeof value !== 'string' || publishedTextRefusal('', { [key]: value }) === undefined) continue;
    out ??= { ...info };
    out[key] = printable(value);
  }
  return out ?? info;
}

/**
 * A rebuilt result of `method` with each listed entry whose members (but `_meta`, the client's business, as for a
 * tool) hold such a character left out; any other result as it is. An entry is rebuilt JSON (server-shapes.ts).
 */
export function withoutSteeringEntries(method: string, result: unknown): unknown {
  const member = LISTED_ENTRIES.get(method);
  if (member === undefined || !isObject(result)) return result;
  const entries = result[member];
  if (!Array.isArray(entries)) return result;
  const kept = entries.filter((entry) => {
    if (!isObject(entry)) return true;
    const { _meta: _, ...shown } = entry;
    return publishedTextRefusal('', shown) === undefined;
  });
  return kept.length === entries.length ? result : { ...result, [member]: kept };
}
