// A tools/list page of a catalog the proxy keeps admitted is not parsed again: every session's upstream sends
// the same page (700 KB for 2,000 tools), and parsing it was most of what a session over an admitted catalog
// cost the proxy's event loop. The same text always parses to the same value, so a recalled page
// must be exactly the parsed one, shared frozen, and forgotten with its catalog.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readMessage, type RpcMessage } from '../../src/mcp/channel.js';
import type { Admitted } from '../../src/proxy/published.js';
import { NOTHING } from '../../src/proxy/published.js';
import {
  admitOnce,
  KEPT_CATALOGS,
  listingMemo,
  MEMO_MAX_CHARS,
  MEMO_MAX_PAGE_VALUES,
  MEMO_MAX_VALUES,
} from '../../src/proxy/admission-cache.js';
import type { ProxySettings } from '../../src/proxy/settings.js';
import { openRawSession, startHttpServer, stopAll } from '../cli/http-fixture.js';
import { heapUsed } from '../heap.js';
import { startInProcess } from './in-process-proxy.js';

afterAll(stopAll);
afterEach(() => vi.restoreAllMocks());

const admitted: Admitted = { ok: true, value: NOTHING };
const admit = async (): Promise<Admitted> => admitted;

/** A tools/list reply of `n` tools (about 90 characters each), as an upstream sends it; `tag` makes it distinct. */
function page(n: number, tag: string, id = 2): { text: string; message: RpcMessage; result: unknown } {
  const tools = Array.from({ length: n }, (_, i) => ({
    name: `${tag}_${i}`,
    inputSchema: { type: 'object', properties: { v: { type: 'string', maxLength: i + 1 } } },
  }));
  const text = JSON.stringify({ jsonrpc: '2.0', id, result: { tools } });
  const message = JSON.parse(text) as RpcMessage;
  return { text, message, result: message.result };
}

describe('listingMemo', () => {
  it('recalls a page of an admitted catalog as the message it was read as, frozen, and nothing else', () => {
    const settings = {} as ProxySettings;
    const memo = listingMemo(settings);
    const p = page(100, 'a');
    expect(memo.recall(p.text)).toBeUndefined();
    void admitOnce(settings, (p.result as { tools: unknown[] }).tools, admit, [p]);
    const known = memo.recall(Buffer.from(p.text).toString());
    if (known === undefined) throw new Error('the page was not recalled');
    expect(known.message).toBe(p.message);
    expect(Object.isFrozen((known.message.result as { tools: object[] }).tools[7])).toBe(true);
    // Same length, one character changed: parsed as itself.
    expect(memo.recall(p.text.replace('a_7"', 'a_8"'))).toBeUndefined();
  });

  it('does not keep a short page (parsing it costs what a lookup does)', () => {
    const settings = {} as ProxySettings;
    const p = page(2, 'short');
    void admitOnce(settings, (p.result as { tools: unknown[] }).tools, admit, [p]);
    expect(listingMemo(settings).recall(p.text)).toBeUndefined();
  });

  it("forgets a catalog's pages with the catalog, but a page a kept catalog has too", () => {
    const settings = {} as ProxySettings;
    const memo = listingMemo(settings);
    const shared = page(100, 'shared');
    const first = page(100, 'first', 3);
    void admitOnce(settings, [], admit, [shared, first]);
    void admitOnce(settings, [], admit, [shared]);
    for (let n = 0; n < KEPT_CATALOGS - 2; n++) void admitOnce(settings, [], admit, [page(100, `c${n}`)]);
    expect(memo.recall(first.text)).toBeDefined();
    // One more catalog: the first one, least recently used, is let go; `shared` is still a kept catalog's page.
    void admitOnce(settings, [], admit, [page(100, 'last')]);
    expect(memo.recall(first.text)).toBeUndefined();
    expect(memo.recall(shared.text)).toBeDefined();
  });

  it('gives a listing the same digest whether its pages were recalled or hashed', () => {
    const settings = {} as ProxySettings;
    const p = page(100, 'd');
    const listed = (p.result as { tools: unknown[] }).tools;
    void admitOnce(settings, listed, admit, [p]);
    // The second time the page's digest is the remembered one: the catalog must still be found by it.
    const again = vi.fn(admit);
    void admitOnce(settings, listed, again, [{ ...p, text: Buffer.from(p.text).toString() }]);
    expect(again).not.toHaveBeenCalled();
  });

  it('recalls the message as it was parsed, members the proxy does not read included', () => {
    const settings = {} as ProxySettings;
    const p = page(100, 'm');
    const text = `${p.text.slice(0, -1)},"method":null}`;
    const message = JSON.parse(text) as RpcMessage;
    void admitOnce(settings, [], admit, [{ text, message }]);
    expect(listingMemo(settings).recall(text)?.message).toBe(message);
    expect(listingMemo(settings).recall(text)?.message.method).toBeNull();
  });

  it(`keeps at most ${MEMO_MAX_CHARS} characters of pages: a padded page past that is parsed as it comes`, () => {
    const settings = {} as ProxySettings;
    const padded = (tag: string): { text: string; message: RpcMessage } => {
      const text = `{"jsonrpc":"2.0","id":2,"result":{"tools":[],"${tag}":"${'x'.repeat(MEMO_MAX_CHARS / 2)}"}}`;
      return { text, message: { jsonrpc: '2.0', id: 2, result: { tools: [] } } };
    };
    const [a, b] = [padded('a'), padded('b')];
    void admitOnce(settings, [], admit, [a]);
    void admitOnce(settings, [], admit, [b]);
    expect(listingMemo(settings).recall(a.text)).toBeDefined();
    expect(listingMemo(settings).recall(b.text)).toBeUndefined();
  });

  it('forgets the pages of a refused listing, and remembers them no more for a later session', async () => {
    const settings = {} as ProxySettings;
    const p = page(100, 'refused');
    const refused: Admitted = { ok: false, message: 'no' };
    const keeps = (a: Admitted): boolean => a.ok;
    await admitOnce(settings, [], async () => refused, [p], keeps);
    expect(listingMemo(settings).recall(p.text)).toBeUndefined();
    expect(await admitOnce(settings, [], admit, [p], keeps)).toBe(refused);
    expect(listingMemo(settings).recall(p.text)).toBeUndefined();
  });

  it("a refused listing does not take a kept catalog's page with it", async () => {
    const settings = {} as ProxySettings;
    const [shared, other] = [page(100, 'kept'), page(100, 'other', 3)];
    await admitOnce(settings, [], admit, [shared]);
    await admitOnce(
      settings,
      [],
      async (): Promise<Admitted> => ({ ok: false, message: 'no' }),
      [shared, other],
      (a) => a.ok,
    );
    expect(listingMemo(settings).recall(shared.text)).toBeDefined();
    expect(listingMemo(settings).recall(other.text)).toBeUndefined();
  });

  it('does not keep an admission that rejected: the next session admits the listing again', async () => {
    const settings = {} as ProxySettings;
    const p = page(100, 'thrown');
    await expect(admitOnce(settings, [], () => Promise.reject(new Error('bug')), [p])).rejects.toThrow('bug');
    expect(listingMemo(settings).recall(p.text)).toBeUndefined();
    const again = vi.fn(admit);
    expect(await admitOnce(settings, [], again, [p])).toBe(admitted);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('holds no text of a page it did not remember (a padded page was held by its catalog before)', async () => {
    const settings = {} as ProxySettings;
    const before = await heapUsed();
    await (async () => {
      // Past MEMO_MAX_CHARS: never remembered, so nothing of the proxy's may hold it once the listing is admitted.
      const text = `{"jsonrpc":"2.0","id":2,"result":{"tools":[],"pad":"${'x'.repeat(MEMO_MAX_CHARS)}"}}`;
      await admitOnce(settings, [], admit, [{ text, message: { jsonrpc: '2.0', id: 2, result: { tools: [] } } }]);
      expect(listingMemo(settings).recall(text)).toBeUndefined();
    })();
    expect((await heapUsed()) - before).toBeLessThan(MEMO_MAX_CHARS / 4);
  });

  it(`remembers at most ${MEMO_MAX_PAGE_VALUES} values a page, ${MEMO_MAX_VALUES} in all (padding with {})`, () => {
    const settings = {} as ProxySettings;
    const memo = listingMemo(settings);
    // About 3 characters a value: far within MEMO_MAX_CHARS, far past the values a page may have.
    const padText = `{"jsonrpc":"2.0","id":2,"result":{"tools":[],"pad":[${'{},'.repeat(MEMO_MAX_PAGE_VALUES)}{}]}}`;
    const padded = { text: padText, message: JSON.parse(padText) as RpcMessage };
    void admitOnce(settings, [], admit, [padded]);
    expect(memo.recall(padText)).toBeUndefined();
    // Pages within the page bound are remembered until their values together would pass the whole bound.
    const near = (tag: string): { text: string; message: RpcMessage } => {
      const n = MEMO_MAX_PAGE_VALUES - 10;
      const text = `{"jsonrpc":"2.0","id":2,"result":{"tools":[],"${tag}":[${'0,'.repeat(n - 8)}0]}}`;
      return { text, message: JSON.parse(text) as RpcMessage };
    };
    const pages = Array.from({ length: MEMO_MAX_VALUES / MEMO_MAX_PAGE_VALUES + 1 }, (_, i) => near(`p${i}`));
    void admitOnce(settings, [], admit, pages);
    expect(pages.map((p) => memo.recall(p.text) !== undefined)).toEqual([...pages.map(() => true).slice(1), false]);
  });

  it('readMessage hands over a recalled page without parsing it, and parses every other text', () => {
    const settings = {} as ProxySettings;
    const p = page(100, 'r');
    const other = page(100, 'other').text;
    void admitOnce(settings, [], admit, [p]);
    const parse = vi.spyOn(JSON, 'parse');
    const got: [RpcMessage, string][] = [];
    const sink = { message: (m: RpcMessage, t: string) => got.push([m, t]), bad: () => undefined };
    readMessage(Buffer.from(p.text).toString(), { ...sink, known: listingMemo(settings) });
    expect(parse).not.toHaveBeenCalled();
    readMessage(other, { ...sink, known: listingMemo(settings) });
    expect(parse).toHaveBeenCalledTimes(1);
    expect(got.map(([m]) => m.id)).toEqual([2, 2]);
    expect(got[0]?.[1]).toBe(p.text);
  });
});

describe('proxy --listen: a session over an admitted catalog', () => {
  it('does not parse its upstream listing again, and answers every session the same bytes', async () => {
    const server = await startHttpServer({ MANY_TOOLS: '100' });
    const proxy = await startInProcess(['--listen', '0', '--url', server.url]);
    const parse = vi.spyOn(JSON, 'parse');
    const listings = (): number =>
      parse.mock.calls.filter(([t]) => typeof t === 'string' && t.includes('many_99')).length;
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const session = await openRawSession(proxy.url);
      answers.push(await proxy.post(session, { id: 1, method: 'tools/list' }));
    }
    // Three sessions' upstreams each sent the listing admitted at start-up: none was parsed by the proxy.
    expect(listings()).toBe(0);
    expect(answers[0]).toContain('"many_99"');
    expect(new Set(answers).size).toBe(1);
    parse.mockRestore();
    expect(await proxy.stop()).toBe(0);
  });
});
