// guardClient's options read once into what its admissions and calls run on (mcp-client.ts). Read as plain data
// through GUARD_TABLE (mcp-client-options.ts), so a getter on the caller's options never runs; a refused option (or
// lock) is kept as a problem that fails every admission, never thrown.
import type { AdmissionOptions, BadToolPolicy } from '../catalog/admission.js';
import { ADMISSION_TABLE } from '../catalog/admission-options.js';
import type { ToolLock } from '../catalog/lock-pins.js';
import { MCP_DEFAULT_DIALECTS } from '../catalog/mcp.js';
import type { Problem, Result, Violation } from '../result.js';
import { SCHEMA_OPTION_TABLE } from '../schema/options.js';
import type { ToolErrorEvent } from '../tools/failure-text.js';
import { dropRejection } from '../util/host-hook.js';
import { argumentBounds, DEFAULT_LIMITS, resolveLimits } from '../util/limits.js';
import { pick, readTable } from '../util/option-table.js';
import type { JsonBounds } from '../util/json-bounds.js';
import { GUARD_TABLE, lockOption, type GuardClientOptions } from './mcp-client-options.js';

const DEFAULT_MAX_PAGES = 100;

/** What guardClient runs on, read from its options. */
export interface GuardSettings {
  /** The options' problems, the lock's among them: every admission fails with these. */
  readonly problems: readonly string[];
  readonly violations: readonly Violation[];
  readonly lock: Result<ToolLock | undefined, Problem>;
  /** admitBatch's options, passed on to admitMcpTools. */
  readonly admission: AdmissionOptions;
  readonly onAdmission: GuardClientOptions['onAdmission'];
  /** Most tools/list pages per admission. */
  readonly pages: number;
  readonly badTools: BadToolPolicy;
  readonly onDrift: GuardClientOptions['onDrift'];
  /** The options output schemas are compiled under. */
  readonly schemaOptions: Record<string, unknown>;
  readonly exposeErrors: AdmissionOptions['exposeErrors'];
  /** Tells the host's onError, which may neither throw nor reject into a call. */
  readonly notify: (event: ToolErrorEvent) => void;
  /** The bounds of a call's arguments, as the Registry's. */
  readonly argumentLimits: JsonBounds;
}

/** guardClient's options read once; never throws. */
export function guardSettings(options: GuardClientOptions): GuardSettings {
  // Read as plain data (own-field.ts): a getter on the caller's options must not throw out of here.
  // Refused options fail every admission (and so every call) with the problems, never by a throw.
  const read = readTable(options, GUARD_TABLE);
  const lock = lockOption(read.values['lock']);
  const lockProblem = lock.ok ? [] : [`lock: ${lock.error.message}`];
  const problems = [...read.problems, ...lockProblem];
  const violations = [
    ...read.violations,
    ...lockProblem.map((message) => ({
      path: '$',
      pointer: '',
      keyword: 'lock',
      message,
      schemaPath: '',
      code: 'invalid_option' as const,
      params: { option: 'lock' },
    })),
  ];
  const values = read.values as GuardClientOptions;
  const admission = pick(read.values, ADMISSION_TABLE) as AdmissionOptions;
  const onAdmission = values.onAdmission;
  const pages = values.maxPages ?? DEFAULT_MAX_PAGES;
  const badTools = values.badTools ?? 'fail-batch';
  const onDrift = values.onDrift;
  // Output schemas are compiled under the admission's schema options; the host's loader, which may answer later,
  // is asked in rounds by each admission's own batch loader (async-loader.ts), shared with its inputSchemas.
  const { schemaLoader: _async, ...outputOptions } = pick(admission, SCHEMA_OPTION_TABLE);
  const schemaOptions: Record<string, unknown> = { dialects: [...MCP_DEFAULT_DIALECTS], ...outputOptions };
  const onError = typeof admission.onError === 'function' ? admission.onError : undefined;
  const exposeErrors = admission.exposeErrors;
  const notify = (event: ToolErrorEvent): void => {
    try {
      dropRejection(onError?.(event));
    } catch {
      // The host's logging hook must not change what the model reads.
    }
  };
  const limits = resolveLimits(admission.limits);
  // Broken limits fail every admission, so no call gets as far as these.
  const argumentLimits = argumentBounds(limits.ok ? limits.value : DEFAULT_LIMITS);
  return {
    problems,
    violations,
    lock,
    admission,
    onAdmission,
    pages,
    badTools,
    onDrift,
    schemaOptions,
    exposeErrors,
    notify,
    argumentLimits,
  };
}
