import type { Check, Contender } from './contenders.js';
import type { CorpusTool } from './corpus.js';
import { generateCalls, type GeneratedCalls } from './generate.js';

/** One corpus tool with each contender's compiled check (absent where it refused the schema) and its calls. */
export interface Prepared {
  readonly tool: CorpusTool;
  readonly index: number;
  readonly checks: ReadonlyMap<string, Check>;
  readonly calls: GeneratedCalls;
}

/** A comparison set: the schemas every named contender accepts and agrees on. */
export interface ComparisonSet {
  readonly schemas: Prepared[];
  /** Schemas some contender refused to compile. */
  readonly refused: number;
  /** Schemas dropped because a contender's verdict on a generated call differed from the reference, by contender. */
  readonly disagreed: Record<string, number>;
}

/** Compiles every schema on every contender (a private copy each) and generates calls checked by `reference`. */
export async function prepare(
  tools: readonly CorpusTool[],
  contenders: readonly Contender[],
  reference: Contender,
): Promise<{ prepared: Prepared[]; refusals: Record<string, number> }> {
  const instances = await Promise.all(
    [reference, ...contenders].map(async (c) => ({ c, instance: (await c.load())() })),
  );
  const refusals: Record<string, number> = {};
  const prepared: Prepared[] = [];
  for (let index = 0; index < tools.length; index++) {
    const tool = tools[index]!;
    const checks = new Map<string, Check>();
    for (const { c, instance } of instances) {
      try {
        checks.set(
          c === reference ? '#reference' : c.name,
          await instance.compile(structuredClone(tool.inputSchema), index),
        );
      } catch {
        if (c !== reference) refusals[c.name] = (refusals[c.name] ?? 0) + 1;
      }
    }
    const ref = checks.get('#reference');
    const calls = ref === undefined ? { valid: [], invalid: [] } : generateCalls(tool.inputSchema, ref);
    checks.delete('#reference');
    prepared.push({ tool, index, checks, calls });
  }
  return { prepared, refusals };
}

function agrees(check: Check, args: unknown, expected: boolean): boolean {
  try {
    return check(args) === expected;
  } catch {
    return false;
  }
}

/**
 * The schemas that every contender in `names` compiled and that have valid calls every one of them
 * accepts (and, with `invalidToo`, invalid calls every one rejects): only those count in a comparison.
 */
export function comparisonSet(
  prepared: readonly Prepared[],
  names: readonly string[],
  options: { invalidToo: boolean },
): ComparisonSet {
  const schemas: Prepared[] = [];
  const disagreed: Record<string, number> = {};
  let refused = 0;
  for (const p of prepared) {
    if (p.calls.valid.length === 0) continue;
    if (!names.every((n) => p.checks.has(n))) {
      refused++;
      continue;
    }
    const wrong = names.filter((n) => {
      const check = p.checks.get(n)!;
      return (
        !p.calls.valid.every((a) => agrees(check, a, true)) ||
        (options.invalidToo && !p.calls.invalid.every((c) => agrees(check, c.args, false)))
      );
    });
    for (const n of wrong) disagreed[n] = (disagreed[n] ?? 0) + 1;
    if (wrong.length === 0) schemas.push(p);
  }
  return { schemas, refused, disagreed };
}

/**
 * Calls every compiled check on every valid call for `ms` milliseconds. Measured on this machine
 * without it, raw Ajv's generated validators (one per tool, each called a few times per sweep) took
 * several seconds of calls to reach their optimised tier: 700-800 ns/call in the first workload
 * against 50 ns later in the same run, which would bias whichever workload runs first.
 */
export function warmUp(prepared: readonly Prepared[], ms: number): void {
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (const p of prepared) {
      for (const check of p.checks.values()) {
        for (const args of p.calls.valid) {
          try {
            check(args);
          } catch {
            // A refusal here is reported by comparisonSet; warming up only needs the calls made.
          }
        }
      }
    }
  }
}
