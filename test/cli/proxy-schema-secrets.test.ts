// A secret given to the proxy never comes back out, not even in part: a server that writes its --env token into a
// tool's schema (a `const`, an `enum` URL, a `pattern`, a required name) had an invalid call's text quote that rule
// clipped, and the client's masking, of whole values only, left the clipped beginning shown (a hunt's find: 77
// characters of a 100-character token; 44 of a 50-character one inside an `enum` URL). Such a tool's violations are
// shown by kind now; a tool whose schema holds no secret keeps every value in its text.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RULES_NOT_SHOWN } from '../../src/proxy/secret-safe-text.js';
import { RawCli } from './raw-cli.js';

const LEAKY = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/secret-echo-server.mjs');
const started: RawCli[] = [];
afterAll(() => {
  for (const p of started) p.kill();
});

/** The longest run of `secret`'s characters that shows in `text` (12 or more is a leak). */
function longestPart(text: string, secret: string): number {
  let longest = 0;
  for (let start = 0; start < secret.length; start++)
    for (let end = secret.length; end > start + longest; end--)
      if (text.includes(secret.slice(start, end))) longest = end - start;
  return longest;
}

const TOKENS = {
  '100 characters':
    `ghp_${'SECRETtoken0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.repeat(2)}`.slice(0, 100),
  '50 characters': 'sk_live_51HxYzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
};

describe('toolgate proxy shows no part of a secret a tool schema holds', () => {
  it.each(Object.entries(TOKENS))(
    'a token of %s, in a const, an enum URL, a pattern and a required name',
    async (_, token) => {
      const q = new RawCli('proxy', [
        '--env',
        `T=${token}`,
        '--env',
        'LIST_ECHO=T',
        '--env',
        'SCHEMA_ECHO=1',
        '--',
        process.execPath,
        LEAKY,
      ]);
      started.push(q);
      await q.initialize();
      const texts: Record<string, string> = {};
      for (const [tool, args] of [
        ['in_const', { key: 'nope', n: 9 }],
        ['in_enum', { key: 'nope', n: 9 }],
        ['in_pattern', { key: 'nope', n: 9 }],
        ['in_required', { n: 9 }],
        ['env', { key: 5 }],
      ] as const) {
        q.call(tool, tool, args);
        texts[tool] = await q.textOf(tool);
      }
      q.child.stdin.end();
      expect((await q.exited).code).toBe(0);
      expect(longestPart(JSON.stringify(q.replies), token)).toBeLessThan(12);
      // Each rule that would quote the secret is named by kind; the limit beside it is shown as before.
      expect(texts['in_const']).toContain('$.key: not the value the schema requires');
      expect(texts['in_enum']).toContain('$.key: not one of the values the schema allows');
      expect(texts['in_pattern']).toContain('$.key: does not match the pattern the schema requires');
      expect(texts['in_required']).toContain('$: a property the schema requires is missing');
      for (const tool of ['in_const', 'in_enum', 'in_pattern', 'in_required']) {
        expect(texts[tool]).toContain('$.n: 9 must be <= 3');
        expect(texts[tool]?.endsWith(RULES_NOT_SHOWN)).toBe(true);
      }
      // A tool whose schema holds no secret: its text as ever.
      expect(texts['env']).toBe('error: invalid arguments for env:\n$.key: expected string, got integer');
    },
  );
});
