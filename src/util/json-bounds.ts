// What a bounded walk of a JSON value (plain-json.ts) is told and what it reports: its bounds, a value that is not
// JSON and a bound exceeded, each with where. limits.ts fills the bounds; argument checks report with the same types.
import type { Problem } from '../result.js';
import { escapePointerToken } from './json-pointer.js';

/** Why a value is not JSON (`message`), and where (`segments` with numbers for array indices). */
export interface JsonProblem extends Problem {
  readonly segments: readonly (string | number)[];
}

/** One bound on a walk: the name of the limit it enforces (for the message) and its value. */
export interface JsonBound {
  readonly name: string;
  readonly value: number;
}

/** Bounds checked while walking, each before the work it bounds (limits.ts fills them). */
export interface JsonBounds {
  /** Containers on the path from the root, the container itself included. */
  readonly depth?: JsonBound;
  /** Every value met, containers and scalars, keys not counted. */
  readonly values?: JsonBound;
  readonly stringLength?: JsonBound;
  readonly properties?: JsonBound;
  readonly items?: JsonBound;
  /** Characters of the compact JSON text, string escapes not counted. */
  readonly bytes?: JsonBound;
  /** Characters of the JSON Pointer to a value (keys and indices, each after a `/`), escapes not counted. */
  readonly pointer?: JsonBound;
}

/** A bound that was exceeded, what was seen, and where. */
export interface JsonExcess {
  readonly bound: JsonBound;
  readonly seen: string;
  readonly segments: readonly (string | number)[];
}

/** Outcome of a bounded walk: a value that is not JSON, or one that exceeds a bound. */
export type JsonFinding =
  | { readonly kind: 'not-json'; readonly problem: JsonProblem }
  | { readonly kind: 'excess'; readonly excess: JsonExcess };

/** JSON Pointer of a problem's location. */
export function problemPointer(problem: JsonProblem): string {
  return problem.segments.map((s) => `/${escapePointerToken(String(s))}`).join('');
}
