// README's main job: `npm run demo` ends with examples/demo.ts; its output is what docs/catalog.md promises.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

it('the demo admits the example catalog and prints what the model reads for each call', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/demo.ts'], { cwd: root, encoding: 'utf8' });
  expect(out).toContain('published to the model: get_weather, search_issues');
  expect(out).toContain('left out: legacy_lookup (unsupported_capability');
  expect(out).toContain(
    [
      'error: invalid arguments for get_weather:',
      '$: missing required property "city"',
      '$: unexpected property "country"',
      '$.days: expected integer, got string',
      '$.unit: "kelvin" is not one of ["c","f"]',
    ].join('\n'),
  );
  expect(out).toContain('-> ran; the model reads:\n{"ran":"get_weather","args":{"city":"Paris","days":3}}');
  expect(out).toContain('duplicate key "query"');
});
