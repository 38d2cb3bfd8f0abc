// README.md stays a short front page: under 12 KB, the CLI in five `npx toolgate` commands whose every flag the
// CLI's usage names, `npm` commands that exist, and links that resolve. Its quickstart runs in samples.test.ts
// and, against the packed package, in test/package/.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/cli/dispatch.js';
import { ROOT } from './samples.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The body of the first fenced block after a heading. */
function blockAfter(heading: string): string {
  const at = README.indexOf(`\n${heading}\n`);
  expect(at, `README has no heading ${heading}`).toBeGreaterThanOrEqual(0);
  const start = README.indexOf('```', at);
  const body = README.indexOf('\n', start) + 1;
  return README.slice(body, README.indexOf('\n```', body));
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

  it('shows the CLI in five npx toolgate commands, each flag one that the usage of its subcommand names', () => {
    const cli = commands(blockAfter('## Command line'));
    expect(cli).toHaveLength(5);
    const usageOf = (sub: string): string =>
      USAGE.split('\n  toolgate ')
        .filter((part) => part.startsWith(`${sub} `))
        .join(' ');
    for (const line of cli) {
      const [npx, bin, sub, ...rest] = line.split(/\s+/);
      expect([npx, bin]).toEqual(['npx', 'toolgate']);
      expect(['check', 'validate', 'serve'], line).toContain(sub);
      for (const flag of rest.filter((w) => /^--[a-z]/.test(w)))
        expect(usageOf(sub as string), `${line}: ${flag}`).toContain(`${flag} `);
    }
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
