// `npm run test:quick` runs most files in one shared module graph (vitest.config.ts): a file that replaces a module
// with vi.mock there replaces it for the files after it, and its own import of the real module may come first.
// link-long-keys and class-ranges were left in the shared graph and failed a quick run of test/schema (by file
// order). Every such file is in SLOW (not in the quick run) or OWN_MODULES (a graph of its own).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_MODULES, SLOW } from '../vitest.config.js';

const ROOT = new URL('..', import.meta.url).pathname;

/** A vitest include pattern as a regular expression: `**` any folders, `*` any name part. */
function patternOf(glob: string): RegExp {
  const part = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${glob.split('**').map(part).join('.*')}$`);
}

const outside = [...SLOW, ...OWN_MODULES].map(patternOf);
const tests = execFileSync('git', ['ls-files', 'test', 'src'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f.endsWith('.test.ts'));
const mocking = tests.filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(join(ROOT, f), 'utf8')));

describe('the quick run', () => {
  it('runs every file that replaces a module in a module graph of its own, or not at all', () => {
    expect(mocking.length).toBeGreaterThan(3);
    expect(mocking.filter((f) => !outside.some((p) => p.test(f)))).toEqual([]);
  });

  it('reads the patterns as vitest does', () => {
    expect(patternOf('test/cli/**').test('test/cli/a/b.test.ts')).toBe(true);
    expect(patternOf('test/schema/*-cost.test.ts').test('test/schema/x-cost.test.ts')).toBe(true);
    expect(patternOf('test/schema/*-cost.test.ts').test('test/schema/a/x-cost.test.ts')).toBe(false);
    expect(patternOf('test/adapters/mcp-*.test.ts').test('test/adapters/openai.test.ts')).toBe(false);
  });
});
