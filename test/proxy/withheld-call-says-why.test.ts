// A client calling a tool the proxy never publishes (src/proxy/unpublishable.ts: a task-only tool, an invalid
// x-mcp-header) was answered `unknown tool: <name>`, as for a name that does not exist (a newcomer's find: read as a
// typo). Of a tool the caller is granted, the answer says it is withheld and why now, in fixed words (the schema's
// own names, which the client never saw, are not quoted); a tool not granted is still an unknown tool.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type ProxyOptions, startProxy } from '../../src/proxy/index.js';
import { connectClient } from './aggregate-fixture.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/task-support-server.mjs');
const upstream = { command: process.execPath, args: [SERVER] };
const TASK_ONLY = 'its execution.taskSupport is "required": the proxy does not forward task-augmented calls';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-withheld-call-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** What a client (with `headers`) is told calling each of `names` through a proxy of `options`. */
async function refusals(
  options: Partial<ProxyOptions>,
  names: readonly string[],
  headers: Record<string, string> = {},
): Promise<string[]> {
  const started = await startProxy({ listen: { port: 0 }, ...options });
  if (!started.ok) throw new Error(started.error.message);
  const { client } = await connectClient(started.value.url as string, headers);
  const said: string[] = [];
  for (const name of names)
    said.push(await client.callTool({ name, arguments: {} }).then(JSON.stringify, (e: Error) => e.message));
  await client.close();
  await started.value.close();
  return said;
}

describe('a call of a tool the proxy withholds from every client', () => {
  it('says withheld and why, of a granted tool; unknown tool of one not granted or not listed', async () => {
    const said = await refusals({ upstream, deny: ['headed'] }, ['slow', 'headed', 'nothing']);
    expect(said).toEqual([
      `MCP error -32602: withheld by toolgate proxy: slow: ${TASK_ONLY}`,
      'MCP error -32602: unknown tool: headed',
      'MCP error -32602: unknown tool: nothing',
    ]);
  }, 30_000);

  it('is an unknown tool to a --grants client whose grant does not reach it, withheld to one it does', async () => {
    const grants = join(dir, 'grants.json');
    const clients = [
      { name: 'few', tokenEnv: 'FEW_TOKEN', allow: ['plain'] },
      { name: 'all', tokenEnv: 'ALL_TOKEN', allow: ['*'] },
    ];
    writeFileSync(grants, JSON.stringify({ clients }));
    vi.stubEnv('FEW_TOKEN', 'few-token-0123456789abcdef');
    vi.stubEnv('ALL_TOKEN', 'all-token-0123456789abcdef');
    const options = { upstream, listen: { port: 0, grants } };
    const few = await refusals(options, ['slow'], { Authorization: 'Bearer few-token-0123456789abcdef' });
    expect(few).toEqual(['MCP error -32602: unknown tool: slow']);
    const all = await refusals(options, ['slow'], { Authorization: 'Bearer all-token-0123456789abcdef' });
    expect(all).toEqual([`MCP error -32602: withheld by toolgate proxy: slow: ${TASK_ONLY}`]);
  }, 30_000);

  it('says so in a gateway by the published name, the schema not quoted', async () => {
    const said = await refusals({ servers: { t: upstream } }, ['t__slow', 't__headed']);
    expect(said).toEqual([
      `MCP error -32602: withheld by toolgate proxy: t__slow: ${TASK_ONLY}`,
      'MCP error -32602: withheld by toolgate proxy: t__headed: its definition breaks a rule the proxy keeps',
    ]);
  }, 30_000);
});
