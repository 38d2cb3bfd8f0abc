// `toolgate serve`: commands served as MCP tools over stdio, on the official SDK's server. Every start-up
// problem (bad flags, bad schema, broken placeholder contract) exits 2 before the server starts; after that,
// no call can take the server down: failures become isError tool results.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { prepareCommand, type PreparedCommand } from '../exec/command.js';
import { parseArgs, type ParsedArgs } from './args.js';
import { SERVE } from './commands.js';
import { version } from './help.js';
import { cliHints } from './hints.js';
import { inputError, type CliIO, type ExitCode } from './io.js';
import { formatForModel } from '../errors/format.js';
import type { Problem, Result } from '../result.js';
import { describeValue } from '../util/describe-value.js';
import { listNames } from '../util/name-list.js';
import { loadMcpSdk } from './mcp-sdk.js';
import { serveSchemaOptions, serveSpecs } from './serve-config.js';
import { withDashDash } from './serve-usage.js';

const text = (t: string, isError: boolean): CallToolResult => ({ content: [{ type: 'text', text: t }], isError });

/** Answers one tools/call; never throws. */
export async function callCommand(
  tools: ReadonlyMap<string, PreparedCommand>,
  name: string,
  args: unknown,
): Promise<CallToolResult> {
  const tool = tools.get(name);
  if (tool === undefined)
    return text(`error: unknown tool ${describeValue(name)}; available: ${listNames([...tools.keys()])}`, true);
  try {
    // MCP lets a client leave `arguments` out; that is the empty object, which the schema then judges.
    const r = await tool.call(args === undefined ? {} : args);
    if (r.kind === 'rejected') return text(formatForModel(name, r.error), true);
    return text(r.text, r.isError);
  } catch {
    // toolgate's own failure; its text may quote host data (paths, the environment), so the model reads none.
    return text(`error: ${describeValue(name)} failed inside toolgate`, true);
  }
}

/** Prepares every tool; the first problem is returned as a message for stderr. */
export function prepareServe(argv: readonly string[]): Result<Map<string, PreparedCommand>, Problem> {
  const parsed = parseArgs(argv, SERVE.options, 'serve');
  if (!parsed.ok) {
    // `--exec node -e ...`: a program's own option read as toolgate's.
    const m = parsed.error.message;
    const program =
      m.startsWith('unknown option -') && !m.includes('did you mean')
        ? '; the words after --exec that start with "-" belong after "--", which ends toolgate\'s options'
        : '';
    return inputError(`${parsed.error.message}${program}`);
  }
  const args = parsed.value;
  const specs = serveSpecs(args);
  if (!specs.ok) return specs;
  const tools = new Map<string, PreparedCommand>();
  for (const spec of specs.value) {
    const prepared = prepareCommand(spec, serveSchemaOptions(args));
    if (!prepared.ok) {
      const details = prepared.error.violations
        .map((v) => `\n  ${v.schemaPath || '/'}: ${cliHints(v.message)}`)
        .join('');
      const hint = dashDashHint(args, prepared.error.violations);
      return inputError(`${prepared.error.class}: ${cliHints(prepared.error.message)}${details}${hint}`);
    }
    tools.set(spec.name, prepared.value);
  }
  return { ok: true, value: tools };
}

/** For an option-injection refusal of a one-tool command line, that command line with the program's `--` in place. */
function dashDashHint(args: ParsedArgs, violations: readonly { keyword: string; schemaPath: string }[]): string {
  const flagged = violations.filter((v) => v.keyword === 'option-injection');
  if (flagged.length === 0 || args.flags.has('config')) return '';
  const fixed = withDashDash(
    args,
    flagged.map((v) => v.schemaPath),
  );
  return fixed === undefined
    ? ''
    : `\nOn the command line the first "--" ends toolgate's options; only a second "--" reaches the program. If ` +
        `the program reads "--" as the end of its own options, this passes it one:\n  ${fixed}`;
}

/** Runs the stdio server until the client closes it; resolves with 2 on a start-up error. */
export async function serveCommand(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const prepared = prepareServe(argv);
  if (!prepared.ok) {
    io.err(`toolgate serve: ${prepared.error.message}\n`);
    return 2;
  }
  const loaded = await loadMcpSdk('toolgate serve');
  if (!loaded.ok) {
    io.err(`toolgate serve: ${loaded.message}\n`);
    return 2;
  }
  const { server: serverModule, serverStdio, types } = loaded.sdk;
  const tools = prepared.value;
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
  server.setRequestHandler(types.CallToolRequestSchema, (request) =>
    callCommand(tools, request.params.name, request.params.arguments),
  );
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    // The SDK's stdio transport does not report end of input; a client that hung up ends the server.
    process.stdin.once('end', () => resolve());
  });
  await server.connect(new serverStdio.StdioServerTransport());
  await closed;
  return 0;
}
