// Errors that keep their cause: guardClient keeps the message and code of what the MCP SDK
// client throws, an inherited message too (a class that does not extend Error); a peer package that is missing or
// fails on this Node is named with the version toolgate needs and the command that installs it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { meetsEngines, peerMessage, requirePeer } from '../../src/adapters/peer.js';
import type { ToolErrorEvent } from '../../src/tools/failure-text.js';

/** A class that does not extend Error, its message on the prototype, its code on the instance. */
class TransportFailure {
  readonly code = 'ECONNRESET';
}
Object.defineProperty(TransportFailure.prototype, 'message', { value: 'the connection was reset by the server' });

/** A real SDK Client and Server, linked in memory; the client's transport fails every send once armed. */
async function linked(): Promise<{ client: Client; arm: (thrown: unknown) => void }> {
  const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: 'ok' }] }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'c', version: '1' });
  await client.connect(a);
  let failure: { thrown: unknown } | undefined;
  const send = a.send.bind(a);
  a.send = async (message, options) => {
    if (failure !== undefined) throw failure.thrown;
    return send(message, options);
  };
  return { client, arm: (thrown) => (failure = { thrown }) };
}

describe('guardClient keeps what the client threw', () => {
  it.each([
    ['an object whose class does not extend Error (inherited message, own code)', new TransportFailure()],
    ['an Error with a code', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
  ])('%s: its message and code, in the error and (exposed) in the model text', async (_label, thrown) => {
    const { client, arm } = await linked();
    const events: ToolErrorEvent[] = [];
    const guarded = guardClient(client, { exposeErrors: true, onError: (e) => events.push(e) });
    await guarded.admit();
    arm(thrown);
    const result = await guarded.callTool({ name: 'echo', arguments: { text: 'hi' } });
    const message = (thrown as { message: string }).message;
    expect(events[0]?.error.message).toBe(`tools/call failed: ${message} (code ECONNRESET)`);
    expect(events[0]?.error.message).not.toMatch(/non-Error value/);
    expect(JSON.stringify(result)).toContain(`${message} (code ECONNRESET)`);
    await client.close();
  });

  it('a code the message already names is not repeated', async () => {
    const { client, arm } = await linked();
    const events: ToolErrorEvent[] = [];
    const guarded = guardClient(client, { onError: (e) => events.push(e) });
    await guarded.admit();
    arm(Object.assign(new Error('MCP error -32001: Request timed out'), { code: -32001 }));
    await guarded.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(events[0]?.error.message).toBe('tools/call failed: MCP error -32001: Request timed out');
    await client.close();
  });
});

describe('peer packages: the package, the version needed and the install command', () => {
  const spec = { name: 'toolgate-no-such-peer', range: '^7.0.173', feature: 'toolgate/adapters/ai-sdk' };

  it('a package that is not installed (a real require): a failed Result, the original in cause', () => {
    const loaded = requirePeer(spec);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error).toMatchObject({ class: 'execution_failure', kind: 'host' });
    expect(loaded.error.message).toBe(
      'toolgate/adapters/ai-sdk needs the package "toolgate-no-such-peer" (^7.0.173), an optional peer dependency ' +
        'of toolgate that is not installed: run npm install toolgate-no-such-peer@"^7.0.173"',
    );
    expect((loaded.error.cause as { code?: unknown }).code).toBe('MODULE_NOT_FOUND');
  });

  it('a package that fails on a Node its engines do not support', () => {
    const thrown = new SyntaxError("Unexpected token '??='");
    const text = peerMessage({ ...spec, name: 'ai' }, thrown, '18.19.0', '>=22');
    expect(text).toBe(
      'toolgate/adapters/ai-sdk: "ai" failed to load on Node 18.19.0; it needs Node >=22: upgrade Node, or install ' +
        `a version of "ai" in ^7.0.173 that supports this one (Unexpected token '??=')`,
    );
  });

  it('any other failure names the package, the version needed and the command', () => {
    expect(peerMessage({ ...spec, name: 'ai' }, new Error('boom'), '22.1.0', '>=22')).toBe(
      'toolgate/adapters/ai-sdk: "ai" failed to load (boom); toolgate needs ^7.0.173: npm install ai@"^7.0.173"',
    );
  });

  it.each([
    ['22.0.0', '>=22', true],
    ['20.19.0', '>=22', false],
    ['20.19.0', '>=20.19.0', true],
    ['20.18.9', '>=20.19.0', false],
    ['18.0.0', '>=18 || >=16', true],
    ['20.0.0', '^20', undefined],
  ])('Node %s against engines %s: %s', (node, range, meets) => {
    expect(meetsEngines(node, range)).toBe(meets);
  });
});
