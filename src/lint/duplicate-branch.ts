import { canonicalJson } from '../util/canonical-json.js';
import { sortedKeys } from '../util/code-unit-order.js';
import { charge } from './budget.js';
import type { Finding } from '../result.js';
import type { LintRule, LintWarning } from './warning.js';

/**
 * The same subschema twice in `anyOf` or `oneOf` (compared by canonical JSON). In `anyOf` it is
 * noise; in `oneOf` it is worse: a value matching that branch matches two, so `oneOf` rejects it
 * (Core §10.2.1.3).
 */
export const DUPLICATE_BRANCH: LintRule = {
  id: 'duplicate-branch',
  check({ node, at, budget }) {
    const out: LintWarning[] = [];
    for (const k of ['anyOf', 'oneOf'] as const) {
      const branches = node[k];
      if (!Array.isArray(branches)) continue;
      // Branches are told apart first by their own members (keys, and each value's type, length or text): written
      // out whole at every level they are nested in, 30 levels of `anyOf` around a 90,000-member `const` took 3 s and
      // 300 MB. Branches alike that way are compared as canonical JSON, each written once and charged its size (a
      // unit a value) past FREE_TEXT.
      // Per shape: its first branch, and once a second comes, the canonical text of each branch of that shape (each
      // written once: compared again for every later branch, 8,000 `{ const: [i] }` took 10 s).
      // A shape once skipped for the budget stays skipped: its one `lint-skipped` warning says so.
      const alike = new Map<string, { first: number; texts?: Map<string, number>; skipped?: boolean }>();
      const textOf = (i: number): string | Finding => {
        const b = branches[i];
        const cost = sizeOf(b);
        const skipped =
          cost <= FREE_TEXT ? undefined : charge(budget, cost, 'duplicate-branch', `${at.pointer}/${k}/${i}`);
        return skipped ?? canonicalJson(b);
      };
      branches.forEach((b, i) => {
        const shape = shapeOf(b);
        const group = alike.get(shape);
        if (group === undefined) {
          alike.set(shape, { first: i });
          return;
        }
        if (group.skipped === true) return;
        if (group.texts === undefined) {
          const text = textOf(group.first);
          if (typeof text !== 'string') {
            out.push(text);
            group.skipped = true;
            return;
          }
          group.texts = new Map([[text, group.first]]);
        }
        const key = textOf(i);
        if (typeof key !== 'string') {
          out.push(key);
          group.skipped = true;
          return;
        }
        const same = group.texts.get(key);
        if (same === undefined) {
          group.texts.set(key, i);
          return;
        }
        const why = k === 'oneOf' ? ': a value matching it matches two branches, so "oneOf" always rejects it' : '';
        out.push({
          rule: 'duplicate-branch',
          message: `"${k}" branch ${i} is the same as branch ${same}${why}`,
          schemaPath: `${at.pointer}/${k}/${i}`,
        });
      });
    }
    return out;
  },
};

/** Values a branch may hold and be written out as canonical JSON free of charge (well under a millisecond). */
const FREE_TEXT = 1000;

/** A value's own kind: a scalar as its JSON, an array or object by its length (its members are not looked into). */
function token(v: unknown): string {
  if (Array.isArray(v)) return `a${v.length}`;
  if (v !== null && typeof v === 'object') return `o${Object.keys(v).length}`;
  return JSON.stringify(v) ?? '';
}

/** What two equal branches share: their keys, sorted, each with its value's token (equal branches, equal shapes). */
function shapeOf(b: unknown): string {
  if (Array.isArray(b)) return `[${b.map(token).join(',')}]`;
  if (b === null || typeof b !== 'object') return token(b);
  const o = b as Record<string, unknown>;
  return `{${sortedKeys(o)
    .map((key) => `${JSON.stringify(key)}:${token(o[key])}`)
    .join(',')}}`;
}

// Per object of a schema copy: how many values it holds, worked out once, children first.
const sizes = new WeakMap<object, number>();

/** How many values `value` holds, itself included (a shared object counted where it appears); iterative. */
function sizeOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  const stack: [object, boolean][] = [[value, false]];
  while (stack.length > 0) {
    const [o, visited] = stack.pop() as [object, boolean];
    if (sizes.has(o)) continue;
    const members = Object.values(o) as unknown[];
    if (!visited) {
      stack.push([o, true]);
      for (const m of members) if (m !== null && typeof m === 'object' && !sizes.has(m)) stack.push([m, false]);
      continue;
    }
    let n = 1;
    for (const m of members) n += m !== null && typeof m === 'object' ? (sizes.get(m) ?? 1) : 1;
    sizes.set(o, n);
  }
  return sizes.get(value) ?? 1;
}
