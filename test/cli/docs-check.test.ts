// Every command docs/cli.md shows is run, and prints what the docs show under it. A command line is
// `$ [echo '<stdin>' | ]npx toolgate <args>[; echo "exit $?"][ | head -1 or | tail -1]`, split as a shell
// splits words; a line `…` in the output elides lines between a prefix and a suffix. `serve` runs as a process
// with the given stdin (it serves until stdin ends); the rest run in-process from the repository root.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../src/exec/command-line.js';
import { corpusOrSkip } from '../fixtures/tool-corpus.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const DOC = readFileSync(`${ROOT}docs/cli.md`, 'utf8');

/** One shown command and the output under it. */
interface Shown {
  readonly line: string;
  readonly stdin: string;
  readonly argv: string[];
  readonly echoExit: boolean;
  readonly cut: 'head' | 'tail' | undefined;
  readonly output: string[];
}

const COMMAND = /^\$ (?:echo '([^']*)' \| )?npx toolgate (.*?)(; echo "exit \$\?")?(?: \| (head|tail) -1)?$/;

/** Every `$ ` line of the fenced blocks, with the lines under it. */
function shownCommands(): { commands: Shown[]; others: string[] } {
  const commands: Shown[] = [];
  const others: string[] = [];
  let inBlock = false;
  let current: Shown | undefined;
  for (const line of DOC.split('\n')) {
    if (line.startsWith('```')) {
      inBlock = !inBlock;
      current = undefined;
      continue;
    }
    if (!inBlock) continue;
    if (line.startsWith('$ ')) {
      current = undefined;
      const m = COMMAND.exec(line);
      const argv = m === null ? undefined : splitCommandLine(m[2]!);
      if (m === null || argv === undefined) {
        others.push(line);
        continue;
      }
      current = {
        line,
        stdin: m[1] === undefined ? '' : `${m[1]}\n`,
        argv,
        echoExit: m[3] !== undefined,
        cut: m[4] as Shown['cut'],
        output: [],
      };
      commands.push(current);
    } else current?.output.push(line);
  }
  return { commands, others };
}

const { commands, others } = shownCommands();

/** What the command prints, run as the docs say. */
async function run(c: Shown): Promise<string[]> {
  let out: string;
  let code: number;
  if (c.argv[0] === 'serve') {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...c.argv], {
      cwd: ROOT,
      encoding: 'utf8',
      input: c.stdin,
      timeout: 60_000,
    });
    out = `${r.stdout}${r.stderr}`;
    code = r.status ?? -1;
  } else {
    const prev = process.cwd();
    process.chdir(ROOT);
    try {
      const r = await runInProcess(c.argv, { stdin: c.stdin });
      out = `${r.out}${r.err}`;
      code = r.code;
    } finally {
      process.chdir(prev);
    }
  }
  let lines = out.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (c.cut === 'tail') lines = lines.slice(-1);
  if (c.cut === 'head') lines = lines.slice(0, 1);
  if (c.echoExit) lines.push(`exit ${code}`);
  return lines;
}

describe('docs/cli.md', () => {
  it('shows commands (every $ line is one, or a transcript line starting "$ …")', () => {
    expect(commands.length).toBeGreaterThan(15);
    expect(others.filter((l) => !l.startsWith('$ … '))).toEqual([]);
  });

  it.for(commands.map((c): [string, Shown] => [c.line, c]))('%s', { timeout: 60_000 }, async ([_line, c], ctx) => {
    if (c.argv.some((a) => a.includes('../shared/'))) corpusOrSkip(ctx);
    const actual = await run(c);
    const cut = c.output.indexOf('…');
    if (cut < 0) expect(actual).toEqual(c.output);
    else {
      const head = c.output.slice(0, cut);
      const tail = c.output.slice(cut + 1);
      expect(actual.slice(0, head.length)).toEqual(head);
      expect(actual.slice(actual.length - tail.length)).toEqual(tail);
    }
  });
});
