import { fail, ok, type Result, type Violation } from '../result.js';
import { echo } from '../util/describe-value.js';
import { listNames } from '../util/name-list.js';

/**
 * What a caller may do in a run: `grants` names the tools it may use; `caller`, `run` and any other
 * field belong to the host and pass through admission untouched.
 */
export interface Authority {
  readonly caller?: unknown;
  readonly run?: unknown;
  readonly grants: readonly string[];
  readonly [field: string]: unknown;
}

/** How admission narrows an authority. */
export interface NarrowingInput {
  /** Every tool name the batch carried, admitted or not. */
  readonly batchNames: ReadonlySet<string>;
  /** Names of tools quarantined out of the bundle. */
  readonly rejectedNames: ReadonlySet<string>;
  /** 'reject' (default): a grant naming a tool outside the batch is an authority error. */
  readonly unknownGrants: 'reject' | 'keep';
}

function authorityViolation(message: string, schemaPath: string): Violation {
  return { path: '$', pointer: '', keyword: 'authority', message, schemaPath, code: 'authority_refused', params: {} };
}

/**
 * Removes the grants of rejected tools and nothing else. The result is a new object: same fields,
 * same values (by reference), `grants` filtered in order. The caller's object is never changed.
 */
export function narrowAuthority(authority: unknown, input: NarrowingInput): Result<Authority | undefined> {
  if (authority === undefined) return ok(undefined);
  if (authority === null || typeof authority !== 'object' || Array.isArray(authority)) {
    const message = `authority must be an object, got ${echo(authority)}`;
    return fail('validation', message, [authorityViolation(message, '')]);
  }
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(authority)) {
    const d = Object.getOwnPropertyDescriptor(authority, key);
    if (d === undefined || !('value' in d)) {
      const message = `authority field ${echo(key)} is an accessor; authority must be plain data`;
      return fail('validation', message, [authorityViolation(message, `/${key}`)]);
    }
    // defineProperty, not assignment: a `__proto__` field stays an ordinary field.
    Object.defineProperty(fields, key, { value: d.value, enumerable: true, writable: true, configurable: true });
  }
  const grants = fields['grants'];
  if (!Array.isArray(grants) || grants.some((g) => typeof g !== 'string')) {
    const message = `authority.grants must be an array of tool names, got ${echo(grants ?? 'nothing')}`;
    return fail('validation', message, [authorityViolation(message, '/grants')]);
  }
  const names = grants as string[];
  if (input.unknownGrants === 'reject') {
    const unknown = names.map((g, i) => ({ g, i })).filter(({ g }) => !input.batchNames.has(g));
    if (unknown.length > 0) {
      const list = listNames(unknown.map(({ g }) => g));
      const message = `authority grants tools that are not in the batch: ${list} (pass unknownGrants: 'keep' to allow)`;
      return fail(
        'validation',
        message,
        unknown.map(({ g, i }) =>
          authorityViolation(`grant ${echo(g)} names a tool that is not in the batch`, `/grants/${i}`),
        ),
      );
    }
  }
  return ok(
    Object.freeze({ ...fields, grants: Object.freeze(names.filter((g) => !input.rejectedNames.has(g))) }) as Authority,
  );
}
