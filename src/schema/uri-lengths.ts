import { ok, type Result } from '../result.js';
import { limitFailure, type Limits } from '../util/limits.js';
import { IDENTIFYING_KEYWORDS, olderShapedKeywords, REFERENCE_KEYWORDS } from '../keywords/keyword-lists.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import { resolveUri, splitFragment } from './references.js';
import { ajvResolved, ajvSearches } from './engine/ajv-resolver.js';

// Resolving and indexing key maps by URIs and anchors (references.ts, link.ts, compile-cost-graph.ts, Ajv's own
// resolver), and V8 hashes a string past 16,383 characters by its length alone: a 400,000-character `$id` over 400
// `$anchor`s took 8.6 s to admit. A bound on the literal values is not enough: 60 nested relative `$id`s of 2,000
// characters resolve to a base of 120,000 (55 s), and percent-encoding can make a resolved URI 9 times its text.

/** The keywords whose string value is a URI, a URI reference or an anchor. */
const URI_VALUED: readonly string[] = [...IDENTIFYING_KEYWORDS, ...REFERENCE_KEYWORDS];
const ID = '$id';
const REFERENCES = new Set(REFERENCE_KEYWORDS);
/** Toolgate's own schema arrays and maps, in any dialect, searched besides what Ajv's resolver searches. */
const SCHEMA_ARRAYS = new Set(SCHEMA_ARRAY_KEYWORDS);
const SCHEMA_MAPS = new Set([...SCHEMA_MAP_KEYWORDS, ...olderShapedKeywords('schema-map', 'schema-or-names-map')]);

/** A base no URL parser can resolve against (`urn:x`) stands in as a path, so a chain under it still grows. */
const resolveAgainst = (ref: string, base: string): string | undefined =>
  resolveUri(ref, base) ?? resolveUri(ref, `toolgate:/${base}`);

/**
 * The base of a schema object three times over: as toolgate's indexers resolve it (URL), as Ajv's resolver does
 * from the document's URI (the older dialects' engines, a referenced document), and as it does from no base at all
 * (the 2020-12 engine compiles the root so: against "", fast-uri keeps a leading `../`, and 40 nested `$id`s of
 * `../` x 682 piled up to 81,845 characters, 21.7 s).
 */
interface Bases {
  readonly url: string;
  readonly ajv: string;
  readonly bare: string;
}

interface Frame {
  readonly node: Record<string, unknown>;
  /** The frame this one is a member of, and its place there (a key, then an index for an array's item). */
  readonly up: Frame | undefined;
  readonly key: string;
  readonly index: number;
  readonly base: Bases;
  /** A map of names to schemas: its members are schemas, not keywords. */
  readonly map: boolean;
}

/** The segments of a frame's place, worked out only for a refusal (the walk itself builds no paths). */
function segmentsOf(frame: Frame): string[] {
  const out: string[] = [];
  for (let f: Frame | undefined = frame; f?.up !== undefined; f = f.up) {
    if (f.index >= 0) out.push(String(f.index));
    out.push(f.key);
  }
  return out.reverse();
}

/**
 * maxSchemaUriLength over one document: the value of every URI-valued keyword as written, and each `$id` and
 * reference once resolved against its base (the document's `uri` at its root). Searches every object Ajv's resolver
 * reads (by its own tables: ajvSearches) and toolgate's schema arrays and maps of every dialect. Run before
 * anything resolves or indexes the document's identifiers. `label` names the document.
 */
export function checkUriLengths(doc: unknown, limits: Limits, uri: string, label?: string): Result<true> {
  const max = limits.maxSchemaUriLength;
  const refuse = (frame: Frame, keyword: string, seen: string): Result<true> =>
    limitFailure('maxSchemaUriLength', max, seen, {
      segments: [...segmentsOf(frame), keyword],
      schema: true,
      ...(label === undefined ? {} : { label }),
    });
  const pending: Frame[] = [];
  const push = (value: unknown, up: Frame | undefined, key: string, index: number, base: Bases, map = false): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      pending.push({ node: value as Record<string, unknown>, up, key, index, base, map });
  };
  push(doc, undefined, '', -1, { url: uri, ajv: uri, bare: '' });
  while (pending.length > 0) {
    const frame = pending.pop() as Frame;
    const { node, map } = frame;
    if (map) {
      for (const k of Object.keys(node)) push(node[k], frame, k, -1, frame.base);
      continue;
    }
    let base = frame.base;
    for (const k of URI_VALUED) {
      const v = node[k];
      if (typeof v !== 'string') continue;
      if (v.length > max) return refuse(frame, k, `${v.length} characters`);
      if (k !== ID && !REFERENCES.has(k)) continue;
      const url = resolveAgainst(v, base.url);
      const ajv = ajvResolved(v, base.ajv);
      // Ajv's rule (getSchemaRefs' addRef): without a base, the `$id` as written.
      const bare = base.bare === '' ? v : ajvResolved(v, base.bare);
      const longest = Math.max(url?.length ?? 0, ajv?.length ?? 0, bare?.length ?? 0);
      if (longest > max) return refuse(frame, k, `${longest} characters once resolved`);
      if (k === ID)
        base = {
          url: url === undefined ? base.url : splitFragment(url).base,
          ajv: ajv === undefined ? base.ajv : splitFragment(ajv).base,
          bare: bare === undefined ? base.bare : splitFragment(bare).base,
        };
    }
    for (const k of Object.keys(node)) {
      const value = node[k];
      if (value === null || typeof value !== 'object') continue;
      const array = Array.isArray(value);
      const ajv = ajvSearches(k, array);
      if (array) {
        if (ajv === 'items' || SCHEMA_ARRAYS.has(k))
          for (let i = 0; i < value.length; i++) push(value[i], frame, k, i, base);
      } else if (ajv === 'members' || SCHEMA_MAPS.has(k)) push(value, frame, k, -1, base, true);
      else if (ajv === 'object') push(value, frame, k, -1, base);
    }
  }
  return ok(true);
}
