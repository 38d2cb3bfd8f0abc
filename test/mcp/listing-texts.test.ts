// listingTexts keeps the text of the answer the MCP SDK takes for each of the listing's tools/list requests: the
// first result response with that id as the SDK finds it (Number(id) of a string or integer), nothing the SDK
// drops, and a page's text only when it holds as many tools as the SDK read from it.
import { describe, expect, it } from 'vitest';
import { listingTexts, stdoutLines } from '../../src/mcp/listing-texts.js';

const LIST = { jsonrpc: '2.0', method: 'tools/list', params: {} };
const page = (id: unknown, tools = '[{"name":"a"}]', extra = '') =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":${tools}${extra}}}`;

describe('listingTexts', () => {
  it.each([
    ['the answer as sent', [page(1)], page(1)],
    ['a string id the SDK finds the request by', [page('1')], page('1')],
    ['the first of two answers (the SDK takes the first)', [page(1), page(1, '[]')], page(1)],
    ['not an answer without jsonrpc (the SDK drops it)', [`{"id":1,"result":{"tools":[]}}`, page(1)], page(1)],
    ['not an error response', ['{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}', page(1)], page(1)],
    ['not a result that is an array', ['{"jsonrpc":"2.0","id":1,"result":[]}', page(1)], page(1)],
    ['not a fractional id', [page(1.5), page(1)], page(1)],
    ['not text that is not JSON', ['{"jsonrpc"', page(1)], page(1)],
    [
      'not an element of a batch on a line or in an event (the SDK drops an array whole)',
      [`[${page(1)}]`, page(1, '[{"name":"b"}]')],
      page(1, '[{"name":"b"}]'),
    ],
  ])('keeps %s', (_, received, kept) => {
    const texts = listingTexts();
    texts.sent({ ...LIST, id: 1 });
    for (const text of received) texts.received(text, 'single');
    expect(texts.pages([1])).toEqual({ ok: true, texts: [kept] });
  });

  it('keeps no answer the SDK would drop by its own test of a message', () => {
    const texts = listingTexts((value) => (value as { result: { _meta?: unknown } }).result._meta === undefined);
    texts.sent({ ...LIST, id: 1 });
    texts.received(page(1, '[]', ',"_meta":1'), 'single');
    texts.received(page(1), 'single');
    expect(texts.pages([1])).toEqual({ ok: true, texts: [page(1)] });
  });

  it.each([
    ['an element of a batch body, as its own text, when the SDK takes every element', true, page(1)],
    ['no element of a batch body with one the SDK refuses (it drops the body)', false, undefined],
  ])('keeps %s', (_, good, kept) => {
    const texts = listingTexts((value) => (value as { id: unknown }).id !== 'bad');
    texts.sent({ ...LIST, id: 1 });
    texts.received(`[${page(7)}, ${page(1)}, ${page(good ? 8 : 'bad')}]`, 'body');
    texts.received(page(1, '[{"name":"b"}]'), 'body');
    expect(texts.pages([1])).toEqual({ ok: true, texts: [kept ?? page(1, '[{"name":"b"}]')] });
  });

  it('keeps the pages in the order their requests were sent', () => {
    const texts = listingTexts();
    texts.sent({ ...LIST, id: 4 });
    texts.sent({ jsonrpc: '2.0', method: 'ping', id: 5 });
    texts.sent({ ...LIST, id: 6 });
    texts.received(page(6, '[{"name":"b"},{"name":"c"}]'), 'single');
    texts.received(page(5), 'single');
    texts.received(page(4), 'single');
    expect(texts.pages([1, 2])).toEqual({ ok: true, texts: [page(4), page(6, '[{"name":"b"},{"name":"c"}]')] });
  });

  it.each([
    ['no answer was seen', [], [1]],
    ['its tools are not as many as the SDK read', [page(1)], [2]],
    ['it has no tools member', ['{"jsonrpc":"2.0","id":1,"result":{}}'], [0]],
  ])('refuses a page when %s', (_, received, counts) => {
    const texts = listingTexts();
    texts.sent({ ...LIST, id: 1 });
    for (const text of received) texts.received(text, 'single');
    expect(texts.pages(counts)).toEqual({
      ok: false,
      message: 'the text of tools/list answer 1 could not be read as it arrived',
    });
  });

  it.each(['result', 'tools'])('refuses a page giving "%s" twice', (key) => {
    const texts = listingTexts();
    texts.sent({ ...LIST, id: 1 });
    texts.received(
      key === 'result'
        ? '{"jsonrpc":"2.0","id":1,"result":{"tools":[]},"result":{"tools":[]}}'
        : page(1, '[]', ',"tools":[]'),
      'single',
    );
    expect(texts.pages([0])).toEqual({
      ok: false,
      message: `a tools/list page gives "${key}" twice: which one is meant cannot be told`,
    });
  });

  it('keeps a page on a line past 10 MiB, as the SDK before 1.30 reads it (never stricter than the SDK)', () => {
    const texts = listingTexts();
    texts.sent({ ...LIST, id: 1 });
    const big = page(1, `[{"name":"a","description":"${'x'.repeat(12 * 1024 * 1024)}"}]`);
    const push = stdoutLines(texts);
    for (let i = 0; i < big.length; i += 1 << 20) push(Buffer.from(big.slice(i, i + (1 << 20))));
    push(Buffer.from('\n'));
    expect(texts.pages([1])).toEqual({ ok: true, texts: [big] });
  });

  it('reads no message while no tools/list request waits', () => {
    const texts = listingTexts();
    let read = 0;
    const text = { toString: () => String(read++) };
    texts.received(text as unknown as string, 'single');
    texts.sent({ ...LIST, id: 1 });
    texts.received(page(1), 'single');
    texts.received(text as unknown as string, 'single');
    expect(read).toBe(0);
  });
});
