// `toolgate serve`: commands served as MCP tools over stdio, on the official SDK's server. Every start-up
// problem (bad flags, bad schema, broken placeholder contract) exits 2 before the server starts; after that,
// no call can take the server down: failures become isError tool results. Calls share one concurrency gate.
// When the client closes its input (MCP's stdio shutdown), what it asked before is still answered, each call
// within its own timeout, and the server then ends; told to exit, or its output broken (the client is gone), it
// stops every running program's process group at once.
import { setMaxListeners } from 'node:events';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { prepareCommand, type CallOptions, type PreparedCommand } from '../exec/command.js';
import { createGate } from '../exec/concurrency-gate.js';
import { linkSignals } from '../exec/linked-signal.js';
import { createMasker, MIN_SHOWN_SECRET_LENGTH } from '../exec/mask-secrets.js';
import { MIN_SECRET_LENGTH } from '../exec/secret-forms.js';
import { stopAllGroups } from '../exec/process-group.js';
import { parseArgs, type ParsedArgs } from './args.js';
import { SERVE } from './commands.js';
import { version } from './help.js';
import { cliHints } from './hints.js';
import { inputError, type CliIO, type ExitCode } from './io.js';
import { formatForModel } from '../errors/format.js';
import type { Problem, Result } from '../result.js';
import { MCP_NAME_RULE } from '../tools/tool.js';
import { clip, describeValue } from '../util/describe-value.js';
import { listNames } from '../util/name-list.js';
import { inexactArguments } from '../mcp/exact-call.js';
import { loadMcpSdk } from '../mcp/sdk.js';
import { serveSchemaOptions, serveSettings } from './serve-config.js';
import { dashDashAdvice } from './serve-usage.js';
import { holdStopSignals } from './stop-signals.js';
import { StdioLineTransport } from '../mcp/stdio-line-transport.js';

const text = (t: string, isError: boolean): CallToolResult => ({ content: [{ type: 'text', text: t }], isError });

/** What `serve` prepared: the tools, how many run at once, and the values never shown. */
export interface ServePlan {
  readonly tools: ReadonlyMap<string, PreparedCommand>;
  readonly maxConcurrent: number;
  readonly secrets: readonly string[];
}

/** Answers one tools/call; never throws. `--env` values are masked in the text. */
export async function callCommand(
  tools: ReadonlyMap<string, PreparedCommand>,
  name: string,
  args: unknown,
  options: CallOptions = {},
): Promise<CallToolResult> {
  const tool = tools.get(name);
  if (tool === undefined)
    return text(`error: unknown tool ${describeValue(name)}; available: ${listNames([...tools.keys()])}`, true);
  // Whole values only: a clip mark or a cut the model can place itself ("ghp_a…") must not tell it whether it guessed
  // the beginning of a secret (mask-secrets.ts, createMasker); the output's cut is masked by exec/masked-cut.ts.
  const masker = createMasker(options.secrets ?? [], MIN_SECRET_LENGTH, 'whole-values');
  const masked = (t: string, isError: boolean) => sendable(name, text(masker.text(t), isError));
  try {
    // MCP lets a client leave `arguments` out; that is the empty object, which the schema then judges.
    const r = await tool.call(args === undefined ? {} : args, options);
    if (r.kind === 'rejected') return masked(formatForModel(name, r.error), true);
    if (r.kind === 'not-started') return masked(r.text, true);
    return masked(r.text, r.isError);
  } catch {
    // toolgate's own failure; its text may quote host data (paths, the environment), so the model reads none.
    return text(`error: ${describeValue(name)} failed inside toolgate`, true);
  }
}

/**
 * Most bytes of JSON text an answer's text may take: the MCP SDK's stdio clients read a line of at most 10 MiB and
 * close the session past it (its STDIO_DEFAULT_MAX_BUFFER_SIZE), and JSON writes a control character in 6 bytes, so
 * a `--max-output` above 1.7 MB let a program's output end the client's session (a hunt's find). Room is left for
 * the message around the text.
 */
const MAX_ANSWER_JSON_BYTES = 10 * 1024 * 1024 - 64 * 1024;

/** `result`, or an error a client can read when its text would be over MAX_ANSWER_JSON_BYTES as JSON. */
function sendable(name: string, result: CallToolResult): CallToolResult {
  const shown = (result.content[0] as { text?: unknown } | undefined)?.text;
  if (typeof shown !== 'string' || shown.length * 6 <= MAX_ANSWER_JSON_BYTES) return result;
  const bytes = Buffer.byteLength(JSON.stringify(shown));
  if (bytes <= MAX_ANSWER_JSON_BYTES) return result;
  return text(
    `error: the output of ${describeValue(name)} is ${bytes} bytes as JSON, more than an MCP client reads in one ` +
      'message (10 MiB): it was not sent; lower --max-output',
    true,
  );
}

/** What a program's option read as toolgate's is told (`--exec node -e ...`, `--exec df -h`). */
const PROGRAM_OPTIONS = 'the words after --exec that start with "-" belong after "--", which ends toolgate\'s options';

/** Prepares every tool; the first problem is returned as a message for stderr. */
export function prepareServe(argv: readonly string[]): Result<ServePlan, Problem> {
  const parsed = parseArgs(argv, SERVE.options, 'serve');
  if (!parsed.ok) {
    // `--exec node -e ...`: a program's own option read as toolgate's.
    const m = parsed.error.message;
    const program = m.startsWith('unknown option -') && !m.includes('did you mean') ? `; ${PROGRAM_OPTIONS}` : '';
    return inputError(`${parsed.error.message}${program}`);
  }
  const args = parsed.value;
  // Help was asked before --exec's program (dispatch.ts): one after it is the program's option.
  if (args.flags.has('help'))
    return inputError(`-h and --help after --exec are the program's options; ${PROGRAM_OPTIONS}`);
  const settings = serveSettings(args);
  if (!settings.ok) return settings;
  // What follows quotes the user's words (templates, a name): an `--env` value written there too is masked, as
  // check masks what it prints (masked-io.ts); stderr ends up in an MCP client's server log.
  const masker = createMasker(settings.value.secrets, MIN_SHOWN_SECRET_LENGTH);
  const refuse = (message: string) => inputError(masker.text(message));
  const tools = new Map<string, PreparedCommand>();
  for (const spec of settings.value.specs) {
    // The tool is listed over MCP: a name outside MCP's rule ("", "a b", 300 characters) is one clients and
    // toolgate's own `check --mcp` refuse, so it is refused at start-up rather than served.
    if (!MCP_NAME_RULE.test(spec.name))
      return refuse(
        `validation: tool ${JSON.stringify(clip(spec.name, 80))}: an MCP tool name is 1 to 128 characters of ` +
          'A-Z a-z 0-9 _ - .',
      );
    const prepared = prepareCommand(spec, serveSchemaOptions(args));
    if (!prepared.ok) {
      const details = prepared.error.violations
        .map((v) => `\n  ${v.schemaPath || '/'}: ${cliHints(v.message)}`)
        .join('');
      const hint = dashDashHint(args, prepared.error.violations);
      return refuse(`${prepared.error.class}: ${cliHints(prepared.error.message)}${details}${hint}`);
    }
    tools.set(spec.name, prepared.value);
  }
  const { maxConcurrent, secrets } = settings.value;
  return { ok: true, value: { tools, maxConcurrent, secrets } };
}

/** For an option-injection refusal of a one-tool command line, where the program's `--` goes (serve-usage.ts). */
function dashDashHint(args: ParsedArgs, violations: readonly { keyword: string; schemaPath: string }[]): string {
  const flagged = violations.filter((v) => v.keyword === 'option-injection');
  if (flagged.length === 0 || args.flags.has('config')) return '';
  return dashDashAdvice(
    args,
    flagged.map((v) => v.schemaPath),
  );
}

/** Runs the stdio server until the client closes it; resolves with 2 on a start-up error. */
export async function serveCommand(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const prepared = prepareServe(argv);
  if (!prepared.ok) {
    io.err(`toolgate serve: ${prepared.error.message}\n`);
    return 2;
  }
  // The CLI puts "toolgate serve: " before the message: the feature is named without the command again.
  const loaded = await loadMcpSdk('serving tools over MCP');
  if (!loaded.ok) {
    io.err(`toolgate serve: ${loaded.message}\n`);
    return 2;
  }
  const { server: serverModule, types } = loaded.sdk;
  const { tools, maxConcurrent, secrets } = prepared.value;
  const server = new serverModule.Server(
    { name: 'toolgate-serve', version: version() },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(types.ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as { type: 'object' },
    })),
  }));
  const gate = createGate(maxConcurrent);
  // Aborted when the server ends: running programs are stopped and waiting calls never start.
  const shutdown = new AbortController();
  // One listener per running call, removed when it ends (linkSignals): more than Node's 10 is no leak.
  setMaxListeners(0, shutdown.signal);
  const inFlight = new Set<Promise<unknown>>();
  server.setRequestHandler(types.CallToolRequestSchema, (request, extra) => {
    // The client's notifications/cancelled aborts extra.signal: the call's program is stopped too.
    const linked = linkSignals([extra.signal, shutdown.signal]);
    const { signal } = linked;
    const call = callCommand(tools, request.params.name, request.params.arguments, { signal, gate, secrets });
    inFlight.add(call);
    void call.finally(() => {
      inFlight.delete(call);
      linked.dispose();
    });
    return call;
  });
  const transport = new StdioLineTransport(types.JSONRPCMessageSchema);
  // A call whose arguments JSON.parse would read otherwise than they arrived is answered before its handler runs.
  transport.screen = (message, line) => {
    const m = message as { id?: string | number; method?: unknown; params?: { name?: unknown } };
    const why = m.method === 'tools/call' && m.id !== undefined ? inexactArguments(line) : undefined;
    if (why === undefined || m.id === undefined) return undefined;
    const said = `error: invalid arguments for ${describeValue(m.params?.name)}: ${clip(why, 200)}`;
    return { jsonrpc: '2.0', id: m.id, result: text(said, true) };
  };
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  // The input's end: the calls read before it run on (a script piped in gets its answers, as from any MCP SDK
  // server, which reads to the end and answers what it has), each bounded by its timeout; a signal still stops
  // them at once. The SDK starts a handler and sends its answer in microtasks: a turn (setImmediate) before each
  // look lets every call read be in flight, and every answer written, first.
  const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  transport.oninputend = () => {
    void (async () => {
      for (await turn(); inFlight.size > 0; await turn()) await Promise.allSettled([...inFlight]);
      await transport.close();
    })();
  };
  // Told to exit: the same clean end as a client that hung up, then the signal's own default; a second signal
  // during the stop's grace is ignored (stop-signals.ts).
  const signals = holdStopSignals(() => void transport.close());
  try {
    await server.connect(transport);
    // One line for a person who started it by hand (nothing else is said until it ends); a client shows it in its
    // server log, as the MCP SDK's example servers do theirs.
    const names = listNames([...tools.keys()]);
    const count = tools.size === 1 ? '1 tool' : `${tools.size} tools`;
    io.err(`toolgate serve: serving ${count} (${names}) over MCP on stdin and stdout; an MCP client starts it\n`);
    await closed;
    shutdown.abort();
    await Promise.allSettled([...inFlight]);
    await stopAllGroups();
  } finally {
    signals.end();
  }
  return 0;
}
