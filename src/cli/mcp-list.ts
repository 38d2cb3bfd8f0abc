// `check --mcp`: starts a server with the official SDK's stdio client and lists its tools, following
// `nextCursor` pagination. The listing is read leniently on purpose: the SDK's own tools/list result schema would
// throw on a malformed tool before toolgate could report which tool and why, so each page is read with the SDK's
// generic paginated-result schema (unknown members pass through) and `tools` is checked here.
import { thrownMessage, type Problem, type Result } from '../result.js';
import { listAllPages } from '../catalog/mcp-pages.js';
import { inputError } from './io.js';
import { loadMcpSdk } from './mcp-sdk.js';

/** Most pages followed: a server that keeps returning a cursor cannot keep the check running forever. */
const MAX_PAGES = 100;
const REQUEST_TIMEOUT_MS = 30_000;

/** Splits a command line on whitespace, honouring '...' and "..." quoting and backslash escapes (no expansion). */
export function splitCommandLine(line: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== undefined) return undefined;
  if (inWord) words.push(word);
  return words;
}

/** Lists every tool of the server started by `commandLine`; a message on any failure. */
export async function listMcpTools(commandLine: string): Promise<Result<unknown[], Problem>> {
  const words = splitCommandLine(commandLine);
  if (words === undefined || words.length === 0)
    return inputError(`--mcp ${JSON.stringify(commandLine)}: not a command line`);
  const [command, ...args] = words as [string, ...string[]];
  const loaded = await loadMcpSdk('toolgate check --mcp');
  if (!loaded.ok) return inputError(loaded.message);
  const { client: clientModule, clientStdio, types } = loaded.sdk;
  const transport = new clientStdio.StdioClientTransport({ command, args, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString('utf8');
  });
  const client = new clientModule.Client({ name: 'toolgate-check', version: '0.1.0' });
  try {
    await client.connect(transport, { timeout: REQUEST_TIMEOUT_MS });
    const listed = await listAllPages(async (cursor) => {
      const params = cursor === undefined ? {} : { cursor };
      const page = await client.request({ method: 'tools/list', params }, types.PaginatedResultSchema, {
        timeout: REQUEST_TIMEOUT_MS,
      });
      const tools: unknown = page['tools'];
      if (!Array.isArray(tools)) throw new Error('tools/list result has no "tools" array');
      return { tools: tools as unknown[], nextCursor: page.nextCursor };
    }, MAX_PAGES);
    if (!listed.ok) return inputError(`--mcp ${JSON.stringify(commandLine)}: ${listed.error.message}`);
    const tools = listed.value;
    return { ok: true, value: tools };
  } catch (thrown) {
    const why = thrownMessage(thrown);
    const tail = stderr.trim() === '' ? '' : `\nserver stderr:\n${stderr.trim()}`;
    return inputError(`--mcp ${JSON.stringify(commandLine)}: ${why}${tail}`);
  } finally {
    await client.close().catch(() => undefined);
  }
}
