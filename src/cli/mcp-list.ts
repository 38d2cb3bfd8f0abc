// `check --mcp`: starts a server with the official SDK's stdio client and lists its tools, following
// `nextCursor` pagination. The listing is read leniently on purpose: the SDK's own result schema would throw on
// a malformed tool before toolgate could report which tool and why.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';
import { thrownMessage, type Problem, type Result } from '../result.js';
import { inputError } from './io.js';
import { listAllPages } from '../catalog/mcp-pages.js';

const ListPage = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

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
  const transport = new StdioClientTransport({ command, args, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'toolgate-check', version: '0.1.0' });
  try {
    await client.connect(transport, { timeout: REQUEST_TIMEOUT_MS });
    const listed = await listAllPages(
      (cursor) =>
        client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ListPage, {
          timeout: REQUEST_TIMEOUT_MS,
        }),
      MAX_PAGES,
    );
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
