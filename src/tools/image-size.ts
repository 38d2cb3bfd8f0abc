// How large an image of an MCP result is, read from its header: a provider refuses the whole request for an image
// past its bounds (Anthropic: 5 MB of base64 and 8,000 pixels a side per image, "Vision", general limits), so a
// server sending one could stop every later turn of the host's conversation, as a wrong type did.

/** Most base64 characters of one image a provider's message carries (Anthropic's per-image bound). */
export const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
/** Most pixels of an image's side a provider's message carries (Anthropic's per-image bound). */
export const MAX_IMAGE_SIDE = 8000;

/** An image's width and height in pixels. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

const u16be = (b: Buffer, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Buffer, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Buffer, at: number): number => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const ascii = (b: Buffer, at: number, n: number): string => b.toString('latin1', at, at + n);

/** PNG: the IHDR chunk's width and height (big-endian, after the 8-byte signature and the chunk's length and name). */
function png(b: Buffer): ImageSize | undefined {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** GIF: the logical screen's width and height (little-endian, after the 6-byte signature). */
function gif(b: Buffer): ImageSize | undefined {
  return b.length < 10 ? undefined : { width: u16le(b, 6), height: u16le(b, 8) };
}

/** WebP: the size its first chunk gives (VP8X canvas, VP8L or VP8 frame; RFC 9649). */
function webp(b: Buffer): ImageSize | undefined {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X' && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return undefined;
}

/** A JPEG start-of-frame marker (SOF0-SOF15 but DHT, JPG and DAC), which holds the frame's size. */
const isFrameStart = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: the first frame header's height and width, found by walking the segments before the scan. */
function jpeg(b: Buffer): ImageSize | undefined {
  let at = 2;
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // Fill bytes, and the markers that stand alone (RSTn, TEM).
    if (marker === 0xff) {
      at++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined;
    if (isFrameStart(marker))
      return at + 8 < b.length ? { height: u16be(b, at + 5), width: u16be(b, at + 7) } : undefined;
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}

const READERS = { 'image/png': png, 'image/gif': gif, 'image/webp': webp, 'image/jpeg': jpeg } as const;

/** The size of an image of one of the four types, read from its bytes; undefined when its header does not say. */
export function imageSize(bytes: Buffer, type: keyof typeof READERS): ImageSize | undefined {
  return READERS[type](bytes);
}
