// Whether an image of an MCP result is whole, read from its structure (a hunt's find): a PNG of only its signature
// and IHDR, or a 10-byte GIF, passed the signature and size checks, and a provider answers an image it cannot
// decode with 400 "Could not process image", on every later turn while the image stays in the conversation. Each
// check is one walk over the file's chunk, block or segment headers, bounded by its length; nothing is decompressed.
// Bytes after a PNG's IEND, a GIF's trailer or a JPEG's EOI are accepted (a review's find): real files carry them (a
// Pixel Motion Photo's video after the EOI, Samsung trailers, zero padding, junk after CPython IDLE's tk.gif
// trailer), and decoders (libjpeg, Pillow, browsers) stop at the terminator and ignore them.
import { crc32 } from 'node:zlib';

const ascii = (b: Buffer, at: number, n: number): string => b.toString('latin1', at, at + n);
const EOI = Buffer.from([0xff, 0xd9]);

/**
 * PNG (PNG 3rd edition §5.3, §11.2): the IHDR chunk first with its CRC right, at least one IDAT, and the walk over
 * the chunks reaching IEND whole; what follows IEND is not read.
 */
function png(b: Buffer): boolean {
  if (b.length < 33 || b.readUInt32BE(8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return false;
  if (crc32(b.subarray(12, 29)) !== b.readUInt32BE(29)) return false;
  let idat = false;
  for (let at = 33; at + 12 <= b.length; ) {
    const length = b.readUInt32BE(at);
    const name = ascii(b, at + 4, 4);
    // §5.3: a chunk's length is at most 2^31 - 1.
    if (length > 0x7fffffff) return false;
    if (name === 'IEND') return length === 0 && idat;
    if (name === 'IDAT') idat = true;
    at += 12 + length;
  }
  return false;
}

/** A GIF's data sub-blocks from `at` (each its size, then that many bytes; size 0 ends them): where they end. */
function subBlocks(b: Buffer, at: number): number {
  let i = at;
  while (i < b.length) {
    const size = b[i] ?? 0;
    i += 1 + size;
    if (size === 0) return i;
  }
  // Past the end: no terminator.
  return Number.POSITIVE_INFINITY;
}

/** A GIF colour table's size from a packed byte whose top bit says there is one (GIF89a §18, §20). */
const colourTable = (packed: number): number => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);

/**
 * GIF (GIF89a §17-§27): after the screen, extensions and images (one at least) to the trailer (0x3B), what follows
 * it not read; or, with no trailer, the last image's data ending (its 0 block terminator) at the last byte.
 */
function gif(b: Buffer): boolean {
  let at = 13 + colourTable(b[10] ?? 0);
  let image = false;
  let endsImage = false;
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) return image;
    if (block === 0x21) at = subBlocks(b, at + 2);
    else if (block === 0x2c) {
      // The image descriptor (10 bytes), its colour table, the LZW minimum code size, then its data.
      at = subBlocks(b, at + 10 + colourTable(b[at + 9] ?? 0) + 1);
      image = true;
    } else return false;
    endsImage = block === 0x2c;
  }
  // No trailer (CPython IDLE's minusnode.gif): decoders keep the images read when the file ends after one.
  return endsImage && at === b.length;
}

/** JPEG (ITU T.81 §B.2): the segments walked to a scan (SOS) that fits, and an EOI somewhere after it. */
function jpeg(b: Buffer): boolean {
  let at = 2;
  while (at + 3 < b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1] ?? 0;
    // Fill bytes, and the markers that stand alone (RSTn, TEM).
    if (marker === 0xff) at++;
    else if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) at += 2;
    else if (marker === 0xd9) return false;
    else {
      const next = at + 2 + b.readUInt16BE(at + 2);
      // §B.1.1.5: in entropy-coded data an 0xFF byte is followed by 0x00 or RSTn, so FFD9 there is the EOI.
      if (marker === 0xda) return b.indexOf(EOI, next) !== -1;
      at = next;
    }
  }
  return false;
}

/**
 * WebP (RFC 9649 §2.4-§2.7): the RIFF size the data's length less 8, its chunks (each padded to an even size)
 * ending at the last byte, one a frame (VP8, VP8L, or ANMF in an animation).
 */
function webp(b: Buffer): boolean {
  if (b.length < 20 || b.readUInt32LE(4) !== b.length - 8) return false;
  let frame = false;
  let at = 12;
  while (at + 8 <= b.length) {
    const name = ascii(b, at, 4);
    if (name === 'VP8 ' || name === 'VP8L' || name === 'ANMF') frame = true;
    const size = b.readUInt32LE(at + 4);
    at += 8 + size + (size & 1);
  }
  return frame && at === b.length;
}

const WALKS = { 'image/png': png, 'image/gif': gif, 'image/webp': webp, 'image/jpeg': jpeg } as const;

/** Whether an image of one of the four types is whole: its structure walked to its terminator (WebP: to its size). */
export function imageComplete(bytes: Buffer, type: keyof typeof WALKS): boolean {
  return WALKS[type](bytes);
}
