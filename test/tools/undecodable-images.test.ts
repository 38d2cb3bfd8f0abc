// An MCP image part a provider cannot decode never reaches its message (a hunt's find): a PNG of only its signature
// and IHDR (0 x 0, or 100 x 100 with no IDAT and no IEND) and a 10-byte GIF passed the signature and size checks,
// and Anthropic answers such an image with 400 "Could not process image" on every later turn. Each is dropped from
// the provider shapes, as any image they do not read, and kept for `mcp`; whole images of each type still pass.
import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import { mcpToolResult } from '../../src/tools/mcp-result.js';
import {
  gifImage,
  jpegImage,
  PNG_1X1,
  pngChunk,
  pngImage,
  pngParts,
  WEBP_LOSSLESS_1X1,
  WEBP_LOSSY_1X1,
  webpFile,
  webpImage,
} from '../fixtures/images.js';

const bytes = (b64: string): Buffer => Buffer.from(b64, 'base64');
const b64 = (...parts: Buffer[]): string => Buffer.concat(parts).toString('base64');
/** A copy of an image's bytes with `at` (from the end when negative) set to `value`. */
const patched = (b64data: string, at: number, value: number): string => {
  const b = bytes(b64data);
  b[at < 0 ? b.length + at : at] = value;
  return b.toString('base64');
};
const cut = (b64data: string, drop: number): string => bytes(b64data).subarray(0, -drop).toString('base64');

/** The hunt's header-only PNG: the signature, the IHDR chunk's length, name, width and height; nothing else. */
const pngHeaderOnly = (width: number, height: number): string => {
  const b = Buffer.alloc(24);
  bytes(PNG_1X1).copy(b, 0, 0, 16);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b.toString('base64');
};

const [signature, ihdr, idat, iend] = pngParts(1, 1) as [Buffer, Buffer, Buffer, Buffer];
const GIF = gifImage(1, 1);
const JPEG = jpegImage(1, 1);
const VP8X = bytes(webpImage(1, 1)).subarray(12, 30);

const refused: [string, string, string][] = [
  ['image/png', 'a PNG of its signature and IHDR alone, 0 x 0 (the hunt)', pngHeaderOnly(0, 0)],
  ['image/png', 'a PNG of its signature and IHDR alone, 100 x 100 (the hunt)', pngHeaderOnly(100, 100)],
  ['image/png', 'a whole PNG 0 x 0', pngImage(0, 0)],
  ['image/png', 'a whole PNG 0 pixels wide', pngImage(0, 5)],
  ['image/png', "a PNG whose IHDR's CRC is wrong", patched(PNG_1X1, 32, (bytes(PNG_1X1)[32] ?? 0) ^ 1)],
  ['image/png', 'a PNG without IDAT', b64(signature, ihdr, iend)],
  ['image/png', 'a PNG without IEND', b64(signature, ihdr, idat)],
  ['image/png', 'a PNG with bytes after IEND', b64(signature, ihdr, idat, iend, Buffer.from([0, 0, 0]))],
  ['image/png', 'a PNG with a chunk after IEND', b64(signature, ihdr, iend, idat)],
  ['image/png', 'a PNG cut short in its IDAT', b64(signature, ihdr, idat.subarray(0, 10))],
  ['image/png', 'a PNG whose IEND has data', b64(signature, ihdr, idat, pngChunk('IEND', Buffer.from([0])))],
  ['image/gif', 'a GIF of its signature and screen size alone (the hunt)', b64(Buffer.from('GIF89a\x10\0\x10\0'))],
  ['image/gif', 'a whole GIF with a 0 x 0 screen', gifImage(0, 0)],
  ['image/gif', 'a GIF without its trailer', cut(GIF, 1)],
  ['image/gif', 'a GIF with no image, only the trailer', b64(bytes(GIF).subarray(0, 19), Buffer.from([0x3b]))],
  ['image/gif', 'a GIF with bytes after its trailer', b64(bytes(GIF), Buffer.from([0]))],
  ['image/gif', "a GIF whose image data's sub-blocks run past the end", b64(bytes(GIF).subarray(0, 32))],
  ['image/jpeg', 'a JPEG without a scan (SOS)', b64(bytes(JPEG).subarray(0, -13), Buffer.from([0xff, 0xd9]))],
  ['image/jpeg', 'a JPEG without its end (EOI)', cut(JPEG, 2)],
  ['image/jpeg', 'a JPEG 0 pixels high', jpegImage(1, 0)],
  ['image/webp', 'a WebP whose RIFF size is 2 too large', patched(WEBP_LOSSLESS_1X1, 4, 30)],
  ['image/webp', 'a WebP cut short', cut(WEBP_LOSSY_1X1, 2)],
  ['image/webp', 'a WebP with bytes after its RIFF size', b64(bytes(WEBP_LOSSLESS_1X1), Buffer.from([0, 0]))],
  ['image/webp', 'a WebP of a VP8X chunk and no frame', b64(webpFile(VP8X))],
  ['image/webp', 'a lossy WebP 0 pixels wide', patched(patched(WEBP_LOSSY_1X1, 26, 0), 27, 0)],
];

const accepted: [string, string, string][] = [
  ['image/png', 'a 1 x 1 PNG', PNG_1X1],
  ['image/png', 'a 300 x 200 PNG with an ancillary chunk', pngImage(300, 200, 40)],
  ['image/png', 'a PNG of two IDAT chunks', b64(signature, ihdr, pngChunk('IDAT', Buffer.alloc(0)), idat, iend)],
  ['image/gif', 'a 1 x 1 GIF89a', GIF],
  ['image/gif', 'a 1 x 1 GIF87a', gifImage(1, 1, '87a')],
  [
    'image/gif',
    'a GIF with an extension block',
    b64(bytes(GIF).subarray(0, 19), bytes('IfkEAQAAAAA='), bytes(GIF).subarray(19)),
  ],
  ['image/jpeg', 'a 1 x 1 JPEG', JPEG],
  ['image/jpeg', 'a 1 x 1 JPEG with 60,000 bytes of metadata', jpegImage(1, 1, 60_000)],
  ['image/webp', 'a 1 x 1 lossless WebP', WEBP_LOSSLESS_1X1],
  ['image/webp', 'a 1 x 1 lossy WebP', WEBP_LOSSY_1X1],
  ['image/webp', 'a 1 x 1 extended WebP (VP8X)', webpImage(1, 1)],
];

/** What each provider shape carries of a result of a text and the image. */
function shapes(mimeType: string, data: string) {
  const r = mcpToolResult('c', 'snap', {
    content: [
      { type: 'text', text: 'shot' },
      { type: 'image', data, mimeType },
    ],
  });
  return { anthropic: r.toMessage('anthropic'), responses: r.toMessage('openai-responses'), mcp: r.toMessage('mcp') };
}

describe('an image a provider cannot decode', () => {
  it.each(refused)('drops a %s: %s', (mimeType, _name, data) => {
    const { anthropic, responses, mcp } = shapes(mimeType, data);
    expect(anthropic).toMatchObject({ content: 'shot' });
    expect(responses).toMatchObject({ output: 'shot' });
    expect(mcp).toMatchObject({ content: [{ type: 'text' }, { type: 'image', data, mimeType }] });
  });

  it.each(accepted)('keeps a %s: %s', (mimeType, _name, data) => {
    const { anthropic, responses } = shapes(mimeType, data);
    expect(anthropic).toMatchObject({
      content: [{ type: 'text' }, { type: 'image', source: { type: 'base64', media_type: mimeType, data } }],
    });
    expect(responses).toMatchObject({
      output: [{ type: 'input_text' }, { type: 'input_image', image_url: `data:${mimeType};base64,${data}` }],
    });
  });

  it("is dropped on admitMcpTools's path too (the hunt's repro)", async () => {
    const listed = { tools: [{ name: 't', inputSchema: { type: 'object' } }] };
    const image = { type: 'image', data: pngHeaderOnly(100, 100), mimeType: 'image/png' };
    const bundle = await admitMcpTools(listed, { backend: () => async () => ({ content: [image] }) });
    if (!bundle.ok) throw new Error(bundle.error.message);
    const r = await bundle.value.registry.call({ id: 'c1', name: 't', arguments: '{}' });
    expect(r.toMessage('anthropic')).toMatchObject({ content: '' });
  });
});
