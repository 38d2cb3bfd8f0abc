import { ok, type Result } from '../result.js';
import { limitFailure, type Limits } from '../util/limits.js';
import { pointerSegments } from '../util/json-pointer.js';
import { IDENTIFYING_KEYWORDS, REFERENCE_KEYWORDS } from '../keywords/keyword-lists.js';
import { resolveUri, splitFragment } from './references.js';
import { walkSchema } from './walk.js';

// Resolving and indexing key maps by URIs and anchors (references.ts, link.ts, compile-cost-graph.ts, Ajv's own
// resolver), and V8 hashes a string past 16,383 characters by its length alone: a 400,000-character `$id` over 400
// `$anchor`s took 8.6 s to admit. A bound on the literal values is not enough: 60 nested relative `$id`s of 2,000
// characters resolve to a base of 120,000 (55 s), and percent-encoding can make a resolved URI 9 times its text.

/** The keywords whose string value is a URI, a URI reference or an anchor. */
const URI_VALUED: readonly string[] = [...IDENTIFYING_KEYWORDS, ...REFERENCE_KEYWORDS];
const ID = '$id';
const REFERENCES = new Set(REFERENCE_KEYWORDS);

/**
 * maxSchemaUriLength over one document: the value of every URI-valued keyword as written, and each `$id` and
 * reference once resolved against its base (the document's `uri` at its root). Walks every dialect's schema
 * positions: Ajv's resolver and the compile-cost estimate read `definitions` and `dependencies` under any root.
 * Run before anything resolves or indexes the document's identifiers. `label` names the document in a refusal.
 */
export function checkUriLengths(doc: unknown, limits: Limits, uri: string, label?: string): Result<true> {
  const max = limits.maxSchemaUriLength;
  const bases = new Map<string, string>();
  let excess: Result<true> | undefined;
  const refuse = (pointer: string, keyword: string, seen: string): boolean => {
    excess = limitFailure('maxSchemaUriLength', max, seen, {
      segments: [...(pointerSegments(pointer) ?? []), keyword],
      schema: true,
      ...(label === undefined ? {} : { label }),
    });
    return false;
  };
  walkSchema(
    doc,
    ({ node, pointer, parent }): boolean => {
      if (excess !== undefined) return false;
      let base = parent === undefined ? uri : (bases.get(parent) ?? uri);
      for (const k of URI_VALUED) {
        const v = node[k];
        if (typeof v !== 'string') continue;
        if (v.length > max) return refuse(pointer, k, `${v.length} characters`);
        if (k !== ID && !REFERENCES.has(k)) continue;
        const resolved = resolveUri(v, base);
        if (resolved === undefined) continue;
        if (resolved.length > max) return refuse(pointer, k, `${resolved.length} characters once resolved`);
        if (k === ID) base = splitFragment(resolved).base;
      }
      bases.set(pointer, base);
      return true;
    },
    { positions: 'every-dialect' },
  );
  return excess ?? ok(true);
}
