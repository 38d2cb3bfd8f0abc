// `toolgate check` with the interop flags: --dialect, --provider, --provider-policy, and lint warnings per tool.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusOrSkip, TOOL_SCHEMAS_DIR } from '../fixtures/tool-corpus.js';
import { runInProcess } from './run-cli.js';

const SHARED = TOOL_SCHEMAS_DIR;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-check-interop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Inside OpenAI's strict subset. */
const closed = {
  name: 'closed',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
};
/** Outside it (open object, optional property), and with a typo lint catches. */
const open = {
  name: 'open',
  inputSchema: {
    type: 'object',
    properties: { q: { type: 'string', minLenght: 1 }, n: { type: 'integer' } },
    required: ['q'],
  },
};
const broken = { name: 'broken', inputSchema: { type: 'object', properties: { x: { type: 5 } } } };

function write(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

describe('check --dialect', () => {
  it('admits a real draft-07 tool (mcp-filesystem/read_file) only with --dialect draft-07', async (ctx) => {
    corpusOrSkip(ctx);
    const file = join(SHARED, 'mcp-filesystem', 'read_file.json');
    const refused = await runInProcess(['check', file]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      '  rejected    read_file  unsupported_capability\n      inputSchema#/$schema: unsupported dialect ' +
        'http://json-schema.org/draft-07/schema#',
    );
    const admitted = await runInProcess(['check', '--dialect', 'draft-07', file]);
    expect(admitted).toEqual({
      code: 0,
      err: '',
      out:
        `${file}: admitted\n  accepted    read_file\nsummary: 1 ` +
        `accepted, 0 quarantined, 0 rejected; 1 of 1 catalog admitted\n`,
    });
  });

  it('is repeatable, keeps 2020-12 first and names each dialect once in the JSON report', async () => {
    const file = write('dialects.json', [closed]);
    const r = await runInProcess([
      'check',
      '--format',
      'json',
      '--dialect',
      'draft-07',
      '--dialect=2019-09',
      '--dialect',
      'draft-07',
      file,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).dialects).toEqual(['2020-12', 'draft-07', '2019-09']);
  });

  it('enforces the enabled dialect with its own semantics (draft-07 dependencies)', async () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', dependencies: { a: ['b'] } };
    const file = write('draft07-deps.json', [{ name: 'legacy', inputSchema: schema }]);
    expect((await runInProcess(['check', file])).code).toBe(1);
    expect((await runInProcess(['check', '--dialect', 'draft-07', file])).code).toBe(0);
  });

  it('admits a draft-07 tool declared with the https spelling of the meta-schema URI', async () => {
    const schema = { $schema: 'https://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false };
    const file = write('draft07-https.json', [{ name: 'legacy', inputSchema: schema }]);
    expect(await runInProcess(['check', '--dialect', 'draft-07', file])).toEqual({
      code: 0,
      err: '',
      out:
        `${file}: admitted\n  accepted    legacy\nsummary: 1 accepted, 0 quarantined, 0 rejected; ` +
        '1 of 1 catalog admitted\n',
    });
  });
});

describe('check --provider (report: findings never change the exit status)', () => {
  it("prints each accepted tool's findings at their schema locations, and counts them", async () => {
    const file = write('provider.json', [closed, open]);
    const r = await runInProcess(['check', '--provider', 'openai-strict', file]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      '  accepted    open\n      warning keyword-typo  inputSchema#/properties/q/minLenght: unknown keyword ' +
        '"minLenght" is ignored; did you mean "minLength"?\n      openai-strict rejects additional-properties-false  ' +
        'inputSchema#: every object needs "additionalProperties": false in strict mode, got none\n',
    );
    expect(r.out).toContain(
      '      openai-strict rejects all-required  inputSchema#/properties/n: property "n" is not in "required"',
    );
    expect(r.out).toMatch(/ {2}accepted {4}closed\n {2}accepted/);
    expect(r.out).toMatch(
      new RegExp(
        'summary: 2 accepted, 0 quarantined, 0 rejected; 1 of 1 catalog admitted; 1 lint warning; ' +
          '\\d+ openai-strict findings \\(2 rejects\\)\\n$',
      ),
    );
  });

  it('reports findings and warnings per tool in JSON, with locations and totals', async () => {
    const file = write('provider-json.json', [closed, open]);
    const r = await runInProcess(['check', '--format', 'json', '--provider', 'openai-strict', file]);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({
      admitted: true,
      provider: 'openai-strict',
      providerPolicy: 'report',
      summary: { accepted: 2, warnings: 1, providerRejects: 2 },
    });
    const [c, o] = report.catalogs[0].tools;
    expect(c).toMatchObject({ name: 'closed', verdict: 'accepted', warnings: [], providerFindings: [] });
    expect(o.providerFindings.map((f: { rule: string; location: string }) => [f.rule, f.location])).toEqual(
      expect.arrayContaining([
        ['additional-properties-false', 'inputSchema#'],
        ['all-required', 'inputSchema#/properties/n'],
      ]),
    );
    expect(o.warnings).toEqual([
      {
        rule: 'keyword-typo',
        message: 'unknown keyword "minLenght" is ignored; did you mean "minLength"?',
        schemaPath: '/properties/q/minLenght',
        location: 'inputSchema#/properties/q/minLenght',
      },
    ]);
  });

  it('shows no findings key without --provider, but still lints', async () => {
    const file = write('no-provider.json', [open]);
    const report = JSON.parse((await runInProcess(['check', '--format', 'json', file])).out);
    expect(report.provider).toBeUndefined();
    expect(report.catalogs[0].tools[0].providerFindings).toBeUndefined();
    expect(report.catalogs[0].tools[0].warnings).toHaveLength(1);
  });

  it('lints the passing tools of a strict batch that failed, without calling them accepted', async () => {
    const file = write('failed-batch.json', [open, broken]);
    const r = await runInProcess(['check', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      '  ok (batch not admitted) open\n      warning keyword-typo  inputSchema#/properties/q/minLenght',
    );
    expect(r.out).toContain(
      'summary: 0 accepted, 1 ok (batch not admitted), 0 quarantined, ' +
        '1 rejected; 0 of 1 catalog admitted; 1 lint warning\n',
    );
  });
});

describe('check prints a lint rule skipped for its cost as a warning of its own', () => {
  it('lint-skipped at each oneOf whose branch compiles pass the lint budget, and exit 0', async () => {
    const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
    const unions = {
      name: 'unions',
      description: 'many oneOfs',
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(
          range(24).map((k) => [`p${k}`, { oneOf: range(16).map((i) => ({ type: 'string', minLength: i + k })) }]),
        ),
      },
    };
    const r = await runInProcess(['check', write('lint-skipped.json', [unions])]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /warning lint-skipped {2}inputSchema#\/properties\/p\d+\/oneOf: lint rule oneof-overlap was skipped/,
    );
  });
});

describe('check --provider-policy quarantine', () => {
  it('fails a strict batch on a tool the provider rejects (exit 1), naming rule and location', async () => {
    const file = write('policy-strict.json', [closed, open]);
    const r = await runInProcess(['check', '--provider', 'openai-strict', '--provider-policy', 'quarantine', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      '  rejected    open  unsupported_capability\n      inputSchema#: openai-strict rule ' +
        'additional-properties-false: every object needs "additionalProperties": false in strict mode, got none\n    ' +
        '  inputSchema#/properties/n: openai-strict rule all-required: property "n" is not in "required"',
    );
    expect(r.out).toContain(
      'summary: 0 accepted, 1 ok (batch not admitted), 0 quarantined, 1 rejected; 0 of 1 catalog admitted; 0 ' +
        'openai-strict findings (0 rejects)\n',
    );
  });

  it('quarantines it with --mode quarantine (exit 0); violations carry the provider rule as keyword', async () => {
    const file = write('policy-quarantine.json', [closed, open]);
    const r = await runInProcess([
      'check',
      '--mode',
      'quarantine',
      '--format',
      'json',
      '--provider',
      'openai-strict',
      '--provider-policy',
      'quarantine',
      file,
    ]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.summary).toMatchObject({ accepted: 1, quarantined: 1, rejected: 0 });
    const o = report.catalogs[0].tools[1];
    expect(o).toMatchObject({ name: 'open', verdict: 'quarantined', class: 'unsupported_capability' });
    expect(o.message).toMatch(
      /^provider openai-strict would reject this schema: rule additional-properties-false at the root: /,
    );
    expect(o.violations.map((v: { keyword: string; location: string }) => [v.keyword, v.location])).toEqual([
      ['openai-strict:additional-properties-false', 'inputSchema#'],
      ['openai-strict:all-required', 'inputSchema#/properties/n'],
    ]);
  });

  it('leaves a real corpus catalog admitted when the provider takes every tool (mcp-git, anthropic)', async (ctx) => {
    corpusOrSkip(ctx);
    const r = await runInProcess([
      'check',
      '--provider',
      'anthropic',
      '--provider-policy',
      'quarantine',
      join(SHARED, 'mcp-git'),
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      new RegExp(
        'summary: 12 accepted, 0 quarantined, 0 rejected; 12 of 12 catalogs admitted; ' +
          '0 anthropic findings \\(0 rejects\\)\\n$',
      ),
    );
  });
});

describe('check interop flags: usage errors exit 2', () => {
  it.each([
    [
      'an unknown dialect',
      ['check', '--dialect', 'draft-04', 'x'],
      '--dialect must be one of 2020-12, 2019-09, draft-07, got "draft-04"',
    ],
    [
      'an unknown provider',
      ['check', '--provider', 'claude', 'x'],
      '--provider must be one of openai-strict, openai, anthropic, gemini, got "claude"',
    ],
    [
      'an unknown provider policy',
      ['check', '--provider', 'gemini', '--provider-policy', 'drop', 'x'],
      '--provider-policy must be report or quarantine, got "drop"',
    ],
    [
      'a provider policy without a provider',
      ['check', '--provider-policy', 'quarantine', 'x'],
      '--provider-policy needs --provider',
    ],
    [
      '--provider given twice',
      ['check', '--provider', 'gemini', '--provider', 'openai', 'x'],
      'option --provider given twice',
    ],
  ])('for %s', async (_why, argv, message) => {
    const r = await runInProcess(argv);
    expect(r).toEqual({ code: 2, out: '', err: `toolgate check: ${message}\n` });
  });
});
