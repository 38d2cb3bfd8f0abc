// What `serve` leaves running and how much it runs at once, with real processes: a client that hangs up
// mid-call or a SIGTERM stops the program's process group; a timeout stops a descendant that left the group
// and says so; a request line past 10 MiB is answered and the server keeps serving; --max-concurrent holds,
// with a bounded queue; programs see only the inherited names and --env, whose values the model never reads.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INHERITED_ENV } from '../../src/exec/environment.js';
import { killQuietly, readPid, survivors } from '../exec/alive.js';
import { RawCli } from './raw-cli.js';

const NODE = process.execPath;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-serve-life-'));
const pidsSeen: number[] = [];

const FIXTURES: Record<string, string> = {
  // Records its pid and that of a child in its group, then hangs.
  'sleepy.cjs': `const fs = require('fs'), tag = process.argv.at(-1);
fs.writeFileSync(__dirname + '/' + tag + '.pid', String(process.pid));
require('child_process').spawn(process.execPath, ['-e',
  'require("fs").writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000)',
  __dirname + '/' + tag + '-child.pid'], { stdio: 'ignore' });
setInterval(() => {}, 1000);`,
  // Starts a child in a session of its own (Node's detached is setsid), records both pids, then hangs.
  'escapee.cjs': `const fs = require('fs'), tag = process.argv.at(-1);
fs.writeFileSync(__dirname + '/' + tag + '.pid', String(process.pid));
require('child_process').spawn(process.execPath, ['-e',
  'require("fs").writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000)',
  __dirname + '/' + tag + '-escaped.pid'], { stdio: 'ignore', detached: true });
setInterval(() => {}, 1000);`,
  // Marks its start and end (wall clock, shared by all processes) around 300 ms of work.
  'slot.cjs': `const fs = require('fs'), n = process.argv.at(-1), at = __dirname + '/slots/' + n;
fs.writeFileSync(at + '.start', String(Date.now()));
setTimeout(() => fs.writeFileSync(at + '.end', String(Date.now())), 300);`,
  // Like sleepy, but it and its child ignore SIGTERM: a stop lasts its whole grace and ends with SIGKILL.
  'stubborn.cjs': `const fs = require('fs'), tag = process.argv.at(-1);
process.on('SIGTERM', () => {});
fs.writeFileSync(__dirname + '/' + tag + '.pid', String(process.pid));
require('child_process').spawn(process.execPath, ['-e',
  'process.on("SIGTERM", () => {}); require("fs").writeFileSync(process.argv[1], String(process.pid));' +
  ' setInterval(() => {}, 1000)', __dirname + '/' + tag + '-child.pid'], { stdio: 'ignore' });
setInterval(() => {}, 1000);`,
  'envkeys.cjs': 'process.stdout.write(JSON.stringify(Object.keys(process.env).sort()));',
  'leak.cjs': `const v = process.env.TOOLGATE_SERVE_SET;
process.stdout.write(v + '\\n' + JSON.stringify({ v }) + '\\n' + JSON.stringify(JSON.stringify({ v })));`,
};
const tool = (name: string, file: string, timeout: number) => ({
  name,
  exec: NODE,
  args: [join(dir, file), '--', '{x}'],
  timeout,
});

/** Reads a pid file once it exists (the program writes it soon after it starts). */
async function pidOf(name: string): Promise<number> {
  const pid = await readPid(join(dir, name));
  pidsSeen.push(pid);
  return pid;
}

const servers: RawCli[] = [];
function start(args: string[], env: Record<string, string> = {}): RawCli {
  const server = new RawCli('serve', args, env);
  servers.push(server);
  return server;
}

beforeAll(() => {
  for (const [file, text] of Object.entries(FIXTURES)) writeFileSync(join(dir, file), text);
  mkdirSync(join(dir, 'slots'));
});
afterAll(() => {
  for (const s of servers) s.kill();
  for (const pid of pidsSeen) killQuietly(pid);
  rmSync(dir, { recursive: true, force: true });
});

describe('toolgate serve: one server, --max-concurrent 2 and --env', () => {
  const SECRET = 'va"l\\ue-secret';
  let server: RawCli;
  beforeAll(async () => {
    const config = join(dir, 'config.json');
    const tools = [
      tool('sleepy', 'sleepy.cjs', 60),
      tool('escapee', 'escapee.cjs', 1),
      tool('slot', 'slot.cjs', 10),
      tool('envkeys', 'envkeys.cjs', 10),
      tool('leak', 'leak.cjs', 10),
    ];
    writeFileSync(config, JSON.stringify({ tools }));
    server = start(
      [
        '--config',
        config,
        '--max-concurrent',
        '2',
        '--env',
        'TOOLGATE_SERVE_PASSED',
        '--env',
        `TOOLGATE_SERVE_SET=${SECRET}`,
      ],
      { TOOLGATE_SERVE_PASSED: 'passed', TOOLGATE_SERVE_HOST_ONLY: 'host-only' },
    );
    await server.initialize();
  });

  it("gives the program the inherited names and --env only, not the rest of toolgate's environment", async () => {
    server.call('env', 'envkeys', { x: 'a' });
    const keys = JSON.parse(await server.textOf('env')) as string[];
    expect(keys).toContain('TOOLGATE_SERVE_PASSED');
    expect(keys).toContain('TOOLGATE_SERVE_SET');
    expect(keys.filter((k) => !INHERITED_ENV.includes(k))).toEqual(['TOOLGATE_SERVE_PASSED', 'TOOLGATE_SERVE_SET']);
  });

  it('masks an --env value with " and \\ in every form the model would read', async () => {
    server.call('leak', 'leak', { x: 'a' });
    const text = await server.textOf('leak');
    expect(text).toBe('<redacted>\n{"v":"<redacted>"}\n"{\\"v\\":\\"<redacted>\\"}"');
  });

  it('runs at most 2 of 10 calls at once, and 2 do run together', async () => {
    for (let n = 0; n < 10; n++) server.call(`slot-${n}`, 'slot', { x: String(n) });
    for (let n = 0; n < 10; n++) expect(await server.textOf(`slot-${n}`)).toBe('');
    const events = readdirSync(join(dir, 'slots'))
      .map((f) => ({ at: Number(readFileSync(join(dir, 'slots', f), 'utf8')), step: f.endsWith('.start') ? 1 : -1 }))
      .sort((a, b) => a.at - b.at || a.step - b.step);
    expect(events).toHaveLength(20);
    let running = 0;
    let most = 0;
    for (const e of events) {
      running += e.step;
      most = Math.max(most, running);
    }
    expect(most).toBe(2);
  });

  it.skipIf(process.platform !== 'linux')(
    'stops the group and a descendant in a session of its own on timeout, and says exactly that',
    async () => {
      server.call('esc', 'escapee', { x: 'esc' });
      const text = await server.textOf('esc');
      expect(text).toBe(
        "error: timed out after 1000 ms; the command's process group and the 1 process that had left it were stopped",
      );
      expect(await survivors([await pidOf('esc.pid'), await pidOf('esc-escaped.pid')], 2000)).toEqual([]);
    },
  );

  it('answers a request line over 10 MiB and a line that is not JSON with errors, and keeps serving', async () => {
    server.send('x'.repeat(10 * 1024 * 1024 + 1));
    server.send('{not json');
    server.send({ jsonrpc: '2.0', id: 'after', method: 'tools/list' });
    const oversized = await server.until((r) => r.error?.code === -32600);
    expect(oversized).toMatchObject({ id: null, error: { message: expect.stringContaining('10485760 bytes') } });
    expect(await server.until((r) => r.error?.code === -32700)).toMatchObject({ id: null });
    expect((await server.until((r) => r.id === 'after')).result?.tools).toHaveLength(5);
  });

  it('stops a running program and its group when the client cancels the call', async () => {
    server.call('cancel-me', 'sleepy', { x: 'cancelled' });
    const pids = [await pidOf('cancelled.pid'), await pidOf('cancelled-child.pid')];
    server.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'cancel-me' } });
    expect(await survivors(pids, 2000)).toEqual([]);
  });

  // MCP's stdio shutdown: the client closes the input, waits for the server to exit, then sends SIGTERM. A script
  // piped in ends the same way; before, serve stopped every call at the input's end and answered none of them.
  it('answers what runs when the client closes its input; SIGTERM then stops what is still running', async () => {
    server.call('sleepy', 'sleepy', { x: 'hangup' });
    const pids = [await pidOf('hangup.pid'), await pidOf('hangup-child.pid')];
    server.call('last', 'leak', { x: 'last' });
    server.child.stdin.end();
    expect((await server.until((r) => r.id === 'last')).result).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await survivors(pids, 0)).toEqual(pids);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await survivors(pids, 1000)).toEqual([]);
  });
});

describe('toolgate serve: the input ends', () => {
  it('answers every call read before the input ended, each within its timeout, then exits 0', async () => {
    const config = join(dir, 'ends.json');
    writeFileSync(config, JSON.stringify({ tools: [tool('slot', 'slot.cjs', 10), tool('sleepy', 'sleepy.cjs', 3)] }));
    const server = start(['--config', config, '--max-concurrent', '1']);
    await server.initialize();
    server.call('a', 'slot', { x: 'ends-a' });
    server.call('b', 'slot', { x: 'ends-b' });
    server.call('c', 'sleepy', { x: 'ends-c' });
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const byId = new Map(server.replies.map((r) => [r.id, r]));
    // b waited for a's slot and still ran; c, after both, ran to its 3 s timeout, which stopped it and its group.
    expect(byId.get('a')?.result?.isError).toBe(false);
    expect(byId.get('b')?.result?.isError).toBe(false);
    expect(existsSync(join(dir, 'slots', 'ends-b.end'))).toBe(true);
    expect(byId.get('c')?.result?.content?.[0]?.text).toMatch(/^error: timed out after 3000 ms; /m);
    expect(await survivors([await pidOf('ends-c.pid'), await pidOf('ends-c-child.pid')], 1000)).toEqual([]);
  }, 20_000);
});

describe('toolgate serve: --max-concurrent 1, a full queue, and SIGTERM', () => {
  it('refuses past 100 waiting, says a call that waited its timeout never started, stops all on SIGTERM', async () => {
    const config = join(dir, 'queue.json');
    writeFileSync(config, JSON.stringify({ tools: [tool('hold', 'sleepy.cjs', 30), tool('quick', 'slot.cjs', 0.5)] }));
    const server = start(['--config', config, '--max-concurrent', '1']);
    await server.initialize();
    server.call('h0', 'hold', { x: 'held' });
    const pids = [await pidOf('held.pid'), await pidOf('held-child.pid')];
    server.call('q', 'quick', { x: 'never' });
    for (let n = 1; n <= 100; n++) server.call(`h${n}`, 'hold', { x: `h${n}` });
    expect(await server.textOf('h100')).toBe(
      'error: hold did not start: 1 call was running (the most at once) and 100 more were waiting; try again later',
    );
    expect(await server.textOf('q')).toMatch(/^error: quick never started: .* within its 500 ms timeout$/);
    expect(existsSync(join(dir, 'slots', 'never.start'))).toBe(false);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await survivors(pids, 1000)).toEqual([]);
    // No queued call started while the server stopped.
    expect(existsSync(join(dir, 'h1.pid'))).toBe(false);
  });
});

describe('toolgate serve: stray signals while it stops', () => {
  const config = join(dir, 'stubborn.json');
  beforeAll(() => writeFileSync(config, JSON.stringify({ tools: [tool('stubborn', 'stubborn.cjs', 60)] })));

  it('stops every group when a second SIGINT comes during the stop grace, then ends by SIGINT', async () => {
    const server = start(['--config', config]);
    await server.initialize();
    server.call('s', 'stubborn', { x: 'twice' });
    const pids = [await pidOf('twice.pid'), await pidOf('twice-child.pid')];
    server.child.kill('SIGINT');
    // Inside the 500 ms grace: the group ignores SIGTERM, so only the SIGKILL at its end stops it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGINT' });
    expect(await survivors(pids, 1000)).toEqual([]);
  });

  it('stops every group on SIGHUP (the terminal closed), then ends by SIGHUP', async () => {
    const server = start(['--config', config]);
    await server.initialize();
    server.call('s', 'stubborn', { x: 'hup' });
    const pids = [await pidOf('hup.pid'), await pidOf('hup-child.pid')];
    server.child.kill('SIGHUP');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGHUP' });
    expect(await survivors(pids, 1000)).toEqual([]);
  });
});
