import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { USAGE } from '../../src/cli/dispatch.js';
import { SERVE_FLAGS, serveSpecs } from '../../src/cli/serve-config.js';

const DOC = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
const serveBlock = (() => {
  const at = DOC.indexOf('## `toolgate serve`');
  const start = DOC.indexOf('```\n', at) + 4;
  return DOC.slice(start, DOC.indexOf('```', start));
})();

/** The text of each `toolgate serve` form (continuation lines joined), by its mode flag. */
function forms(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const line of text.split('\n')) {
    const lead = line.trimStart();
    if (lead.startsWith('toolgate serve')) {
      current = lead.includes('--config') ? 'config' : 'name';
      out.set(current, lead);
    } else if (lead.startsWith('toolgate ') || lead.startsWith('exit status')) current = undefined;
    else if (current !== undefined && lead.startsWith('[')) out.set(current, `${out.get(current)} ${lead}`);
    else if (current !== undefined && lead.startsWith('--')) out.set(current, `${out.get(current)} ${lead}`);
  }
  return out;
}

// Which declared serve flag each form takes: --config replaces the four tool-defining flags.
const TOOL_FLAGS = ['name', 'description', 'input-schema', 'exec'];
const expectedFlags = (form: string): string[] =>
  Object.keys(SERVE_FLAGS)
    .filter((f) => (form === 'config' ? !TOOL_FLAGS.includes(f) : f !== 'config'))
    .sort();
const flagsIn = (line: string): string[] =>
  [...new Set([...line.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1] as string))].sort();

// Regression: `serve` usage lacked --format-assertion and the docs' --config line lacked --timeout,
// --max-output and --format-assertion, though serve-config.ts accepts them in both forms.
describe('serve usage and docs/cli.md name every flag serve accepts', () => {
  it.each([
    ['the usage text', USAGE],
    ['docs/cli.md', serveBlock],
  ])('%s', (_where, text) => {
    const found = forms(text);
    expect([...found.keys()].sort()).toEqual(['config', 'name']);
    for (const [form, line] of found) expect(flagsIn(line), `${form}: ${line}`).toEqual(expectedFlags(form));
  });

  // The docs once showed "args" as required; serve-config.ts defaults it to [].
  it('docs/cli.md marks a config tool\'s "args" optional, as serve-config.ts reads it', () => {
    expect(DOC).toContain('"exec", "args"?, "timeout"?');
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-serve-'));
    try {
      const file = join(dir, 'serve.json');
      writeFileSync(file, JSON.stringify({ tools: [{ name: 'now', exec: 'date' }] }));
      const args = parseArgs(['--config', file, '--format-assertion'], SERVE_FLAGS);
      if (!args.ok) throw new Error(`usage error: ${args.error.message}`);
      const specs = serveSpecs(args.value);
      expect(specs.ok ? specs.value.map((s) => [s.name, s.program, s.args]) : specs.error.message).toEqual([
        ['now', 'date', []],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
