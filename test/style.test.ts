// House rules the formatter cannot keep: lines of at most 120 columns (Biome wraps code, not long strings or
// comments), and comments that stay true: none cites a tracker number (the tracker is not part of the code)
// and none names a file that does not exist (it was moved or removed since the comment was written).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const FOLDERS = ['src', 'test', 'bench', 'scripts', 'compliance', 'examples'];
const MAX_COLUMNS = 120;
// The official suite a few comments name a file of (committed under vendor/).
const SUITE = join(ROOT, 'vendor', 'json-schema-test-suite', 'tests', 'draft2020-12');

const tracked = execFileSync('git', ['ls-files', ...FOLDERS], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && existsSync(join(ROOT, f)));
// JSON files are data (suite expectations, package manifests): their long lines are single strings. Generated
// code is Ajv's, held to its generator instead (test/schema/meta-generated.test.ts).
const textFiles = tracked.filter((f) => !f.endsWith('.json') && !f.includes('.generated.'));
const codeFiles = tracked.filter((f) => /\.(ts|mts|mjs|js)$/.test(f));
// This file's own comments and strings show made-up names on purpose.
const SELF = 'test/style.test.ts';
const trackedNames = new Set(
  execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .map((f) => basename(f)),
);

/** Every `// ...` and `/* ... *\/` comment of a source text (strings are not told apart: a rare false hit). */
export function commentsOf(source: string): string[] {
  return [...source.matchAll(/(?<![:'"`\\])\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]);
}

/** File names a comment mentions: `path/name.ts`, `name.json`, `README.md`. */
export function fileMentions(comment: string): string[] {
  return [...comment.matchAll(/[\w@./-]*[\w-]\.(?:ts|mts|mjs|js|json|md)\b/g)]
    .map((m) => m[0])
    .filter((t) => !t.includes('://') && !t.startsWith('//'));
}

/** Does a mentioned file exist, from the root, src/, test/, the commenting file's folder or the suite? */
function exists(mention: string, from: string): boolean {
  // A built file (dist/) stands for its source, so the check holds before `npm run build` too.
  if (mention.startsWith('dist/')) return exists(mention.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'), from);
  const places = [ROOT, join(ROOT, 'src'), join(ROOT, 'test'), join(ROOT, dirname(from)), SUITE];
  if (places.some((p) => existsSync(join(p, mention)))) return true;
  return !mention.includes('/') && trackedNames.has(mention);
}

const TRACKER = /\bissues? #?\d+|\bitems? \d+ of issue/i;

describe('house style', () => {
  it('reads the files it checks', () => {
    expect(codeFiles.length).toBeGreaterThan(150);
    expect(textFiles.length).toBeGreaterThanOrEqual(codeFiles.length);
  });

  it(`has no line longer than ${MAX_COLUMNS} columns in ${FOLDERS.join(', ')}`, () => {
    const long: string[] = [];
    for (const file of textFiles) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (line.length > MAX_COLUMNS) long.push(`${file}:${i + 1} (${line.length})`);
        });
    }
    expect(long).toEqual([]);
  });

  it('has no comment citing a tracker number', () => {
    const cited = codeFiles
      .filter((file) => file !== SELF)
      .flatMap((file) =>
        commentsOf(readFileSync(join(ROOT, file), 'utf8'))
          .filter((c) => TRACKER.test(c))
          .map((c) => `${file}: ${c.slice(0, 80)}`),
      );
    expect(cited).toEqual([]);
  });

  it('has no comment naming a file that does not exist', () => {
    const stale = codeFiles
      .filter((file) => file !== SELF)
      .flatMap((file) =>
        commentsOf(readFileSync(join(ROOT, file), 'utf8'))
          .flatMap(fileMentions)
          .filter((mention) => !exists(mention, file))
          .map((mention) => `${file}: ${mention}`),
      );
    expect(stale).toEqual([]);
  });

  it('the checks above can fail', () => {
    expect(TRACKER.test('// added for issue 12')).toBe(true);
    expect(TRACKER.test('// UTS #46 and RFC 3490')).toBe(false);
    expect(commentsOf("const a = 'x'; // see src/old.ts\n/** and regex/gone.ts */")).toEqual([
      '// see src/old.ts',
      '/** and regex/gone.ts */',
    ]);
    expect(fileMentions('// see src/old.ts and https://example.com/a.js')).toEqual(['src/old.ts']);
    expect(exists('src/old.ts', 'test/style.test.ts')).toBe(false);
    expect(exists('schema/walk.ts', 'test/style.test.ts')).toBe(true);
  });
});
