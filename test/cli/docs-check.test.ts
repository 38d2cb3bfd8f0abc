// docs/cli.md shows `check` runs on the shipped examples/catalog.json: this keeps them verbatim.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const cli = readFileSync(`${ROOT}docs/cli.md`, 'utf8');

describe('docs/cli.md check examples match a run', () => {
  it.each([
    ['check --mode quarantine examples/catalog.json', 0],
    ['check --mode quarantine --dialect draft-07 --provider gemini examples/catalog.json', 0],
    // The strict run fails the batch: its clean tools read "ok (batch not admitted)", never "accepted".
    ['check examples/catalog.json', 1],
  ])('toolgate %s', async (command, code) => {
    const prev = process.cwd();
    process.chdir(ROOT);
    try {
      const r = await runInProcess(command.split(' '));
      expect(r.code).toBe(code);
      expect(cli).toContain(`$ npx tsx src/cli/main.ts ${command}\n${r.out}`);
    } finally {
      process.chdir(prev);
    }
  });

  it('shows the start and the summary of the provider-policy run as printed', async () => {
    const command =
      'check --mode quarantine --dialect draft-07 --provider gemini --provider-policy quarantine examples/catalog.json';
    const prev = process.cwd();
    process.chdir(ROOT);
    try {
      const r = await runInProcess(command.split(' '));
      const lines = r.out.trimEnd().split('\n');
      // docs/cli.md elides the middle with "…": the first five lines and the summary are verbatim.
      expect(cli).toContain(
        `$ npx tsx src/cli/main.ts ${command}\n${lines.slice(0, 5).join('\n')}\n…\n${lines.at(-1)}\n`,
      );
    } finally {
      process.chdir(prev);
    }
  });
});

describe('docs/cli.md serve start-up refusals match a run', () => {
  // The docs command lines are shell text; these are the same argv, run in-process.
  const GREP_SCHEMA = JSON.stringify({
    type: 'object',
    properties: { pattern: { type: 'string' }, limit: { type: 'integer' } },
    additionalProperties: false,
  });
  it.each([
    ["serve --name say --exec echo '{message}'", ['serve', '--name', 'say', '--exec', 'echo', '{message}']],
    [
      `serve --name grep --input-schema '${GREP_SCHEMA}' --exec grep -- '--regexp={pattern}'`,
      ['serve', '--name', 'grep', '--input-schema', GREP_SCHEMA, '--exec', 'grep', '--', '--regexp={pattern}'],
    ],
  ])('toolgate %s', async (shown, argv) => {
    const r = await runInProcess(argv);
    expect(r.code).toBe(2);
    expect(cli).toContain(`$ npx tsx src/cli/main.ts ${shown}; echo "exit $?"\n${r.err}exit 2\n`);
  });
});
