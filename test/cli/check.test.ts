import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRegistry } from '../../src/cli/catalog-input.js';
import { corpusOrSkip, TOOL_SCHEMAS_DIR } from '../fixtures/tool-corpus.js';
import { runInProcess } from './run-cli.js';

const SHARED = TOOL_SCHEMAS_DIR;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const good = {
  name: 'get_weather',
  description: 'Weather.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};
const refused = { name: 'legacy', inputSchema: { type: 'object', dependencies: { a: ['b'] } } };
const broken = { name: 'broken', inputSchema: { type: 'object', properties: { x: { type: 5 } } } };

function write(name: string, value: unknown): string {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('toolgate check --compile', () => {
  it('lazy gives the same report as eager (the default), in either mode', async () => {
    const file = write('compile-modes.json', { tools: [good, refused, broken] });
    for (const mode of ['strict', 'quarantine']) {
      const eager = await runInProcess(['check', file, '--mode', mode, '--format', 'json']);
      const lazy = await runInProcess(['check', file, '--mode', mode, '--format', 'json', '--compile', 'lazy']);
      expect(lazy).toEqual(eager);
      expect(await runInProcess(['check', file, '--mode', mode, '--format', 'json', '--compile', 'eager'])).toEqual(
        eager,
      );
    }
  });

  it('refuses another value as a usage error', async () => {
    const r = await runInProcess(['check', write('compile-bad.json', [good]), '--compile', 'later']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--compile must be eager or lazy, got "later"');
  });
});

describe('toolgate check (files)', () => {
  it('admits a clean array catalog: exit 0, one line per tool, a summary', async () => {
    const file = write('clean.json', [good]);
    const r = await runInProcess(['check', file]);
    expect(r).toEqual({
      code: 0,
      err: '',
      out:
        `${file}: admitted\n  accepted    get_weather\nsummary: 1 ` +
        `accepted, 0 quarantined, 0 rejected; 1 of 1 catalog admitted\n`,
    });
  });

  it('rejects in strict mode with the class and schema locations: exit 1', async () => {
    const file = write('mixed.json', { tools: [good, refused, broken] });
    const r = await runInProcess(['check', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}: not admitted`);
    expect(r.out).toContain(
      '  rejected    legacy  unsupported_capability\n      inputSchema#/dependencies: keyword "dependencies"',
    );
    expect(r.out).toMatch(/ {2}rejected {4}broken {2}validation\n {6}inputSchema#\/properties\/x\/type: /);
    expect(r.out).toContain(
      'summary: 0 accepted, 1 ok (batch not admitted), 0 quarantined, 2 rejected; 0 of 1 catalog admitted',
    );
  });

  it('does not call a passing tool of a failed batch accepted, in text or JSON', async () => {
    const file = write('failed-batch.json', [good, broken]);
    const text = await runInProcess(['check', file]);
    expect(text.out).toContain('  ok (batch not admitted) get_weather\n');
    expect(text.out).not.toMatch(/^ {2}accepted/m);
    const json = JSON.parse((await runInProcess(['check', '--format', 'json', file])).out);
    expect(json.catalogs[0].tools[0]).toMatchObject({ name: 'get_weather', verdict: 'passed-unadmitted' });
    expect(json.summary).toMatchObject({ accepted: 0, passedUnadmitted: 1, rejected: 1 });
  });

  it('quarantines refused capabilities but still rejects broken schemas', async () => {
    const only = write('refusable.json', [good, refused]);
    const q = await runInProcess(['check', '--mode', 'quarantine', only]);
    expect(q.code).toBe(0);
    expect(q.out).toContain('  quarantined legacy  unsupported_capability');
    const mixed = write('mixed2.json', [good, refused, broken]);
    const r = await runInProcess(['check', '--mode', 'quarantine', mixed]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('summary: 0 accepted, 1 ok (batch not admitted), 1 quarantined, 1 rejected');
  });

  it('reads a folder of files and standard input', async () => {
    write('tree/a/one.json', good);
    write('tree/b.json', [{ ...good, name: 'other' }]);
    const r = await runInProcess(['check', join(dir, 'tree'), '-'], {
      stdin: JSON.stringify({ tools: [{ ...good, name: 'from_stdin' }] }),
    });
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => l.endsWith(': admitted'))).toEqual([
      `${join(dir, 'tree/a/one.json')}: admitted`,
      `${join(dir, 'tree/b.json')}: admitted`,
      '<stdin>: admitted',
    ]);
  });

  it('prints one JSON report with locations', async () => {
    const file = write('json.json', [good, broken]);
    const r = await runInProcess(['check', '--format', 'json', file]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({
      admitted: false,
      mode: 'strict',
      summary: { accepted: 0, passedUnadmitted: 1, quarantined: 0, rejected: 1, catalogs: 1, admittedCatalogs: 0 },
    });
    expect(report.catalogs[0].tools[1]).toMatchObject({
      index: 1,
      name: 'broken',
      verdict: 'rejected',
      class: 'validation',
    });
    expect(report.catalogs[0].tools[1].violations[0].location).toBe('inputSchema#/properties/x/type');
  });

  it('colours verdicts only when asked (a terminal)', async () => {
    const file = write('colour.json', [good]);
    expect((await runInProcess(['check', file])).out).not.toContain('\u001b[');
    expect((await runInProcess(['check', file], { colour: true })).out).toContain('\u001b[32maccepted');
  });

  it('names both files when two registry documents declare the same $id', async () => {
    const a = write('dup-named/a.json', { $id: 'https://example.com/twice', type: 'string' });
    const b = write('dup-named/b.json', { $id: 'https://example.com/twice', type: 'integer' });
    const r = await runInProcess(['check', '--registry', join(dir, 'dup-named'), write('dup-user.json', [good])]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`toolgate check: ${b}: "$id" "https://example.com/twice" is already declared by ${a}\n`);
  });

  it('keeps a registry $id of "__proto__" as a key instead of setting the prototype', () => {
    write('proto-registry/p.json', { $id: '__proto__', type: 'string' });
    const r = readRegistry(join(dir, 'proto-registry'));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
      expect(Object.keys(r.value)).toEqual(['__proto__']);
      expect(Object.getOwnPropertyDescriptor(r.value, '__proto__')?.value).toEqual({
        $id: '__proto__',
        type: 'string',
      });
    }
  });

  it('resolves $ref through --registry', async () => {
    write('registry/addr.json', {
      $id: 'https://example.com/addr',
      type: 'object',
      properties: { street: { type: 'string' } },
    });
    const file = write('uses-ref.json', [
      { name: 'ship', inputSchema: { type: 'object', properties: { to: { $ref: 'https://example.com/addr' } } } },
    ]);
    expect((await runInProcess(['check', file])).code).toBe(1);
    expect((await runInProcess(['check', '--registry', join(dir, 'registry'), file])).code).toBe(0);
  });

  it.each([
    ['a missing file', ['check', '/nonexistent/catalog.json'], '/nonexistent/catalog.json: cannot read'],
    ['a file that is not JSON', ['check', 'NOTJSON'], 'not-json.json: not JSON'],
    ['JSON that is not a catalog', ['check', 'NOTCATALOG'], 'not-catalog.json: not a catalog'],
    ['standard input that is not JSON', ['check', '-'], '<stdin>: not JSON'],
    ['no input at all', ['check'], 'nothing to check'],
    ['an unknown mode', ['check', '--mode', 'loose', 'x'], '--mode must be strict or quarantine'],
    ['an unknown option', ['check', '--fast', 'x'], 'unknown option --fast'],
    [
      'an option named after an inherited property (--constructor)',
      ['check', '--constructor', 'x', 'x'],
      'unknown option --constructor',
    ],
    ['an option named __proto__', ['check', '--__proto__', 'x', 'x'], 'unknown option --__proto__'],
    ['two registry files declaring one $id', ['check', '--registry', 'DUPREGISTRY', 'x'], 'is already declared by'],
  ])('exits 2 for %s, naming it', async (_why, argv, message) => {
    const files: Record<string, string> = {
      NOTJSON: write('not-json.json', '{"tools": ['),
      NOTCATALOG: write('not-catalog.json', { hello: 1 }),
      DUPREGISTRY: join(dir, 'dup-registry'),
    };
    write('dup-registry/a.json', { $id: 'https://example.com/same', type: 'string' });
    write('dup-registry/b.json', { $id: 'https://example.com/same#', type: 'integer' });
    const r = await runInProcess(
      argv.map((a) => files[a] ?? a),
      { stdin: 'nope' },
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.out).toBe('');
  });
});

describe('toolgate check on the shared real tool schemas', () => {
  it('gives every file one verdict and exits 1 exactly when one is not admitted', async (ctx) => {
    corpusOrSkip(ctx);
    const r = await runInProcess(['check', '--format', 'json', SHARED]);
    const report = JSON.parse(r.out);
    expect(report.summary.catalogs).toBe(200);
    expect(report.catalogs.every((c: { tools: unknown[] }) => c.tools.length === 1)).toBe(true);
    expect(r.code).toBe(report.admitted ? 0 : 1);
    const q = JSON.parse((await runInProcess(['check', '--mode', 'quarantine', '--format', 'json', SHARED])).out);
    // Quarantine only moves unsupported_capability schemas out of "rejected"; the total never changes.
    expect(q.summary.accepted).toBe(report.summary.accepted);
    expect(q.summary.quarantined + q.summary.rejected).toBe(report.summary.rejected);
    console.log(`real tool schemas: strict ${JSON.stringify(report.summary)}; quarantine ${JSON.stringify(q.summary)}`);
  });
});

describe('toolgate check: a terminal escape in a foreign text is written out, never acted on', () => {
  it('shows a tool name and a schema value holding ESC and BEL as \\u001b and \\u0007, in colour too', async () => {
    const file = write('ansi.json', {
      tools: [
        { name: 'evil\u001b]0;pwned\u0007\u001b[2J', inputSchema: { type: 'object' } },
        { name: 'ok', inputSchema: { type: 'object', properties: { a: { type: 'strin\u009bg' } } } },
      ],
    });
    for (const colour of [false, true]) {
      const run = await runInProcess(['check', file], { colour });
      // The report's own colours are the only escapes left.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the report's own colour codes are taken out first
      const controls = [...run.out.replace(/\u001b\[\d+m/g, '')].filter((c) => {
        const n = c.charCodeAt(0);
        return (n < 0x20 && c !== '\n' && c !== '\t') || (n >= 0x7f && n <= 0x9f);
      });
      expect(controls).toEqual([]);
      expect(run.out).toContain('evil\\u001b]0;pwned\\u0007\\u001b[2J');
      expect(run.out).toContain('strin\\u009bg');
    }
  });

  // A location is the schema's keys: it was printed raw, so a key could clear the screen, start a line of its own
  // ("FAKE accepted") or fill the log with 100,000 characters.
  // A key with a terminal escape in a schema that compiles is refused as published text now (published-text.ts): the
  // lint warning's location is shown with characters that show nothing instead.
  it.each([
    ['a violation', { type: 'strng' }, 'x\u001b[2J\u001b]0;PWNED\u0007', 'x\\u001b[2J\\u001b]0;PWNED\\u0007'],
    ['a lint warning', { types: 'string' }, 'x\u200b\u2060\ufeff', 'x\\u200b\\u2060\\ufeff'],
  ])('writes out and clips the location of %s', async (_, bad, lead, shown) => {
    const key = `${lead}\nFAKE accepted    evil\r`;
    const long = 'k'.repeat(100_000);
    const file = write('ansi-location.json', {
      tools: [
        { name: 't', inputSchema: { type: 'object', properties: { [key]: bad } } },
        { name: 'u', inputSchema: { type: 'object', properties: { a: { properties: { [long]: bad } } } } },
      ],
    });
    const run = await runInProcess(['check', file]);
    expect(run.out).not.toMatch(/^FAKE/m);
    const controls = [...run.out].filter((c) => c.charCodeAt(0) < 0x20 && c !== '\n');
    expect(controls).toEqual([]);
    expect(run.out).toContain(shown);
    expect(Math.max(...run.out.split('\n').map((l) => l.length))).toBeLessThan(600);
  });
});
