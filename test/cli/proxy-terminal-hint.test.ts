// `toolgate proxy` run by a person in a terminal said nothing once its server was up, and could not be told from a
// hung command (a newcomer's find): on a terminal it says it serves MCP on stdin and stdout. A client's pipe is no
// terminal: what an MCP client reads on stderr stays as it was. The terminal is util-linux `script`'s pseudo-tty.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const SERVER = join(ROOT, 'test/proxy/fixtures/aggregate-server.mjs');
const HINT = 'serving MCP on stdin and stdout';
const proxyArgs = ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--', process.execPath, SERVER];
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

/** Everything the proxy wrote until `done` says enough (and `moreMs` after), or 30 s; then the proxy is stopped. */
function run(command: string, args: string[], done: (text: string) => boolean, moreMs = 0): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let text = '';
    let seen = false;
    const finish = (): void => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      resolve(text);
    };
    const timer = setTimeout(finish, 30_000);
    const read = (chunk: Buffer): void => {
      text += chunk.toString();
      if (!seen && done(text)) {
        seen = true;
        setTimeout(finish, moreMs);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
}

describe('proxy on a terminal says it serves', () => {
  it.skipIf(!hasScript)('on a pseudo-terminal: the hint after the published tools (skipped: no `script`)', async () => {
    const line = [process.execPath, ...proxyArgs].map((a) => `'${a}'`).join(' ');
    const text = await run('script', ['-qfc', line, '/dev/null'], (t) => t.includes(HINT));
    expect(text).toContain('tools published');
    expect(text).toContain(`toolgate proxy: ${HINT}: an MCP client starts this command (Ctrl-C stops it)`);
  });

  it('on a pipe (an MCP client): no hint', async () => {
    // The hint would come in the same turn as the listing line: half a second more lets it arrive if written.
    const text = await run(process.execPath, proxyArgs, (t) => t.includes('tools published'), 500);
    expect(text).toContain('tools published');
    expect(text).not.toContain(HINT);
  });
});
