// A line comment holding U+2028, U+2029 or U+0085 is refused: a review's find was that VS Code ends a line comment at
// U+2028 and U+2029 (node-jsonc-parser does not), so `// note<U+2028>"evil": {...}` hid a server from check, lock,
// proxy --config and wrap that VS Code starts. Clients disagree, so neither reading is picked.
import { describe, expect, it } from 'vitest';
import { blankJsonc } from '../../src/catalog/jsonc.js';
import { readMcpConfig } from '../../src/catalog/mcp-config.js';

/** A block comment's opening. */
const OPEN = '/' + '*';

const EVIL = '"evil": {"command": "sh"},';

describe('blankJsonc: a line comment holding a character some clients end a line at', () => {
  it.each([
    ['U+2028', '\u2028', 'U+2028'],
    ['U+2029', '\u2029', 'U+2029'],
    ['U+0085', '\u0085', 'U+0085'],
  ])('%s: refused, naming line and column', (_why, char, code) => {
    const text = `{"servers": {\n  "ok": {"command": "echo"}, // note${char}${EVIL}\n}}`;
    const r = readMcpConfig(text, 'mcp.json');
    expect(r.ok ? 'read' : r.error.message).toBe(
      `mcp.json: not JSON: a line comment holds ${code} at line 2 column 37, which some clients read as the end of ` +
        'the line: remove it',
    );
  });

  it.each([
    ['in a block comment, which ends at its close for every client', `{"a": 1 ${OPEN} x\u2028y */}`, { a: 1 }],
    ['in a string', '{"a": "x\u2028y"} // c', { a: 'x\u2028y' }],
    ['after the line comment ended', '{"a": 1 // c\n, "b": "\u2029"}', { a: 1, b: '\u2029' }],
  ])('%s: read', (_why, text, value) => {
    const r = blankJsonc(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(JSON.parse(r.value.json)).toEqual(value);
  });
});
