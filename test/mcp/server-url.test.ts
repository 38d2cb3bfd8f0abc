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
});
