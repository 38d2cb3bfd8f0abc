// README.md stays a short front page: under 12 KB, an install that works before the package is on the registry,
// the CLI in nine `npx toolgate` commands whose every flag the CLI's usage names, MCP servers (here and in docs/)
// started as `npx -y <real package>`, `npm` commands that exist, and links that resolve. Its quickstart runs in
// samples.test.ts and, against the packed package, in test/package/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/cli/dispatch.js';
import { ROOT } from './samples.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};

/** The bodies of the fenced blocks of a section, in order. */
function blocksOf(heading: string): string[] {
  const at = README.indexOf(`\n${heading}\n`);
  expect(at, `README has no heading ${heading}`).toBeGreaterThanOrEqual(0);
  const end = README.indexOf('\n## ', at + 1);
  const section = README.slice(at, end < 0 ? undefined : end);
  return [...section.matchAll(/\n```[a-z]*\n([\s\S]*?)\n```/g)].map((m) => m[1] as string);
}

/** The body of the first fenced block after a heading. */
const blockAfter = (heading: string): string => blocksOf(heading)[0] ?? '';

/** The Command line section's block of `npx toolgate` commands, and the set-up block before it. */
function cliBlocks(): { setup: string; cli: string } {
  const blocks = blocksOf('## Command line');
  const at = blocks.findIndex((b) => b.startsWith('npx toolgate '));
  return { setup: blocks.slice(0, Math.max(at, 0)).join('\n'), cli: blocks[at] ?? '' };
}

/** The commands of a shell block, comments and alignment removed. */
const commands = (block: string): string[] =>
  block
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '');

describe('README.md', () => {
  it('is under 12 KB', () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThan(12 * 1024);
  });

  it('shows the CLI in nine npx toolgate commands, each flag one that the usage of its subcommand names', () => {
    const cli = commands(cliBlocks().cli);
    expect(cli).toHaveLength(9);
    const usageOf = (sub: string): string =>
      USAGE.split('\n  toolgate ')
        .filter((part) => part.startsWith(`${sub} `))
        .join(' ');
    for (const line of cli) {
      const [npx, bin, sub, ...rest] = line.split(/\s+/);
      expect([npx, bin]).toEqual(['npx', 'toolgate']);
      expect(['check', 'validate', 'serve', 'proxy', 'wrap'], line).toContain(sub);
      // A flag with a value (`--mode strict`) or a boolean one (`[--write]`).
      for (const flag of rest.filter((w) => /^--[a-z]/.test(w)))
        expect(usageOf(sub as string), `${line}: ${flag}`).toMatch(new RegExp(`${flag}[ \\]]`));
    }
  });

  it('says how to install before the package is on the registry: a packed tarball of this version, or git', () => {
    const install = commands(blockAfter('## Install'));
    expect(install).toEqual(
      expect.arrayContaining([
        // The tarball's path taken where it is made, so the steps work whatever the clone's folder is named.
        expect.stringMatching(new RegExp(` npm pack && TGZ="\\$PWD/toolgate-${PACKAGE.version}\\.tgz"$`)),
        // The quickstart awaits at the top level: the new project must be an ES module package.
        // -p: a second run of the block (a newcomer's) does not stop at mkdir.
        expect.stringMatching(/^mkdir -p \S+ && cd \S+ && npm init -y && npm pkg set type=module$/),
        // Unset (a new terminal), "$TGZ" alone would install nothing and say "up to date"; this stops instead.
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion, as README shows it
        'npm install "${TGZ:?set by the first line, in this shell}"',
      ]),
    );
    // The block runs pasted whole (a newcomer's run): no placeholder a shell reads as a redirect (`<host>`), no
    // install of a package the registry does not have yet. Those ways are said beside it.
    expect(install.filter((c) => c.includes('<') || c === 'npm install toolgate')).toEqual([]);
    const section = README.slice(
      README.indexOf('## Install'),
      README.indexOf('\n## ', README.indexOf('## Install') + 3),
    );
    expect(section).toContain('`npm install git+https://<host>/<owner>/toolgate.git`');
    expect(section).toContain('`npm install toolgate`');
  });

  it('starts MCP servers with npx -y and the package that is really meant (a dev dependency, run by tests)', () => {
    const docs = readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`);
    // The command of an --mcp option: without -y, npx outside a clone stops at an "Ok to proceed?" prompt; a
    // bare bin name such as mcp-server-filesystem installs whatever package owns that name on the registry.
    const started = ['README.md', ...docs].flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/--mcp "(?:env (?:\S+=\S+ )+)?npx ([^"]*)"/g)].map(
        (m) => `${file}: npx ${m[1]}`,
      ),
    );
    expect(started.length).toBeGreaterThanOrEqual(5);
    const wrong = started.filter((line) => {
      const [, flag, name] = /npx (\S+) (\S+)/.exec(line) ?? [];
      return flag !== '-y' || name === undefined || PACKAGE.devDependencies[name] === undefined;
    });
    expect(wrong).toEqual([]);
  });

  it('runs no package with npx but with -y, toolgate itself (installed first) or a dev dependency of the clone', () => {
    const docs = readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`);
    // Outside the clone npx stops at its "Ok to proceed?" prompt for a package it has not got: a change note's
    // `npx server-postgres` was one (a user's check). Only a clone's own dev dependencies run without -y.
    const wrong = ['README.md', ...docs].flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bnpx (?!-y\b)(@?[\w./-]+)/g)]
        .map((m) => m[1] as string)
        .filter((name) => name !== 'toolgate' && PACKAGE.devDependencies[name] === undefined)
        .map((name) => `${file}: npx ${name}`),
    );
    expect(wrong).toEqual([]);
  });

  // A reader runs the commands in order in the project Install made: none may read a file nothing made.
  it('makes every file a Command line command reads in an earlier step', () => {
    const { setup, cli } = cliBlocks();
    const made = new Set([...setup.matchAll(/(?:> |mkdir -p )(\S+)/g)].map((m) => (m[1] as string).replace(/\/$/, '')));
    const read = commands(cli).flatMap((line) =>
      line
        .split(/\s+/)
        .slice(3)
        .filter((w) => /^[\w.-]+(\.json|\/)$/.test(w))
        .map((w) => w.replace(/\/$/, '')),
    );
    expect(read).toEqual(expect.arrayContaining(['tools.json', 'tools', 'schema.json']));
    expect(read.filter((f) => !made.has(f))).toEqual([]);
  });

  it('names the file and command that run the Quickstart on Node 20, and the commands needing the MCP SDK', () => {
    expect(README).toContain('save this as `quickstart.js` and run `node quickstart.js`');
    expect(README).toMatch(/<!-- sample: quickstart -->\n```js\n/);
    // check and lock list servers by the proxy's own code (src/proxy/stdio-lister.ts): serve alone needs the SDK.
    expect(README).toMatch(/`serve` needs the\s+MCP SDK peer/);
  });

  // TypeScript 6 and later stop at a tsconfig.json in the folder or above (TS5112) where files are named, and
  // npx without a version takes the newest: the line names the minor the package is tested with.
  it('type-checks the Quickstart with the TypeScript minor of the dev dependencies', () => {
    const tested = /^\D*(\d+\.\d+)/.exec(PACKAGE.devDependencies['typescript'] ?? '')?.[1];
    const named = /npx -y -p typescript@(\S+) tsc --strict --noEmit [^`]*quickstart\.ts`/.exec(README)?.[1];
    expect(tested).toBeDefined();
    expect(named).toBe(tested);
  });

  it('names only npm scripts that package.json has', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts;
    const named = [...README.matchAll(/npm run ([a-z:-]+)/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(0);
    for (const script of named) expect(Object.keys(scripts), script).toContain(script);
  });

  it('links only to files that exist', () => {
    const links = [...README.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1] as string).filter((l) => !l.includes('://'));
    expect(links.length).toBeGreaterThan(8);
    const missing = links.filter((l) => !existsSync(join(ROOT, l)));
    expect(missing).toEqual([]);
  });
});
