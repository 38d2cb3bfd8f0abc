// mcpToolResult's rules one by one (the end-to-end path through a real MCP server is in
// test/adapters/mcp-result-bridge.test.ts): what each provider reads of a CallToolResult.
import { describe, expect, it } from 'vitest';
import { mcpToolResult } from '../../src/tools/mcp-result.js';

// The first bytes of a PNG file (its signature), as base64.
const PNG_DATA = 'iVBORw0KGgo=';
const PNG = { type: 'image', data: PNG_DATA, mimeType: 'image/png' };

describe('mcpToolResult', () => {
  it.each([
    ['a string (not a CallToolResult)', 'plain', 'plain'],
    ['an object without content or structuredContent', { rows: 2 }, '{"rows":2}'],
    [
      'several text parts',
      {
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      'a\nb',
    ],
    [
      'text beside structuredContent (not repeated)',
      { content: [{ type: 'text', text: 't' }], structuredContent: { n: 1 } },
      't',
    ],
    ['structuredContent alone', { content: [], structuredContent: { n: 1 } }, '{"n":1}'],
    ['an audio part alone', { content: [{ type: 'audio', data: 'AA', mimeType: 'audio/wav' }] }, ''],
  ])('reads %s as the text the model reads', (_name, value, text) => {
    const r = mcpToolResult('c', 't', value);
    expect([r.isError, r.content]).toEqual([false, text]);
    expect(r.toMessage('openai').content).toBe(text);
  });

  it('puts "error:" first for an error with only an image, in every shape without an error flag', () => {
    const r = mcpToolResult('c', 'snap', { content: [PNG], isError: true });
    expect(r.content).toBe('error: tool snap reported an error');
    expect(r.toMessage('openai-responses').output).toEqual([
      { type: 'input_text', text: 'error: tool snap reported an error' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG_DATA}` },
    ]);
    expect(r.toMessage('anthropic')).toMatchObject({ is_error: true, content: [{ type: 'text' }, { type: 'image' }] });
  });

  it('prefixes the text even when an image comes first (Responses parts)', () => {
    const r = mcpToolResult('c', 'snap', { content: [PNG, { type: 'text', text: 'bad' }], isError: true });
    const output = r.toMessage('openai-responses').output;
    expect(Array.isArray(output) && output[0]).toEqual({ type: 'input_text', text: 'error:' });
  });

  // Each failed the host's whole request to the provider (400), so a server could stop every later turn; the
  // mimeType went into the Responses `data:` URL as sent.
  it.each([
    ['a type neither provider reads', { data: 'SUkqAA==', mimeType: 'image/tiff' }],
    ['a mimeType that rewrites the data: URL', { data: PNG_DATA, mimeType: 'image/png;x,' }],
    ['data that is not base64', { data: 'iVBORw0KGg!=', mimeType: 'image/png' }],
    ['data cut short', { data: 'iVBORw0KGgo', mimeType: 'image/png' }],
    ['data with a line break', { data: 'iVBORw0K\nGgo=', mimeType: 'image/png' }],
    ['padding in the middle', { data: 'iVBO==0KGgo=', mimeType: 'image/png' }],
    ['empty data', { data: '', mimeType: 'image/png' }],
    ['a JPEG named PNG', { data: '/9j/4A==', mimeType: 'image/png' }],
    ['a PNG named WebP', { data: PNG_DATA, mimeType: 'image/webp' }],
    ['a RIFF that is not WebP', { data: 'UklGRgAAAABXQVZF', mimeType: 'image/webp' }],
    ['a signature cut short', { data: 'iVBORw==', mimeType: 'image/png' }],
  ])('drops an image with %s from every provider shape, keeping it for mcp', (_name, image) => {
    const r = mcpToolResult('c', 't', {
      content: [
        { type: 'text', text: 'x' },
        { type: 'image', ...image },
      ],
    });
    expect(r.toMessage('anthropic').content).toBe('x');
    expect(r.toMessage('openai-responses').output).toBe('x');
    expect(r.toMessage('mcp')).toMatchObject({ content: [{ type: 'text' }, { type: 'image', ...image }] });
  });

  it.each([
    ['image/png', PNG_DATA],
    ['image/jpeg', '/9j/4A=='],
    ['image/gif', 'R0lGODlh'],
    ['image/gif', 'R0lGODdh'],
    ['image/webp', 'UklGRgAAAABXRUJQ'],
  ])('keeps a %s image whose data is one (%s)', (mimeType, data) => {
    const r = mcpToolResult('c', 't', { content: [{ type: 'image', data, mimeType }] });
    expect(r.toMessage('openai-responses').output).toEqual([
      { type: 'input_image', image_url: `data:${mimeType};base64,${data}` },
    ]);
    expect(r.toMessage('anthropic').content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: mimeType, data } },
    ]);
  });

  it('reads 3 MB of image data in one pass (a pattern over it threw past a few MB)', () => {
    const data = `iVBORw0KGgoAAAAN${'QUFB'.repeat(750_000)}`; // a PNG's first 12 bytes, then 2.25 MB
    const bad = `${data.slice(0, -1)}!`;
    const ok = mcpToolResult('c', 't', { content: [{ type: 'image', data, mimeType: 'image/png' }] });
    const notOk = mcpToolResult('c', 't', { content: [{ type: 'image', data: bad, mimeType: 'image/png' }] });
    expect(Array.isArray(ok.toMessage('openai-responses').output)).toBe(true);
    expect(notOk.toMessage('openai-responses').output).toBe('');
  });

  it('fails a value that is not JSON, without reading it as a success', () => {
    const r = mcpToolResult('c', 't', { content: [{ type: 'text', text: 'x' }], n: 1n });
    expect(r.isError).toBe(true);
    expect(r.error?.class).toBe('execution_failure');
  });

  it('never reads the value again: a later change of the server object changes nothing', () => {
    const value = { content: [{ type: 'text', text: 'before' }, PNG] };
    const r = mcpToolResult('c', 't', value);
    (value.content[0] as { text: string }).text = 'after';
    expect(JSON.stringify(r.toMessage('mcp'))).toContain('before');
    expect(r.content).toBe('before');
  });

  it('hands out fresh messages: changing one changes no later one', () => {
    const r = mcpToolResult('c', 't', { content: [{ type: 'text', text: 'x' }, PNG], structuredContent: { n: 1 } });
    const first = r.toMessage('anthropic');
    const image = (first.content as { type: string; source?: { data: string } }[])[1];
    if (image?.source) image.source.data = 'changed';
    const mcp = r.toMessage('mcp');
    (mcp.structuredContent as { n: number }).n = 2;
    expect(JSON.stringify(r.toMessage('anthropic'))).not.toContain('changed');
    expect(r.toMessage('mcp').structuredContent).toEqual({ n: 1 });
  });
});
