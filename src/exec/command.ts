// A command served as a tool: templates parsed, schema compiled and the placeholder contract checked once at
// start-up; each call validates first, renders, then runs. Validation failures never start the program.
import { fail, failAs, ok, type GateError, type Result } from '../result.js';
import { clip } from '../util/describe-value.js';
import { validateSchema, type CompiledSchema } from '../schema/compile.js';
import type { SchemaOptions } from '../schema/options.js';
import { checkContract, inferSchema } from './contract.js';
import { childEnvironment } from './environment.js';
import { findProgram } from './program-lookup.js';
import type { ConcurrencyGate, NotStarted } from './concurrency-gate.js';
import { renderArgv } from './render.js';
import { runProgram, type RunOutcome } from './run.js';
import { parseTemplates, type ArgTemplate } from './template.js';

/** How one command is served. */
export interface CommandSpec {
  readonly name: string;
  readonly description?: string;
  /** Omitted: inferred, each placeholder a required string. */
  readonly inputSchema?: unknown;
  readonly program: string;
  readonly args: readonly string[];
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  /** The program's whole environment; defaults to childEnvironment() (a few names of the host's). */
  readonly env?: Readonly<Record<string, string>>;
}

/** What a call produced, before any protocol framing. */
export type CommandResult =
  | { readonly kind: 'rejected'; readonly error: GateError }
  | { readonly kind: 'not-started'; readonly why: NotStarted; readonly text: string }
  | { readonly kind: 'ran'; readonly isError: boolean; readonly text: string; readonly outcome: RunOutcome };

/** A command ready to serve. */
export interface PreparedCommand {
  readonly name: string;
  readonly description: string;
  /** The schema listed to clients: as given, or inferred. */
  readonly inputSchema: Record<string, unknown>;
  /** Validates, renders, waits for a slot of `gate` (if given) and runs; `signal` stops the run or the wait. */
  call(args: unknown, options?: CallOptions): Promise<CommandResult>;
}

/** How one call runs. */
export interface CallOptions {
  /** Aborted: the program is stopped, or never started. */
  readonly signal?: AbortSignal;
  /** Shared by the calls of one server: a call waits at most its timeout for a slot, and runs for what is left. */
  readonly gate?: ConcurrencyGate;
  /** Values never shown (`--env` values): the cut of the output never shows part of one (masked-cut.ts). */
  readonly secrets?: readonly string[];
}

/** Parses, compiles and checks the contract; every start-up problem is returned, named after the tool. */
export function prepareCommand(spec: CommandSpec, options: SchemaOptions = {}): Result<PreparedCommand> {
  const named = (r: { error: GateError }): Result<PreparedCommand> =>
    failAs(r.error, `tool ${JSON.stringify(spec.name)}: ${r.error.message}`);
  if (spec.program === '') return fail('validation', `tool ${JSON.stringify(spec.name)}: no program to run`);
  // The program is run as written: a placeholder there is never filled, and a NUL could never reach exec(2).
  if (spec.program.includes('\u0000') || /\{[^{}]+\}/.test(spec.program))
    return fail(
      'validation',
      `tool ${JSON.stringify(spec.name)}: the program ${JSON.stringify(clip(spec.program, 80))} must be a name ` +
        'or path as written: no placeholder ({name}), no NUL character',
    );
  const templates = parseTemplates(spec.args);
  if (!templates.ok) return named(templates);
  const schema = spec.inputSchema === undefined ? inferSchema(templates.value) : spec.inputSchema;
  const compiled = validateSchema(schema, options);
  if (!compiled.ok) return named(compiled);
  const contract = checkContract(schema, templates.value);
  if (!contract.ok) return named(contract);
  const found = findProgram(spec.program, spec.env ?? childEnvironment());
  if (!found.ok) return named(found);
  return ok(makeCommand(spec, templates.value, compiled.value, schema as Record<string, unknown>));
}

function makeCommand(
  spec: CommandSpec,
  templates: readonly ArgTemplate[],
  compiled: CompiledSchema,
  schema: Record<string, unknown>,
): PreparedCommand {
  return {
    name: spec.name,
    description: spec.description ?? `Runs ${spec.program}.`,
    inputSchema: schema,
    async call(args: unknown, options: CallOptions = {}): Promise<CommandResult> {
      const checked = compiled.validate(args);
      if (!checked.ok) return { kind: 'rejected', error: checked.error };
      const argv = renderArgv(templates, args as Record<string, unknown>);
      if (!argv.ok) return { kind: 'rejected', error: argv.error };
      const { signal, gate, secrets } = options;
      const began = performance.now();
      const slot = gate === undefined ? undefined : await gate.acquire(spec.timeoutMs, signal);
      if (slot !== undefined && !slot.ok)
        return { kind: 'not-started', why: slot.why, text: notStartedText(slot.why, spec, gate as ConcurrencyGate) };
      // The timeout is the call's, from its arrival: the wait for a slot is spent from it, not added to it.
      const timeoutMs = slot === undefined ? spec.timeoutMs : spec.timeoutMs - (performance.now() - began);
      if (slot !== undefined && timeoutMs <= 0) {
        slot.release();
        return {
          kind: 'not-started',
          why: 'timed-out',
          text: notStartedText('timed-out', spec, gate as ConcurrencyGate),
        };
      }
      try {
        const outcome = await runProgram(spec.program, argv.value, {
          timeoutMs,
          maxOutputBytes: spec.maxOutputBytes,
          ...(spec.env === undefined ? {} : { env: spec.env }),
          ...(signal === undefined ? {} : { signal }),
          ...(secrets === undefined ? {} : { secrets }),
        });
        return { kind: 'ran', ...describeOutcome(outcome, spec), outcome };
      } finally {
        slot?.release();
      }
    },
  };
}

/** The text a model reads for a run: stdout, then labelled stderr, then what went wrong, if anything. */
export function describeOutcome(
  outcome: RunOutcome,
  limits: Pick<CommandSpec, 'timeoutMs' | 'maxOutputBytes' | 'program'>,
): { isError: boolean; text: string } {
  const lines: string[] = [];
  if (outcome.stdout !== '') lines.push(outcome.stdout.replace(/\n$/, ''));
  if (outcome.stderr !== '') lines.push(`stderr:\n${outcome.stderr.replace(/\n$/, '')}`);
  if (outcome.truncated) lines.push(`[output cut at ${limits.maxOutputBytes} bytes]`);
  let isError = true;
  if (outcome.startError !== undefined) lines.push(`error: could not start ${limits.program}: ${outcome.startError}`);
  else if (outcome.timedOut) lines.push(`error: timed out after ${limits.timeoutMs} ms; ${stoppedText(outcome)}`);
  else if (outcome.cancelled) lines.push(`error: cancelled; ${stoppedText(outcome)}`);
  else if (outcome.status !== 0)
    lines.push(
      outcome.status === null
        ? `error: killed by signal ${outcome.signal ?? 'unknown'}`
        : `error: exit status ${outcome.status}`,
    );
  else isError = false;
  // A stop says it in its own line; after an exit of its own the group was killed, and this is all that is known.
  if (outcome.detachedMayRun && !outcome.timedOut && !outcome.cancelled) lines.push(`note: ${DETACHED_MAY_RUN}`);
  return { isError, text: lines.join('\n') };
}

/** Told when a process outside the group may have outlived the run (found holding the pipes, or no /proc). */
const DETACHED_MAY_RUN = 'processes the command detached may still run';

/**
 * What a stop reached, and no more; and, when one may have been missed (it still held the pipes, or there was no
 * /proc to search), that a process the command detached may still run.
 */
function stoppedText(outcome: RunOutcome): string {
  const n = outcome.stopped?.escaped ?? 0;
  const escaped = n === 0 ? '' : ` and ${n === 1 ? 'the 1 process' : `the ${n} processes`} that had left it`;
  const missed = outcome.detachedMayRun ? `; ${DETACHED_MAY_RUN}` : '';
  return `the command's process group${escaped} ${n === 0 ? 'was' : 'were'} stopped${missed}`;
}

/** The model text of a call that got no slot: it says the program did not run, so a retry repeats nothing. */
export function notStartedText(
  why: NotStarted,
  spec: Pick<CommandSpec, 'name' | 'timeoutMs'>,
  gate: ConcurrencyGate,
): string {
  const n = gate.maxRunning;
  const busy = `${n} ${n === 1 ? 'call was' : 'calls were'} running (the most at once)`;
  switch (why) {
    case 'queue-full':
      return `error: ${spec.name} did not start: ${busy} and ${gate.maxQueued} more were waiting; try again later`;
    case 'timed-out':
      return `error: ${spec.name} never started: ${busy} and no slot came free within its ${spec.timeoutMs} ms timeout`;
    case 'cancelled':
      return `error: ${spec.name} never started: the call was cancelled while it waited for a slot`;
  }
}
