import type { ErrorClass, Failure, GateError, Violation } from '../result.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { quote } from '../util/describe-value.js';
import { identify } from './descriptor.js';

/**
 * Why one tool of a batch was not admitted, with the original structured error. Trusted-host
 * data: it may quote the tool's schema and must never reach a model request, an event or a checkpoint.
 */
export interface Diagnostic {
  /** The descriptor's name ('' when it had none). */
  readonly name: string;
  readonly revision: string | undefined;
  /** Position of the descriptor in the batch; -1 for a batch-level problem (authority, loader rounds). */
  readonly index: number;
  /** What failed: the descriptor's metadata, its schema, or the batch as a whole. */
  readonly stage: 'descriptor' | 'schema' | 'batch';
  /**
   * Which schema of the descriptor a `schema` diagnostic is about: absent for its inputSchema, 'outputSchema' for
   * an MCP tool's output schema (its violations' schema paths are inside that schema).
   */
  readonly member?: 'outputSchema';
  readonly error: GateError;
}

/**
 * A failed admission: a GateError whose `diagnostics` list every bad tool (and batch-level problems);
 * empty when the call failed as a whole (its options or input, or toolgate itself) before any tool
 * was judged.
 */
export interface BatchError extends GateError {
  readonly diagnostics: readonly Diagnostic[];
}

/** A failure of the admission call as a whole, before any tool was judged: a BatchError without diagnostics. */
export function callFailure(failure: Failure<GateError>): Failure<BatchError> {
  return { ok: false, error: { ...failure.error, diagnostics: [] } };
}

/**
 * The class a failed batch reports: an exceeded limit or internal failure outranks a broken
 * schema, which outranks a refused capability, so a host that retries `unsupported_capability`
 * batches in quarantine mode never retries one that quarantine would fail as well.
 */
function batchClass(diagnostics: readonly Diagnostic[]): ErrorClass {
  const classes = new Set(diagnostics.map((d) => d.error.class));
  if (classes.has('execution_failure')) return 'execution_failure';
  if (classes.has('validation')) return 'validation';
  return 'unsupported_capability';
}

/** Orders diagnostics by name, then batch position: deterministic whatever order loaders answer in. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => byCodeUnits(a.name, b.name) || a.index - b.index);
}

function label(d: Diagnostic): string {
  if (d.index < 0) return 'batch';
  // Names and revisions are the server's text: quoted and cut, so a huge one cannot flood the error.
  const name = d.name === '' ? `#${d.index}` : quote(d.name);
  return d.revision === undefined ? `tool ${name}` : `tool ${name} (revision ${quote(d.revision)})`;
}

/**
 * One violation per diagnostic, located at the descriptor (`/tools/<index>`) and, for schema problems, at the schema
 * path inside the schema it is about (`/inputSchema/...`, `/outputSchema/...`), so the batch error reads as one list
 * with a line per problem: a tool whose input and output schemas are both refused has two.
 */
export function batchError(diagnostics: readonly Diagnostic[], mode: 'strict' | 'quarantine'): BatchError {
  const sorted = sortDiagnostics(diagnostics);
  const violations: Violation[] = sorted.map((d) => {
    const first = d.error.violations[0];
    const at = first?.schemaPath ?? '';
    // Schema paths of the root document are pointers ('' or '/...'); others are 'uri#pointer'.
    const inner =
      d.stage === 'schema'
        ? `/${d.member ?? 'inputSchema'}${at === '' || at.startsWith('/') ? at : ''}`
        : d.stage === 'batch' && first?.keyword === 'authority'
          ? `/authority${at}`
          : at;
    return {
      path: '$',
      pointer: '',
      keyword: first?.keyword ?? d.error.class,
      code: first?.code ?? 'tool_not_admitted',
      params: first?.params ?? {},
      message: `${label(d)}: ${d.error.message}`,
      schemaPath: d.index < 0 ? inner : `/tools/${d.index}${inner}`,
    };
  });
  // Tools, not diagnostics: one tool can have several (its input and output schemas, its text read exactly).
  const n = new Set(sorted.filter((d) => d.index >= 0).map((d) => d.index)).size;
  const head =
    `${mode} batch admission failed: ${n} tool${n === 1 ? '' : 's'} not ` +
    `admitted${sorted.some((d) => d.index < 0) ? ' and a batch-level problem' : ''}`;
  const errorClass = batchClass(sorted);
  // An execution failure says which kind: that of the first tool (in report order) that failed so.
  const failed = errorClass === 'execution_failure' ? sorted.find((d) => d.error.class === errorClass) : undefined;
  const kind = failed === undefined ? undefined : (failed.error.kind ?? 'internal');
  const limit = failed?.error.limit;
  return {
    class: errorClass,
    message: `${head}; ${violations[0]?.message ?? ''}`,
    violations,
    diagnostics: sorted,
    ...(kind === undefined ? {} : { kind }),
    ...(limit === undefined ? {} : { limit }),
  };
}

/** The diagnostic of descriptor #`index` at `stage`, named by the descriptor's own name and revision. */
export function diagnosticOf(
  descriptor: unknown,
  index: number,
  stage: Diagnostic['stage'],
  error: Diagnostic['error'],
): Diagnostic {
  const { name, revision } = identify(descriptor);
  return { name, revision, index, stage, error };
}
