// An MCP client config may be JSONC, as VS Code reads its MCP config (comments and trailing commas): a
// newcomer's find was such a file refused as "not JSON" by check, lock, proxy --config and wrap. The comments and
// trailing commas are blanked in place, so the strict parse keeps its checks and its positions point into the file.
import { describe, expect, it } from 'vitest';
import { blankJsonc } from '../../src/catalog/jsonc.js';
import { readMcpConfig } from '../../src/catalog/mcp-config.js';

/** A block comment's opening. */
const OPEN = '/' + '*';

describe('blankJsonc', () => {
  it.each([
    ['plain JSON, unchanged', '{"a": 1}', { a: 1 }, undefined],
    ['a line comment', '{\n  // the servers\n  "a": 1\n}', { a: 1 }, [2, 3]],
    ['a line comment at the end, no newline', '{"a": 1} // end', { a: 1 }, [1, 10]],
    ['a line comment ended by CR LF', '{\r\n  // c\r\n  "a": 1\r\n}', { a: 1 }, [2, 3]],
    ['a block comment across lines', '{ /* one\n   two */ "a": 1 }', { a: 1 }, [1, 3]],
    ['a block comment between a key and its colon', '{"a" /* k */ : 1}', { a: 1 }, [1, 6]],
    ['"*/" inside a line comment', '{"a": 1 // not an end */\n}', { a: 1 }, [1, 9]],
    ['"//" inside a block comment', '{"a": /* http://x */ 1}', { a: 1 }, [1, 7]],
    ['"//" inside a string: a URL', '{"url": "http://x/mcp"}', { url: 'http://x/mcp' }, undefined],
    ['"/*" and "*/" inside a string', '{"a": "/* kept */", "b": "x*/"}', { a: '/* kept */', b: 'x*/' }, undefined],
    [
      'an escaped quote before "//" in a string',
      '{"a": "say \\"// hi\\"", "b": 1}',
      { a: 'say "// hi"', b: 1 },
      undefined,
    ],
    ['an escaped backslash ending a string', '{"a": "C:\\\\", "b": 2} // c', { a: 'C:\\', b: 2 }, [1, 23]],
    ['a trailing comma in an object', '{"a": 1,}', { a: 1 }, [1, 8]],
    ['a trailing comma in an array', '{"a": [1, 2,]}', { a: [1, 2] }, [1, 12]],
    ['a trailing comma before a newline', '{\n  "a": [\n    "x",\n  ],\n}', { a: ['x'] }, [3, 8]],
    ['a trailing comma before a comment', '[1, // last\n]', [1], [1, 3]],
    ['a trailing comma before a block comment', '[1, /* two */ ]', [1], [1, 3]],
    ['a comma in a string before "]"', '["a,]"]', ['a,]'], undefined],
  ])('%s', (_why, text, value, at) => {
    const r = blankJsonc(text);
    if (!r.ok) throw new Error(r.error.message);
    // Same length and lines: the strict parse's positions are the original's.
    expect(r.value.json.length).toBe(text.length);
    expect(r.value.json.split('\n').length).toBe(text.split('\n').length);
    expect(JSON.parse(r.value.json)).toEqual(value);
    expect(r.value.firstAt).toEqual(at === undefined ? undefined : { line: at[0], column: at[1] });
  });

  // Written with OPEN: a comment opened in this file's text and never closed would hide the rest from test/style.
  it.each([
    [
      'a block comment never closed',
      `{\n  "a": 1 ${OPEN} open`,
      `a comment "${OPEN}" at line 2 column 10 is not closed`,
    ],
    ['one opened inside a line comment is not one', `{"a": 1} // ${OPEN} no\n${OPEN} yes`, 'at line 2 column 1'],
  ])('refuses %s, naming where', (_why, text, message) => {
    const r = blankJsonc(text);
    expect(r.ok ? 'read' : r.error.message).toContain(message);
  });

  // Commas not after a value: jsonc-comma-after-value.test.ts.
  it.each([['a lone slash', '{"a": 1 /}']])('leaves %s to the strict parse, which refuses it', (_why, text) => {
    const r = blankJsonc(text);
    expect(r.ok && r.value.json).toBe(text);
    expect(readMcpConfig(text).ok).toBe(false);
  });
});

describe('readMcpConfig: a JSONC config', () => {
  const VSCODE = [
    '{',
    '  // Servers of this workspace (VS Code reads this file as JSONC).',
    '  "servers": {',
    '    /* the remote one,',
    '       over HTTP */',
    '    "remote": { "type": "http", "url": "http://127.0.0.1:1/mcp", },',
    '    "local": { "command": "node", "args": ["-e", "//x", "/*y*/"] }, // trailing',
    '  },',
    '}',
  ].join('\n');

  it('is read as VS Code reads it, its entries in order, where its first comment is', () => {
    const r = readMcpConfig(VSCODE, '.vscode/mcp.json');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.key).toBe('servers');
    expect(r.value.entries.map((e) => e.name)).toEqual(['remote', 'local']);
    expect(r.value.entries[1]).toMatchObject({ kind: 'stdio', args: ['-e', '//x', '/*y*/'] });
    expect(r.value.jsoncAt).toEqual({ line: 2, column: 3 });
  });

  it('plain JSON has no jsoncAt', () => {
    const r = readMcpConfig('{"servers": {}}');
    expect(r.ok && r.value.jsoncAt).toBeUndefined();
  });

  it.each([
    // A key given twice is still refused, at its place in the file as written.
    [
      'a duplicate key',
      '{\n  /* a\n  b */ "servers": {},\n  "servers": {}\n}',
      'not JSON: duplicate key "servers" at line 4 column 16 ',
    ],
    ['an unclosed comment', '{"servers": {}} /* and', 'not JSON: a comment "/*" at line 1 column 17 is not closed'],
  ])('still refuses %s', (_why, text, message) => {
    const r = readMcpConfig(text, 'mcp.json');
    expect(r.ok ? 'read' : r.error.message).toContain(`mcp.json: ${message}`);
  });

  it("never shows a comment's text in a refusal", () => {
    const r = readMcpConfig('{\n  // token: sk-very-secret-value\n  "servers": [], \n}');
    expect(r.ok ? 'read' : r.error.message).toBe('config: "servers" must be an object of servers by name');
  });
});
