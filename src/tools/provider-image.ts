// Which images of an MCP result a provider's tool message may carry. Both providers read PNG, JPEG, GIF and WebP
// (an Anthropic image block, the SDK's Base64ImageSource; an OpenAI `input_image`), as base64 data of that type.
// Anything else failed the host's whole request to the provider (400), so a server could stop every later turn:
// another type (`image/tiff`), a `mimeType` that rewrote the Responses `data:` URL (`image/png;x,`), data that is
// not base64, or empty, or not an image of the type it names, or past a provider's size (image-size.ts), or not
// whole (image-complete.ts). Such an image reaches the `mcp` shape only.
import { imageComplete } from './image-complete.js';
import { imageSize, MAX_IMAGE_BASE64, MAX_IMAGE_SIDE } from './image-size.js';

/** The media types both providers read, as an Anthropic image block names them. */
export type ProviderImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** Each type's file signature: its first bytes (null: any byte there). */
const SIGNATURES: Readonly<Record<ProviderImageType, readonly (readonly (number | null)[])[]>> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  // GIF87a, GIF89a
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
  // RIFF, the size, WEBP
  'image/webp': [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
};

/**
 * Base64 as RFC 4648 section 4 writes it (padded, no line breaks): what MCP's `data` is. A loop, not a pattern: a
 * repeated group's backtracking took 90 ms a megabyte and threw (stack overflow) past a few.
 */
function isBase64(data: string): boolean {
  if (data.length % 4 !== 0) return false;
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  for (let i = 0; i < data.length - pad; i++) {
    const c = data.charCodeAt(i);
    // A-Z, a-z, 0-9, '+', '/'
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47)) return false;
  }
  return true;
}

/**
 * The type of an image part both providers read (`mimeType` a type they read, `data` such an image, whole, at
 * least 1 pixel a side, within MAX_IMAGE_BASE64 and MAX_IMAGE_SIDE), or undefined.
 */
export function providerImageType(data: string, mimeType: string): ProviderImageType | undefined {
  if (!Object.hasOwn(SIGNATURES, mimeType) || data.length > MAX_IMAGE_BASE64 || !isBase64(data)) return undefined;
  const type = mimeType as ProviderImageType;
  // Read whole (at most 3.75 MB, the bound above): a JPEG's frame header may follow long metadata, and every
  // type's structure is walked to its end (image-complete.ts).
  const bytes = Buffer.from(data, 'base64');
  const matches = (sig: readonly (number | null)[]): boolean =>
    bytes.length >= sig.length && sig.every((byte, i) => byte === null || bytes[i] === byte);
  if (!SIGNATURES[type].some(matches)) return undefined;
  const size = imageSize(bytes, type);
  // A side of 0 pixels is no image a provider decodes (a hunt's find).
  if (size === undefined || size.width < 1 || size.height < 1) return undefined;
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) return undefined;
  return imageComplete(bytes, type) ? type : undefined;
}
