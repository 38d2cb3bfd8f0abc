// `check --mcp/--url` listed a server's tools through the MCP SDK, which reads each message with JSON.parse: a
// `minimum` of 9007199254740993 was checked as ...992 and the second of two `required` kept, so check said
// "admitted" (exit 0) of a listing the proxy refuses to start on. The answers' texts are now kept as they arrived
// (by the proxy's own listing: src/proxy/stdio-lister.ts, http-lister.ts) and read again exactly, as the proxy
// reads them (src/mcp/exact-listing.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs fixture, run as the server and imported here for its answers
import { answers } from './fixtures/inexact-pages-server.mjs';
import { type PostServer, startPostServer } from './post-server.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = process.execPath;
const SERVER = join(ROOT, 'test/cli/fixtures/inexact-pages-server.mjs');
type Answers = (m: unknown, env: Record<string, string>) => string[];

let server: PostServer;
let base = '';

beforeAll(async () => {
  // `/json/<flags>` answers each POST with a JSON body, `/sse/<flags>` with an event stream; flags as env names.
  server = await startPostServer((message, req, res) => {
    const [, kind = '', flags = ''] = (req.url ?? '').split('/');
    const env = Object.fromEntries(flags.split(',').map((f) => [f, '1']));
    const texts = (answers as Answers)(message, env);
    if (texts.length === 0) return res.writeHead(202).end();
    // MIXED_CASE names the media type as HTTP allows (case-insensitive); LATIN_BOM starts an event stream with
    // `ï»¿` (no BOM: a BOM read as Latin-1), which the SDK's event parser dropped and the HTML parser does not.
    const type = (name: string): string => (env['MIXED_CASE'] ? `${name.toUpperCase()}; charset=UTF-8` : name);
    // BOM_CRLF starts a JSON body with a BOM and breaks it into lines (CRLF) after each comma, as JSON allows.
    const last = texts.at(-1) ?? '';
    const answer = env['BOM_CRLF'] ? `\uFEFF${last.replaceAll(',', ',\r\n  ')}\r\n` : last;
    if (kind === 'json') {
      res.writeHead(200, { 'content-type': type('application/json') });
      return res.end(answer);
    }
    res.writeHead(200, { 'content-type': type('text/event-stream') });
    // With LATIN_BOM the stream's first line is its first event's data line.
    const events = texts.map((t) => `${env['LATIN_BOM'] ? '' : 'event: message\n'}data: ${t}\n\n`).join('');
    res.end(env['LATIN_BOM'] ? `\u00EF\u00BB\u00BF${events}` : events);
  });
  base = server.origin;
});
afterAll(() => server.close());

/** `check` of the fixture over stdio with `env` set, or at `url`. */
const checkStdio = (env: string[]) =>
  runInProcess(['check', '--timeout', '10', ...env.flatMap((e) => ['--env', `${e}=1`]), '--mcp', `${NODE} ${SERVER}`]);
const checkUrl = (path: string) => runInProcess(['check', '--timeout', '10', '--url', `${base}${path}`]);
/** `lock` of the fixture over stdio with `env` set, into a folder removed after. */
async function lockStdio(env: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-exact-'));
  const envs = env.flatMap((e) => ['--env', `${e}=1`]);
  try {
    return await runInProcess([
      'lock',
      '--timeout',
      '10',
      ...envs,
      '--out',
      join(dir, 'lock.json'),
      '--mcp',
      `${NODE} ${SERVER}`,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `lock` of the test's server at `path`, into a folder removed after. */
async function lockUrl(path: string) {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-exact-'));
  try {
    return await runInProcess(['lock', '--timeout', '10', '--out', join(dir, 'lock.json'), '--url', `${base}${path}`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `check --config` of a desktop config naming the fixture with `env` set. */
async function checkConfig(env: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-exact-'));
  const file = join(dir, 'config.json');
  const entry = { command: NODE, args: [SERVER], env: Object.fromEntries(env.map((e) => [e, '1'])) };
  writeFileSync(file, JSON.stringify({ mcpServers: { pages: entry } }));
  try {
    return await runInProcess(['check', '--timeout', '10', '--config', file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const BOUNDED = new RegExp(
  'rejected {4}bounded {2}unsupported_capability: a number in its definition cannot be enforced as written: ' +
    'number 9007199254740993 would be received as 9007199254740992',
);
const TWICE = new RegExp(
  'rejected {4}twice {2}validation: its definition is read differently by JSON readers: ' +
    'duplicate key "required" at line \\d+ column \\d+',
);

describe('check judges a live listing from the texts the server sent, as the proxy does', () => {
  it.each([
    ['stdio', () => checkStdio([])],
    ['stdio, two pages', () => checkStdio(['PAGED'])],
    ['--config, two pages', () => checkConfig(['PAGED'])],
    ['HTTP, JSON bodies', () => checkUrl('/json/')],
    ['HTTP, JSON bodies, two pages', () => checkUrl('/json/PAGED')],
    ['HTTP, event streams, two pages', () => checkUrl('/sse/PAGED')],
    ['stdio, a batch decoy before each page', () => checkStdio(['PAGED', 'BATCH_DECOY'])],
    ['HTTP, event streams, a batch decoy before each page', () => checkUrl('/sse/PAGED,BATCH_DECOY')],
    ['HTTP, media types in capitals', () => checkUrl('/json/PAGED,MIXED_CASE')],
    ['HTTP, event streams in capitals', () => checkUrl('/sse/PAGED,MIXED_CASE')],
    ['HTTP, JSON bodies starting with a BOM, in lines', () => checkUrl('/json/PAGED,BOM_CRLF')],
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

  // What the MCP SDK's client dropped and the proxy's reader takes: check lists through the proxy's own client
  // (src/proxy/stdio-lister.ts, http-lister.ts), so it judges what the proxy would, not what the SDK's client read.
  it.each([
    ['HTTP', () => checkUrl('/sse/PAGED,DECOY')],
    ['stdio', () => checkStdio(['PAGED', 'DECOY'])],
  ])(
    '%s, decoys the SDK dropped: read as the proxy reads them (their echo tools named twice)',
    async (_, run) => {
      const r = await run();
      expect(r.out).toMatch(/rejected {4}echo {2}validation\n.*duplicate tool name "echo"/);
      expect(r.out).not.toMatch(/bounded|twice/);
      expect(r.code).toBe(1);
    },
    30_000,
  );

  it('HTTP, an event stream starting with `ï»¿`: no event of it is read, as the proxy reads none', async () => {
    const r = await checkUrl('/sse/PAGED,LATIN_BOM');
    expect(r.err).toContain('refused "initialize": the MCP server closed the response without an answer');
    expect(r.code).toBe(2);
  }, 30_000);

  it.each([
    ['stdio', () => checkStdio(['RESULT_TWICE'])],
    ['HTTP', () => checkUrl('/json/RESULT_TWICE')],
    ['lock, stdio (nothing pinned: which result was meant cannot be told)', () => lockStdio(['RESULT_TWICE'])],
    // Before: lock --url pinned the last `result` (no tools), where the proxy does not start.
    ['lock, HTTP', () => lockUrl('/json/RESULT_TWICE')],
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
