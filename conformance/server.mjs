// toolgate's own MCP conformance server, written from the descriptions of the server scenarios of the official
// suite (`npx conformance list`, each scenario's description): the tools, resources, prompts, logging, completion
// and DNS-rebinding behaviour they ask for, on the MCP SDK's low-level Server. Over Streamable HTTP at
// http://127.0.0.1:<port>/mcp (prints "PORT <n>"; PORT=0 or unset for any free port), or over stdio with --stdio
// (for `toolgate proxy` in front of a command). Only loopback addresses.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** A 1x1 red PNG and a minimal WAV (44-byte header, no samples). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';
const EMPTY = { type: 'object', properties: {}, additionalProperties: false };
const text = (t) => ({ type: 'text', text: t });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const TOOLS = [
  ['test_simple_text', 'Returns simple text'],
  ['test_image_content', 'Returns an image'],
  ['test_audio_content', 'Returns audio'],
  ['test_embedded_resource', 'Returns an embedded resource'],
  ['test_multiple_content_types', 'Returns text, an image and a resource'],
  ['test_tool_with_logging', 'Sends three log messages while it runs'],
  // The 0.2.0 line (MCP 2026-07-28): a log message reaches a client only at the level its request's _meta asks for.
  ['test_logging_tool', 'Sends a log message while it runs'],
  ['test_tool_with_progress', 'Reports progress three times while it runs'],
  ['test_error_handling', 'Always fails'],
  ['test_elicitation_sep1034_defaults', 'Asks for input with defaults for every primitive type'],
  ['test_elicitation_sep1330_enums', 'Asks for input with every enum variant'],
  ['test_reconnection', 'Closes its SSE stream mid-call; the result comes after the client reconnects'],
]
  .map(([name, description]) => ({ name, description, inputSchema: EMPTY }))
  .concat([
    {
      name: 'test_sampling',
      description: 'Asks the client for an LLM completion',
      inputSchema: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
    },
    {
      name: 'test_elicitation',
      description: 'Asks the user for input',
      inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    {
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: {
            $anchor: 'address',
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
          },
        },
        properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
        // The 0.2.0 line's scenario looks for composition and conditional keywords too (SEP-2106); none narrows.
        allOf: [{ anyOf: [{ type: 'object' }, { required: ['name'] }] }],
        if: { required: ['address'] },
        then: { properties: { address: { type: 'object' } } },
        else: {},
        additionalProperties: false,
      },
    },
    {
      // MCP 2026-07-28's custom headers (x-mcp-header): a client mirrors these arguments into Mcp-Param-* headers.
      name: 'test_custom_headers',
      description: 'A tool whose arguments are mirrored into Mcp-Param-* headers',
      inputSchema: {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          priority: { type: 'integer', 'x-mcp-header': 'Priority' },
          query: { type: 'string' },
        },
        required: ['region', 'query'],
      },
    },
  ]);

const RESOURCES = [
  { uri: 'test://static-text', name: 'static-text', description: 'A text resource', mimeType: 'text/plain' },
  { uri: 'test://static-binary', name: 'static-binary', description: 'A binary resource', mimeType: 'image/png' },
  {
    uri: 'test://watched-resource',
    name: 'watched',
    description: 'A resource to subscribe to',
    mimeType: 'text/plain',
  },
];

const PROMPTS = [
  { name: 'test_simple_prompt', description: 'A prompt without arguments' },
  {
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
  },
  {
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt embedding a resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
  },
  { name: 'test_prompt_with_image', description: 'A prompt with an image' },
];

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** One server (one per HTTP session, or the stdio one). */
function makeServer() {
  const server = new Server(
    { name: 'toolgate-conformance-server', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
    },
  );
  let level = 'debug';
  const subscriptions = new Set();
  const log = (extra, data) => {
    if (LEVELS.indexOf('info') < LEVELS.indexOf(level)) return Promise.resolve();
    return extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data } });
  };
  const elicit = async (extra, message, requestedSchema) => {
    const r = await extra.sendRequest(
      { method: 'elicitation/create', params: { message, requestedSchema } },
      ElicitResultSchema,
    );
    return `Elicitation completed: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`;
  };
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    level = request.params.level;
    return {};
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    const token = request.params._meta?.progressToken;
    switch (request.params.name) {
      case 'test_simple_text':
        return { content: [text('This is a simple text response for testing.')] };
      case 'test_image_content':
        return { content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] };
      case 'test_audio_content':
        return { content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] };
      case 'test_embedded_resource':
        return {
          content: [
            {
              type: 'resource',
              resource: {
                uri: 'test://embedded-resource',
                mimeType: 'text/plain',
                text: 'This is an embedded resource content.',
              },
            },
          ],
        };
      case 'test_multiple_content_types':
        return {
          content: [
            text('Multiple content types test:'),
            { type: 'image', data: PNG, mimeType: 'image/png' },
            {
              type: 'resource',
              resource: {
                uri: 'test://mixed-content-resource',
                mimeType: 'application/json',
                text: '{"test":"data","value":123}',
              },
            },
          ],
        };
      case 'test_tool_with_logging':
        await log(extra, 'Tool execution started');
        await sleep(50);
        await log(extra, 'Tool processing data');
        await sleep(50);
        await log(extra, 'Tool execution completed');
        return { content: [text('Logging tool finished')] };
      case 'test_logging_tool':
        await log(extra, 'Tool execution started');
        return { content: [text('Logging tool finished')] };
      case 'test_tool_with_progress':
        for (const progress of [0, 50, 100]) {
          if (token !== undefined)
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress, total: 100, message: `Completed step ${progress} of 100` },
            });
          if (progress < 100) await sleep(50);
        }
        return { content: [text('Progress tool finished')] };
      case 'test_error_handling':
        return { isError: true, content: [text('This tool intentionally returns an error for testing')] };
      case 'test_sampling': {
        const r = await extra.sendRequest(
          {
            method: 'sampling/createMessage',
            params: { messages: [{ role: 'user', content: text(String(args.prompt)) }], maxTokens: 100 },
          },
          CreateMessageResultSchema,
        );
        return { content: [text(`LLM response: ${r.content?.text ?? JSON.stringify(r.content)}`)] };
      }
      case 'test_elicitation': {
        const r = await extra.sendRequest(
          {
            method: 'elicitation/create',
            params: {
              message: String(args.message),
              requestedSchema: {
                type: 'object',
                properties: {
                  username: { type: 'string', description: "User's response" },
                  email: { type: 'string', description: "User's email address" },
                },
                required: ['username', 'email'],
              },
            },
          },
          ElicitResultSchema,
        );
        return { content: [text(`User response: action=${r.action}, content=${JSON.stringify(r.content ?? {})}`)] };
      }
      case 'test_elicitation_sep1034_defaults':
        return {
          content: [
            text(
              await elicit(extra, 'Please review these defaults', {
                type: 'object',
                properties: {
                  name: { type: 'string', default: 'John Doe' },
                  age: { type: 'integer', default: 30 },
                  score: { type: 'number', default: 95.5 },
                  status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
                  verified: { type: 'boolean', default: true },
                },
              }),
            ),
          ],
        };
      case 'test_elicitation_sep1330_enums':
        return {
          content: [
            text(
              await elicit(extra, 'Please choose', {
                type: 'object',
                properties: {
                  untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
                  titledSingle: {
                    type: 'string',
                    oneOf: [
                      { const: 'value1', title: 'First Option' },
                      { const: 'value2', title: 'Second Option' },
                      { const: 'value3', title: 'Third Option' },
                    ],
                  },
                  legacyEnum: {
                    type: 'string',
                    enum: ['opt1', 'opt2', 'opt3'],
                    enumNames: ['Option One', 'Option Two', 'Option Three'],
                  },
                  untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
                  titledMulti: {
                    type: 'array',
                    items: {
                      anyOf: [
                        { const: 'value1', title: 'First Choice' },
                        { const: 'value2', title: 'Second Choice' },
                        { const: 'value3', title: 'Third Choice' },
                      ],
                    },
                  },
                },
              }),
            ),
          ],
        };
      case 'test_reconnection':
        // SEP-1699: the stream is closed mid-call; the client polls back with Last-Event-ID and gets the result.
        extra.closeSSEStream?.();
        await sleep(100);
        return { content: [text('Reconnection test completed successfully.')] };
      case 'test_custom_headers':
        return { content: [text(JSON.stringify(request.params.arguments ?? {}))] };
      case 'json_schema_2020_12_tool':
        return { content: [text(`Hello ${args.name ?? 'nobody'}`)] };
      default:
        return { isError: true, content: [text(`unknown tool ${request.params.name}`)] };
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: RESOURCES }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: 'test://template/{id}/data',
        name: 'template',
        description: 'Data by id',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const uri = request.params.uri;
    if (uri === 'test://static-text')
      return { contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }] };
    if (uri === 'test://static-binary') return { contents: [{ uri, mimeType: 'image/png', blob: PNG }] };
    if (uri === 'test://watched-resource') return { contents: [{ uri, mimeType: 'text/plain', text: 'watched' }] };
    const m = /^test:\/\/template\/([^/]+)\/data$/.exec(uri);
    if (m !== null) {
      const id = m[1];
      const data = JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
      return { contents: [{ uri, mimeType: 'application/json', text: data }] };
    }
    throw Object.assign(new Error(`Resource not found: ${uri}`), { code: -32002 });
  });
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscriptions.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscriptions.delete(request.params.uri);
    return {};
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const args = request.params.arguments ?? {};
    switch (request.params.name) {
      case 'test_simple_prompt':
        return { messages: [{ role: 'user', content: text('This is a simple prompt for testing.') }] };
      case 'test_prompt_with_arguments':
        return {
          messages: [
            { role: 'user', content: text(`Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`) },
          ],
        };
      case 'test_prompt_with_embedded_resource':
        return {
          messages: [
            {
              role: 'user',
              content: {
                type: 'resource',
                resource: {
                  uri: args.resourceUri,
                  mimeType: 'text/plain',
                  text: 'Embedded resource content for testing.',
                },
              },
            },
            { role: 'user', content: text('Please process the embedded resource above.') },
          ],
        };
      case 'test_prompt_with_image':
        return {
          messages: [
            { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
            { role: 'user', content: text('Please analyze the image above.') },
          ],
        };
      default:
        throw Object.assign(new Error(`unknown prompt ${request.params.name}`), { code: -32602 });
    }
  });
  server.setRequestHandler(CompleteRequestSchema, (request) => {
    const value = request.params.argument?.value ?? '';
    const values = ['paris', 'park', 'party'].filter((v) => v.startsWith(value));
    return { completion: { values, total: values.length, hasMore: false } };
  });
  return server;
}

/** Events kept per session so that a client can resume a stream with Last-Event-ID (SEP-1699 polling). */
function eventStore() {
  const events = new Map();
  let next = 0;
  return {
    async storeEvent(streamId, message) {
      const id = `${streamId}_${++next}`;
      events.set(id, { streamId, message });
      return id;
    },
    async getStreamIdForEventId(eventId) {
      return events.get(eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const streamId = events.get(lastEventId)?.streamId;
      if (streamId === undefined) return '';
      let after = false;
      for (const [id, e] of events) {
        if (id === lastEventId) after = true;
        else if (after && e.streamId === streamId) await send(id, e.message);
      }
      return streamId;
    },
  };
}

/** A Host header naming this machine (DNS rebinding: any other name is refused). */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i;

if (process.argv.includes('--stdio')) {
  await makeServer().connect(new StdioServerTransport());
} else {
  const transports = new Map();
  const http = createServer(async (req, res) => {
    const origin = req.headers.origin;
    const originHost = origin === undefined ? undefined : URL.canParse(origin) ? new URL(origin).host : '';
    if (!LOOPBACK_HOST.test(req.headers.host ?? '') || (originHost !== undefined && !LOOPBACK_HOST.test(originHost))) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, message: 'Forbidden: not a local Host/Origin' },
        }),
      );
      return;
    }
    if ((req.url ?? '').split('?')[0] !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    let body;
    if (req.method === 'POST') {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        return;
      }
    }
    const sid = req.headers['mcp-session-id'];
    let transport = typeof sid === 'string' ? transports.get(sid) : undefined;
    if (transport === undefined) {
      if (sid !== undefined) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
        return;
      }
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: eventStore(),
        retryInterval: 100,
        onsessioninitialized: (id) => transports.set(id, transport),
        onsessionclosed: (id) => transports.delete(id),
      });
      await makeServer().connect(transport);
    }
    await transport.handleRequest(req, res, body);
  });
  http.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write(`PORT ${http.address().port}\n`));
  const stop = () => {
    http.close();
    http.closeAllConnections();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
