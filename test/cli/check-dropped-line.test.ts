// `check --mcp` reads a server's lines as the proxy reads them (src/proxy/stdio-lister.ts): a line that is no
// message (not JSON, past 64 MiB) is dropped, as the proxy drops it, and the request it may have answered times out.
// The timeout names the line dropped, so a server that wrote its answer in a form neither reads is told apart from
// one that wrote nothing (the SDK's lister ended the listing on a line over its 10 MiB bound instead).
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const NODE = JSON.stringify(process.execPath);

describe('a server whose answer is a line the proxy drops', () => {
  it('times out naming the line dropped', async () => {
    const server = `${NODE} -e "process.stdin.once('data', () => process.stdout.write('hello\\n'))"`;
    const r = await runInProcess(['check', '--timeout', '1', '--mcp', server]);
    expect(r.err).toContain(
      'the server did not answer "initialize" within 1 s (--timeout): is it an MCP server speaking JSON-RPC on ' +
        'stdio?; it wrote a line that is not JSON, which was dropped',
    );
    expect(r.code).toBe(2);
  });
});
