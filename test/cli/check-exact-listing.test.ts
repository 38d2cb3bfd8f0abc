// `check --mcp/--url` listed a server's tools through the MCP SDK, which reads each message with JSON.parse: a
// `minimum` of 9007199254740993 was checked as ...992 and the second of two `required` kept, so check said
// "admitted" (exit 0) of a listing the proxy refuses to start on. The answers' texts are now kept as they arrived
// (src/mcp/listing-texts.ts) and read again exactly, as the proxy reads them (src/mcp/exact-listing.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs fixture, run as the server and imported here for its answers
import { answers } from './fixtures/inexact-pages-server.mjs';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = process.execPath;
const SERVER = join(ROOT, 'test/cli/fixtures/inexact-pages-server.mjs');
type Answers = (m: unknown, env: Record<string, string>) => string[];

let server: Server;
let base = '';

beforeAll(async () => {
  // `/json/<flags>` answers each POST with a JSON body, `/sse/<flags>` with an event stream; flags as env names.
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      if (req.method !== 'POST') return res.writeHead(405).end();
      const [, kind = '', flags = ''] = (req.url ?? '').split('/');
      const env = Object.fromEntries(flags.split(',').map((f) => [f, '1']));
      const texts = (answers as Answers)(JSON.parse(body), env);
      if (texts.length === 0) return res.writeHead(202).end();
      if (kind === 'json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(texts.at(-1));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(texts.map((t) => `event: message\ndata: ${t}\n\n`).join(''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** `check` of the fixture over stdio with `env` set, or at `url`. */
const checkStdio = (env: string[]) =>
  runInProcess(['check', '--timeout', '10', ...env.flatMap((e) => ['--env', `${e}=1`]), '--mcp', `${NODE} ${SERVER}`]);
const checkUrl = (path: string) => runInProcess(['check', '--timeout', '10', '--url', `${base}${path}`]);
/** `check --config` of a desktop config naming the fixture with `env` set. */
function checkConfig(env: string[]) {
  const file = join(mkdtempSync(join(tmpdir(), 'toolgate-exact-')), 'config.json');
  const entry = { command: NODE, args: [SERVER], env: Object.fromEntries(env.map((e) => [e, '1'])) };
  writeFileSync(file, JSON.stringify({ mcpServers: { pages: entry } }));
  return runInProcess(['check', '--timeout', '10', '--config', file]);
}

const BOUNDED = new RegExp(
  'rejected {4}bounded {2}unsupported_capability: a number in its definition cannot be enforced as written: ' +
    'number 9007199254740993 would be received as 9007199254740992',
);
const TWICE = new RegExp(
  'rejected {4}twice {2}validation: its definition is read differently by JSON readers: ' +
    'duplicate key "required" at line 1 column \\d+',
);

describe('check judges a live listing from the texts the server sent, as the proxy does', () => {
  it.each([
    ['stdio', () => checkStdio([])],
    ['stdio, two pages', () => checkStdio(['PAGED'])],
    ['stdio, a decoy answer the SDK drops before each page', () => checkStdio(['PAGED', 'DECOY'])],
    ['--config, two pages', () => checkConfig(['PAGED'])],
    ['HTTP, JSON bodies', () => checkUrl('/json/')],
    ['HTTP, JSON bodies, two pages', () => checkUrl('/json/PAGED')],
    ['HTTP, event streams, two pages and decoys', () => checkUrl('/sse/PAGED,DECOY')],
  ])(
    '%s: the number no float64 holds and the key given twice are refused, naming each tool',
    async (_, run) => {
      const r = await run();
      expect(r.err).toBe('');
      expect(r.out).toMatch(BOUNDED);
      expect(r.out).toMatch(TWICE);
      expect(r.out).toMatch(/\n {2}ok \(batch not admitted\) echo\n/);
      expect(r.out).toContain('0 of 1 catalog admitted');
      expect(r.code).toBe(1);
    },
    30_000,
  );

  it.each([
    ['stdio', () => checkStdio(['RESULT_TWICE'])],
    ['HTTP', () => checkUrl('/json/RESULT_TWICE')],
  ])(
    "%s: a page giving its result twice is that server's input error",
    async (_, run) => {
      const r = await run();
      expect(r.err).toContain('a tools/list page gives "result" twice: which one is meant cannot be told');
      expect(r.code).toBe(2);
    },
    30_000,
  );
});
