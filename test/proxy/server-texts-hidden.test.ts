// Found by a hunt: the proxy held a tool's texts and `instructions` to the hidden-character rule (tag characters, bidi
// overrides: published-text.ts) but passed the rest of what a client shows or puts before a model verbatim: the
// rebuilt `serverInfo` (its name, title and version) and the entries of prompts/list, resources/list and
// resources/templates/list (their name, title, description). `serverInfo` has each such text written out now (an
// initialize needs it), and a listed entry holding one is left out, as a tool is withheld.
import { describe, expect, it } from 'vitest';
import { discoverResult } from '../../src/mcp/modern.js';
import { NEWEST_INITIALIZE } from '../../src/mcp/versions.js';
import { type ClientSide, serverAnswer, serverInitialize } from '../../src/proxy/server-messages.js';

const client: ClientSide = { caps: {}, revision: NEWEST_INITIALIZE, gateway: false };
/** "IGN" in tag characters: what a model reads and no person sees. */
const TAG = String.fromCodePoint(0xe0049, 0xe0047, 0xe004e);
const RLO = '\u202e';

describe("a server's texts beyond its tools", () => {
  const serverInfo = { name: `srv${TAG}`, title: `Title${RLO}evil`, version: '1\u0007', description: 'plain' };
  const shown = {
    name: 'srv\\u{e0049}\\u{e0047}\\u{e004e}',
    title: 'Title\\u202eevil',
    version: '1\\u0007',
    description: 'plain',
  };

  it("serverInfo's texts are written out in the initialize result", () => {
    expect(serverInitialize({ serverInfo }, NEWEST_INITIALIZE).serverInfo).toEqual(shown);
  });

  it("serverInfo's texts are written out in server/discover's identity", () => {
    const meta = discoverResult({ serverInfo, capabilities: {} })['_meta'] as Record<string, unknown>;
    expect(Object.values(meta)).toContainEqual(shown);
  });

  it('a serverInfo without such a text is passed as it was', () => {
    const plain = { name: 'srv', title: 'Ümlaut عربي', version: '1.0.0' };
    expect(serverInitialize({ serverInfo: plain }, NEWEST_INITIALIZE).serverInfo).toEqual(plain);
  });

  it.each([
    ['resources/list', 'resources', { uri: 'file:///x', name: 'ok' }, { uri: 'file:///y', name: `r${TAG}` }],
    ['resources/list', 'resources', { uri: 'file:///x', name: 'ok' }, { uri: 'file:///y', name: 'r', title: RLO }],
    ['prompts/list', 'prompts', { name: 'ok' }, { name: 'p', description: `hidden${TAG}` }],
    ['prompts/list', 'prompts', { name: 'ok' }, { name: 'p', arguments: [{ name: 'a', description: RLO }] }],
    [
      'resources/templates/list',
      'resourceTemplates',
      { uriTemplate: 'a/{x}', name: 'ok' },
      { uriTemplate: 'b/{x}', name: `t${RLO}` },
    ],
  ])('%s: an entry whose text steers its reader unseen is left out (%s)', (method, member, kept, hidden) => {
    const out = serverAnswer(method, { result: { [member]: [kept, hidden] } }, client, 1 << 20, []);
    expect(out).toEqual({ result: { [member]: [kept] } });
  });

  it("an entry's _meta is the client's business, not a text it shows", () => {
    const entry = { name: 'ok', _meta: { note: `x${TAG}` } };
    const out = serverAnswer('prompts/list', { result: { prompts: [entry] } }, client, 1 << 20, []);
    expect(out).toEqual({ result: { prompts: [entry] } });
  });
});
