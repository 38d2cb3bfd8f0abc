// The provider plugged into the real SDK, in process: a Client checking tool output schemas, and an
// McpServer checking form elicitation answers. The SDK's default (draft-07 Ajv) provider is the contrast.
import { describe, expect, it } from 'vitest';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server, type ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ElicitRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolgateJsonSchemaValidator } from '../../src/adapters/mcp-validator.js';

// 2020-12 output schemas: a tuple closed by `items: false`, and no property beyond those evaluated.
const PAIR = {
  type: 'object' as const,
  properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false } },
  required: ['pair'],
};
const CLOSED = {
  type: 'object' as const,
  allOf: [{ properties: { n: { type: 'integer' } } }],
  unevaluatedProperties: false,
};
/** Each tool's outputSchema and the structuredContent it returns. */
const TOOLS: Record<string, { schema: typeof PAIR | typeof CLOSED; output: Record<string, unknown> }> = {
  pair: { schema: PAIR, output: { pair: ['a', 1] } },
  long: { schema: PAIR, output: { pair: ['a', 1, 2] } },
  closed: { schema: CLOSED, output: { n: 1 } },
  extra: { schema: CLOSED, output: { n: 1, extra: true } },
};

/** A third-party server with TOOLS; a client to it that has listed them. */
async function outputClient(options: ClientOptions): Promise<Client> {
  const server = new Server({ name: 'outputs', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: Object.entries(TOOLS).map(([name, t]) => ({
      name,
      inputSchema: { type: 'object' },
      outputSchema: t.schema,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => ({
    content: [{ type: 'text', text: params.name }],
    structuredContent: TOOLS[params.name]?.output,
  }));
  const client = new Client({ name: 'agent', version: '1.0.0' }, options);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  await client.listTools();
  return client;
}

/** What callTool gives for each tool: 'ok' or the rejection's message. */
async function verdicts(client: Client): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(TOOLS)) {
    out[name] = await client.callTool({ name, arguments: {} }).then(
      () => 'ok',
      (e: Error) => e.message,
    );
  }
  await client.close();
  return out;
}

describe('a Client with ToolgateJsonSchemaValidator checks 2020-12 output schemas exactly', () => {
  it('the SDK default provider (draft-07 Ajv) answers wrongly: the contrast', async () => {
    const got = await verdicts(await outputClient({}));
    // The conforming tuple is refused (to draft-07, `items: false` refuses every item) and a property
    // unevaluatedProperties forbids passes (an unknown keyword to draft-07).
    expect(got).toEqual({
      pair: expect.stringMatching(/does not match the tool's output schema/),
      long: expect.stringMatching(/does not match the tool's output schema/),
      closed: 'ok',
      extra: 'ok',
    });
  });

  it('toolgate admits the conforming outputs and refuses the third item and the extra property', async () => {
    const got = await verdicts(await outputClient({ jsonSchemaValidator: new ToolgateJsonSchemaValidator() }));
    expect(got).toEqual({
      pair: 'ok',
      long: expect.stringMatching(/output schema: \$\.pair: must have at most 2 items$/),
      closed: 'ok',
      extra: expect.stringMatching(/output schema: \$: unexpected property "extra"$/),
    });
  });
});

const REQUESTED = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, minLength: 2 },
    age: { type: 'integer' as const, minimum: 0 },
  },
  required: ['name'],
};

/** An McpServer whose provider is `options`'s, a client answering elicitations with `answers` in turn. */
async function elicitingServer(options: ServerOptions, answers: Record<string, unknown>[]): Promise<McpServer> {
  const server = new McpServer({ name: 'asks', version: '1.0.0' }, options);
  const client = new Client({ name: 'agent', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: answers.shift() as never }));
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return server;
}

describe('an McpServer with ToolgateJsonSchemaValidator checks elicitation answers', () => {
  it('refuses an invalid answer with toolgate text and returns a valid one', async () => {
    const valid = { name: 'Ada', age: 36 };
    const server = await elicitingServer({ jsonSchemaValidator: new ToolgateJsonSchemaValidator() }, [
      { name: 'A', age: -1 },
      valid,
    ]);
    const ask = () => server.server.elicitInput({ message: 'Who are you?', requestedSchema: REQUESTED });
    await expect(ask()).rejects.toThrow(
      'Elicitation response content does not match requested schema: ' +
        '$.age: -1 must be >= 0\n$.name: must be at least 2 characters long',
    );
    await expect(ask()).resolves.toMatchObject({ action: 'accept', content: valid });
    await server.close();
  });
});
