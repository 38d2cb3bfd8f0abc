// A hunt's find: `check --mcp` and `lock --mcp` started the server with the MCP SDK's stdio client, in toolgate's
// own process group, and saw its end only once every holder of its pipes had gone. A launcher's helper (`sh -c
// 'helper & exec server'`) holding them made a server that exited at start wait out the whole --timeout, reported
// as `did not answer "initialize"`, and the helper was left running, re-parented to init. And a server that closed
// its stdout and ignored SIGTERM held check 2 s after EOF and 2 s after SIGTERM past --timeout. The server leads a
// group of its own now, started by the proxy's stdio upstream (src/proxy/stdio-lister.ts): its exit is the answer,
// and the group is stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killQuietly, readPid, survivors } from '../exec/alive.js';
import { runInProcess } from './run-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/lingering-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-check-exit-'));
const pids: number[] = [];

afterAll(() => {
  for (const pid of pids) killQuietly(pid);
  rmSync(dir, { recursive: true, force: true });
});

const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(SERVER)}`;

describe('a listed server that exits at start, leaving a helper that holds its pipes', () => {
  it.each([
    ['check', []],
    ['lock', ['--out', join(dir, 'lock.json')]],
  ])(
    '%s names the exit, in far less than --timeout, and stops the helper',
    async (cmd, extra) => {
      const helperFile = join(dir, `${cmd}.helper`);
      const at = performance.now();
      const r = await runInProcess([
        cmd,
        ...extra,
        '--timeout',
        '20',
        '--env',
        `PIPE_HELPER_FILE=${helperFile}`,
        '--env',
        'EXIT_AT_START=1',
        '--mcp',
        command,
      ]);
      const helper = await readPid(helperFile);
      pids.push(helper);
      // Before: `did not answer "initialize" within 20 s (--timeout)`, 20 s later.
      expect(r.err).toContain(
        'the server exited (status 3) before answering "initialize"\nserver stderr:\ndying at start',
      );
      expect(r.code).toBe(2);
      expect(performance.now() - at).toBeLessThan(15_000);
      expect(await survivors([helper], 2000)).toEqual([]);
    },
    60_000,
  );
});

describe('a server that closes its stdout and ignores SIGTERM', () => {
  it('is stopped within the stop grace after --timeout, not 4 s later', async () => {
    const pidFile = join(dir, 'closer.pid');
    const closer = `echo $$ > ${JSON.stringify(pidFile)}; trap '' TERM; exec >&-; while :; do sleep 0.2; done`;
    const at = performance.now();
    const r = await runInProcess(['check', '--timeout', '1', '--mcp', `sh -c ${JSON.stringify(closer)}`]);
    const pid = await readPid(pidFile);
    pids.push(pid);
    expect(r.err).toContain('the server did not answer "initialize" within 1 s (--timeout)');
    // 1 s, then SIGTERM, 500 ms and SIGKILL: about 1.6 s. Before: 1 s, 2 s after EOF, 2 s after SIGTERM (5 s).
    expect(performance.now() - at).toBeLessThan(4000);
    expect(await survivors([pid], 1000)).toEqual([]);
  }, 30_000);
});
