// A plain MCP server for the proxy's scale benchmarks, written without the SDK so that its own cost stays small
// beside the proxy's: TOOLS tools (default 100), every inputSchema distinct and about 370 bytes (SEED varies the
// catalog, so a new seed is a catalog no proxy has admitted), and `echo`, which returns its arguments as text.
// On stdio by default (newline JSON-RPC); with `--http` a Streamable HTTP server on loopback (JSON answers,
// session ids, DELETE, 405 for GET) that prints "PORT <n>" once it listens; with SEED_AFTER=<n> set, every
// session after the first n lists another catalog (seed SEED + "b"): a catalog new to a proxy already running.
// With OUTPUTS=1 every generated tool also declares a distinct outputSchema of about 200 bytes. With SSE=1 the
// HTTP server answers each request as one SSE event (the MCP SDK's servers' default) instead of a JSON body.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';

const COUNT = Number(process.env.TOOLS ?? 100);
const SEED = process.env.SEED ?? '0';
const OUTPUTS = process.env.OUTPUTS === '1';
const SSE = process.env.SSE === '1';

/** Tool i: a distinct object schema of about 370 bytes. */
function tool(i, seed) {
  const p = `${seed}_${i}`;
  return {
    name: `tool_${i}`,
    description: `Tool ${i} of a generated catalog (${seed}).`,
    inputSchema: {
      type: 'object',
      properties: {
        [`id_${p}`]: { type: 'string', minLength: 1, maxLength: 64 + (i % 50) },
        [`count_${p}`]: { type: 'integer', minimum: 0, maximum: 1000 + i },
        [`mode_${p}`]: { enum: ['a', 'b', `c${i}`] },
        [`tags_${p}`]: { type: 'array', items: { type: 'string' }, maxItems: 8 + (i % 7) },
      },
      required: [`id_${p}`],
      additionalProperties: false,
    },
    ...(OUTPUTS
      ? {
          outputSchema: {
            type: 'object',
            properties: {
              [`result_${p}`]: { type: 'string', maxLength: 100 + i },
              [`n_${p}`]: { type: 'integer', minimum: i },
            },
            required: [`result_${p}`],
          },
        }
      : {}),
  };
}
const echoSchema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
const catalog = (seed) => [
  { name: 'echo', inputSchema: echoSchema },
  ...Array.from({ length: COUNT }, (_, i) => tool(i, seed)),
];
const LIST_TEXT = JSON.stringify({ tools: catalog(SEED) });
const LATER = process.env.SEED_AFTER === undefined ? undefined : Number(process.env.SEED_AFTER);
let laterText;

/** The reply text to one message, or undefined for a notification; `later` lists the other catalog. */
function answer(m, later = false) {
  if (m.id === undefined || m.id === null) return undefined;
  const ok = (resultText) => `{"jsonrpc":"2.0","id":${JSON.stringify(m.id)},"result":${resultText}}`;
  switch (m.method) {
    case 'initialize':
      return ok(
        JSON.stringify({
          protocolVersion: m.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'catalog', version: '1.0.0' },
        }),
      );
    case 'tools/list':
      if (!later) return ok(LIST_TEXT);
      laterText ??= JSON.stringify({ tools: catalog(`${SEED}b`) });
      return ok(laterText);
    case 'tools/call':
      return ok(JSON.stringify({ content: [{ type: 'text', text: JSON.stringify(m.params?.arguments ?? {}) }] }));
    case 'ping':
      return ok('{}');
    default:
      return `{"jsonrpc":"2.0","id":${JSON.stringify(m.id)},"error":{"code":-32601,"message":"no such method"}}`;
  }
}

if (process.argv.includes('--http')) {
  const sessions = new Set();
  const later = new Set();
  let opened = 0;
  const http = createServer(async (req, res) => {
    if (req.method === 'GET') return void res.writeHead(405, { allow: 'POST, DELETE' }).end();
    const sid = req.headers['mcp-session-id'];
    if (req.method === 'DELETE') {
      sessions.delete(sid);
      later.delete(sid);
      return void res.writeHead(200).end();
    }
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const m = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const headers = { 'content-type': SSE ? 'text/event-stream' : 'application/json' };
    if (m.method === 'initialize') {
      const id = randomUUID();
      sessions.add(id);
      if (LATER !== undefined && ++opened > LATER) later.add(id);
      headers['mcp-session-id'] = id;
    } else if (!sessions.has(sid)) return void res.writeHead(404).end();
    const text = answer(m, later.has(sid));
    if (text === undefined) return void res.writeHead(202).end();
    const body = SSE ? `event: message\ndata: ${text}\n\n` : text;
    res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body);
  });
  http.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${http.address().port}\n`));
} else {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const text = answer(JSON.parse(line));
    if (text !== undefined) process.stdout.write(`${text}\n`);
  });
  lines.on('close', () => process.exit(0));
}
