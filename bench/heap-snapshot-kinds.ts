/**
 * What a V8 heap snapshot holds, by the kind of each node, for bench/proxy-sessions.ts (`--snapshots`): the heap
 * figure counts V8's own compiled state beside what the program holds, and only the second is what a session
 * could leak. A snapshot names each node's type (`meta.node_types[0]`); "code" is V8's compiled state (machine
 * code and what optimized code carries: deoptimization data, relocation info, source positions; bytecode,
 * feedback vectors, scope infos), "hidden" and "object shape" are V8's internals (a map's list of the optimized
 * code that depends on it, hidden classes); objects, arrays, closures, strings and the rest are what JavaScript
 * holds. The file is read whole (a proxy's snapshot is about 12 MB).
 */
import { readFileSync } from 'node:fs';

/** Self bytes and node count per node type. */
export type Kinds = ReadonlyMap<string, { readonly bytes: number; readonly nodes: number }>;

/** The node types of V8's own state (compiled code, internals), not held by the program's JavaScript. */
export const V8_OWN = new Set(['code', 'hidden', 'object shape']);

interface Snapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: [string[]] } };
  readonly nodes: number[];
}

/** Self bytes and nodes per node type of the snapshot in `file`. */
export function kindsOf(file: string): Kinds {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const [width, type, size] = [fields.length, fields.indexOf('type'), fields.indexOf('self_size')];
  const kinds = new Map<string, { bytes: number; nodes: number }>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const name = types[s.nodes[i + type] as number] ?? '?';
    const kind = kinds.get(name) ?? { bytes: 0, nodes: 0 };
    kind.bytes += s.nodes[i + size] as number;
    kind.nodes++;
    kinds.set(name, kind);
  }
  return kinds;
}

/** What changed from `before` to `after` per node type, the largest change first. */
export function kindsGrowth(before: Kinds, after: Kinds): { kind: string; bytes: number; nodes: number }[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .map((kind) => ({
      kind,
      bytes: (after.get(kind)?.bytes ?? 0) - (before.get(kind)?.bytes ?? 0),
      nodes: (after.get(kind)?.nodes ?? 0) - (before.get(kind)?.nodes ?? 0),
    }))
    .sort((a, b) => Math.abs(b.bytes) - Math.abs(a.bytes));
}
