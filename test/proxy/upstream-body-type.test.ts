// How a Streamable HTTP upstream's response is read, by its Content-Type compared as RFC 9110 defines a media type
// (section 8.3): the type/subtype whole, any case, any parameters. A prefix test read `text/event-streams` as an
// event stream, so a JSON answer under it was searched for `data:` lines and never handed over.
import { describe, expect, it } from 'vitest';
import { readBody, type BodyReading } from '../../src/proxy/upstream-body.js';
import { exchangeCut } from '../../src/proxy/exchange-cut.js';
import type { UpstreamResponse } from '../../src/proxy/upstream-request.js';

function response(contentType: string, body: string): UpstreamResponse {
  return {
    status: 200,
    ok: true,
    header: (name) => (name === 'content-type' ? contentType : undefined),
    each: async (take) => {
      take(Buffer.from(body));
    },
    cancel: () => undefined,
  };
}

async function taken(contentType: string, body: string): Promise<{ text: string; inStream: boolean }[]> {
  const texts: { text: string; inStream: boolean }[] = [];
  const reading: BodyReading = {
    maxBytes: 1 << 20,
    take: (text, inStream) => {
      texts.push({ text, inStream });
      return true;
    },
    oversized: () => undefined,
    resume: async () => response('text/plain', ''),
    closed: () => false,
  };
  await readBody(response(contentType, body), reading, true, exchangeCut());
  return texts;
}

const message = '{"jsonrpc":"2.0","id":1,"result":{}}';

describe('an upstream response is read by its whole media type', () => {
  it.each(['text/event-stream', 'TEXT/Event-Stream', 'text/event-stream; charset=utf-8'])(
    '%s is an event stream',
    async (type) => {
      expect(await taken(type, `data: ${message}\n\n`)).toEqual([{ text: message, inStream: true }]);
    },
  );

  it.each(['text/event-streams', 'text/event-stream-x', 'application/json'])(
    '%s is a JSON body, handed over whole',
    async (type) => {
      expect(await taken(type, message)).toEqual([{ text: message, inStream: false }]);
    },
  );
});
