// A server that announces changes faster than the re-admission pace allows (readmit-pace.ts: three a second): the
// next re-admission waits for its turn, and meanwhile the tools admitted last stayed callable, so a call to a tool
// the server had just changed or withdrawn was forwarded for up to a second (a hunt's find; guardClient had been
// fixed for it). A call now waits for the paced re-admission, as for one under way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ProxyOptions, startProxy } from '../../src/proxy/index.js';
import { connectClient, textOf } from './aggregate-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-paced-readmission-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Lists `bump` and `u`; a call of `bump` announces three changes 60 ms apart (the pace's three), then withdraws `u`
 * and announces that too, 250 ms after the call.
 */
const CHURN = `let withdrawn = false;
const object = { type: 'object' };
const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
const changed = () => write({ method: 'notifications/tools/list_changed' });
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'churn', version: '1' } } });
  else if (m.method === 'tools/list') {
    const tools = [{ name: 'bump', inputSchema: object }, ...(withdrawn ? [] : [{ name: 'u', inputSchema: object }])];
    write({ id: m.id, result: { tools } });
  } else if (m.method === 'tools/call') {
    write({ id: m.id, result: { content: [{ type: 'text', text: m.params.name + ' ran' }] } });
    if (m.params.name !== 'bump') return;
    for (const at of [0, 60, 120]) setTimeout(changed, at);
    setTimeout(() => { withdrawn = true; changed(); }, 250);
  } else write({ id: m.id, result: {} });
});`;

const server = join(dir, 'churn.cjs');
writeFileSync(server, CHURN);
// The same server announcing a fourth change (past the pace's three: its re-admission waits for its turn), then
// exiting 300 ms after the call.
const exiting = join(dir, 'exiting.cjs');
writeFileSync(
  exiting,
  CHURN.replace('[0, 60, 120]', '[0, 60, 120, 180]').replace(
    'setTimeout(() => { withdrawn = true; changed(); }, 250);',
    'setTimeout(() => process.exit(0), 300);',
  ),
);
const upstream = { command: process.execPath, args: [server] };

const cases: [string, ProxyOptions, string][] = [
  ['the single-server proxy', { upstream, listen: { port: 0 } }, ''],
  ['the gateway (servers)', { servers: { s: upstream }, listen: { port: 0 } }, 's__'],
];

describe('a change announced past the re-admission pace', () => {
  it.each(cases)(
    '%s: a call of the withdrawn tool is not forwarded',
    async (_, options, prefix) => {
      const started = await startProxy({ ...options, onLog: () => undefined });
      if (!started.ok) throw new Error(started.error.message);
      const { client } = await connectClient(started.value.url as string);
      expect(textOf(await client.callTool({ name: `${prefix}bump`, arguments: {} }))).toBe('bump ran');
      // Past the withdrawal (250 ms), inside the pace's window (1 s): its re-admission waits for its turn.
      await new Promise((resolve) => setTimeout(resolve, 400));
      // Refused as an unknown tool: a JSON-RPC error (the proxy) or an error result (the gateway).
      const outcome = await client.callTool({ name: `${prefix}u`, arguments: {} }).then(
        (r) => `${r.isError === true ? 'error result' : 'result'}: ${textOf(r)}`,
        (e: unknown) => String(e),
      );
      expect(outcome).toMatch(/unknown tool/);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([`${prefix}bump`]);
      await client.close();
      await started.value.close();
    },
    30_000,
  );
});

describe('a server exiting while a call waits for its turn', () => {
  it('the gateway answers the call at once that the server exited, as a call under way is', async () => {
    const started = await startProxy({
      servers: { s: { command: process.execPath, args: [exiting] } },
      listen: { port: 0 },
      onLog: () => undefined,
    });
    if (!started.ok) throw new Error(started.error.message);
    const { client } = await connectClient(started.value.url as string);
    expect(textOf(await client.callTool({ name: 's__bump', arguments: {} }))).toBe('bump ran');
    await new Promise((resolve) => setTimeout(resolve, 220));
    const asked = performance.now();
    const outcome = await client.callTool({ name: 's__u', arguments: {} }).then(
      (r) => textOf(r),
      (e: unknown) => String(e),
    );
    const waited = performance.now() - asked;
    expect(outcome).toMatch(/the MCP server "s" exited/);
    // Not held to the turn (the pace's window's end, 1 s after the first change), then sent to a restarted server
    // (which it was before) or refused as an unknown tool.
    expect(waited).toBeLessThan(600);
    await client.close();
    await started.value.close();
  }, 30_000);
});
