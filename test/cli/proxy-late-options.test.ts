// `toolgate proxy <command> ... --deny x`: proxy's own options after the server's command go to the server (the
// words from the command on are the server's). A newcomer's find: `toolgate proxy npx server --deny 'delete_*'`
// published delete_* tools with nothing said. Each such option is now said on stderr, once, never its value;
// after "--" the words were marked as the server's and nothing is said. The server here is a missing program.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join(new URL('../..', import.meta.url).pathname, 'dist/cli/main.js');
const said = (flag: string): string =>
  `toolgate proxy: "${flag}" after the server's command went to the server; toolgate's options go before it`;

/** The stderr lines of `toolgate proxy <argv>` that name an option written after the command. */
function lateLines(argv: string[]): string[] {
  const run = spawnSync(process.execPath, [CLI, 'proxy', ...argv], { input: '', encoding: 'utf8', timeout: 30_000 });
  return run.stderr.split('\n').filter((line) => line.includes("after the server's command"));
}

describe("proxy: toolgate's options after the server's command", () => {
  it.each([
    ['--deny after the command', ['/nowhere/server', '-y', '--deny', 'delete_*'], [said('--deny')]],
    ['the --opt=value form, its value unsaid', ['/nowhere/server', '--env=TOKEN=s3cret'], [said('--env')]],
    [
      'each option once, in order',
      ['/nowhere/server', '--lock', 'a', '--allow', 'b', '--lock', 'c', '--mode=strict'],
      [said('--lock'), said('--allow'), said('--mode')],
    ],
    ["an option proxy does not have, or one that guards nothing: the server's", ['/nowhere/s', '--port', '1'], []],
    ['options before the command', ['--deny', 'x', '/nowhere/server', '--verbose'], []],
    ['after "--": marked as the server\'s', ['--', '/nowhere/server', '--deny', 'x'], []],
  ])('%s', (_, argv, expected) => {
    const lines = lateLines(argv);
    expect(lines).toEqual(expected);
    expect(lines.join('\n')).not.toContain('s3cret');
  });
});
