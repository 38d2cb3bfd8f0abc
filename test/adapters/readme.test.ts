// README's adapter section shows code copied from the tested example files; this keeps the copies true.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The lines between `// readme:start` and `// readme:end`, with their common indentation removed. */
function readmeBlock(file: string): string {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim() === '// readme:start');
  const end = lines.findIndex((l) => l.trim() === '// readme:end');
  if (start < 0 || end <= start) throw new Error(`${file} has no readme:start/readme:end block`);
  const block = lines.slice(start + 1, end);
  const indent = Math.min(...block.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return block.map((l) => l.slice(indent)).join('\n');
}

function adaptersSection(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('<!-- section:adapters -->');
  const end = readme.indexOf('<!-- /section:adapters -->');
  if (start < 0 || end < start) throw new Error('README has no adapters section');
  return readme.slice(start, end);
}

describe('README adapter examples', () => {
  it.each(['examples/adapters/mcp-client.ts', 'examples/adapters/ai-sdk.ts', 'examples/adapters/openai-agents.ts'])(
    '%s is copied verbatim into a code block',
    (file) => {
      expect(adaptersSection()).toContain(`\`\`\`ts\n${readmeBlock(file)}\n\`\`\``);
    },
  );
});
