// What a client of an older protocol revision is given of values the proxy rebuilds in 2025-11-25's shapes
// (src/mcp/server-shapes.ts; each revision's facts in versions.ts). A member its revision lacks is left out, as it
// would be of a server of that revision: a tool's `title`, `icons`, `execution` (`toolFields`), a listed prompt's,
// resource's or template's `title` and `icons`, the server's `title`, `icons`, `description` and `websiteUrl`, a tool
// result's `structuredContent` (with `outputSchema`, 2025-06-18). A content block of a type its revision lacks
// (`audio` before 2025-03-26, `resource_link` before 2025-06-18) is named, and the answer holding it refused: the
// client cannot read it, and leaving the block out would change what the server said. A hunt's find: a 2024-11-05
// client got every one of them.
import { isObject } from '../util/plain-json.js';
import { PROTOCOL_REVISIONS, type ProtocolRevision } from './versions.js';

/** Every tool field any revision added: those the client's revision lacks are left out of its listing. */
const TOOL_FIELDS: readonly string[] = [...new Set(PROTOCOL_REVISIONS.flatMap((r) => r.toolFields))];
/** What BaseMetadata and Icons added to a listed prompt, argument, resource or template. */
const LISTED_FIELDS: readonly string[] = ['title', 'icons'];
/** What BaseMetadata, Icons and 2025-11-25's Implementation added to a server's `serverInfo`. */
const IMPLEMENTATION_FIELDS: readonly string[] = ['title', 'icons', 'description', 'websiteUrl'];

/** `value` without those of `fields` that `kept` does not hold (the same object when it holds none of them). */
function without(
  value: Record<string, unknown>,
  fields: readonly string[],
  kept: readonly string[],
): Record<string, unknown> {
  const dropped = fields.filter((f) => Object.hasOwn(value, f) && !kept.includes(f));
  if (dropped.length === 0) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (!dropped.includes(key)) out[key] = value[key];
  return out;
}

/** A listed tool as a client of `revision` reads it: the tool fields its revision lacks left out. */
export function toolFor(tool: Record<string, unknown>, revision: ProtocolRevision): Record<string, unknown> {
  return without(tool, TOOL_FIELDS, revision.toolFields);
}

/** A server's `serverInfo` (rebuilt) as a client of `revision` reads it. */
export function implementationFor(info: Record<string, unknown>, revision: ProtocolRevision): Record<string, unknown> {
  return without(info, IMPLEMENTATION_FIELDS, revision.metadataFields);
}

/** The member of each listing result that holds its entries (each carries BaseMetadata), by method. */
export const LISTED_ENTRIES: ReadonlyMap<string, string> = new Map([
  ['prompts/list', 'prompts'],
  ['resources/list', 'resources'],
  ['resources/templates/list', 'resourceTemplates'],
]);

/** A listing result (rebuilt) as a client of `revision` reads it: `title` and `icons` only where it has them. */
export function listingFor(method: string, result: unknown, revision: ProtocolRevision): unknown {
  const member = LISTED_ENTRIES.get(method);
  if (member === undefined || !isObject(result) || !Array.isArray(result[member])) return result;
  const kept = revision.metadataFields;
  const items = (result[member] as unknown[]).map((item) => {
    if (!isObject(item)) return item;
    const fitted = without(item, LISTED_FIELDS, kept);
    const args = fitted['arguments'];
    if (!Array.isArray(args)) return fitted;
    return { ...fitted, arguments: args.map((a) => (isObject(a) ? without(a, LISTED_FIELDS, kept) : a)) };
  });
  return { ...result, [member]: items };
}

/** The first type of the content `blocks` that a client of `revision` cannot read, or undefined. */
export function lackedContent(blocks: readonly unknown[], revision: ProtocolRevision): string | undefined {
  for (const block of blocks) {
    const type = isObject(block) ? block['type'] : undefined;
    if (typeof type === 'string' && !revision.contentTypes.includes(type)) return type;
  }
  return undefined;
}

/** The content blocks of a prompts/get result (rebuilt: each message's one block). */
export function promptBlocks(result: unknown): unknown[] {
  const messages = isObject(result) && Array.isArray(result['messages']) ? result['messages'] : [];
  return messages.map((m: unknown) => (isObject(m) ? m['content'] : undefined));
}

/** Whether a client of `revision` reads a tool result's `structuredContent` (it came with `outputSchema`). */
export function readsStructuredContent(revision: ProtocolRevision): boolean {
  return revision.toolFields.includes('outputSchema');
}
