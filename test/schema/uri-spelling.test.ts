// The one reading of `$id`, `$ref` and `$dynamicRef` in every dialect (src/schema/uri-spelling.ts): each is resolved
// by WHATWG URL (toolgate's reference index) and by RFC 3986 (the specification; Ajv's resolver), and one they read as
// different URIs is refused. A table of the rule; test/schema/one-pipeline.test.ts holds the verdicts it changes.
import { describe, expect, it } from 'vitest';
import { ajvResolved } from '../../src/schema/engine/ajv-resolver.js';
import { resolveUri, sameReading } from '../../src/schema/references.js';
import { notUriReference } from '../../src/schema/uri-spelling.js';

const ROOT = 'toolgate:/anonymous-root';

describe('notUriReference', () => {
  it.each([
    ['a/b.json', false],
    ['#/$defs/a b', false],
    ['a\\b', true],
    ['a\tb', true],
    ['a\u007fb', true],
    [' a', true],
    ['a ', true],
  ])('%j: %s', (value, expected) => {
    expect(notUriReference(value)).toBe(expected);
  });
});

describe('sameReading: WHATWG URL and RFC 3986 name one URI', () => {
  it.each([
    // Read alike, or apart only by RFC 3986's own normalisations (§6.2.2-6.2.3) or a fragment's escapes.
    ['a/b.json', 'https://x.example/d/s', true],
    ['#/$defs/x', ROOT, true],
    ['#/$defs/a b', ROOT, true],
    ['#/$defs/%7Ea', ROOT, true],
    ['#/properties/a{b}|c', ROOT, true],
    ['https://example.com', ROOT, true],
    ['https://Example.COM:443/a', ROOT, true],
    ['https://café.example/', ROOT, true],
    ['urn:uuid:deadbeef-1234-0000-0000-4321feebdaed', ROOT, true],
    ['#foo', 'urn:x:y', true],
    ['file:///srv/s.json', ROOT, true],
    ['schema.json', 'file:///C:/dir/x', true],
    ['../a.json', 'https://x.example/d/e/s', true],
    // Read as different URIs (the hunt's and its review's finds).
    ['http:foo', 'http://q.example/dir/', false],
    ['HTTP:foo', 'http://q.example/dir/', false],
    ['http:/foo', 'http://q.example/dir/', false],
    ['https:///foo', 'http://q.example/dir/', false],
    ['///c', 'http://root.example/dir/', false],
    ['/y', 'file:///C:/dir/x', false],
    ['a#', 'urn:x:y', false],
    ['%61.json', 'https://x.example/d/', false],
    ['a%2fb.json', 'https://x.example/d/', false],
    ['a/%2e%2e/b', 'https://x.example/d/', false],
  ])('%j against %s: %s', (value, base, expected) => {
    expect(sameReading(resolveUri(value, base), ajvResolved(value, base))).toBe(expected);
  });
});
