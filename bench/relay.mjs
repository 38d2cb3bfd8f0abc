// A plain MCP relay, the contender of bench/proxy-relay.ts: what any Node relay costs, with nothing checked. It
// stands on the proxy's own stacks (node:http toward the client, node:http with a keep-alive agent toward an HTTP
// server, newline framing on stdio) and passes every message on unchanged, byte for byte:
//
//   node bench/relay.mjs --listen <port> --url <server URL>   HTTP in front of HTTP; prints "listening on <url>"
//   node bench/relay.mjs -- <command> [args...]               stdio in front of a server it starts
//
// Over HTTP each request is sent on with its body and the MCP headers, and the answer comes back with its status,
// its MCP headers and its body (a JSON body read whole, as the proxy does; an event stream passed on as it comes).
// On stdio each line is read whole and written on, as the proxy reads one message per line.
import { spawn } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';

/** The request headers passed on toward the server, and the answer's headers passed back. */
const UP = ['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'];
const DOWN = ['content-type', 'mcp-session-id', 'cache-control', 'allow'];

/** Passes the newline-delimited messages of `input` to `write`, each line whole. */
function lines(input, write) {
  let pending = [];
  input.on('data', (chunk) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, nl + 1));
      write(pending.length === 1 ? pending[0] : Buffer.concat(pending));
      pending = [];
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
}

function stdio(words) {
  const [program, ...args] = words;
  const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  lines(process.stdin, (line) => child.stdin.write(line));
  lines(child.stdout, (line) => process.stdout.write(line));
  process.stdin.on('end', () => child.stdin.end());
  child.on('exit', (code) => process.exit(code ?? 1));
}

/** One exchange with the server over `agent`: its response (an IncomingMessage). */
function send(agent, url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const h = body === undefined ? headers : { ...headers, 'content-length': String(body.length) };
    const out = request(url, { method, headers: h, agent });
    out.on('error', reject);
    out.on('response', resolve);
    out.end(body);
  });
}

function http(port, url) {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const headers = {};
      for (const name of UP) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
      try {
        const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
        const answer = await send(agent, url, req.method, headers, body);
        const out = {};
        for (const name of DOWN) {
          const value = answer.headers[name];
          if (value !== undefined) out[name] = value;
        }
        const type = answer.headers['content-type'] ?? '';
        if (!type.startsWith('text/event-stream')) {
          const parts = [];
          for await (const chunk of answer) parts.push(chunk);
          const text = Buffer.concat(parts);
          if (text.length > 0) out['content-length'] = String(text.length);
          res.writeHead(answer.statusCode, out).end(text);
          return;
        }
        res.writeHead(answer.statusCode, out);
        res.flushHeaders();
        for await (const chunk of answer) res.write(chunk);
        res.end();
      } catch {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      }
    });
  });
  server.listen(port, '127.0.0.1', () =>
    process.stderr.write(`listening on http://127.0.0.1:${server.address().port}/mcp\n`),
  );
  process.on('SIGTERM', () => process.exit(0));
}

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
if (dashes >= 0) stdio(argv.slice(dashes + 1));
else http(Number(argv[argv.indexOf('--listen') + 1]), argv[argv.indexOf('--url') + 1]);
