import type { EngineError } from './engine-error.js';
import { boundedJson, quote } from '../util/describe-value.js';
import { fragmentPointer, nodeAt as at } from '../util/json-pointer.js';
import { messageFor } from './messages.js';
import { BRANCH_ERROR_KEYWORDS } from '../keywords/keyword-lists.js';

/**
 * An Ajv error kept for the report, with an optional message that replaces the keyword's own, or the
 * errors of a `propertyNames` subschema that say why the name fails (read by keptMessage).
 */
export interface Kept {
  readonly error: EngineError;
  readonly message?: string;
  readonly reasons?: readonly EngineError[];
}

/**
 * The message that replaces the keyword's own, if any. A failed name's is built here, not when the
 * error is kept: a call can fail thousands of names, and only the first violations are reported.
 */
export function keptMessage(k: Kept): string | undefined {
  if (k.message !== undefined || k.reasons === undefined) return k.message;
  const name = (k.error.params as { propertyName?: unknown }).propertyName;
  return `property name ${quote(name)} is invalid: ${k.reasons.map((x) => messageFor(x, name)).join('; ')}`;
}

/** What branch selection needs: the compiled root schema, to resolve branches given as local `$ref`s. */
export interface BranchContext {
  readonly schema?: unknown;
  /** The instance, to read discriminator values. */
  readonly data: unknown;
  /** Counts schema-path lookups, so tests can check the work stays linear in the errors. */
  readonly work?: { lookups: number };
  /**
   * Some errors were left out before selection (violations.ts: the pointer budget): a branch's count would be
   * short, so no branch is named the closest; the branches are reported together.
   */
  readonly partial?: boolean;
}

/** Characters of an error's params that tell two errors apart when counting a branch's violations. */
const PARAMS_SHOWN = 400;

/** Errors with no branch a window walk passes before it stops looking for earlier ones of the same combinator. */
const MAX_UNTIED = 64;

/** Applicators whose subschema errors Ajv leaves in its list even though they are not the reason to report. */
const COMBINATORS = new Set(BRANCH_ERROR_KEYWORDS);

/** Ajv writes schema locations of the root document as `#/...`. */
function schemaPointer(schemaPath: string): string | undefined {
  return schemaPath.startsWith('#') ? fragmentPointer(schemaPath) : undefined;
}

/**
 * Follows local `$ref`s (Core §8.2.3.1) a few hops; returns the final node and every target prefix Ajv reports errors
 * under.
 */
function resolveLocal(root: unknown, node: unknown): { node: unknown; prefixes: string[] } {
  const prefixes: string[] = [];
  for (let hops = 0; hops < 8; hops++) {
    if (node === null || typeof node !== 'object') break;
    const ref = (node as Record<string, unknown>)['$ref'];
    if (typeof ref !== 'string' || !ref.startsWith('#/')) break;
    prefixes.push(ref);
    node = at(root, fragmentPointer(ref));
  }
  return { node, prefixes };
}

/** Is `path` the pointer `prefix` or below it? Builds no string: it runs once per error of a window. */
function under(path: string, prefix: string): boolean {
  if (path.length === prefix.length) return path === prefix;
  return path.length > prefix.length && path.charCodeAt(prefix.length) === 0x2f && path.startsWith(prefix);
}

/** Branch labels of each error of the window; `undefined` when one cannot be told. Linear in the window. */
function labelWindow(raw: readonly (readonly number[])[], count: number): (number | undefined)[] | undefined {
  // For each position, the candidates of the next error that has any (undefined past the last one).
  const next: (readonly number[] | undefined)[] = new Array(raw.length);
  let following: readonly number[] | undefined;
  for (let i = raw.length - 1; i >= 0; i--) {
    next[i] = following;
    if (raw[i]!.length > 0) following = raw[i];
  }
  const labels: (number | undefined)[] = [];
  let current = -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    // Ajv evaluates branches in order and each branch's errors are contiguous, so labels never decrease.
    let pick: number | undefined;
    for (const x of c) if (x >= current && (pick === undefined || x < pick)) pick = x;
    if (pick !== undefined) {
      current = pick;
      labels.push(pick);
      continue;
    }
    if (c.length > 0) return undefined;
    const after = next[i];
    if (after !== undefined ? after.length === 1 && after[0] === current : current === count - 1) labels.push(current);
    else return undefined;
  }
  return labels;
}

/** JSON text with sorted keys, at most `limit` characters: a schema value is read only as far as it can match. */
const sortedText = (value: unknown, limit: number): string | undefined => boundedJson(value, limit, true);

/**
 * True when the branch names a `const`/`enum` for a property the value has, and every such one
 * matches. `texts` caches the canonical text of the value's properties across branches; a schema
 * value is written only one character past the value's text (a longer one cannot be equal).
 */
function discriminated(branch: unknown, value: unknown, texts: Map<string, string>): boolean {
  if (
    branch === null ||
    typeof branch !== 'object' ||
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value)
  )
    return false;
  const props = (branch as Record<string, unknown>)['properties'];
  if (props === null || typeof props !== 'object') return false;
  let seen = false;
  for (const [name, sub] of Object.entries(props as Record<string, unknown>)) {
    if (sub === null || typeof sub !== 'object' || !Object.hasOwn(value, name)) continue;
    const s = sub as Record<string, unknown>;
    let v = texts.get(name);
    if (v === undefined) {
      v = sortedText((value as Record<string, unknown>)[name], Number.POSITIVE_INFINITY) ?? '';
      texts.set(name, v);
    }
    const text = v;
    const same = (x: unknown): boolean => sortedText(x, text.length + 1) === text;
    if ('const' in s) {
      seen = true;
      if (!same(s['const'])) return false;
    }
    if (Array.isArray(s['enum'])) {
      seen = true;
      if (!s['enum'].some(same)) return false;
    }
  }
  return seen;
}

function valueAtPointer(data: unknown, pointer: string): unknown {
  return pointer === '' ? data : at(data, pointer);
}

/** Whether selectBranches would change the list: only a combinator's or a `propertyNames` error does. */
export function needsBranchSelection(errors: readonly EngineError[]): boolean {
  for (let i = 0; i < errors.length; i++) {
    const k = errors[i]!.keyword;
    if (k === 'propertyNames' || COMBINATORS.has(k)) return true;
  }
  return false;
}

/**
 * Core §10.2.1.2/§10.2.1.3: a failed `oneOf`/`anyOf` is reported by the branch the value most nearly
 * matched (a `const`/`enum` discriminator match wins, else the fewest violations) plus one line
 * saying how many branches matched; a failed `contains` drops the per-item errors of its subschema,
 * which say nothing about what the array lacks. Other errors pass through in order.
 */
export function selectBranches(errors: readonly EngineError[], context: BranchContext): Kept[] {
  const out: Kept[] = [];
  let k = errors.length - 1;
  while (k >= 0) {
    const e = errors[k]!;
    if (e.keyword === 'propertyNames') {
      // Core §10.3.2.4: Ajv reports the subschema's errors on the object itself (with a
      // `propertyName` field); they become the reason of this one line instead.
      const name = (e.params as { propertyName?: unknown }).propertyName;
      const inner: EngineError[] = [];
      while (k - 1 >= 0 && (errors[k - 1] as { propertyName?: unknown }).propertyName !== undefined) {
        const x = errors[--k]!;
        if ((x as { propertyName?: unknown }).propertyName === name) inner.push(x);
      }
      out.push(inner.length > 0 ? { error: e, reasons: inner.reverse() } : { error: e });
      k--;
      continue;
    }
    if (!COMBINATORS.has(e.keyword)) {
      out.push({ error: e });
      k--;
      continue;
    }
    const pointer = schemaPointer(e.schemaPath);
    const list = pointer === undefined || context.schema === undefined ? undefined : at(context.schema, pointer);
    const branches = e.keyword === 'contains' ? [list] : Array.isArray(list) ? list : [];
    const count = e.keyword === 'contains' ? 1 : branches.length;
    // Every schema location an error of branch i can carry: the branch itself and its `$ref` targets.
    const owners = new Map<string, number[]>();
    branches.forEach((b, i) => {
      for (const p of [
        e.keyword === 'contains' ? e.schemaPath : `${e.schemaPath}/${i}`,
        ...resolveLocal(context.schema, b).prefixes,
      ]) {
        const list = owners.get(p);
        if (list === undefined) owners.set(p, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    });
    // The branches an error can belong to: owners of its schema path or of any ancestor of it. Worked
    // out once per schema path: a failed `contains` over n items leaves n errors of a few paths.
    const known = new Map<string, number[]>();
    const candidates = (x: EngineError): number[] => {
      const cached = known.get(x.schemaPath);
      if (cached !== undefined) return cached;
      const found: number[] = [];
      let path = x.schemaPath;
      for (;;) {
        if (context.work) context.work.lookups++;
        const owned = owners.get(path);
        if (owned !== undefined) for (const i of owned) if (!found.includes(i)) found.push(i);
        const cut = path.lastIndexOf('/');
        if (cut <= 0) break;
        path = path.slice(0, cut);
      }
      known.set(x.schemaPath, found);
      return found;
    };
    const inside = (x: EngineError): boolean => under(x.instancePath, e.instancePath);
    // The window: walk back over errors at or below the same place; it starts at the earliest one
    // that can be tied to a branch (unlabelled ones before it came from earlier keywords). The walk
    // gives up MAX_UNTIED errors past the earliest tied one, so sibling keywords at one place cost
    // linear time, not quadratic.
    let start = k;
    const top = k;
    // Candidates of errors[top - 1 - i] at i: filled by push, so the array stays dense however long the window.
    const raw: number[][] = [];
    for (let j = k - 1; j >= 0 && start - j <= MAX_UNTIED && inside(errors[j]!); j--) {
      const c = candidates(errors[j]!);
      raw.push(c);
      if (c.length > 0) start = j;
    }
    const window = errors.slice(start, k);
    k = start - 1;
    if (e.keyword === 'contains') {
      out.push({ error: e });
      continue;
    }
    const labels = labelWindow(
      window.map((_x, i) => raw[top - 1 - (start + i)]!),
      count,
    );
    const passing = (e.params as { passingSchemas?: unknown }).passingSchemas;
    if (Array.isArray(passing)) {
      const which = passing.map((n) => Number(n) + 1).join(' and ');
      out.push({
        error: e,
        message:
          `matches at least ${passing.length} of ${count || passing.length} "${e.keyword}" branches ` +
          `(${which}); exactly one must match`,
      });
      continue;
    }
    if (labels === undefined || count === 0 || context.partial === true) {
      // Branches cannot be told apart (references toolgate cannot follow here): report them all.
      out.push({ error: e, message: `matches none of the ${count || ''}${count ? ' ' : ''}"${e.keyword}" branches` });
      for (let i = window.length - 1; i >= 0; i--) out.push({ error: window[i]! });
      continue;
    }
    const value = valueAtPointer(context.data, e.instancePath);
    const grouped: EngineError[][] = branches.map(() => []);
    window.forEach((x, j) => {
      const label = labels[j];
      if (label !== undefined) grouped[label]?.push(x);
    });
    const perBranch = grouped.map((list) => selectBranches(list, context));
    const texts = new Map<string, string>();
    // Errors told apart as their messages would be: params are read only as far as a message shows them.
    const told = (x: Kept): string => keptMessage(x) ?? boundedJson(x.error.params, PARAMS_SHOWN) ?? '';
    const size = (list: readonly Kept[]): number =>
      new Set(list.map((x) => `${x.error.instancePath}\u0000${x.error.keyword}\u0000${told(x)}`)).size;
    const order = perBranch.map((list, i) => ({
      i,
      list,
      disc: discriminated(resolveLocal(context.schema, branches[i]).node, value, texts),
      n: size(list),
    }));
    const pool = order.some((o) => o.disc) ? order.filter((o) => o.disc) : order;
    const best = pool.reduce((a, b) => (b.n < a.n ? b : a));
    out.push({
      error: e,
      message: `matches 0 of ${count} "${e.keyword}" branches; showing why the closest (branch ${best.i + 1}) fails`,
    });
    for (let i = best.list.length - 1; i >= 0; i--) out.push(best.list[i]!);
  }
  // Built back to front; restore Ajv's order, which the type-suppression rule relies on.
  return out.reverse();
}
