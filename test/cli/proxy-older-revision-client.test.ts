// A hunt's find, through a whole session: a 2024-11-05 client of `toolgate proxy` was told of the server's `tasks`
// capability and listed a tool's `icons`, `execution` and `outputSchema`, and got its `structuredContent`, none of
// which its revision defines. Each client is now answered by its own revision (docs/proxy.md, "Protocol revisions").
// Raw JSON-RPC on stdio, the revision server (a tool with icons, execution and an outputSchema; tasks declared).
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/revision-server.mjs');
const started: RawCli[] = [];
afterAll(() => {
  for (const p of started) p.kill();
});

/** A proxy in front of the revision server, initialized by a client of `version`; its capabilities as told. */
async function proxied(version: string): Promise<{ cli: RawCli; caps: Record<string, unknown> }> {
  const cli = new RawCli('proxy', ['--', process.execPath, SERVER]);
  started.push(cli);
  const init = await cli.request('init', 'initialize', {
    protocolVersion: version,
    capabilities: {},
    clientInfo: { name: 'raw', version: '0' },
  });
  cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { cli, caps: (init.result as { capabilities: Record<string, unknown> }).capabilities };
}

describe('toolgate proxy answers each client by its own revision', () => {
  it.each([
    ['2024-11-05', [], false, false],
    ['2025-06-18', ['outputSchema'], false, true],
    // `execution` for none: its "optional" taskSupport is not published (test/proxy/task-support-announced.test.ts).
    ['2025-11-25', ['outputSchema', 'icons'], true, true],
  ])(
    'a %s client: the tool report lists %j, tasks told %s, structuredContent %s',
    async (version, fields, tasks, structured) => {
      const { cli, caps } = await proxied(version);
      expect(Object.hasOwn(caps, 'tasks')).toBe(tasks);
      const list = await cli.request('l', 'tools/list', {});
      const report = (list.result?.tools ?? []).find((t) => t.name === 'report') as Record<string, unknown>;
      for (const field of ['outputSchema', 'execution', 'icons'])
        expect(Object.hasOwn(report, field), field).toBe(fields.includes(field));
      const result = (await cli.request('c', 'tools/call', { name: 'report', arguments: {} })).result as object;
      expect(result).toMatchObject({ content: [{ type: 'text', text: '{"n":1}' }] });
      expect(Object.hasOwn(result, 'structuredContent')).toBe(structured);
    },
    30_000,
  );
});
