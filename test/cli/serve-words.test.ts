// What `toolgate serve` hands a program and what the model reads back, from text the host or the client wrote:
// the values of the program's own KEY=VALUE and URL words, and a call's arguments as the text that arrived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';
import { runInProcess } from './run-cli.js';

const servers: RawCli[] = [];
function start(args: string[]): RawCli {
  const server = new RawCli('serve', args, {});
  servers.push(server);
  return server;
}
afterAll(() => {
  for (const s of servers) s.kill();
});

// Found by a hunt: a program's own KEY=VALUE words are secrets for check and proxy (docs/cli.md: "serve applies
// the same rule to its programs"), but serve masked only --env values: the model read `TOKEN=supersecretvalue`.
describe('toolgate serve: a value written on the command line', () => {
  it.each([
    ['KEY=VALUE word', ['env', '--', 'TOKEN=supersecretvalue', 'printenv', 'TOKEN'], '<redacted>'],
    ["URL word's query value", ['echo', '--', 'https://h.test/sse?token=supersecretvalue'], 'token=<redacted>'],
    ['KEY=VALUE word under 8 characters (an option)', ['echo', '--', '--format=json', 'json'], '--format=json json'],
  ])("the program's %s, in what the model reads", async (_what, words, shown) => {
    const server = start(['--name', 'show', '--exec', ...words]);
    await server.initialize();
    server.call('show', 'show', {});
    const text = await server.textOf('show');
    expect(text).not.toContain('supersecretvalue');
    expect(text).toContain(shown);
  });

  // A hunt's find: a word holding a placeholder was left out whole, its literal query values with it (wget and
  // curl write their URL to stderr, which the model reads).
  it("the program's URL word's query value beside a placeholder, in what the model reads", async () => {
    const server = start(['--name', 'show', '--exec', 'echo', '--', 'https://h.test/sse?token=supersecretvalue&q={q}']);
    await server.initialize();
    server.call('show', 'show', { q: 'open' });
    const text = await server.textOf('show');
    expect(text).not.toContain('supersecretvalue');
    expect(text).toContain('token=<redacted>&q=open');
  });
});

// Found by a hunt: serve validated what JSON.parse made of a request, so a number no double holds was rounded
// (9007199254740993 above a maximum of 9007199254740992 passed, and the program got 9007199254740992), and of two
// equal keys the last was run. It validates the arguments' text as it arrived now, as the proxy does.
describe('toolgate serve: the arguments as they arrived', () => {
  const schema = JSON.stringify({
    type: 'object',
    properties: { n: { type: 'number', minimum: 0, maximum: 9007199254740992 } },
    required: ['n'],
    additionalProperties: false,
  });
  let server: RawCli;
  beforeAll(async () => {
    server = start(['--name', 'show', '--input-schema', schema, '--exec', 'echo', '--', '{n}']);
    await server.initialize();
  });

  it.each([
    ['a number over the maximum that JSON.parse rounds to it', '{"n":9007199254740993}', 'invalid arguments'],
    ['a number JSON.parse rounds (0.3 written with 21 digits)', '{"n":0.30000000000000000001}', 'invalid arguments'],
    ['a key given twice', '{"n":1,"n":2}', 'invalid arguments'],
    // A hunt's find: the SDK's copy of the arguments dropped a top-level `__proto__` (it set the copy's prototype),
    // so a call the schema refuses (additionalProperties: false) ran.
    ['a member named __proto__', '{"n":1,"__proto__":{"n":-5}}', 'a member named "__proto__"'],
  ])('refuses %s, and runs nothing', async (_what, args, shown) => {
    const id = `exact-${args.length}-${shown.length}-${Math.random()}`;
    const reply = await server.callText(id, `{"name":"show","arguments":${args}}`);
    const text = (reply.result?.content ?? []).map((c) => c.text).join('');
    expect(text).toContain(shown);
    expect(reply.result?.isError).toBe(true);
  });

  it('refuses a request with "arguments" twice, and runs what arrived once', async () => {
    const twice = await server.callText('twice', '{"name":"show","arguments":{"n":1},"arguments":{"n":2}}');
    expect((twice.result?.content ?? []).map((c) => c.text).join('')).toContain('the request has "arguments" twice');
    const once = await server.callText('once', '{"name":"show","arguments":{"n":12345}}');
    expect((once.result?.content ?? []).map((c) => c.text).join('')).toBe('12345');
  });

  // Found by a review: the first form kept each call's text by id, and a malformed call the SDK answered itself
  // left its text for the next call reusing the id, which then ran with those arguments.
  it('runs a call with its own arguments after a malformed call with the same id', async () => {
    const bad = await server.callText('7', '{"nam":"show","arguments":{"n":1}}');
    expect(bad.error ?? bad.result?.isError).toBeTruthy();
    server.send('{"jsonrpc":"2.0","id":"7","method":"tools/call","params":{"name":"show","arguments":{"n":7777}}}');
    const good = await server.until((r) => r.id === '7' && r !== bad);
    expect((good.result?.content ?? []).map((c) => c.text).join('')).toBe('7777');
  });
});

// A hunt's find: the refused command line printed to stderr (an MCP client's server log) showed a template word's
// literal query value as written.
describe('toolgate serve: a refused command line', () => {
  it("shows a template word's placeholder, never its literal query value", async () => {
    const r = await runInProcess([
      'serve',
      '--name',
      's',
      '--exec',
      'wget',
      '--',
      '-O-',
      // Not right after `-O-`: a line is offered only when no option comes right before the placeholder.
      'http://127.0.0.1:9/s?api_key=sk_live_SECRET123456&q={q}',
      '{out}',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("'http://127.0.0.1:9/s?api_key=<redacted>&q={q}'");
    expect(r.err).not.toContain('SECRET123456');
  });

  // A hunt's find: `--exec df -h` printed serve's help to stdout and exited 0, where an MCP client reads stdout as
  // the server's messages; `-k` in its place was refused.
  it.each([['-h'], ['--help']])('refuses %s after --exec as the program option it is', async (flag) => {
    const r = await runInProcess(['serve', '--name', 'df', '--exec', 'df', flag]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('belong after "--"');
  });

  it('still shows help asked before --exec', async () => {
    const r = await runInProcess(['serve', '-h', '--exec', 'df']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('toolgate serve');
  });
});
