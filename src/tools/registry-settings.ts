// A Registry's options read once, as own data (own-field.ts), into what its methods read on every call. A field
// that is not plain data becomes the options error, which every register, check and call then fails with: a
// constructor cannot return a Result, and nothing here throws for a caller's value.
import type { GateError } from '../result.js';
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { DEFAULT_LIMITS, resolveLimits } from '../util/limits.js';
import { pick } from '../util/option-table.js';
import type { RunHost } from './call-run.js';
import type { Stages } from './gateway.js';
import { DEFAULT_MAX_RESULT_BYTES, grantsOf, readRegistryOptions, type RegistryOptions } from './registry-options.js';

/** What a Registry holds of its options, each read once. */
export interface RegistrySettings {
  readonly schemaOptions: SchemaOptions;
  /** The host's stages and error hooks, as running a call reads them (call-run.ts). */
  readonly host: RunHost;
  readonly grants: ReadonlySet<string> | undefined;
  readonly timeoutMs: number | undefined;
  readonly maxLines: number | undefined;
  /** The longest arguments text (limits.ts): a blank one past it is refused as any other. */
  readonly maxArgumentBytes: number;
  /** Set when the options could not be read. */
  readonly optionsError: GateError | undefined;
}

/** A Registry's options as its settings; a problem with any of them is `optionsError`, never a throw. */
export function registrySettings(options: RegistryOptions): RegistrySettings {
  const read = readRegistryOptions(options);
  const values = read.values as RegistryOptions;
  const schemaOptions = pick(read.values, SCHEMA_OPTION_TABLE) as SchemaOptions;
  const limits = resolveLimits(schemaOptions.limits);
  return {
    schemaOptions,
    host: {
      stages: read.stages as Stages,
      exposeErrors: values.exposeErrors,
      onError: values.onError,
      maxResultBytes: values.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
    },
    grants: values.grants === undefined ? undefined : grantsOf(values.grants),
    timeoutMs: values.timeoutMs,
    maxLines: values.maxViolationLines,
    maxArgumentBytes: limits.ok ? limits.value.maxArgumentBytes : DEFAULT_LIMITS.maxArgumentBytes,
    optionsError:
      read.problems.length === 0
        ? undefined
        : {
            class: 'validation',
            message: `invalid Registry options: ${read.problems.join('; ')}`,
            violations: read.violations,
          },
  };
}
