import { escapePointerToken, pointerSegments } from '../util/json-pointer.js';
import type { Reference } from './references.js';

/**
 * Where each object of a linked document came from. Linking (link.ts) moves resources of other
 * documents, and copies of resources chosen by `$dynamicRef`, under `$defs/toolgate-link-N`, a
 * location the schema's author never wrote. Each emitted schema object is recorded here with the
 * document and JSON Pointer it was copied from, so violations can name the author's location.
 */

/** A schema object's origin: the retrieval URI of its document and its pointer in that document. */
export interface SchemaSource {
  readonly document: string;
  readonly pointer: string;
  /** The root document of the call: its locations are written as plain pointers. */
  readonly root: boolean;
}

const sources = new WeakMap<object, SchemaSource>();

/** Records where an emitted object came from (first record wins: a node is emitted once). */
export function recordSource(node: unknown, source: SchemaSource): void {
  if (node !== null && typeof node === 'object' && !sources.has(node)) sources.set(node, source);
}

/** The recorded origin of an object, if it came out of linking. */
export function sourceOf(node: unknown): SchemaSource | undefined {
  return node !== null && typeof node === 'object' ? sources.get(node) : undefined;
}

// The older dialects' engines are not linked: an error under a reference into another document carries Ajv's
// schema path, the reference as written followed by the pointer inside its target (`<ref>/type`). Per
// compiled root, each such reference's text and the absolute target the pipeline resolved it to.
const referenceTargets = new WeakMap<object, ReadonlyMap<string, string>>();

/**
 * Records, for a compiled root of an older dialect, each reference into another document by its text, with the
 * absolute target the pipeline's index resolved it to; a text that resolves to two targets (under two bases) is
 * left out, and its violations keep the engine's path.
 */
export function recordReferenceTargets(root: object, references: readonly Reference[]): void {
  const targets = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const ref of references) {
    if (ref.keyword !== '$ref' || ref.target === undefined || ref.value.startsWith('#')) continue;
    const known = targets.get(ref.value);
    if (known !== undefined && known !== ref.target) ambiguous.add(ref.value);
    targets.set(ref.value, ref.target);
  }
  for (const value of ambiguous) targets.delete(value);
  if (targets.size > 0) referenceTargets.set(root, targets);
}

/** `<ref><rest>` as `<target URI>#<pointer><rest>`, when `path` starts with a recorded reference's text. */
function referencedLocation(compiled: unknown, path: string): string {
  const targets = compiled !== null && typeof compiled === 'object' ? referenceTargets.get(compiled) : undefined;
  if (targets === undefined) return path;
  let best = '';
  for (const ref of targets.keys())
    if (ref.length > best.length && (path === ref || path.startsWith(`${ref}/`))) best = ref;
  const target = best === '' ? undefined : targets.get(best);
  if (target === undefined) return path;
  return `${target.includes('#') ? target : `${target}#`}${path.slice(best.length)}`;
}

/**
 * Maps a JSON Pointer into a compiled (possibly linked) document to the author's location: the
 * deepest object on the way that has a recorded origin, followed by the rest of the pointer. The
 * root document's locations are plain pointers, others are `<document URI>#<pointer>`. A pointer
 * into a document that was never linked comes back unchanged.
 */
export function authorLocation(compiled: unknown, pointer: string): string {
  const segments = pointerSegments(pointer);
  if (segments === undefined) return referencedLocation(compiled, pointer);
  let node: unknown = compiled;
  let best: SchemaSource | undefined = sourceOf(node);
  let rest: string[] = [];
  for (const seg of segments) {
    const next =
      node !== null && typeof node === 'object' && Object.hasOwn(node, seg)
        ? (node as Record<string, unknown>)[seg]
        : undefined;
    rest.push(seg);
    node = next;
    const found = sourceOf(node);
    if (found !== undefined) {
      best = found;
      rest = [];
    }
  }
  if (best === undefined) return pointer;
  const tail = rest.map((s) => `/${escapePointerToken(s)}`).join('');
  return best.root ? `${best.pointer}${tail}` : `${best.document}#${best.pointer}${tail}`;
}
