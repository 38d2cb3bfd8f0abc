// A second shrinking pass after fast-check's: fast-check shrinks a schema and then draws its
// instances anew (the instances depend on the schema), so its result often keeps keywords that play
// no part. Here single keys and array items are deleted, from the schema and from the instance,
// for as long as the same finding (kind and both answers) remains.
import { comparePairs, newTally, type Finding } from './compare.js';

type Path = readonly (string | number)[];

function paths(value: unknown, keep: (p: Path) => boolean): Path[] {
  const out: Path[] = [];
  const queue: { v: unknown; p: Path }[] = [{ v: value, p: [] }];
  // Breadth first: large subtrees are tried before their parts.
  while (queue.length > 0) {
    const { v, p } = queue.shift() as { v: unknown; p: Path };
    if (v === null || typeof v !== 'object') continue;
    const entries: [string | number, unknown][] = Array.isArray(v)
      ? v.map((c, i): [number, unknown] => [i, c])
      : Object.entries(v);
    for (const [k, c] of entries) {
      const child = [...p, k];
      if (keep(child)) out.push(child);
      queue.push({ v: c, p: child });
    }
  }
  return out;
}

function without(value: unknown, path: Path): unknown {
  const copy = structuredClone(value);
  let at: unknown = copy;
  for (const k of path.slice(0, -1)) at = (at as Record<string | number, unknown>)[k];
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(at)) at.splice(last as number, 1);
  else delete (at as Record<string, unknown>)[last as string];
  return copy;
}

/** The instance list a finding's `instance` stands for: none for a schema, all of the run for "unstable". */
export const instancesOf = (kind: Finding['kind'], instance: unknown): unknown[] =>
  kind === 'schema' ? [] : kind === 'unstable' ? (instance as unknown[]) : [instance];

const sameCause = (a: Finding, b: Finding): boolean =>
  a.kind === b.kind && a.toolgate === b.toolgate && a.peer === b.peer;

async function reproduces(schema: unknown, instance: unknown, target: Finding): Promise<Finding | undefined> {
  const found = await comparePairs(schema, instancesOf(target.kind, instance), newTally());
  return found.find((f) => sameCause(f, target));
}

/** The smallest schema and instance this greedy pass reaches that still give the same finding. */
export async function minimize(finding: Finding): Promise<Finding> {
  let best = finding;
  let progress = true;
  while (progress) {
    progress = false;
    for (const side of ['schema', 'instance'] as const) {
      if (side === 'instance' && best.kind === 'schema') continue;
      // The root `$id` stays (references and the peer's registration rely on it), and so does the
      // root `$schema`: the finding belongs to its dialect.
      const keep = (p: Path): boolean =>
        side === 'instance' || !(p.length === 1 && (p[0] === '$id' || p[0] === '$schema'));
      let i = 0;
      for (let candidates = paths(best[side], keep); i < candidates.length; ) {
        const trial = without(best[side], candidates[i] as Path);
        const schema = side === 'schema' ? trial : best.schema;
        const instance = side === 'instance' ? trial : best.instance;
        const again = await reproduces(schema, instance, best);
        if (again !== undefined) {
          best = again;
          progress = true;
          candidates = paths(best[side], keep);
        } else i++;
      }
    }
  }
  return best;
}
