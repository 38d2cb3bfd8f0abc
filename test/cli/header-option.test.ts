// `--header` items as headers and secrets (header-option.ts): tables of what is read and what is refused, never
// showing a value (the SSE reader's tables, once here: test/mcp/sse-reader-bound.test.ts).
import { describe, expect, it } from 'vitest';
import { parseHeaderOptions } from '../../src/cli/header-option.js';

describe('parseHeaderOptions', () => {
  const env = { TOKEN: 'Bearer t0k-from-env', BARE: 'bare-t0k', EMPTY: '' };
  it.each([
    [['X-Key: abc123'], { 'X-Key': 'abc123' }, ['abc123']],
    [['Authorization: env:TOKEN'], { Authorization: 'Bearer t0k-from-env' }, ['Bearer t0k-from-env', 't0k-from-env']],
    [['A:  spaced value  '], { A: 'spaced value' }, ['spaced value', 'value']],
    [['X-Empty: env:EMPTY'], { 'X-Empty': '' }, []],
    // The scheme written out and the bare token from the environment, as --auth-token-env takes it.
    [['Authorization: Bearer env:BARE'], { Authorization: 'Bearer bare-t0k' }, ['Bearer bare-t0k', 'bare-t0k']],
    // A cookie's value alone, as on a server's command line (a Cookie header was one value, `session=X`).
    [
      ['Cookie: a=b; session=abc123xyz'],
      { Cookie: 'a=b; session=abc123xyz' },
      ['a=b; session=abc123xyz', 'session=abc123xyz', 'b', 'abc123xyz'],
    ],
  ])('reads %j', (items, headers, secrets) => {
    expect(parseHeaderOptions(items, env)).toEqual({ ok: true, value: { headers, secrets } });
  });

  it.each([
    [['nocolon'], /needs "Name: value"/],
    [[': value-9f'], /needs "Name: value"/],
    [['Bad Name: v'], /needs "Name: value"/],
    [['X-A: 1', 'x-a: 2'], /X-A|x-a.* given twice/],
    [['Accept: */*'], /sets this header itself/],
    [['Transfer-Encoding: chunked'], /a header of the connection/],
    [['Connection: close'], /a header of the connection/],
    [['Expect: 100-continue'], /a header of the connection/],
    [['X-A: env:MISSING'], /MISSING is not set/],
    [['Authorization: Bearer env:MISSING'], /MISSING is not set/],
    [['X-A: line\nbreak-9f'], /a character a header cannot hold/],
  ])('refuses %j without showing the value', (items, message) => {
    const r = parseHeaderOptions(items, env);
    expect(r.ok).toBe(false);
    const text = r.ok ? '' : r.error.message;
    expect(text).toMatch(message);
    expect(text).not.toMatch(/value-9f|break-9f/);
  });
});
