// The shapes of MCP values a peer sends, as checks that rebuild: each shape takes a parsed value and returns a new
// one holding only the members the MCP specification names for it (2025-11-25 schema), or NOT_SHAPED. A member
// the specification leaves open (a tool_use's `input`, a `structuredContent`) is kept as parsed: the message was
// read from JSON text, and src/mcp/forward.ts's `__proto__` rule runs on the whole message first. A `_meta` that
// is not a plain, bounded object is left out (as `metaOf` decides), as a client notification's is.
import { isIconSource } from '../util/icon-source.js';
import { ownData } from '../util/own-field.js';
import { isObject } from '../util/plain-json.js';
import { metaOf } from './forward.js';

/** What a shape returns for a value that is not of it. */
export const NOT_SHAPED = Symbol('not shaped');

/** A check that rebuilds: the value as rebuilt, or NOT_SHAPED. */
export type Shape = (value: unknown) => unknown;

export const text: Shape = (v) => (typeof v === 'string' ? v : NOT_SHAPED);
export const number: Shape = (v) => (typeof v === 'number' ? v : NOT_SHAPED);
export const boolean: Shape = (v) => (typeof v === 'boolean' ? v : NOT_SHAPED);
/** An object whose members the specification leaves open. */
export const openObject: Shape = (v) => (isObject(v) ? v : NOT_SHAPED);

/** One of the given values. */
export const oneOf =
  (...values: readonly unknown[]): Shape =>
  (v) =>
    values.includes(v) ? v : NOT_SHAPED;

/** An array whose every item has `item`'s shape. */
export const arrayOf =
  (item: Shape): Shape =>
  (v) => {
    if (!Array.isArray(v)) return NOT_SHAPED;
    const out: unknown[] = [];
    for (const x of v) {
      const shaped = item(x);
      if (shaped === NOT_SHAPED) return NOT_SHAPED;
      out.push(shaped);
    }
    return out;
  };

/** The first of `shapes` the value has. */
export const either =
  (...shapes: readonly Shape[]): Shape =>
  (v) => {
    for (const shape of shapes) {
      const shaped = shape(v);
      if (shaped !== NOT_SHAPED) return shaped;
    }
    return NOT_SHAPED;
  };

/** An object of string keys whose every value has `value`'s shape. */
export const recordOf =
  (value: Shape): Shape =>
  (v) => {
    if (!isObject(v)) return NOT_SHAPED;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      const shaped = value(v[key]);
      if (shaped === NOT_SHAPED) return NOT_SHAPED;
      out[key] = shaped;
    }
    return out;
  };

/**
 * An object with the `required` members and any of the `optional` ones (an absent, undefined or null member is
 * left out), plus `_meta` when plain; nothing else of the value is kept.
 */
export function members(required: Record<string, Shape>, optional: Record<string, Shape> = {}): Shape {
  return (v) => {
    if (!isObject(v)) return NOT_SHAPED;
    const out: Record<string, unknown> = {};
    for (const [key, shape] of Object.entries(required)) {
      const shaped = shape(ownData(v, key));
      if (shaped === NOT_SHAPED) return NOT_SHAPED;
      out[key] = shaped;
    }
    for (const [key, shape] of Object.entries(optional)) {
      const given = ownData(v, key);
      // A `null` where a member may be left out is read as left out: servers send `"nextCursor": null`, and a
      // listing's own cursor is read so (src/proxy/admission.ts).
      if (given === undefined || given === null) continue;
      const shaped = shape(given);
      if (shaped === NOT_SHAPED) return NOT_SHAPED;
      out[key] = shaped;
    }
    const meta = metaOf(ownData(v, '_meta'));
    if (meta !== undefined) out['_meta'] = meta;
    return out;
  };
}

/** A content block's `annotations` ("Annotations"). */
export const annotations = members(
  {},
  { audience: arrayOf(oneOf('user', 'assistant')), priority: number, lastModified: text },
);

/** An icon's source: https, http or a `data:` URI (2025-11-25, "Icons", Security: no other scheme). */
const iconSource: Shape = (v) => (isIconSource(v) ? v : NOT_SHAPED);

/** An icon of a resource link (2025-11-25, "Icons"). */
const icon = members({ src: iconSource }, { mimeType: text, sizes: arrayOf(text), theme: oneOf('light', 'dark') });

/** A list of icons: those of their shape are kept, any other (a `javascript:` source) is left out; none, no list. */
export const icons: Shape = (v) => {
  if (!Array.isArray(v)) return NOT_SHAPED;
  const kept: unknown[] = [];
  for (const x of v) {
    const shaped = icon(x);
    if (shaped !== NOT_SHAPED) kept.push(shaped);
  }
  return kept.length === 0 && v.length > 0 ? undefined : kept;
};

/** `shape`, or left out (undefined) where the value is not of it: for a member nothing else depends on. */
export const orAbsent =
  (shape: Shape): Shape =>
  (v) => {
    const shaped = shape(v);
    return shaped === NOT_SHAPED ? undefined : shaped;
  };

/** Content blocks by their `type` ("Content"; sampling's tool_use and tool_result: "Sampling", "Tools"). */
const TEXT = members({ type: oneOf('text'), text }, { annotations });
const IMAGE = members({ type: oneOf('image'), data: text, mimeType: text }, { annotations });
const AUDIO = members({ type: oneOf('audio'), data: text, mimeType: text }, { annotations });
const RESOURCE_LINK = members(
  { type: oneOf('resource_link'), uri: text, name: text },
  { title: text, description: text, mimeType: text, size: number, icons, annotations },
);
/** A resource's contents ("TextResourceContents", "BlobResourceContents"). */
export const resourceContents = either(
  members({ uri: text, text }, { mimeType: text }),
  members({ uri: text, blob: text }, { mimeType: text }),
);
const RESOURCE = members(
  {
    type: oneOf('resource'),
    resource: resourceContents,
  },
  { annotations },
);
/** A tool result's content block ("ContentBlock"). */
export const contentBlock = either(TEXT, IMAGE, AUDIO, RESOURCE_LINK, RESOURCE);
/** A sampling message's content block without tools ("SamplingContent": text, image, audio). */
export const samplingContent = either(TEXT, IMAGE, AUDIO);
const TOOL_USE = members({ type: oneOf('tool_use'), name: text, id: text, input: openObject });
const TOOL_RESULT = members(
  { type: oneOf('tool_result'), toolUseId: text },
  { content: arrayOf(contentBlock), structuredContent: openObject, isError: boolean },
);
/** A sampling message's content block with tools ("SamplingMessageContentBlock"). */
export const samplingBlock = either(TEXT, IMAGE, AUDIO, TOOL_USE, TOOL_RESULT);

/** A task's own members (2025-11-25, "Tasks": `Task`), required and optional. */
const TASK_REQUIRED: Record<string, Shape> = {
  taskId: text,
  status: oneOf('working', 'input_required', 'completed', 'failed', 'cancelled'),
  ttl: either(number, oneOf(null)),
  createdAt: text,
  lastUpdatedAt: text,
};
const TASK_OPTIONAL: Record<string, Shape> = { pollInterval: number, statusMessage: text };
/** A `Task` object. */
export const task = members(TASK_REQUIRED, TASK_OPTIONAL);
