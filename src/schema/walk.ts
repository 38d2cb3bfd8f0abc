import { escapePointerToken } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import { keptBy2020MetaSchema, olderShapedKeywords } from '../keywords/keyword-lists.js';

/** A subschema met while walking, with where it sits in its document. */
export interface SchemaNode<N = Record<string, unknown>> {
  /** The subschema: an object, or also a boolean when the walk was asked for booleans. */
  readonly node: N;
  /** JSON Pointer from the document root. */
  readonly pointer: string;
  /** Pointer of the schema this one sits in; undefined for the root. */
  readonly parent: string | undefined;
  /** The keyword path from the parent to this subschema, e.g. `properties/a` or `allOf/0` ('' for the root). */
  readonly via: string;
  /** Depth in schema nesting (the root is 0). */
  readonly depth: number;
}

/** Which subschemas a walk visits. */
export interface WalkOptions {
  /**
   * 'draft2020-12' (default): the schema positions of Draft 2020-12 (Core §10, Validation §8.2.4), and those of
   * `definitions`, whose values its meta-schema reads as schemas.
   * 'every-dialect': those of 2019-09 and draft-07 too (array-form `items`, `additionalItems`,
   * `definitions`, the schema values of `dependencies`), for code that reads schemas of any dialect.
   */
  readonly positions?: 'draft2020-12' | 'every-dialect';
  /** Also visit boolean subschemas (default: objects only). */
  readonly booleans?: boolean;
}

/** Older-draft positions that hold one schema (draft-07 Validation §6.4.2). */
const OLD_SCHEMA_KEYWORDS: readonly string[] = olderShapedKeywords('schema');
/** Older-draft positions that map names to schemas (draft-07 Validation §9, §6.5.7). */
const OLD_MAP_KEYWORDS: readonly string[] = olderShapedKeywords('schema-map', 'schema-or-names-map');

const ONE = { draft: SCHEMA_KEYWORDS, every: [...SCHEMA_KEYWORDS, ...OLD_SCHEMA_KEYWORDS] };
/** `definitions` too: the 2020-12 meta-schema reads its values as schemas (table.ts, keptBy2020MetaSchema). */
const MAPS = {
  draft: [...SCHEMA_MAP_KEYWORDS, ...keptBy2020MetaSchema('schema-map')],
  every: [...SCHEMA_MAP_KEYWORDS, ...OLD_MAP_KEYWORDS],
};

/**
 * The one schema walker. Visits every subschema of a document in schema positions only (Core §7.1):
 * values of unknown keywords, `enum`, `const`, `default` and `examples` are data and are never
 * visited. Order: depth first, a schema before its children, children in keyword order (the single
 * subschema keywords, then the arrays, then the maps, as listed in keywords.ts), map entries in key
 * order. `visit` returns false to skip the children of the node it was given.
 *
 * Iterative, so a deep schema cannot overflow the stack. A visit may change the node it is given
 * (delete or add keywords) before its children are read; children already queued are not re-read.
 *
 * Options: `positions` picks the schema positions of Draft 2020-12 (default) or of every dialect
 * toolgate reads; `booleans: true` also visits boolean subschemas (`node` is then an object or a
 * boolean, and only objects have children).
 */
export function walkSchema(
  root: unknown,
  visit: (n: SchemaNode) => boolean | void,
  options?: WalkOptions & { readonly booleans?: false },
): void;
export function walkSchema(
  root: unknown,
  visit: (n: SchemaNode<Record<string, unknown> | boolean>) => boolean | void,
  options: WalkOptions,
): void;
export function walkSchema(
  root: unknown,
  visitNode: (n: SchemaNode<never>) => boolean | void,
  options: WalkOptions = {},
): void {
  const visit = visitNode as (n: SchemaNode<Record<string, unknown> | boolean>) => boolean | void;
  const booleans = options.booleans === true;
  const every = options.positions === 'every-dialect';
  const one = every ? ONE.every : ONE.draft;
  const maps = every ? MAPS.every : MAPS.draft;
  const stack: SchemaNode<Record<string, unknown> | boolean>[] = [];
  if (isSchema(root, booleans)) stack.push({ node: root, pointer: '', parent: undefined, via: '', depth: 0 });
  // Loops over indices, children pushed straight onto the stack and one module function to push each: admission
  // walks every schema about ten times, and a closure, an array and an iterator per node were most of what it
  // allocated (bench/proxy-catalog-start.ts --alloc: 112 of 587 MB before, 52 now, 5,000 tools).
  while (stack.length > 0) {
    const current = stack.pop() as SchemaNode<Record<string, unknown> | boolean>;
    if (visit(current) === false) continue;
    const { node, pointer, depth } = current;
    if (typeof node === 'boolean') continue;
    const first = stack.length;
    const below = depth + 1;
    for (let i = 0; i < one.length; i++) {
      const k = one[i] as string;
      if (!Object.hasOwn(node, k)) continue;
      const v = node[k];
      // Array-form `items` (2019-09 and draft-07) holds one schema per position.
      if (every && k === 'items' && Array.isArray(v)) pushItems(stack, v, pointer, k, below, booleans);
      else pushChild(stack, v, pointer, escapePointerToken(k), below, booleans);
    }
    for (let i = 0; i < SCHEMA_ARRAY_KEYWORDS.length; i++) {
      const k = SCHEMA_ARRAY_KEYWORDS[i] as string;
      const v = Object.hasOwn(node, k) ? node[k] : undefined;
      if (Array.isArray(v)) pushItems(stack, v, pointer, k, below, booleans);
    }
    for (let i = 0; i < maps.length; i++) {
      const k = maps[i] as string;
      const v = Object.hasOwn(node, k) ? node[k] : undefined;
      if (!isObject(v)) continue;
      // `dependencies` values are arrays of names or schemas (draft-07 Validation §6.5.7); only schemas are visited.
      const names = Object.keys(v);
      for (let j = 0; j < names.length; j++) {
        const name = names[j] as string;
        pushChild(stack, v[name], pointer, `${k}/${escapePointerToken(name)}`, below, booleans);
      }
    }
    // Pushed in keyword order; reversed, so that the first is visited first.
    for (let lo = first, hi = stack.length - 1; lo < hi; lo++, hi--) {
      const low = stack[lo] as SchemaNode<Record<string, unknown> | boolean>;
      stack[lo] = stack[hi] as SchemaNode<Record<string, unknown> | boolean>;
      stack[hi] = low;
    }
  }
}

/** Pushes `value` as the child at `via` of the schema at `parent` when it is a schema (an object, or a boolean). */
function pushChild(
  stack: SchemaNode<Record<string, unknown> | boolean>[],
  value: unknown,
  parent: string,
  via: string,
  depth: number,
  booleans: boolean,
): void {
  if (isSchema(value, booleans)) stack.push({ node: value, pointer: `${parent}/${via}`, parent, via, depth });
}

/** Whether a walk visits `value`: an object, or a boolean when it was asked for booleans. */
function isSchema(value: unknown, booleans: boolean): value is Record<string, unknown> | boolean {
  return isObject(value) || (booleans && typeof value === 'boolean');
}

/** Pushes the schemas of the array `items` of `keyword`, each at `keyword/<index>`. */
function pushItems(
  stack: SchemaNode<Record<string, unknown> | boolean>[],
  items: readonly unknown[],
  parent: string,
  keyword: string,
  depth: number,
  booleans: boolean,
): void {
  for (let i = 0; i < items.length; i++) pushChild(stack, items[i], parent, `${keyword}/${i}`, depth, booleans);
}
