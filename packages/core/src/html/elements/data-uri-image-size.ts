/**
 * The natural size of an image written as a base64 `data:` URI, read from its header without decoding it: the
 * converter weighs table columns by their content's width before any image is loaded, and an unsized picture's
 * natural width is part of that content (Chrome sizes the column from it).
 */

/** Base64 characters that hold the size of a PNG, GIF or WebP (their first 48 bytes). */
const SHORT_HEADER_CHARS = 64;
/** Base64 characters read at most for a JPEG: enough for its frame header after a modest EXIF block. */
const MAX_HEADER_CHARS = 65_536;

/** Width and height in px of a PNG, GIF, JPEG or WebP `data:` URI; undefined for anything else or a bad header. */
export function dataUriImageSize(src: string): { width: number; height: number } | undefined {
  const comma = src.indexOf(',');
  if (comma < 0 || !/^data:image\/[\w.+-]+;base64,/i.test(src.slice(0, comma + 1))) return undefined;
  const head = (chars: number) =>
    Buffer.from(src.slice(comma + 1, comma + 1 + chars).replace(/[^\w+/]/g, ''), 'base64');
  const short = head(SHORT_HEADER_CHARS);
  const jpeg = short[0] === 0xff && short[1] === 0xd8;
  const size = jpeg
    ? jpegSize(head(MAX_HEADER_CHARS))
    : (pngSize(short) ?? gifSize(short) ?? webpSize(short));
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

type Size = { width: number; height: number } | undefined;

function pngSize(b: Buffer): Size {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('latin1', 12, 16) !== 'IHDR')
    return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gifSize(b: Buffer): Size {
  if (b.length < 10 || !/^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return undefined;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** The first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) of a JPEG. */
function jpegSize(b: Buffer): Size {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
    at += 2 + b.readUInt16BE(at + 2);
  }
  return undefined;
}

function webpSize(b: Buffer): Size {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP')
    return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return undefined;
}
