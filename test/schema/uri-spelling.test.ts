// The one spelling rule for `$id`, `$ref` and `$dynamicRef` in every dialect (src/schema/uri-spelling.ts): what
// WHATWG URL (toolgate's reference index) and RFC 3986 (the specification, Ajv's resolver) read as different URIs
// is refused. A table of the rule itself; test/schema/one-pipeline.test.ts holds the verdicts it changes.
import { describe, expect, it } from 'vitest';
import { uriSpelling } from '../../src/schema/uri-spelling.js';

describe('uriSpelling', () => {
  it.each([
    ['a/b.json', undefined],
    ['#/$defs/x', undefined],
    ['#/$defs/a%25b', undefined],
    ['https://example.com/s.json#/$defs/x', undefined],
    ['//host.example/a', undefined],
    ['file:///srv/s.json', undefined],
    ['urn:example:a', undefined],
    ['mailto:a@example.com', undefined],
    ['tag:example.com,2026:a', undefined],
    ['a\\b', 'invalid'],
    ['a\tb', 'invalid'],
    ['a\u007fb', 'invalid'],
    [' a', 'invalid'],
    ['a ', 'invalid'],
    ['http:foo', 'scheme'],
    ['Https:foo', 'scheme'],
    ['http:/foo', 'scheme'],
    ['http:///foo', 'scheme'],
    ['wss:x', 'scheme'],
    ['ftp:x', 'scheme'],
    ['file:x', 'scheme'],
    ['file:/x', 'scheme'],
    ['%61.json', 'escape'],
    ['a%2fb.json', 'escape'],
    ['a/%2E%2E/b', 'escape'],
    ['a%2Fb.json', undefined],
  ] as const)('%j is %s', (value, expected) => {
    expect(uriSpelling(value)).toBe(expected);
  });
});
