import type { Ajv2020 } from 'ajv/dist/2020.js';
import { sortedKeyJson } from '../../util/canonical-json.js';
import { sortedKeys } from '../../util/code-unit-order.js';
import { chargeSteps } from '../../util/work-budget.js';

// Validation §4.2.2: numbers are equal by mathematical value, so 1 and 1.0 (one float64 already)
// and 0 and -0 must print alike; unlike canonicalJson's leaf, -0 is written as 0.
const itemLeaf = (v: unknown): string => (typeof v === 'number' ? String(v === 0 ? 0 : v) : JSON.stringify(v));

/**
 * A text equal for two items exactly when Validation §4.2.2 calls them equal: object key order
 * ignored, 1 and 1.0 the same number, 0 and -0 the same number. Iterative over the item.
 */
export function equalityKey(value: unknown): string {
  return sortedKeyJson(value, itemLeaf);
}

/**
 * Equality classes (Validation §4.2.2) numbered as they are met: two values get the same number
 * exactly when they are equal. A scalar is numbered by its value (a Map compares numbers as
 * SameValueZero, so 0 and -0 meet, and strings by content); an array or object by a short text of
 * its members' numbers (keys sorted by UTF-16 code units), so numbering a value costs its own
 * members, not its subtree again, and each object is numbered once per table.
 */
export class KeyTable {
  readonly scalars = new Map<unknown, number>();
  readonly shapes = new Map<string, number>();
  // A Map, not a WeakMap: the table lives for one validation, and a WeakMap's entries cost several times more.
  readonly objects = new Map<object, number>();
  size = 0;
  // Per class number, the call that last met it and the item it was, so a call needs no Map of its own.
  readonly lastCall: number[] = [];
  readonly lastItem: number[] = [];
  calls = 0;
}

/** Work done numbering values (tests read it): `nodes` counts arrays and objects numbered. */
export const keyWork = { nodes: 0 };

/** Steps charged per array or object numbered, and per 8 characters of a string or key first met. */
const NODE_STEPS = 14;

function scalarId(v: unknown, t: KeyTable): number {
  let id = t.scalars.get(v);
  if (id === undefined) {
    if (typeof v === 'string') chargeSteps(1 + (v.length >> 3));
    id = t.size++;
    t.scalars.set(v, id);
  }
  return id;
}

const childId = (v: unknown, t: KeyTable): number =>
  v !== null && typeof v === 'object' ? (t.objects.get(v) as number) : scalarId(v, t);

/** The class number of `value`; iterative (a deep value cannot overflow the stack). */
function idOf(value: unknown, t: KeyTable): number {
  if (value === null || typeof value !== 'object') return scalarId(value, t);
  const known = t.objects.get(value);
  if (known !== undefined) return known;
  // Pre-order over the objects not yet numbered; numbered in reverse, every member comes first.
  const order: object[] = [];
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    order.push(node);
    for (const v of Object.values(node))
      if (v !== null && typeof v === 'object' && !t.objects.has(v)) stack.push(v as object);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    if (t.objects.has(node)) continue;
    let shape: string;
    if (Array.isArray(node)) {
      shape = '[';
      for (let k = 0; k < node.length; k++) shape += `${k > 0 ? ',' : ''}${childId(node[k], t)}`;
      chargeSteps(NODE_STEPS + node.length);
    } else {
      const keys = sortedKeys(node);
      const record = node as Record<string, unknown>;
      shape = '{';
      let chars = 0;
      // A key by its number as a string (a key and an equal string value share one: their places differ).
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]!;
        chars += key.length;
        shape += `${k > 0 ? ',' : ''}${scalarId(key, t)}:${childId(record[key], t)}`;
      }
      chargeSteps(NODE_STEPS + keys.length * 4 + (chars >> 3));
    }
    keyWork.nodes++;
    let id = t.shapes.get(shape);
    if (id === undefined) {
      id = t.size++;
      t.shapes.set(shape, id);
    }
    t.objects.set(node, id);
  }
  return t.objects.get(value) as number;
}

// The table of the validation in progress (validation is synchronous): an item is numbered once per
// validation however many `uniqueItems` apply to it. Dropped when the validation ends, so a verdict
// never depends on an earlier call (a caller may change its objects between calls).
let current: KeyTable | undefined;
let open = 0;

/** Starts a validation's table (schema/engine/within-steps.ts, around each validation); returns the outer one. */
export function enterKeyScope(): KeyTable | undefined {
  const saved = current;
  current = undefined;
  open++;
  return saved;
}

/** Ends the validation's table, restoring the outer validation's. */
export function leaveKeyScope(saved: KeyTable | undefined): void {
  current = saved;
  open--;
}

/**
 * The first repeated item (`j` its first occurrence, `i` the repeat) or undefined. One class
 * number per item and one Map lookup each: linear in the size of the array, where Ajv's pairwise
 * comparison of untyped items is quadratic (10,000 objects took about 5 s). An item's number is
 * worked out once per validation (charged by its size when it is), outside one once per call.
 * `stats.keys` counts items numbered in this call.
 */
export function firstDuplicate(
  items: readonly unknown[],
  stats?: { keys: number },
): { i: number; j: number } | undefined {
  let t: KeyTable;
  if (open === 0) t = new KeyTable();
  else {
    current ??= new KeyTable();
    t = current;
  }
  const call = ++t.calls;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (stats && (item === null || typeof item !== 'object' || !t.objects.has(item))) stats.keys++;
    const id = idOf(item, t);
    while (t.lastCall.length <= id) {
      t.lastCall.push(0);
      t.lastItem.push(0);
    }
    if (t.lastCall[id] === call) return { i, j: t.lastItem[id]! };
    t.lastCall[id] = call;
    t.lastItem[id] = i;
  }
  return undefined;
}

/** Replaces Ajv's uniqueItems (Validation §6.4.3) with firstDuplicate. */
export function installUniqueItems(ajv: Ajv2020): void {
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword({
    keyword: 'uniqueItems',
    type: 'array',
    schemaType: 'boolean',
    errors: true,
    compile(unique: boolean) {
      const check = (data: unknown[]): boolean => {
        const dup = unique ? firstDuplicate(data) : undefined;
        if (dup === undefined) return true;
        check.errors = [
          {
            keyword: 'uniqueItems',
            params: dup,
            message: `must NOT have duplicate items (items ## ${dup.j} and ${dup.i} are identical)`,
          },
        ];
        return false;
      };
      check.errors = null as null | object[];
      return check as never;
    },
  });
}
