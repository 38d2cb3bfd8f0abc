// The `--listen` media type checks read as RFC 9110 defines them (src/proxy/media-types.ts): the type/subtype
// compared whole and case-insensitive, parameters allowed, and an Accept range weighted q=0 not acceptable.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { accepts, isMediaType } from '../../src/proxy/media-types.js';

const asking = (accept: string | undefined) => ({ headers: accept === undefined ? {} : { accept } }) as IncomingMessage;

describe('isMediaType (Content-Type)', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON', true],
    ['application/json; charset=utf-8', true],
    ['application/json ;charset="utf-8"', true],
    ['application/jsonp', false],
    ['application/json-seq', false],
    ['application/json5; charset=utf-8', false],
    ['application/json, text/plain', false],
    ['text/json', false],
    ['', false],
  ])('%s: %s', (type, json) => {
    expect(isMediaType(type, 'application/json')).toBe(json);
  });

  it('a request without Content-Type', () => {
    expect(isMediaType(undefined, 'application/json')).toBe(false);
  });
});

describe('accepts (Accept)', () => {
  it.each([
    ['application/json, text/event-stream', 'text/event-stream', true],
    ['Application/Json;q=0.5, TEXT/EVENT-STREAM', 'application/json', true],
    ['*/*', 'text/event-stream', true],
    ['text/*', 'text/event-stream', true],
    ['application/json, text/event-stream;q=0', 'text/event-stream', false],
    ['application/json, text/event-stream; Q=0.000', 'text/event-stream', false],
    ['text/event-stream;q=0.001', 'text/event-stream', true],
    ['*/*, text/event-stream;q=0', 'text/event-stream', false],
    ['text/*;q=0, text/event-stream', 'text/event-stream', true],
    ['text/*;q=0, */*', 'text/event-stream', false],
    ['text/event-stream;q=2', 'text/event-stream', false],
    ['text/event-stream;q=abc, */*', 'text/event-stream', true],
    ['text/event-streams', 'text/event-stream', false],
    ['text/event-stream;x="a,b;q=0", application/json', 'text/event-stream', true],
    ['text/event-stream;x="a,b;q=0", application/json', 'application/json', true],
    ['text/event-stream;x="a\\"", application/json;q=0', 'application/json', false],
    ['', 'application/json', false],
  ])('%s: %s %s', (accept, type, ok) => {
    expect(accepts(asking(accept), type)).toBe(ok);
  });

  it('a request without Accept accepts nothing (MCP requires both types listed)', () => {
    expect(accepts(asking(undefined), 'application/json')).toBe(false);
  });
});
