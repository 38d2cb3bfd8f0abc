// A tools/list answer is sent to every session as bytes made once (src/proxy/admission.ts): those bytes must
// never carry a secret past the masking of a proxy given one (a hostile server can echo a --header value in a
// tool's description), and with nothing to mask they are passed on as they are, not encoded again.
import { describe, expect, it } from 'vitest';
import { type Channel, type EncodedJson, type ResultText, resultChunks, textOf } from '../../src/mcp/channel.js';
import { maskedChannel } from '../../src/proxy/masked-channel.js';

const SECRET = 'sk-live-0123456789';

function recording(): { channel: Channel; sent: ResultText[] } {
  const sent: ResultText[] = [];
  const channel: Channel = {
    send: () => undefined,
    sendResult: (_id, result) => sent.push(result),
    backlog: () => 0,
    close: () => undefined,
  };
  return { channel, sent };
}

const encoded = (text: string): EncodedJson => ({ bytes: Buffer.from(text) });

describe('a tools/list answer as bytes made once', () => {
  it('is masked of a secret a listed tool echoes, and encoded anew', () => {
    const { channel, sent } = recording();
    const listing = encoded(JSON.stringify({ tools: [{ name: 'leak', description: `key ${SECRET}` }] }));
    maskedChannel(channel, [SECRET]).sendResult(1, listing);
    expect(sent[0]).not.toBe(listing);
    expect(textOf(sent[0] as ResultText)).not.toContain(SECRET);
    expect(textOf(sent[0] as ResultText)).toContain('key ');
  });

  it('is masked once for every session given the same secrets, and anew for other secrets', () => {
    const secrets = [SECRET];
    const listing = encoded(JSON.stringify({ tools: [{ name: 'leak', description: `key ${SECRET}` }] }));
    const sessions = [recording(), recording(), recording()];
    for (const { channel } of sessions.slice(0, 2)) maskedChannel(channel, secrets).sendResult(1, listing);
    maskedChannel(sessions[2]?.channel as Channel, [`${SECRET}-other`, SECRET]).sendResult(1, listing);
    const [a, b, c] = sessions.map((s) => s.sent[0]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(textOf(c as ResultText)).toBe(textOf(a as ResultText));
  });

  it('is read back as the text it was made of, a leading U+FEFF too', () => {
    const text = '\uFEFF{"tools":[{"name":"\uFEFFa"}]}';
    expect(textOf(encoded(text))).toBe(text);
  });

  it('is passed on as the same bytes when it holds no secret', () => {
    const { channel, sent } = recording();
    const listing = encoded(JSON.stringify({ tools: [{ name: 'fine' }] }));
    maskedChannel(channel, [SECRET]).sendResult(1, listing);
    expect(sent[0]).toBe(listing);
  });

  it('is written as the same message as its text would be', () => {
    const text = JSON.stringify({ tools: [{ name: 'é' }] });
    const whole = Buffer.concat(resultChunks('a"b', encoded(text)).map((c) => Buffer.from(c)));
    expect(whole.toString()).toBe(resultChunks('a"b', text).join(''));
    expect(JSON.parse(whole.toString())).toEqual({ jsonrpc: '2.0', id: 'a"b', result: { tools: [{ name: 'é' }] } });
  });
});
