// A Cookie header on a server's command line (`-H "Cookie: sid=abcdefg"`) gave each cookie's value alone as its
// secrets, no longer the header's value: a value under the shown minimum (7 characters) is masked in no echo, so a
// server quoting the header it got (`Cookie: sid=abcdefg`) showed it, where it was masked before cookies were split.
// The whole value is a secret again beside each cookie's (src/exec/secret-flags.ts headerSecrets), as toolgate's own
// --header and a config's headers keep it (givenHeaderSecrets).
import { describe, expect, it } from 'vitest';
import { secretsOf } from '../../src/exec/command-line.js';
import { createMasker, MIN_SHOWN_SECRET_LENGTH } from '../../src/exec/mask-secrets.js';
import { givenHeaderSecrets } from '../../src/exec/secret-flags.js';

const shown = (secrets: readonly string[], text: string): string =>
  createMasker(secrets, MIN_SHOWN_SECRET_LENGTH, 'whole-values').text(text);

describe('a Cookie header of a server command line', () => {
  it.each([
    ['one short cookie', 'sid=abcdefg', 'abcdefg'],
    ['short cookies', 'a=1; sid=abcdefg', 'abcdefg'],
  ])('is masked where the server echoes its value whole: %s', (_what, value, cookie) => {
    const secrets = secretsOf(['srv', '-H', `Cookie: ${value}`]);
    expect(shown(secrets, `refused: Cookie: ${value}`)).not.toContain(cookie);
  });

  it("gives the secrets the proxy's own --header gives, the token after a space aside", () => {
    const value = 'a=1; session=abc123xyz';
    expect(secretsOf(['srv', '-H', `Cookie: ${value}`])).toEqual(
      givenHeaderSecrets('Cookie', value).filter((s) => s !== 'session=abc123xyz'),
    );
  });
});
