/**
 * Opaque raw pixels → PNG without libvips: the rows are packed to RGB in one pass and deflated by Node's zlib.
 * An opaque card (the usual one) needs neither alpha nor un-premultiplying, and sharp's PNG save spends most of
 * its time in passes around zlib; this writer keeps only zlib's. Transparent images go to sharp.
 */
import zlib from 'node:zlib';
import type { RasterImage } from '../raster/resvg.js';
import { LITTLE_ENDIAN } from './byte-order.js';
import { deflateInHalves } from './deflate-halves.js';

/**
 * How the rows are filtered and deflated. `plain`: no filter, zlib level 3 (the last of its fast levels, as the PNG of
 * an image with alpha gets from sharp): flat colours, text and dithered gradients repeat exactly, which deflate's
 * matches find. `photo`: the Sub filter (each byte less the one a pixel before it) at level 1: a photograph
 * rarely repeats exactly, but its neighbouring pixels are close, so the differences deflate smaller and faster
 * (benchmarks/RESULTS.md, issue 18).
 */
export type PngRows = 'plain' | 'photo';
const DEFLATE_LEVEL: Record<PngRows, number> = { plain: 3, photo: 1 };
/** The share of the canvas photographs must cover for `photo` rows. */
const PHOTO_SHARE = 1 / 3;

/** The rows for an image whose raster pictures cover `pictureArea` of `canvasArea` (both in the same units). */
export function pngRowsFor(pictureArea: number, canvasArea: number): PngRows {
  return canvasArea > 0 && pictureArea >= PHOTO_SHARE * canvasArea ? 'photo' : 'plain';
}

/** zlib's output is gathered in pieces of this size: one piece holds a card's compressed rows (16 KB by default). */
const DEFLATE_CHUNK = 1 << 20;
/**
 * Rows of at least this many bytes are deflated in two halves at once: a photo-sized image (1080×1080 has 3.5 MB).
 * Below it the second thread's start-up eats the gain (benchmarks/RESULTS.md, "Deflating in two halves").
 */
const HALVES_FROM_BYTES = 3 << 20;

/** Whether an opaque PNG of `image` has rows enough to be deflated in two halves (with `halves` on). */
export function deflatesInHalves(image: { width: number; height: number }): boolean {
  return image.height * (image.width * 3 + 1) >= HALVES_FROM_BYTES;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Encode premultiplied RGBA pixels as an 8-bit RGB PNG (colour type 2, filter type 0 on every row), or resolve to
 * `undefined` when some pixel is not fully opaque, so the caller encodes it with alpha. The opacity check rides
 * on the packing pass, so the caller need not scan first. `halves` (tuning `deflateHalves`): large rows deflated in
 * two halves at once.
 */
export async function encodeOpaquePng(
  image: RasterImage,
  kind: PngRows = 'plain',
  halves = true,
): Promise<Buffer | undefined> {
  const rows = takeRowBuffer(image.height * (image.width * 3 + 1));
  try {
    if (!packOpaqueRowsInto(image, rows, kind === 'photo')) return undefined;
    const settings = { level: DEFLATE_LEVEL[kind], chunkSize: DEFLATE_CHUNK };
    const data =
      halves && deflatesInHalves(image)
        ? await deflateInHalves(rows, settings)
        : zlib.deflateSync(rows, settings);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(image.width, 0);
    header.writeUInt32BE(image.height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type: RGB
    // compression 0, filter method 0, no interlace: bytes 10–12 stay 0.
    return Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', data),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  } finally {
    giveBackRowBuffer(rows);
  }
}

/** Four byte-wise differences `a − b` (mod 256) of two 32-bit words at once, without borrows between the bytes. */
function subtractBytes(a: number, b: number): number {
  return ((a | 0x80808080) - (b & 0x7f7f7f7f)) ^ ((a ^ ~b) & 0x80808080);
}

/**
 * Pack RGBA pixels into PNG scanlines (a filter byte, then R, G, B per pixel) in `out` (`height × (width × 3 + 1)`
 * bytes); false when an alpha is not 255. Reads the pixels as 32-bit words and writes four pixels as three words
 * into a row buffer, which one copy then places behind the row's filter byte (the filter byte keeps the scanlines
 * off 4-byte alignment). With `sub`, each row has PNG's Sub filter: every pixel less the one before it, four bytes
 * at a time.
 */
export function packOpaqueRowsInto(image: RasterImage, out: Buffer, sub = false): boolean {
  const { pixels, width, height } = image;
  if (!LITTLE_ENDIAN || pixels.byteOffset % 4 !== 0 || pixels.length !== width * height * 4) {
    return packOpaqueRowsBytewise(image, out, sub);
  }
  const stride = width * 3;
  const source = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height);
  const row = new Uint32Array(Math.ceil(stride / 4));
  const rowBytes = new Uint8Array(row.buffer, 0, stride);
  const quads = width >>> 2;
  let alpha = -1;
  for (let y = 0; y < height; y++) {
    let s = y * width;
    let d = 0;
    let before = 0;
    for (let q = 0; q < quads; q++) {
      let a = source[s] as number;
      let b = source[s + 1] as number;
      let c = source[s + 2] as number;
      let e = source[s + 3] as number;
      alpha &= a & b & c & e;
      if (sub) {
        const last = e;
        e = subtractBytes(e, c);
        c = subtractBytes(c, b);
        b = subtractBytes(b, a);
        a = subtractBytes(a, before);
        before = last;
      }
      row[d] = (a & 0xffffff) | (b << 24);
      row[d + 1] = ((b >>> 8) & 0xffff) | (c << 16);
      row[d + 2] = ((c >>> 16) & 0xff) | (e << 8);
      s += 4;
      d += 3;
    }
    let o = d * 4;
    for (let x = quads * 4; x < width; x++) {
      let p = source[s++] as number;
      alpha &= p;
      if (sub) {
        const last = p;
        p = subtractBytes(p, before);
        before = last;
      }
      rowBytes[o++] = p & 0xff;
      rowBytes[o++] = (p >>> 8) & 0xff;
      rowBytes[o++] = (p >>> 16) & 0xff;
    }
    // A transparent image is found within its first rows as a rule: stop there.
    if (alpha >>> 24 !== 0xff) return false;
    const base = y * (stride + 1);
    out[base] = sub ? 1 : 0;
    out.set(rowBytes, base + 1);
  }
  return true;
}

/** The largest row buffer kept between renders (a 4096×2160 image needs 26.5 MB). */
const MAX_KEPT_ROWS = 32 << 20;
let spareRows: Buffer | undefined;

/**
 * A buffer for `size` bytes of scanlines: the one kept from an earlier encode when it is free and large enough. A
 * new multi-megabyte buffer per render counts as external memory to V8, which answers with an extra collection
 * every render or two. The buffer is lent, not shared: while one encode waits for its deflate, another render of
 * the same worker gets a buffer of its own.
 */
function takeRowBuffer(size: number): Buffer {
  const spare = spareRows;
  if (size <= MAX_KEPT_ROWS && spare && spare.length >= size) {
    spareRows = undefined;
    return spare.subarray(0, size);
  }
  // Never a slice of Node's shared buffer pool: a buffer given back is kept whole.
  return Buffer.allocUnsafeSlow(size);
}

/** Keep a buffer from `takeRowBuffer` for the next encode (the larger of it and the one kept). */
function giveBackRowBuffer(rows: Buffer): void {
  const whole = Buffer.from(rows.buffer);
  if (whole.length > MAX_KEPT_ROWS || (spareRows && spareRows.length >= whole.length)) return;
  spareRows = whole;
}

/** The same packing a byte at a time, for pixels that cannot be read as aligned little-endian words. */
function packOpaqueRowsBytewise({ pixels, width, height }: RasterImage, out: Buffer, sub: boolean): boolean {
  let o = 0;
  let i = 0;
  for (let y = 0; y < height; y++) {
    out[o++] = sub ? 1 : 0;
    for (let x = 0; x < width; x++, i += 4) {
      if (pixels[i + 3] !== 255) return false;
      for (let k = 0; k < 3; k++) {
        const value = pixels[i + k] as number;
        out[o++] = sub && x > 0 ? (value - (pixels[i + k - 4] as number)) & 0xff : value;
      }
    }
  }
  return true;
}

/** A PNG chunk: length, type, data, and the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** CRC-32 (ISO-HDLC, as PNG uses): Node's own where it has one (20.15 and later), else a table-driven one. */
const crc32: (data: Uint8Array) => number =
  typeof (zlib as { crc32?: unknown }).crc32 === 'function'
    ? (data) => (zlib as unknown as { crc32: (data: Uint8Array) => number }).crc32(data)
    : tableCrc32;

let crcTable: Uint32Array | undefined;

/** Table-driven CRC-32, for Node versions without `zlib.crc32`. */
export function tableCrc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++)
    crc = (crcTable[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
