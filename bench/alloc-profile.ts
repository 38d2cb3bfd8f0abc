/**
 * Reading what bench/alloc-sampled.mjs writes (a V8 sampling heap profile and the minor collections counted), for
 * bench/proxy-alloc.ts (bytes per call) and bench/proxy-catalog-start.ts `--alloc` (bytes until the first
 * tools/list): the bytes allocated by function, and waiting for the file.
 */
import { existsSync } from 'node:fs';

/** A node of the sampling heap profile's call tree. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children: ProfileNode[];
}

/** What bench/alloc-sampled.mjs writes. */
export interface Sampled {
  profile: { head: ProfileNode; samples: { nodeId: number; size: number }[] };
  minor: number[];
}

/** Waits until `file` exists (bench/alloc-sampled.mjs writes each file whole, then renames it into place). */
export async function written(file: string): Promise<void> {
  for (let i = 0; i < 200 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 25));
  if (!existsSync(file)) throw new Error(`bench/alloc-sampled.mjs wrote no ${file} within 5 s`);
}

/** Self bytes by function (name and place), and the total. */
export function byFunction(p: Sampled['profile']): { total: number; rows: [string, number][] } {
  const bytes = new Map<number, number>();
  for (const s of p.samples) bytes.set(s.nodeId, (bytes.get(s.nodeId) ?? 0) + s.size);
  const rows = new Map<string, number>();
  let total = 0;
  const stack = [p.head];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    const self = bytes.get(n.id) ?? 0;
    total += self;
    const { functionName, url, lineNumber } = n.callFrame;
    const place = url === '' ? '' : ` ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
    const name = `${functionName || '(anonymous)'}${place}`;
    if (self > 0) rows.set(name, (rows.get(name) ?? 0) + self);
    stack.push(...n.children);
  }
  return { total, rows: [...rows].sort((a, b) => b[1] - a[1]) };
}
