// README "Command line" shows `check` runs on the shipped examples/catalog.json: this keeps them verbatim.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const README = readFileSync(`${ROOT}README.md`, 'utf8');
const cli = README.slice(README.indexOf('<!-- section:cli -->'), README.indexOf('<!-- /section:cli -->'));

describe('README check examples match a run', () => {
  it.each([
    ['check --mode quarantine examples/catalog.json'],
    ['check --mode quarantine --dialect draft-07 --provider gemini examples/catalog.json'],
  ])('toolgate %s', async (command) => {
    const prev = process.cwd();
    process.chdir(ROOT);
    try {
      const r = await runInProcess(command.split(' '));
      expect(r.code).toBe(0);
      expect(cli).toContain(`$ npx tsx src/cli/main.ts ${command}\n${r.out}`);
    } finally {
      process.chdir(prev);
    }
  });

  it('shows the start and the summary of the provider-policy run as printed', async () => {
    const command = 'check --mode quarantine --dialect draft-07 --provider gemini --provider-policy quarantine examples/catalog.json';
    const prev = process.cwd();
    process.chdir(ROOT);
    try {
      const r = await runInProcess(command.split(' '));
      const lines = r.out.trimEnd().split('\n');
      // README elides the middle with "…": the first five lines and the summary are verbatim.
      expect(cli).toContain(`$ npx tsx src/cli/main.ts ${command}\n${lines.slice(0, 5).join('\n')}\n…\n${lines.at(-1)}\n`);
    } finally {
      process.chdir(prev);
    }
  });
});
