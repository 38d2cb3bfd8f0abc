/**
 * What a V8 heap snapshot holds, by the kind of each node, for bench/proxy-sessions.ts (`--snapshots`): the heap
 * figure counts V8's own compiled state beside what the program holds, and only the second is what a session
 * could leak. A snapshot names each node's type (`meta.node_types[0]`); "code" is V8's compiled state (machine
 * code and what optimized code carries: deoptimization data, relocation info, source positions; bytecode,
 * feedback vectors, scope infos), "hidden" and "object shape" are V8's internals (a map's list of the optimized
 * code that depends on it, hidden classes); objects, arrays, closures, strings and the rest are what JavaScript
 * holds. Bytecode is counted apart too: V8 drops a function's bytecode once it has not run through several of its
 * own full collections (`--bytecode-old-age`), so the startup's bytecode (argument parsing, the catalog's first
 * admission) leaves the heap only after enough of them, which a build that allocates less reaches later. The file
 * is read whole (a proxy's snapshot is about 12 MB).
 */
import { readFileSync } from 'node:fs';

/** Self bytes and node count per node type, and the bytecode arrays among them. */
export interface Kinds {
  readonly byType: ReadonlyMap<string, { readonly bytes: number; readonly nodes: number }>;
  readonly bytecode: { readonly bytes: number; readonly nodes: number };
}

/** The node types of V8's own state (compiled code, internals), not held by the program's JavaScript. */
export const V8_OWN = new Set(['code', 'hidden', 'object shape']);

interface Snapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: [string[]] } };
  readonly nodes: number[];
  readonly strings: string[];
}

/** Self bytes and nodes per node type of the snapshot in `file`. */
export function kindsOf(file: string): Kinds {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const width = fields.length;
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const byType = new Map<string, { bytes: number; nodes: number }>();
  const bytecode = { bytes: 0, nodes: 0 };
  for (let i = 0; i < s.nodes.length; i += width) {
    const kind = types[s.nodes[i + type] as number] ?? '?';
    const bytes = s.nodes[i + size] as number;
    const total = byType.get(kind) ?? { bytes: 0, nodes: 0 };
    total.bytes += bytes;
    total.nodes++;
    byType.set(kind, total);
    if (s.strings[s.nodes[i + name] as number] === 'system / BytecodeArray') {
      bytecode.bytes += bytes;
      bytecode.nodes++;
    }
  }
  return { byType, bytecode };
}

/** What changed from `before` to `after` per node type, the largest change first. */
export function kindsGrowth(before: Kinds, after: Kinds): { kind: string; bytes: number; nodes: number }[] {
  const [b, a] = [before.byType, after.byType];
  const names = new Set([...b.keys(), ...a.keys()]);
  return [...names]
    .map((kind) => ({
      kind,
      bytes: (a.get(kind)?.bytes ?? 0) - (b.get(kind)?.bytes ?? 0),
      nodes: (a.get(kind)?.nodes ?? 0) - (b.get(kind)?.nodes ?? 0),
    }))
    .sort((a, b) => Math.abs(b.bytes) - Math.abs(a.bytes));
}
