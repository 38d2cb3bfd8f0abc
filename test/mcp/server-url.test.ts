// `--url` as read (src/mcp/server-url.ts): a query value is a secret in each form a message can show it: decoded,
// as written, and as the request sends it (a server echoing its request line shows the encoded form).
import { describe, expect, it } from 'vitest';
import { readServerUrl } from '../../src/mcp/server-url.js';

describe('readServerUrl', () => {
  it('names a query value decoded, as written and as sent, and never in the display', () => {
    const read = readServerUrl('http://127.0.0.1:1/mcp?key=abc+def/ghi==&token=my%20secret%2Bvalue&raw=a b c d');
    expect(read.ok && read.value.display).toBe('http://127.0.0.1:1/mcp');
    const secrets = read.ok ? read.value.secrets : [];
    for (const form of ['abc def/ghi==', 'abc+def/ghi==', 'my secret+value', 'my%20secret%2Bvalue', 'a%20b%20c%20d'])
      expect(secrets).toContain(form);
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  // A hunt's note: some services put the key in the path (Zapier's `/s/<key>/mcp`), where only query values were
  // secrets and the display (a server's name in reports) showed it.
  it('names a path segment that may be a key, as written and decoded, and never in the display', () => {
    const read = readServerUrl('https://mcp.zapier.com/api/mcp/s/NjI3ZTk0ZjQtYjM5Yi00NDUx%3D/mcp');
    expect(read.ok && read.value.display).toBe('https://mcp.zapier.com/api/mcp/s/<redacted>/mcp');
    expect(read.ok ? read.value.secrets : []).toEqual(['NjI3ZTk0ZjQtYjM5Yi00NDUx%3D', 'NjI3ZTk0ZjQtYjM5Yi00NDUx=']);
    // A review's find: a slug with a year (17 characters, a letter and a digit) was masked in every result naming it.
    const places = readServerUrl('https://h.test/modelcontextprotocol/weather-api-v2024/deployment-2024-12-06');
    expect(places.ok && [places.value.display, places.value.secrets]).toEqual([
      'https://h.test/modelcontextprotocol/weather-api-v2024/deployment-2024-12-06',
      [],
    ]);
  });
});
