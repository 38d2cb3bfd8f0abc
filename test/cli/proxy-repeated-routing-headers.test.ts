// A routing header given more than once (MCP 2026-07-28, Streamable HTTP, "Server Validation"): Node joins the
// values of a repeated header with ", ", so `Mcp-Param-Region: a` and `Mcp-Param-Region: b` read as "a, b" and
// agreed with a body whose region is "a, b", while a gateway routing by the first header routed the call by "a".
// Each repeated routing header is refused with 400 and HeaderMismatch, and nothing reaches the server.
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modernEnvelope, POST_HEADERS, startProxy, stopAll } from './http-fixture.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const REVISIONS = join(ROOT, 'test/cli/fixtures/revision-server.mjs');
afterAll(stopAll);

/** POSTs `body` with `headers` (an array value is sent as that many header lines, as fetch cannot). */
function post(url: string, headers: Record<string, string | string[]>, body: unknown): Promise<[number, unknown]> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...POST_HEADERS, ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve([res.statusCode ?? 0, JSON.parse(text.replace(/^(event|id|data): ?/gm, ''))]));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('a 2026-07-28 request with a routing header given twice over --listen', async () => {
  const proxy = await startProxy(['--listen', '0', '--', process.execPath, REVISIONS]);
  const call = (headers: Record<string, string | string[]>, name: string, args: object) =>
    post(
      proxy.url,
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'routed', ...headers },
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args, _meta: modernEnvelope() } },
    );
  const refused = (message: string) => [400, { jsonrpc: '2.0', id: 7, error: { code: -32020, message } }];

  it('passes each header given once', async () => {
    const [status, body] = await call({ 'mcp-param-region': 'a, b' }, 'routed', { region: 'a, b' });
    expect([status, JSON.stringify(body)]).toEqual([200, expect.stringContaining('"resultType":"complete"')]);
  });

  it('refuses Mcp-Param-Region twice, whose values joined are the body value', async () => {
    expect(await call({ 'mcp-param-region': ['a', 'b'] }, 'routed', { region: 'a, b' })).toEqual(
      refused('Header mismatch: the Mcp-Param-Region header is given more than once'),
    );
  });

  it.each([
    ['Mcp-Name', { 'mcp-name': ['routed', 'x'] }, 'routed, x'],
    ['Mcp-Method', { 'mcp-method': ['tools/call', 'tools/call'] }, 'routed'],
    ['MCP-Protocol-Version', { 'mcp-protocol-version': ['2026-07-28', '2026-07-28'] }, 'routed'],
  ])('refuses %s twice', async (header, headers, name) => {
    expect(await call(headers, name, {})).toEqual(refused(`Bad Request: the ${header} header is given more than once`));
  });
});
