// The tools of the bundle guardClient(...).admit() returns say and report what guardClient.callTool does for every
// failure callTool tells apart: a call never sent reads "was not called"; one sent before the client failed (a lost
// connection, a JSON-RPC error answer, a timeout, a client that resolves with an Error) says the tool may have run,
// and onError gets `started: true`, kind `upstream`. A hunt's find: the bundle read only "error: tool pay failed"
// (started unset, kind `tool`) of a payment whose request had been sent, and a model would retry it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { guardClient, type GuardedClient, type McpClientLike } from '../../src/adapters/mcp-client.js';
import type { ExposeErrors, ToolErrorEvent } from '../../src/index.js';

const NOTICE = 'The request was sent, so the tool may have run: check before calling it again, do not retry blindly';
const TOOL = { name: 'pay', inputSchema: { type: 'object', properties: { cents: { type: 'integer' } } } };

/** A client of one `pay` tool that fails as the row says, and how many tools/call requests reached the server. */
interface Setup {
  readonly client: McpClientLike;
  readonly sent: () => number;
  /** Run after the admission, before the call (closing the client). */
  readonly before?: (client: McpClientLike) => Promise<void>;
}

/** The SDK's real Client on an in-memory server; `onCall` answers a tools/call (or closes the connection). */
async function sdkClient(onCall: (id: number, server: InMemoryTransport) => void): Promise<Setup> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  let sent = 0;
  serverSide.onmessage = (m: JSONRPCMessage) => {
    const message = m as { id?: number; method?: string };
    if (message.id === undefined) return;
    const id = message.id;
    const answer = (result: unknown): void => void serverSide.send({ jsonrpc: '2.0', id, result } as JSONRPCMessage);
    if (message.method === 'initialize')
      return answer({
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'r', version: '1' },
      });
    if (message.method === 'tools/list') return answer({ tools: [TOOL] });
    if (message.method === 'tools/call') {
      sent++;
      onCall(id, serverSide);
    }
  };
  await serverSide.start();
  const client = new Client({ name: 't', version: '0' });
  await client.connect(clientSide);
  return { client, sent: () => sent };
}

/** A client-like object (no `request`: its own callTool is called) whose calls end with `outcome`. */
function wrapper(outcome: () => Promise<unknown>): Setup {
  let sent = 0;
  const client = {
    listTools: async () => ({ tools: [TOOL] }),
    callTool: async () => {
      sent++;
      return outcome();
    },
    setNotificationHandler: () => {},
  } as unknown as McpClientLike;
  return { client, sent: () => sent };
}

const ROWS: [label: string, setup: () => Promise<Setup>, sent: boolean][] = [
  [
    'a closed client (never sent)',
    async () => ({ ...(await sdkClient(() => {})), before: async (c) => (c as Client).close() }),
    false,
  ],
  ['the connection lost after the request went out', () => sdkClient((_id, server) => void server.close()), true],
  [
    'a JSON-RPC error answer',
    () =>
      sdkClient(
        (id, server) =>
          void server.send({ jsonrpc: '2.0', id, error: { code: -32603, message: 'ledger at 10.0.0.5 is down' } }),
      ),
    true,
  ],
  [
    "the SDK's request timeout",
    async () => wrapper(() => Promise.reject(new McpError(ErrorCode.RequestTimeout, 'Request timed out'))),
    true,
  ],
  ['a client that resolves with an Error', async () => wrapper(async () => new Error('ECONNRESET 10.0.0.5')), true],
];

/** An onError event without its call id (callTool's is '') and with its cause as the cause's message. */
function plain(event: ToolErrorEvent): unknown {
  const { callId: _callId, cause, error } = event;
  const { cause: _cause, ...rest } = error;
  return { ...event, callId: undefined, cause: (cause as Error).message, error: rest };
}

/** A guard of a fresh client of the row, admitted, and what its onError heard. */
async function guarded(
  setup: () => Promise<Setup>,
  exposeErrors: ExposeErrors,
): Promise<{ guard: GuardedClient; events: ToolErrorEvent[]; sent: () => number; admitted: unknown }> {
  const s = await setup();
  const events: ToolErrorEvent[] = [];
  const guard = guardClient(s.client, { exposeErrors, onError: (e) => events.push(e) });
  const admitted = await guard.admit();
  if (!admitted.ok) throw new Error(admitted.error.message);
  await s.before?.(s.client);
  return { guard, events, sent: s.sent, admitted: admitted.value };
}

describe('the bundle of guardClient(...).admit() fails as callTool does', () => {
  for (const exposeErrors of [false, true]) {
    it.each(ROWS)(`%s (exposeErrors ${exposeErrors})`, async (_label, setup, sent) => {
      const direct = await guarded(setup, exposeErrors);
      const answer = await direct.guard.callTool({ name: 'pay', arguments: { cents: 500 } });
      const viaBundle = await guarded(setup, exposeErrors);
      const bundle = viaBundle.admitted as { registry: { call: (c: unknown) => Promise<Record<string, unknown>> } };
      const result = await bundle.registry.call({ id: 'c1', name: 'pay', arguments: '{"cents":500}' });

      expect([direct.sent(), viaBundle.sent()]).toEqual(sent ? [1, 1] : [0, 0]);
      const text = (answer.content as { text: string }[])[0]?.text;
      expect(result['content']).toBe(text);
      expect(text).toMatch(
        sent ? new RegExp(`^error: tool pay failed.*\\. ${NOTICE}$`) : /^error: tool pay was not called/,
      );
      expect(viaBundle.events.map(plain)).toEqual(direct.events.map(plain));
      expect(viaBundle.events.map((e) => e.callId)).toEqual(sent ? ['c1'] : []);
      expect(result['error']).toMatchObject({ kind: 'upstream', stage: 'execute', started: sent });
      if (sent) {
        expect(direct.events.map((e) => [e.error.kind, e.error.started])).toEqual([['upstream', true]]);
        expect(result['error']).toBe(viaBundle.events[0]?.error);
      }
    });
  }
});

describe("a bundle call its deadline ended: the SDK's abort that follows", () => {
  it('is not told to onError (the Registry answered the timeout already)', async () => {
    const { guard, events, admitted } = await guarded(() => sdkClient(() => {}), false);
    const bundle = admitted as { registry: { call: (c: unknown, o: unknown) => Promise<Record<string, unknown>> } };
    const result = await bundle.registry.call({ id: 'c1', name: 'pay', arguments: '{}' }, { timeoutMs: 50 });
    expect(result['error']).toMatchObject({ kind: 'timeout', started: true });
    // The SDK rejects the aborted request in a later turn: give it several.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual([]);
    await (guard.client as Client).close();
  });
});
