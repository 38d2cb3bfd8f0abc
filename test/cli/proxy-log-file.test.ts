// What `toolgate proxy --log` accepts as its file (a hunt's find): it was opened again on every tools/call with
// appendFileSync, so a FIFO with no reader at the path blocked the event loop in open() (every request waited and
// SIGTERM no longer stopped the proxy), a symbolic link there was followed, and a new log was made 0644 though
// --log-args writes the model's arguments. Now anything but a regular file of this user's is a usage error (exit 2)
// before any server starts, refused at each line too, and a new log is 0600. A review of a first fix (one descriptor,
// writes queued off the loop) found lines lost at SIGTERM and every line after a logrotate move gone: each line is
// appended whole through the path again.
import { execFileSync } from 'node:child_process';
import {
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-log-file-'));
const started: RawCli[] = [];

afterAll(() => {
  for (const p of started) p.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy with `--log <log>` in front of the recording server, its stdin open. */
function proxyLogging(log: string): RawCli {
  const proxy = new RawCli('proxy', ['--log', log, '--', process.execPath, SERVER]);
  started.push(proxy);
  return proxy;
}

/** Each path --log refuses: how it is made (undefined where this system cannot make it), and what stderr says. */
const REFUSED: readonly [string, () => string | undefined, RegExp][] = [
  [
    'a FIFO with no reader (it blocked every call in open())',
    () => {
      if (process.platform === 'win32') return undefined;
      const fifo = join(dir, 'log.fifo');
      execFileSync('mkfifo', [fifo]);
      return fifo;
    },
    /--log ".*log\.fifo": is a FIFO or socket, not a regular file/,
  ],
  [
    'a symbolic link (it was followed to the file it names)',
    () => {
      const victim = join(dir, 'victim.txt');
      writeFileSync(victim, "the victim's own line\n");
      symlinkSync(victim, join(dir, 'link.jsonl'));
      return join(dir, 'link.jsonl');
    },
    /--log ".*link\.jsonl": is a symbolic link; give the file itself/,
  ],
  [
    'a folder',
    () => {
      mkdirSync(join(dir, 'folder'));
      return join(dir, 'folder');
    },
    /--log ".*folder": is a folder, not a regular file/,
  ],
  [
    'a device',
    () => (process.platform === 'win32' ? undefined : '/dev/null'),
    /--log "\/dev\/null": is not a regular file/,
  ],
  [
    "another user's file (only root can make one here)",
    () => {
      if (process.getuid?.() !== 0) return undefined;
      const theirs = join(dir, 'theirs.jsonl');
      writeFileSync(theirs, '');
      chownSync(theirs, 4242, 4242);
      return theirs;
    },
    /--log ".*theirs\.jsonl": is owned by another user \(uid 4242\)/,
  ],
];

describe('toolgate proxy --log refuses a path that is not a regular file of this user', () => {
  for (const [what, make, says] of REFUSED) {
    const path = make();
    it.skipIf(path === undefined)(
      `refuses ${what}: exit 2 at start, said on stderr`,
      async () => {
        const proxy = proxyLogging(path as string);
        proxy.child.stdin.end();
        expect((await proxy.exited).code).toBe(2);
        expect(proxy.stderr).toMatch(says);
      },
      20_000,
    );
  }

  it('refuses it over --listen too, the linked file left as it was', async () => {
    const proxy = new RawCli('proxy', [
      '--listen',
      '0',
      '--log',
      join(dir, 'link.jsonl'),
      '--',
      process.execPath,
      SERVER,
    ]);
    started.push(proxy);
    expect((await proxy.exited).code).toBe(2);
    expect(proxy.stderr).toMatch(/--log ".*link\.jsonl": is a symbolic link/);
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe("the victim's own line\n");
  }, 20_000);
});

describe('toolgate proxy --log makes a new log readable by its owner only', () => {
  it('creates the log 0600 (--log-args writes the arguments) and still writes its line', async () => {
    const log = join(dir, 'new.jsonl');
    const proxy = new RawCli('proxy', ['--log', log, '--log-args', '--', process.execPath, SERVER]);
    started.push(proxy);
    await proxy.initialize();
    await proxy.callText('a', '{"name":"echo","arguments":{"text":"a private note"}}');
    proxy.child.stdin.end();
    expect((await proxy.exited).code).toBe(0);
    if (process.platform !== 'win32') expect(statSync(log).mode & 0o777).toBe(0o600);
    const line = JSON.parse(readFileSync(log, 'utf8').trim()) as Record<string, unknown>;
    expect([line['tool'], line['verdict'], line['args']]).toEqual(['echo', 'forwarded', { text: 'a private note' }]);
  }, 20_000);
});

describe('toolgate proxy --log writes every line, whole, where the path is', () => {
  const lines = (file: string): string[] =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '');

  it('every call of a run is in the log when SIGTERM comes right after the last answer', async () => {
    const log = join(dir, 'term.jsonl');
    const proxy = proxyLogging(log);
    await proxy.initialize();
    for (let i = 0; i < 21; i++) await proxy.callText(`c${i}`, '{"name":"echo","arguments":{"text":"x"}}');
    proxy.child.kill('SIGTERM');
    await proxy.exited;
    expect(lines(log)).toHaveLength(21);
  }, 30_000);

  it('after a logrotate move, the next lines go to a new log at the path, 0600', async () => {
    const log = join(dir, 'rotated.jsonl');
    const proxy = proxyLogging(log);
    await proxy.initialize();
    await proxy.callText('r1', '{"name":"echo","arguments":{"text":"x"}}');
    // A call's line is written as it ends, which may be just after its answer.
    for (let waited = 0; waited < 5000 && lines(log).length === 0; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    renameSync(log, `${log}.1`);
    await proxy.callText('r2', '{"name":"echo","arguments":{"text":"x"}}');
    await proxy.callText('r3', '{"name":"echo","arguments":{"text":"x"}}');
    proxy.child.stdin.end();
    await proxy.exited;
    expect([lines(`${log}.1`).length, lines(log).length]).toEqual([1, 2]);
    if (process.platform !== 'win32') expect(statSync(log).mode & 0o777).toBe(0o600);
  }, 30_000);

  it('a FIFO put at the path while running is refused, not waited on: later calls are answered', async () => {
    if (process.platform === 'win32') return;
    const log = join(dir, 'swapped.jsonl');
    const proxy = proxyLogging(log);
    await proxy.initialize();
    await proxy.callText('s1', '{"name":"echo","arguments":{"text":"x"}}');
    for (let waited = 0; waited < 5000 && lines(log).length === 0; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    rmSync(log);
    execFileSync('mkfifo', [log]);
    await proxy.callText('s2', '{"name":"echo","arguments":{"text":"x"}}');
    const third = await proxy.callText('s3', '{"name":"echo","arguments":{"text":"x"}}');
    expect(JSON.stringify(third)).toContain('"result"');
    proxy.child.stdin.end();
    expect((await proxy.exited).code).toBe(0);
    expect(proxy.stderr).toMatch(/--log: cannot append to .*swapped\.jsonl.*FIFO/);
  }, 30_000);
});
