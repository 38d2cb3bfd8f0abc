// The known disagreements (known.json): each a minimal schema and instance with both verdicts, the
// side the spec supports, the section that says so, and who fixes it; and a matcher that claims the
// generated findings of the same cause. The matcher is deliberately narrow: the finding's kind, a
// pattern over toolgate's answer (and the peer's), and keywords the schema must contain.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Finding, FindingKind } from './compare.js';

/** Which findings an entry claims. */
export interface Matcher {
  readonly kind: FindingKind;
  /** A regular expression over the finding's toolgate answer ("valid", "invalid", "<class>: …"). */
  readonly toolgate: string;
  /** A regular expression over the peer's answer; any when absent. */
  readonly peer?: string;
  /** Keywords that must all occur in the schema. */
  readonly keywords: readonly string[];
  /** A regular expression over the schema's compact JSON text. */
  readonly schema?: string;
  /** A regular expression over the instance's compact JSON text. */
  readonly instance?: string;
}

/** One known disagreement. */
export interface KnownEntry {
  readonly id: string;
  /** Where the fix belongs: the part of toolgate that is wrong, or "peer" when the peer is. */
  readonly owner: string;
  /** What goes wrong, in a sentence. */
  readonly what: string;
  /** "toolgate" or "peer": the side the spec supports. */
  readonly right: 'toolgate' | 'peer';
  /** The spec section and the argument. */
  readonly spec: string;
  readonly schema: unknown;
  readonly instance: unknown;
  /** The answers as compare.ts words them, exactly, for the staleness check. */
  readonly toolgate: string;
  readonly peer: string;
  readonly match: Matcher;
}

/** The fixture, read once. */
export const KNOWN: readonly KnownEntry[] = JSON.parse(
  readFileSync(resolve(import.meta.dirname, 'known.json'), 'utf8'),
) as KnownEntry[];

/** Every key used anywhere in a schema (keywords and property names alike). */
export function keysOf(schema: unknown): Set<string> {
  const out = new Set<string>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v)) for (const k of Object.keys(v)) out.add(k);
    stack.push(...Object.values(v));
  }
  return out;
}

/** Whether the matcher claims the finding. */
export function matches(m: Matcher, f: Finding): boolean {
  if (m.kind !== f.kind || !new RegExp(m.toolgate).test(f.toolgate)) return false;
  if (m.peer !== undefined && !new RegExp(m.peer).test(f.peer)) return false;
  if (m.schema !== undefined && !new RegExp(m.schema).test(JSON.stringify(f.schema))) return false;
  if (m.instance !== undefined && !new RegExp(m.instance).test(JSON.stringify(f.instance) ?? '')) return false;
  const keys = keysOf(f.schema);
  return m.keywords.every((k) => keys.has(k));
}

/** The known entry that claims a finding, if any. */
export function knownFor(f: Finding, known: readonly KnownEntry[] = KNOWN): KnownEntry | undefined {
  return known.find((e) => matches(e.match, f));
}
