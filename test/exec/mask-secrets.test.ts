// Every form a secret takes in printed text is masked. Before the fix only the raw value was: a value with `"`
// or `\` showed in its JSON-escaped form (a server's JSON log line, a JSON report of a message).
import { describe, expect, it } from 'vitest';
import { createMasker, maskSecrets, REDACTED } from '../../src/exec/mask-secrets.js';
import { secretForms } from '../../src/exec/secret-forms.js';
import { unwrapped } from '../../src/exec/wrapped-text.js';
import { clip, oneLine, printable } from '../../src/util/describe-value.js';

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
    // A hunt's find: Python's `json.dumps(json.dumps(s))`, escaped twice with \u escapes.
    ['JSON twice with non-ASCII as \\u00f6', JSON.stringify('"pa\\"ss\\\\w\\u00f6rd/\'x"')],
    ['JSON twice with non-ASCII as \\u00F6', JSON.stringify('"pa\\"ss\\\\w\\u00F6rd/\'x"')],
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

// JSON text (what the proxy sends its client, its --log lines) is masked value by value: whatever escapes its
// writer chose the value is found, and the members stay as they were. Before, only plain-text forms were masked:
// a value written with other escapes passed, and one spanning JSON syntax took members away.
describe('createMasker(...).json', () => {
  const masker = createMasker([SECRET, '12345678', 'a","b":"c'], 8);
  /** Every UTF-16 unit of SECRET as \uXXXX, as a writer may choose. */
  const units = Array.from({ length: SECRET.length }, (_, i) => SECRET.charCodeAt(i).toString(16).padStart(4, '0'));
  const escapedEach = `"${units.map((u) => `\\u${u}`).join('')}"`;

  it.each([
    ['a string value', JSON.stringify({ k: SECRET }), { k: REDACTED }],
    ['every character escaped as \\uXXXX', `{"k":${escapedEach}}`, { k: REDACTED }],
    ['a key', `{${escapedEach}:1}`, { [REDACTED]: 1 }],
    ['JSON text inside a string', JSON.stringify({ t: JSON.stringify({ k: SECRET }) }), { t: `{"k":"${REDACTED}"}` }],
    ['a number holding the digits', '{"n":-123456789.5}', { n: `-${REDACTED}9.5` }],
    ['a value that looks like JSON syntax', JSON.stringify({ x: 'a","b":"c' }), { x: REDACTED }],
  ])('masks %s and leaves JSON', (_what, text, expected) => {
    expect(JSON.parse(masker.json(text))).toEqual(expected);
  });

  it('leaves a text without a secret byte for byte, and values under the minimum alone', () => {
    const text = '{ "a" : [1, 2.5e3, "x\\u0041", true, null], "b":"1234567" }';
    expect(masker.json(text)).toBe(text);
    expect(createMasker(['1234567'], 8).empty).toBe(true);
  });

  it('keeps the members of a text where a value spans JSON syntax (as plain text, one vanished)', () => {
    const text = '{"k":"a","b":"c"}';
    expect(JSON.parse(masker.json(text))).toEqual({ k: 'a', b: 'c' });
    expect(JSON.parse(maskSecrets(text, ['a","b":"c']))).toEqual({ k: REDACTED });
  });
});

// A foreign string is clipped (util/describe-value.ts) before it is echoed, and the masking of whole values ran
// after: a long secret echoed as a tool name came out as its first 79 characters and a clip mark.
describe('a secret cut where a text was clipped', () => {
  const LONG = `tok-${'k'.repeat(60)}-${'z'.repeat(40)}`;
  const masker = createMasker([LONG], 8);

  it.each([
    ['plain text', (t: string) => masker.text(t)],
    ['a JSON message', (t: string) => JSON.parse(masker.json(JSON.stringify({ error: { message: t } }))).error.message],
  ])('masks its beginning before the clip mark in %s', (_form, mask) => {
    const shown = mask(`unknown tool: "${clip(LONG, 80)}" (not listed)`);
    expect(shown).toBe(`unknown tool: "${REDACTED}…" (not listed)`);
    expect(shown).not.toContain('kkkk');
  });

  it('masks the beginning of an escaped form too, and leaves other clipped text alone', () => {
    expect(masker.text(`a ${clip(JSON.stringify(LONG), 50)} b`)).toBe(`a "${REDACTED}… b`);
    // Three characters or more are a beginning, whatever the masker's minimum (a hunt: up to seven showed).
    expect(masker.text('a to… and kkkkkkkx… and zzzz…')).toBe('a to… and kkkkkkkx… and zzzz…');
    expect(masker.text('a tok… and a tok-k…')).toBe(`a ${REDACTED}… and a ${REDACTED}…`);
    expect(masker.text(clip(`see tok-${'k'.repeat(30)}`, 30))).toBe(`see ${REDACTED}…`);
    expect(masker.text(clip(`see tok-${'k'.repeat(20)}-other`, 30))).toBe(`see tok-${'k'.repeat(20)}-…`);
  });
});

// A hunt's find: each head masked copied the whole text again, so `sup…` written 256 K times over (a client's
// arguments under --log-args, a server's stderr) held the proxy's loop for 36 s; one pass now (well within the
// test's time where the copies took minutes).
it('masks a head before each of 100,000 clip marks in one pass', () => {
  const text = 'sup…'.repeat(100_000);
  expect(createMasker(['supersecretvalue'], 8).text(text)).toBe(`${REDACTED}…`.repeat(100_000));
});

// A review's find: with a long secret (a PEM key), a window of it before each mark (`IVA` of PRIVATE) had every
// form tried at every length at every mark: 15 s for 256 K characters (38 s for these 800 K). One pass of each now.
it('looks at 200,000 marks after a window of a 1,700-character secret in one pass of each form', () => {
  const pem = `-----BEGIN RSA PRIVATE KEY-----\n${'MIIEow'.repeat(280)}\n-----END RSA PRIVATE KEY-----`;
  const text = 'IVA…'.repeat(200_000);
  expect(createMasker([pem], 8).text(text)).toBe(text);
  expect(createMasker([pem], 8).text(`see -----BEGIN RSA PRIV…`)).toBe(`see ${REDACTED}…`);
});

// A review's find: each form was masked in the text the last form's mask left, so the widened mask of a secret's
// base64 took the first group of the same base64 written right after it, which then matched no form: 18 of the 21
// characters showed. Every occurrence is found in the text as given now, overlapping masks as one.
describe('a secret written twice back to back in base64', () => {
  const S21 = 'SECRETVALUE-012345678';
  const S22 = 'SECRETVALUE-0123456789';
  it.each([
    ['at offset 0', S21, (s: string) => s + s],
    ['after two bytes', S22, (s: string) => `ab${s}${s}`],
    ['three times, base64url', S21, (s: string) => s + s + s],
  ])('%s is masked whole', (_, secret, twice) => {
    const masker = createMasker([secret], 8);
    for (const encoded of [
      Buffer.from(twice(secret)).toString('base64'),
      Buffer.from(twice(secret)).toString('base64url'),
    ]) {
      const shown = masker.text(`data: ${encoded} end`);
      expect(shown).toMatch(/^data: (<redacted>)+[A-Za-z0-9+/=_-]{0,4} end$/);
      const rest = shown.replace(/<redacted>/g, '').slice(6, -4);
      expect(Buffer.from(rest, 'base64').toString('latin1')).not.toMatch(/SECRET|VALUE|0123|5678/);
    }
  });

  // Another review's find: an occurrence overlapping the one before (a secret sharing its start and end) was
  // skipped, 9 of 15 characters shown.
  it.each([
    ['secretXYZsecretXYZsecret', 'secretXYZsecret'],
    ['ABCABCA', 'ABCA'],
  ])('%s: overlapping occurrences of %s are masked as one', (text, secret) => {
    expect(createMasker([secret], 4).text(text)).toBe(REDACTED);
  });

  it('two plain occurrences side by side stay two masks', () => {
    expect(createMasker([S21], 8).text(`${S21}${S21}`)).toBe(`${REDACTED}${REDACTED}`);
  });
});

describe('a secret holding control characters, as a message shows it', () => {
  it.each([
    ['backspace', 'hunter2\bx'],
    ['DEL', 'hunter2\u007fx'],
    ['a quote beside a form feed', 'hu"\fnter2'],
  ])('masks it after clip wrote its %s as \\uXXXX, and inside JSON text', (_why, secret) => {
    const shown = clip(`bad token ${secret}`, 200);
    expect(maskSecrets(shown, [secret])).toBe(`bad token ${REDACTED}`);
    expect(maskSecrets(JSON.stringify({ m: shown }), [secret])).toBe(`{"m":"bad token ${REDACTED}"}`);
  });

  it('clip cuts before it writes the escapes: a 10 MB text of control characters gives 80 characters', () => {
    const shown = clip('\u0001'.repeat(10_000_000), 80);
    expect(shown.length).toBe(80);
    expect(shown.endsWith('…')).toBe(true);
  });
});

// Found by a hunt: a multi-line secret (a PEM key) put on one line by oneLine (check's report of a server's error,
// the proxy's summary of its serverInfo) or written a line at a time (a server's stderr), and a secret with `/` or
// `~` in a member name (a schema location's JSON Pointer) or URL-encoded, were printed whole.
describe('a secret as the text around it changed it', () => {
  const PEM = '-----BEGIN KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\r\n-----END KEY-----';
  it.each([
    ['on one line (oneLine)', oneLine(`bad key: ${PEM}`)],
    ['on one line, inside JSON', JSON.stringify({ m: oneLine(`bad key: ${PEM}`) })],
    ['on one line, written out (printableLine)', printable(oneLine(`bad key: ${PEM}`))],
    ['one line of it alone', 'bad key: MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'],
  ])('masks a multi-line secret %s', (_how, text) => {
    expect(maskSecrets(text, [PEM])).not.toContain('MIIEvQ');
  });

  it.each([
    ['as a JSON Pointer token', 'AKIAw/K7MDENG~bPx', '#/properties/AKIAw~1K7MDENG~0bPx/type'],
    ['URL-encoded', 'Tok/en+with=&?', 'https://x.test/?q=Tok%2Fen%2Bwith%3D%26%3F'],
  ])('masks a secret %s', (_how, secret, text) => {
    expect(maskSecrets(text, [secret])).toBe(text.replace(/AKIAw~1K7MDENG~0bPx|Tok%2Fen%2Bwith%3D%26%3F/, REDACTED));
  });

  // A hunt's find: a server's resources/read gave `--env` secret text masked and the same secret in a `blob` (MCP's
  // base64 for binary contents, a binary .env file read as it is) as it was.
  it.each([0, 1, 2, 3, 7])('masks a secret in base64 and base64url, %i bytes into the encoded data', (before) => {
    const secret = 'supersecretvalue123';
    const data = Buffer.concat([Buffer.alloc(before, 0xfb), Buffer.from(secret), Buffer.from([0xff, 0xfe, 0x3f])]);
    for (const encoding of ['base64', 'base64url'] as const) {
      const text = JSON.stringify({ blob: data.toString(encoding) });
      const masked = createMasker([secret], 8, 'whole-values').json(text);
      expect(masked, encoding).toContain(REDACTED);
      // What is left is bytes of the data around the secret, never enough of it to decode a piece of it.
      const left = (JSON.parse(masked) as { blob: string }).blob.split(REDACTED);
      expect(left.map((part) => Buffer.from(part, encoding).toString('latin1')).join('')).not.toMatch(/secret/);
    }
  });

  // A hunt's find in the fix above: only the groups the secret's bytes alone decide were masked, and the groups
  // beside them gave its first and last two characters (`<redacted>NDU=` decodes to "45"; `curl -v -u user:$TOKEN`
  // prints such a group in its Authorization header). Those groups are masked too.
  it.each([
    ['', ''],
    ['x', ''],
    ['xy', ''],
    ['', 'Z'],
    ['', 'YZ'],
    ['ab', 'cd'],
    ['user:', ''],
  ])('leaves no byte of a secret decodable beside its base64 form (%j before, %j after)', (before, after) => {
    const secret = 'envsecret12345';
    const masker = createMasker([secret]);
    for (const encoding of ['base64', 'base64url'] as const) {
      const encoded = Buffer.from(`${before}${secret}${after}`).toString(encoding);
      const left = masker.text(`Basic ${encoded} done`).split(REDACTED);
      expect(left.length, encoding).toBe(2);
      const decoded = left.map((part) => Buffer.from(part.replace(/^Basic |done$/g, '').trim(), encoding));
      for (const bytes of decoded) {
        const text = bytes.toString('latin1');
        for (const end of [secret.slice(0, 2), secret.slice(-2)]) expect(text, `${encoding} ${end}`).not.toContain(end);
      }
    }
  });

  // A hunt's find: GNU base64, openssl, MIME and Python's encodebytes wrap at 76 columns, `xxd -p` at 60, so a line
  // break fell inside a secret's encoded form at many offsets and that form came back unmasked; hex was no form.
  it.each([0, 1, 2, 13, 34, 40, 47, 54, 55, 56])(
    'masks a secret in base64 wrapped at 76 columns and in hex wrapped at 60, %i bytes into the data',
    (before) => {
      const secret = 'tok-0123456789abcdefXYZ';
      const data = Buffer.concat([Buffer.alloc(before, 0x41), Buffer.from(secret), Buffer.from(' and more text')]);
      const wrap = (text: string, n: number, eol: string): string =>
        (text.match(new RegExp(`.{1,${n}}`, 'g')) ?? []).join(eol);
      const masker = createMasker([secret], 8, 'whole-values');
      // A review's finds: JSON text's escaped `\n` (a tool returning JSON), blank lines, a lone CR, indentation,
      // spaces at a line's end and U+2028 were no wraps.
      for (const eol of ['\n', '\r\n', '\r', '\n\n', '\n    ', ' \n', '\\n', '\\r\\n', '\u2028'])
        for (const [encoded, encoding] of [
          [wrap(data.toString('base64'), 76, eol), 'base64'],
          [wrap(data.toString('hex'), 60, eol), 'hex'],
          [wrap(data.toString('hex').toUpperCase(), 60, eol), 'hex'],
        ] as const) {
          const masked = masker.text(`${encoded}${eol}`);
          expect(masked, JSON.stringify(encoded)).toContain(REDACTED);
          // Neither side of the mask decodes to a piece of the secret, at any alignment of its groups.
          const blanks = /\s|\\[nrt]|\u2028/g;
          for (const part of masked.split(REDACTED))
            for (let skip = 0; skip < (encoding === 'base64' ? 4 : 2); skip++) {
              const decoded = Buffer.from(part.replace(blanks, '').slice(skip), encoding).toString('latin1');
              expect(decoded, `${JSON.stringify(eol)} ${encoding} +${skip}`).not.toMatch(
                /0123|1234|abcd|cdef|XYZ|tok-/,
              );
            }
        }
    },
  );

  // A review's find: the shortest wrapped form was taken with Math.min(...forms), which overflows the stack past
  // about 125,000 arguments: 60,000 secrets (a proxy given 60,000 headers) made the masker throw.
  it('makes a masker of 60,000 secrets', () => {
    const secrets = Array.from({ length: 60_000 }, (_, i) => `secret-value-${i}`);
    expect(createMasker(secrets).text('x secret-value-59999 y')).toBe(`x ${REDACTED} y`);
  }, 60_000);

  // The view itself (the re-read: the masker's output could not tell a view read wrongly from none): prose's breaks
  // are no wraps, so nothing is copied for it; a wrap is one after a line of 16 encoded characters or more.
  it('reads a break as a wrap only after a line of encoded characters, before another', () => {
    expect(unwrapped('line one\n\nline two: c3VwZXJzZWNy\n, then prose')).toBeUndefined();
    expect(unwrapped('a sentence that ends in a long word: abcdefghijklmnopq\n\nnext')?.text).toBe(
      'a sentence that ends in a long word: abcdefghijklmnopqnext',
    );
    const view = unwrapped('x c3VwZXJzZWNyZXR2YWx1\r\n  ZTEyMw== y');
    expect(view?.text).toBe('x c3VwZXJzZWNyZXR2YWx1ZTEyMw== y');
    expect([view?.at(0), view?.at(21), view?.at(22)]).toEqual([0, 21, 26]);
  });

  it("leaves alone a line of a multi-line secret shorter than the masker's minimum", () => {
    const masker = createMasker(['abcdefghijkl\nxyz12\nmnopqrstuvwx'], 8);
    expect(masker.text('xyz12 abcdefghijkl')).toBe(`xyz12 ${REDACTED}`);
    expect(secretForms('ab\ncd')).not.toContain('cd');
  });
});

// Found by a hunt: docs/proxy.md says numbers are masked as what they are, but a number was masked as it was
// spelled: a result carrying 1.2345678e7 passed a secret 12345678.
describe('a secret that is a number, in JSON text', () => {
  const masker = createMasker(['12345678', 'NaN-free', 'Infinity', '00012345'], 8, 'whole-values');
  it.each([['12345678'], ['1.2345678e7'], ['12345678.0'], ['1234567.8E1'], ['123456780e-1']])(
    'masks it spelled %s',
    (spelled) => {
      expect(masker.json(`{"pin":${spelled},"n":[${spelled}]}`)).toBe(`{"pin":"${REDACTED}","n":["${REDACTED}"]}`);
    },
  );

  it('leaves other numbers alone, and true, false and null', () => {
    const text = '{"a":87654321,"b":true,"c":false,"d":null,"e":1e400,"f":12345}';
    expect(masker.json(text)).toBe(text);
  });
});

// Found by a review of the forms above: a secret with a lone surrogate made createMasker throw (no URL-encoded
// form), a PEM key's armor lines were masked in every text, and a number a double does not hold was masked as the
// secret it rounds to.
describe('what the forms leave alone', () => {
  it('a secret with a lone surrogate: masked as it is, no throw', () => {
    expect(maskSecrets('x abcd\ud800efgh y', ['abcd\ud800efgh'])).toBe(`x ${REDACTED} y`);
  });

  it("a PEM key's armor lines, which every key of its kind has", () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
    const text =
      'from the key -----BEGIN PRIVATE KEY----- and -----END PRIVATE KEY-----, MIIEvQIBADANBgkqhkiG9w0BAQEFAASC';
    expect(maskSecrets(text, [pem])).toBe(
      `from the key -----BEGIN PRIVATE KEY----- and -----END PRIVATE KEY-----, ${REDACTED}`,
    );
  });

  it('a number a double does not hold as written, beside a secret it rounds to', () => {
    const masker = createMasker(['100000000000000000000'], 8, 'whole-values');
    expect(masker.json('[99999999999999999999,100000000000000000001,1e20]')).toBe(
      `[99999999999999999999,100000000000000000001,"${REDACTED}"]`,
    );
  });
});

// A hunt's find: a value URL-encoded as a form is (a space as `+`) was shown: `my+secret+pw`.
describe('a secret URL-encoded as forms are', () => {
  const secret = "my secret pw!(x)*'~";
  it.each([
    ['encodeURIComponent', encodeURIComponent(secret)],
    ['a form, WHATWG', new URLSearchParams([['k', secret]]).toString().slice(2)],
    ["Python's quote_plus", 'my+secret+pw%21%28x%29%2A%27~'],
    ['encodeURIComponent with + for spaces', encodeURIComponent(secret).replace(/%20/g, '+')],
    ["Python's quote, curl's --data-urlencode", 'my%20secret%20pw%21%28x%29%2A%27~'],
    // RFC 3986 §2.1: lowercase hex digits are the same escapes (.NET's HttpUtility.UrlEncode writes them).
    [".NET's HttpUtility.UrlEncode (lowercase hex)", 'my+secret+pw!(x)*%27%7e'],
    ['a form, WHATWG, lowercase hex', new URLSearchParams([['k', secret]]).toString().slice(2).toLowerCase()],
  ])('%s', (_, shown) => {
    expect(maskSecrets(`a ${shown} b`, [secret])).toBe(`a ${REDACTED} b`);
  });

  // A review's finds: a lowercase form right after `%` (SQL's LIKE) or a lone hex digit; PHP's urlencode (`~`, `*`).
  it.each([
    ["SQL's LIKE", "LIKE '%de4d%2fb33f%2btok3n%'", 'de4d/b33f+tok3n', `LIKE '%${REDACTED}%'`],
    ['after %2', 'a%2de4d%2fb33f%2btok3n', 'de4d/b33f+tok3n', `a%2${REDACTED}`],
    ["PHP's urlencode", 'pass%7Eword%2A2024', 'pass~word*2024', REDACTED],
    // Another: Python's quote keeps `/` by default; encodeURI keeps a URL's delimiters.
    [
      "Python's quote, its default safe '/'",
      'k=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY%2Ba',
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY+a',
      `k=${REDACTED}`,
    ],
    ['encodeURI', 'u=tok/abc%20def~x', 'tok/abc def~x', `u=${REDACTED}`],
  ])('%s', (_, text, secret, shown) => {
    expect(maskSecrets(text, [secret])).toBe(shown);
  });

  it('encodeURIComponent with lowercase hex', () => {
    expect(maskSecrets('a Tok%2fen%2bwith%3d%26%3f b', ['Tok/en+with=&?'])).toBe(`a ${REDACTED} b`);
  });

  it('a secret that holds a lowercase escape itself, as it is and beside escapes of either case', () => {
    const secret = 'f%41pass%2fword';
    const escapes = [secret, `%2${secret}`, 'f%41pass%2Fword', encodeURIComponent(secret)];
    for (const shown of escapes) expect(maskSecrets(`a ${shown} b`, [secret])).not.toMatch(/pass/i);
  });
});
