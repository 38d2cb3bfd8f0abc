// Every help text and usage line comes from the one option table per command (src/cli/commands.ts): these tests
// read the table, so an option cannot be added without its help, and help cannot name an option that is gone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, type CliCommand } from '../../src/cli/commands.js';
import { optionSynopsis, USAGE } from '../../src/cli/help.js';
import { runInProcess } from './run-cli.js';

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const DOC = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
const squash = (text: string): string => text.replace(/\s+/g, ' ');
const flagsIn = (text: string): string[] => [...new Set([...text.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!))];
const byName = (name: string): CliCommand => COMMANDS.find((c) => c.name === name)!;

describe('toolgate --version and help', () => {
  it('--version prints the package version and exits 0', async () => {
    expect(await runInProcess(['--version'])).toEqual({ code: 0, out: `${PACKAGE.version}\n`, err: '' });
  });

  it.each([[['help']], [['--help']], [['-h']]])(
    '%j lists every command with its summary and usage, exit 0',
    async (argv) => {
      const r = await runInProcess(argv);
      expect(r.code).toBe(0);
      expect(r.err).toBe('');
      for (const c of COMMANDS) expect(r.out).toContain(`  ${c.name.padEnd(10)}${c.summary}\n`);
      expect(r.out).toContain(USAGE.trimEnd());
    },
  );

  it.each(COMMANDS.map((c) => [c.name]))(
    'help %s, <command> --help and <command> -h print the same help, exit 0',
    async (name) => {
      const runs = await Promise.all([
        runInProcess(['help', name]),
        runInProcess([name, '--help']),
        runInProcess([name, '-h']),
        // Help wins over every other word, even a bad option (proxy: one before the server's command).
        runInProcess([name, '--no-such-option', '--help', 'x']),
      ]);
      for (const r of runs) expect(r).toEqual({ code: 0, out: runs[0]!.out, err: '' });
      expect(runs[0]!.out.startsWith(`toolgate ${name}: `)).toBe(true);
    },
  );

  it('help for a command that does not exist is a usage error', async () => {
    const r = await runInProcess(['help', 'frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no command "frobnicate"; commands: check, lock, validate, serve, proxy');
  });

  it('a word after -- is not a request for help (serve passes it to the program)', async () => {
    // A zero timeout stops serve at start-up, after its command line was read without printing help.
    const r = await runInProcess(['serve', '--name', 'h', '--timeout', '0', '--exec', 'echo', '--', '--help']);
    expect(r).toEqual({
      code: 2,
      out: '',
      err: 'toolgate serve: --timeout (seconds) must be a positive number, got "0"\n',
    });
  });
});

describe.each(COMMANDS.map((c) => [c.name, c] as const))('the option table of %s', (name, command) => {
  it('describes every option, and every string option says what its value looks like', () => {
    for (const o of command.options) {
      expect(o.description.length, o.name).toBeGreaterThan(10);
      expect(o.type === 'string' ? o.value : 'switch', o.name).toBeTruthy();
      expect(o.type === 'boolean' ? o.value : undefined, `${o.name} is a switch`).toBeUndefined();
    }
  });

  it('--help names every option with its description', async () => {
    const help = squash((await runInProcess([name, '--help'])).out);
    for (const o of command.options) expect(help, o.name).toContain(squash(`${optionSynopsis(o)} ${o.description}`));
  });

  it('its usage forms name every option but --help, and no other', () => {
    const usage = command.usage.join('\n');
    const declared = command.options.map((o) => o.name).filter((n) => n !== 'help');
    expect(flagsIn(usage).sort()).toEqual(declared.sort());
  });

  it('the usage printed with a usage error holds its forms', () => {
    for (const line of command.usage) expect(USAGE).toContain(`  ${line}\n`);
  });

  // docs-check.test.ts runs the command and compares what the docs show under it.
  it('docs/cli.md shows its --help', () => {
    expect(DOC).toContain(`\n$ npx toolgate ${name} --help\ntoolgate ${name}: ${command.summary}\n`);
  });
});

describe('usage forms of serve', () => {
  // --config replaces the four flags that define one tool.
  it('the --config form takes none of --name, --description, --input-schema, --exec', () => {
    const config = byName('serve').usage.find((l) => l.includes('--config'))!;
    for (const f of ['name', 'description', 'input-schema', 'exec']) expect(flagsIn(config)).not.toContain(f);
  });

  it("docs/proxy.md's synopsis is proxy --help's usage, line for line", () => {
    const page = readFileSync(new URL('../../docs/proxy.md', import.meta.url), 'utf8');
    expect(page).toContain(`\`\`\`\n${byName('proxy').usage.join('\n')}\n\`\`\``);
  });
});
