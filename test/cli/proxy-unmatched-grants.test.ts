// `toolgate proxy --allow/--deny` with a glob that matches no listed tool: said on stderr, once per glob. A
// newcomer's find: `--deny get-env` under --config (published names are `<server>__<tool>`) matched nothing and the
// tool stayed published, with nothing said; a typo likewise. A glob that withheld its tool is not named.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stdioServer } from '../proxy/aggregate-fixture.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = join(ROOT, 'dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-unmatched-grants-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = join(dir, 'config.json');
writeFileSync(config, JSON.stringify({ mcpServers: { alpha: stdioServer('alpha'), beta: stdioServer('beta') } }));
// A config whose server `dead` never starts (its command exits at once): the globs were never said while alpha served.
const withDead = join(dir, 'with-dead.json');
const dead = { command: process.execPath, args: ['-e', 'process.exit(3)'] };
writeFileSync(withDead, JSON.stringify({ mcpServers: { alpha: stdioServer('alpha'), dead } }));

/** The proxy's stderr lines naming an unmatched glob, run until its client (stdin, empty) has gone. */
function unmatched(args: string[]): string[] {
  const server = stdioServer('solo') as { command: string; args: string[] };
  const words = args.includes('--config') ? args : [...args, '--', server.command, ...server.args];
  const run = spawnSync(process.execPath, [CLI, 'proxy', ...words], { input: '', encoding: 'utf8', timeout: 30_000 });
  return run.stderr.split('\n').filter((line) => line.includes('matches no tool'));
}

describe('toolgate proxy: an --allow/--deny glob that matches no tool', () => {
  it.each([
    [
      'a typo of a single server',
      ['--deny', 'ehco'],
      ['--deny "ehco" matches no tool of this server (did you mean "echo"?)'],
    ],
    ['an --allow that matches nothing', ['--allow', 'zzz*'], ['--allow "zzz*" matches no tool of this server']],
    ['a glob that matched (its tool withheld)', ['--deny', 'echo', '--allow', 'e*'], []],
    [
      "a single server's name under --config",
      ['--deny', 'crash', '--config', config],
      ['--deny "crash" matches no tool of these servers (names under --config are <server>__<tool>: "*__crash" would)'],
    ],
    [
      'a name under --config that no server lists',
      ['--deny', 'nope', '--config', config],
      ['--deny "nope" matches no tool of these servers (names under --config are <server>__<tool>)'],
    ],
    [
      'a typo of a published name under --config',
      ['--deny', 'alpha__crahs', '--config', config],
      ['--deny "alpha__crahs" matches no tool of these servers (did you mean "alpha__crash"?)'],
    ],
    ['a published name under --config', ['--deny', 'beta__crash', '--deny', 'alpha__*', '--config', config], []],
    [
      'globs under a config whose one server never starts, judged by the server up',
      ['--deny', 'alpha__crahs', '--deny', 'dead__x', '--deny', 'alpha__crash', '--config', withDead],
      [
        '--deny "alpha__crahs" matches no tool of the servers up (did you mean "alpha__crash"?); ' +
          'it might match a tool of server "dead", not up',
        '--deny "dead__x" matches no tool of the servers up; it might match a tool of server "dead", not up',
      ],
    ],
  ])(
    '%s',
    (_, args, expected) => {
      expect(unmatched(args)).toEqual(expected.map((line) => `toolgate proxy: ${line}`));
    },
    30_000,
  );
});
