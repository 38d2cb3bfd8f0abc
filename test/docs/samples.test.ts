// Every sample in README.md and docs/*.md runs: those followed by a ```text block print exactly that; the rest
// are modules that a named test imports and runs. All of them type-check against the sources.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BAD_WEATHER_ARGS, BAD_WEATHER_TEXT } from '../fixtures/weather.js';
import { extractSamples, ROOT, runSampleFile, SAMPLES_DIR, sample, writeSample } from './samples.js';

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const ALL = DOCS.flatMap((doc) => extractSamples(doc));
const id = (s: { doc: string; name: string }): string => `${s.doc}#${s.name}`;

/** Samples without an output block, each with the test that imports and runs it. */
const RUN_ELSEWHERE: Record<string, string> = {
  'docs/adapters.md#mcp-client': 'test/adapters/mcp-client.test.ts',
  'docs/adapters.md#ai-sdk': 'test/adapters/ai-sdk.test.ts',
  'docs/adapters.md#openai-agents': 'test/adapters/openai-agents.test.ts',
  'docs/proxy.md#gateway-config': 'test/cli/proxy-config.test.ts',
};

const GROUP = 'samples-test';
afterAll(() => rmSync(join(SAMPLES_DIR, GROUP), { recursive: true, force: true }));

describe('docs samples', () => {
  it('README has the quickstart sample, with its output', () => {
    expect(ALL.find((s) => id(s) === 'README.md#quickstart')?.output).toMatch(/^true\nerror: invalid arguments/);
  });

  it('every sample without an output block is run by a named test, and every such name is a sample', () => {
    const silent = ALL.filter((s) => s.output === undefined).map(id);
    expect(silent.sort()).toEqual(Object.keys(RUN_ELSEWHERE).sort());
  });

  // The format tests check the same call's text (test/fixtures/weather.ts): the docs show the shared example.
  it('docs/api.md#registry sends the bad call of the shared get_weather fixture and shows its text', () => {
    const registry = sample('docs/api.md', 'registry');
    const fixtureCall = JSON.stringify(BAD_WEATHER_ARGS).replace(/":/g, '": ').replace(/,"/g, ', "');
    expect(registry.code).toContain(`arguments: '${fixtureCall}'`);
    expect(registry.output).toContain(
      JSON.stringify({ role: 'tool', tool_call_id: 'call_2', content: BAD_WEATHER_TEXT }),
    );
  });

  it.each(ALL.filter((s) => s.output !== undefined).map((s) => [id(s), s] as const))(
    '%s prints what its output block shows',
    (_id, s) => {
      const r = runSampleFile(writeSample(s, GROUP));
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(s.output);
    },
  );

  it('every TypeScript sample type-checks against the sources (strict, as the project)', () => {
    const files = ALL.filter((s) => s.lang === 'ts').map((s) => writeSample(s, `${GROUP}-tsc`));
    const dir = join(SAMPLES_DIR, `${GROUP}-tsc`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: relative(dir, join(ROOT, 'tsconfig.json')),
        compilerOptions: { noEmit: true, rootDir: relative(dir, ROOT) },
        include: files.map((f) => relative(dir, f)),
      }),
    );
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    } catch (thrown) {
      throw new Error(`samples do not type-check:\n${(thrown as { stdout?: string }).stdout ?? String(thrown)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
