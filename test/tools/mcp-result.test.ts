// mcpToolResult's rules one by one (the end-to-end path through a real MCP server is in
// test/adapters/mcp-result-bridge.test.ts): what each provider reads of a CallToolResult.
import { describe, expect, it } from 'vitest';
import { mcpToolResult } from '../../src/tools/mcp-result.js';
import { gifImage, jpegImage, PNG_1X1, pngImage, webpImage } from '../fixtures/images.js';

// A whole 1 x 1 PNG file, as base64.
const PNG_DATA = PNG_1X1;
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
    ['a PNG signature without its IHDR (no size)', { data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
    // Past Anthropic's per-image bounds ("Vision", general limits): 8,000 pixels a side, 5 MB of base64.
    ['a PNG 8,001 pixels wide', { data: pngImage(8001, 10), mimeType: 'image/png' }],
    ['a GIF 8,001 pixels high', { data: gifImage(10, 8001), mimeType: 'image/gif' }],
    ['a WebP 9,000 pixels wide', { data: webpImage(9000, 10), mimeType: 'image/webp' }],
    ['a JPEG 8,001 pixels wide', { data: jpegImage(8001, 10), mimeType: 'image/jpeg' }],
    ['a JPEG without a frame header', { data: '/9j/4A==', mimeType: 'image/jpeg' }],
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
    ['image/png', pngImage(8000, 8000)],
    ['image/jpeg', jpegImage(8000, 600)],
    ['image/jpeg', jpegImage(640, 480, 60_000)],
    ['image/gif', gifImage(8000, 1)],
    ['image/gif', gifImage(1, 1, '87a')],
    ['image/webp', webpImage(8000, 8000)],
  ])('keeps a %s image whose data is one (%s)', (mimeType, data) => {
    const r = mcpToolResult('c', 't', { content: [{ type: 'image', data, mimeType }] });
    expect(r.toMessage('openai-responses').output).toEqual([
      { type: 'input_image', image_url: `data:${mimeType};base64,${data}` },
    ]);
    expect(r.toMessage('anthropic').content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: mimeType, data } },
    ]);
  });

  it('keeps an image of 5 MB of base64 (5 * 1024 * 1024 characters) and drops one of 4 more', () => {
    // A 1 x 1 PNG with a chunk of padding: `length` characters are length / 4 * 3 bytes, 12 of them the chunk's own.
    const padding = (length: number): number => (length / 4) * 3 - Buffer.from(PNG_DATA, 'base64').length - 12;
    const at = (length: number) => ({
      content: [{ type: 'image', data: pngImage(1, 1, padding(length)), mimeType: 'image/png' }],
    });
    const most = 5 * 1024 * 1024;
    const kept = mcpToolResult('c', 't', at(most), 8 * 1024 * 1024);
    const dropped = mcpToolResult('c', 't', at(most + 4), 8 * 1024 * 1024);
    expect(Array.isArray(kept.toMessage('openai-responses').output)).toBe(true);
    expect(dropped.toMessage('openai-responses').output).toBe('');
    expect(dropped.toMessage('mcp')).toMatchObject({ content: [{ type: 'image' }] });
  });

  it('reads 3 MB of image data in one pass (a pattern over it threw past a few MB)', () => {
    const data = pngImage(1, 1, 2_250_000); // a 1 x 1 PNG with 2.25 MB of padding
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
