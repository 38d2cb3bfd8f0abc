// Every form a secret takes in printed text is masked. Before the fix only the raw value was: a value with `"`
// or `\` showed in its JSON-escaped form (a server's JSON log line, a JSON report of a message).
import { describe, expect, it } from 'vitest';
import { maskSecrets, REDACTED, secretForms } from '../../src/exec/mask-secrets.js';

const SECRET = 'pa"ss\\wörd/\'x';

describe('maskSecrets', () => {
  it.each([
    ['raw', SECRET],
    ['JSON-escaped', JSON.stringify(SECRET)],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify(SECRET))],
    ['JSON with non-ASCII as \\u00f6 (Python json.dumps)', '"pa\\"ss\\\\w\\u00f6rd/\'x"'],
    ['JSON with non-ASCII as \\u00F6', '"pa\\"ss\\\\w\\u00F6rd/\'x"'],
    ['JSON with "/" escaped', '"pa\\"ss\\\\wörd\\/\'x"'],
    ['single-quoted for a shell', `'pa"ss\\wörd/'\\''x'`],
  ])('masks the %s form', (_form, shown) => {
    const text = `before ${shown} after`;
    const masked = maskSecrets(text, [SECRET]);
    expect(masked).toContain(REDACTED);
    expect(masked).not.toContain('ss\\');
    expect(masked).not.toContain('rd/');
    expect(masked.startsWith('before ')).toBe(true);
  });

  it('masks a value inside JSON inside a JSON report', () => {
    const report = JSON.stringify({ error: `server said ${JSON.stringify({ key: SECRET })}` });
    expect(maskSecrets(report, [SECRET])).toBe(
      JSON.stringify({ error: `server said ${JSON.stringify({ key: 'X' })}` }).replace('X', REDACTED),
    );
  });

  it('leaves values under four characters alone and masks longer ones first', () => {
    expect(maskSecrets('on 1 abc', ['on', '1', 'abc'])).toBe('on 1 abc');
    expect(maskSecrets('token-long token', ['token', 'token-long'])).toBe(`${REDACTED} ${REDACTED}`);
    expect(secretForms('abc')).toEqual([]);
  });
});
