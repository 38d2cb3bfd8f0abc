// Mcp-Param-* headers (MCP 2026-07-28, x-mcp-header) against a call's arguments: which properties are annotated
// (through `properties` chains only), and every way a header and the body can disagree.
import { describe, expect, it } from 'vitest';
import { paramHeaderMismatch, paramHeaders } from '../../src/mcp/param-headers.js';

const schema = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    limits: { type: 'object', properties: { n: { type: 'integer', 'x-mcp-header': 'N' } } },
    flag: { type: 'boolean', 'x-mcp-header': 'Flag' },
    list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } },
    either: { anyOf: [{ type: 'string', 'x-mcp-header': 'Either' }] },
  },
};
const b64 = (s: string): string => `=?base64?${Buffer.from(s).toString('base64')}?=`;

describe('x-mcp-header annotations', () => {
  it('are found through chains of properties only (not items, not anyOf)', () => {
    expect(paramHeaders(schema)).toEqual([
      { name: 'Region', path: ['region'] },
      { name: 'N', path: ['limits', 'n'] },
      { name: 'Flag', path: ['flag'] },
    ]);
  });
});

describe('Mcp-Param-* headers against the arguments', () => {
  it.each([
    [{ region: 'us' }, { 'mcp-param-region': 'us' }, undefined],
    [{ region: 'naïve' }, { 'mcp-param-region': b64('naïve') }, undefined],
    [{ limits: { n: 42 } }, { 'mcp-param-n': '42.0' }, undefined],
    [{ flag: false }, { 'mcp-param-flag': 'false' }, undefined],
    [{ region: null }, {}, undefined],
    [{}, { 'mcp-param-other': 'x' }, undefined],
    [{ region: 'us' }, {}, 'is required'],
    [{ region: 'us' }, { 'mcp-param-region': 'eu' }, 'disagrees'],
    [{ region: 'us' }, { 'mcp-param-region': b64('eu') }, 'disagrees'],
    [{ limits: { n: 42 } }, { 'mcp-param-n': '43' }, 'disagrees'],
    [{ limits: { n: 42 } }, { 'mcp-param-n': '' }, 'disagrees'],
    [{ flag: true }, { 'mcp-param-flag': 'TRUE' }, 'disagrees'],
    [{ limits: { n: -7 } }, { 'mcp-param-n': '-7' }, undefined],
    // Only decimal text is a number's: what a gateway reads as another value than the body's is refused.
    [{ limits: { n: 42 } }, { 'mcp-param-n': '0x2A' }, 'disagrees'],
    [{ limits: { n: 10 } }, { 'mcp-param-n': '1e1' }, 'disagrees'],
    [{ limits: { n: 5 } }, { 'mcp-param-n': '0b101' }, 'disagrees'],
    [{ limits: { n: 42 } }, { 'mcp-param-n': '+42' }, 'disagrees'],
    [{ limits: { n: 42 } }, { 'mcp-param-n': ' 42' }, 'disagrees'],
    // 9007199254740993 in the body reads as 9007199254740992: beyond the safe range no text agrees.
    [{ limits: { n: 2 ** 53 } }, { 'mcp-param-n': '9007199254740993' }, 'disagrees'],
    [{ limits: { n: 2 ** 53 } }, { 'mcp-param-n': '9007199254740992' }, 'disagrees'],
    // A hunt's finds: a decimal that rounds to the body's number is another value to a gateway reading it exactly,
    // and Base64 whose padding bits are not zero decodes loosely (a strict decoder refuses it).
    [{ limits: { n: 42 } }, { 'mcp-param-n': '42.00000000000000000001' }, 'disagrees'],
    [{ limits: { n: 0.1 } }, { 'mcp-param-n': '0.10' }, undefined],
    [{ region: 'a' }, { 'mcp-param-region': '=?base64?YR==?=' }, 'not valid Base64'],
    [{ region: 'a' }, { 'mcp-param-region': '=?base64?YQ==?=' }, undefined],
    [{}, { 'mcp-param-region': 'us' }, 'hold no region'],
    [{ region: 'us' }, { 'mcp-param-region': 'u\u00e9s' }, 'character'],
    [{ region: 'us' }, { 'mcp-param-region': '=?base64?!!?=' }, 'not valid Base64'],
    [{ region: 'us' }, { 'mcp-param-region': ['us', 'us'] }, 'more than once'],
  ])('%j with %j: %s', (args, headers, refusal) => {
    const why = paramHeaderMismatch(schema, args, headers);
    if (refusal === undefined) expect(why).toBeUndefined();
    else expect(why).toContain(refusal);
  });
});
