import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { types } from 'node:util';
import { thrownFailure, type GateError, type Result } from '../result.js';
import { pointerSegments } from '../util/json-pointer.js';
import { copyJson } from '../util/plain-json.js';
import { sameInDraft07 } from './draft07-equivalent.js';
import { legacyDialectOf } from './legacy-keywords.js';
import { withObjectType } from './tool-root.js';

// Standard Schema v1 (https://standardschema.dev) and Standard JSON Schema v1, implemented without
// importing anything at runtime: only the types come from @standard-schema/spec, so the core
// package stays free of foreign dependencies.

/** The `~standard` property every CompiledSchema carries: Standard Schema v1 plus JSON Schema conversion. */
export type ToolgateStandardProps = StandardSchemaV1.Props<unknown, unknown> &
  StandardJSONSchemaV1.Props<unknown, unknown>;

/** One Standard Schema issue: a message and the property keys leading to the offending value. */
export type StandardIssue = StandardSchemaV1.Issue;

/** What `standardProps` needs from a compiled schema. */
export interface StandardSource {
  /** The deep-frozen schema as the caller gave it. */
  readonly schema: unknown;
  /** toolgate's validate: never throws, success returns the same reference. */
  readonly validate: (value: unknown) => Result<unknown>;
  /** Whether rule 5 (tool root) applies, so `type: "object"` may be stated explicitly in conversion. */
  readonly toolRoot: boolean;
}

/** Standard JSON Schema target names of the dialects toolgate compiles. */
const TARGETS = { 'draft-07': 'draft-07', '2019-09': 'draft-2019-09' } as const;

/**
 * The one target a schema can be handed out as without translating (and so loosening) it: the
 * dialect its root `$schema` declares (an older one enabled through `dialects`), else 2020-12.
 */
export function nativeTarget(schema: unknown): string {
  const declared =
    schema !== null && typeof schema === 'object' && !Array.isArray(schema)
      ? (schema as Record<string, unknown>)['$schema']
      : undefined;
  const legacy = legacyDialectOf(declared);
  return legacy === undefined ? 'draft-2020-12' : TARGETS[legacy];
}

/**
 * The schema as a provider or SDK should receive it: a fresh mutable copy (consumers such as the
 * OpenAI Agents SDK rewrite what they get). For tool schemas without a root `type`,
 * `"type": "object"` is stated: rule 5 already requires an object, so the schema means the same,
 * and SDKs that check the root (OpenAI Agents asserts `type: "object"`) accept it.
 */
export function providedSchema(schema: unknown, toolRoot: boolean): Record<string, unknown> | undefined {
  const copy = copyJson(schema);
  const value = copy.ok ? copy.value : undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (toolRoot && !Object.hasOwn(record, 'type')) return withObjectType(record);
  return record;
}

/**
 * Turns a pointer into Standard Schema path keys, numbers for array indices: the segments alone
 * cannot tell `["1"]` from `[1]`, so the argument value is walked alongside.
 */
export function pathKeys(pointer: string, value: unknown): PropertyKey[] | undefined {
  const segments = pointerSegments(pointer);
  if (segments === undefined || segments.length === 0) return undefined;
  const keys: PropertyKey[] = [];
  let at: unknown = value;
  for (const segment of segments) {
    if (Array.isArray(at) && !types.isProxy(at) && /^(0|[1-9][0-9]*)$/.test(segment)) {
      keys.push(Number(segment));
      at = at[Number(segment)];
    } else {
      keys.push(segment);
      // Own data properties only: the value may hold getters or Proxies (then it is not JSON, and the
      // violation says so); reading them here must not run anything.
      const d =
        at !== null && typeof at === 'object' && !types.isProxy(at)
          ? Object.getOwnPropertyDescriptor(at, segment)
          : undefined;
      at = d !== undefined && 'value' in d ? d.value : undefined;
    }
  }
  return keys;
}

/**
 * Issues for a failure. Every failure yields at least one issue: a refusal
 * (`unsupported_capability`) or an `execution_failure` is never a pass (fail closed). Violations of
 * the arguments become one issue each at their place; a failure without violations becomes one
 * issue carrying the error's message, with no path (it concerns the whole call).
 */
export function issuesOf(error: GateError, value: unknown): StandardIssue[] {
  // The class matters to a host reading issues: a refusal says why nothing was checked.
  const issues: StandardIssue[] = error.class === 'validation' ? [] : [{ message: `${error.class}: ${error.message}` }];
  for (const v of error.violations) {
    const path = pathKeys(v.pointer, value);
    issues.push(path === undefined ? { message: v.message } : { message: v.message, path });
  }
  if (issues.length === 0) issues.push({ message: error.message });
  return issues;
}

/**
 * Standard JSON Schema v1 conversion: to the schema's own dialect, and from 2020-12 to draft-07 when the
 * schema means the same there (sameInDraft07: then it is handed out as is, without its `$schema`).
 */
function convert(source: StandardSource, options: StandardJSONSchemaV1.Options): Record<string, unknown> {
  const target = options !== null && typeof options === 'object' ? options.target : undefined;
  const native = nativeTarget(source.schema);
  const unchanged = target === 'draft-07' && native === 'draft-2020-12' && sameInDraft07(source.schema);
  if (target !== native && !unchanged) {
    // Standard JSON Schema v1: "Libraries should throw if they don't support a specified target."
    // Translating between dialects would drop or change keywords, so toolgate refuses.
    throw new Error(
      `toolgate converts this schema only to JSON Schema ${native}` +
        `${native === 'draft-2020-12' ? ' (or draft-07 when it means the same there)' : ''}, ` +
        `not ${String(target)}: translating would loosen it`,
    );
  }
  const provided = providedSchema(source.schema, source.toolRoot);
  if (provided === undefined) throw new Error('toolgate converts only object schemas to JSON Schema');
  if (unchanged) delete provided['$schema'];
  return provided;
}

/** Builds the frozen `~standard` property for a compiled schema. */
export function standardProps(source: StandardSource): ToolgateStandardProps {
  const validate = (value: unknown): StandardSchemaV1.Result<unknown> => {
    try {
      const result = source.validate(value);
      if (result.ok) return { value: result.value };
      return { issues: issuesOf(result.error, value) };
    } catch (thrown) {
      // Never a pass, never an exception across the API; issues are model text, so the thrown text stays out.
      return { issues: issuesOf(thrownFailure('validate', thrown).error, value) };
    }
  };
  const jsonSchema: StandardJSONSchemaV1.Converter = Object.freeze({
    input: (options: StandardJSONSchemaV1.Options) => convert(source, options),
    output: (options: StandardJSONSchemaV1.Options) => convert(source, options),
  });
  return Object.freeze({ version: 1 as const, vendor: 'toolgate', validate, jsonSchema });
}
