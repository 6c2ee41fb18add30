import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeOpaquePng, packOpaqueRows, tableCrc32 } from '../src/encode/png.js';
import { encodeImage } from '../src/encode/sharp.js';
import type { RasterImage } from '../src/raster/resvg.js';

/** An opaque raster of varied colours (every byte value occurs, neighbours differ). */
function opaqueRaster(width: number, height: number): RasterImage {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 4] = i % 251;
    pixels[i * 4 + 1] = (i * 7) % 253;
    pixels[i * 4 + 2] = (i * 13) % 256;
    pixels[i * 4 + 3] = 255;
  }
  return { pixels, width, height };
}

/** The raster's colour bytes without alpha, as a decoder of an RGB PNG gives them. */
function rgbOf({ pixels }: RasterImage): Buffer {
  const rgb = Buffer.alloc((pixels.length / 4) * 3);
  for (let i = 0, o = 0; i < pixels.length; i += 4) {
    rgb[o++] = pixels[i] as number;
    rgb[o++] = pixels[i + 1] as number;
    rgb[o++] = pixels[i + 2] as number;
  }
  return rgb;
}

/** Every chunk of a PNG file: type, data, and whether its CRC matches. */
function chunksOf(png: Buffer): { type: string; data: Buffer; crcMatches: boolean }[] {
  const chunks = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = png.readUInt32BE(at + 8 + length);
    chunks.push({ type, data, crcMatches: crc === zlib.crc32(png.subarray(at + 4, at + 8 + length)) });
    at += 12 + length;
  }
  return chunks;
}

describe('encodeOpaquePng', () => {
  it('writes the exact colours, as an RGB PNG sharp decodes, at widths that exercise the packing tail', async () => {
    for (const [width, height] of [
      [1, 1],
      [3, 2],
      [4, 3],
      [5, 4],
      [7, 9],
      [1201, 31],
    ] as const) {
      const raster = opaqueRaster(width, height);
      const png = encodeOpaquePng(raster);
      expect(png, `${width}×${height}`).toBeInstanceOf(Buffer);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels], `${width}×${height}`).toEqual([width, height, 3]);
      expect(data.equals(rgbOf(raster)), `${width}×${height} pixels`).toBe(true);
    }
  });

  it('writes a well-formed file: signature, IHDR of an 8-bit RGB image, IDAT, IEND, every CRC right', () => {
    const png = encodeOpaquePng(opaqueRaster(33, 17)) as Buffer;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = chunksOf(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((chunk) => chunk.crcMatches)).toBe(true);
    const header = chunks[0]?.data as Buffer;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), ...header.subarray(8)]).toEqual([
      33, 17, 8, 2, 0, 0, 0,
    ]);
    // Every scanline: filter byte 0, then the row's RGB.
    const rows = zlib.inflateSync(chunks[1]?.data as Buffer);
    expect(rows.length).toBe(17 * (33 * 3 + 1));
    for (let y = 0; y < 17; y++) expect(rows[y * (33 * 3 + 1)], `row ${y}`).toBe(0);
  });

  it('gives up on an image with any pixel not fully opaque, wherever it is', () => {
    const width = 1203;
    const height = 7;
    for (const at of [0, 3, 4, 1199, 1200, 1202, width * 3 + 5, width * height - 1]) {
      for (const alpha of [0, 254]) {
        const raster = opaqueRaster(width, height);
        raster.pixels[at * 4 + 3] = alpha;
        expect(encodeOpaquePng(raster), `pixel ${at}, alpha ${alpha}`).toBeUndefined();
      }
    }
  });

  it('packs pixels that do not start on a 4-byte boundary the same way', () => {
    const raster = opaqueRaster(13, 5);
    const shifted = Buffer.alloc(raster.pixels.length + 1).subarray(1);
    raster.pixels.copy(shifted);
    const aligned = packOpaqueRows(raster) as Buffer;
    expect(packOpaqueRows({ ...raster, pixels: shifted })?.equals(aligned)).toBe(true);
    shifted[3] = 0;
    expect(packOpaqueRows({ ...raster, pixels: shifted })).toBeUndefined();
  });

  it('computes CRC-32 without zlib.crc32 as zlib does (Node before 20.15 has none)', () => {
    const data = Buffer.from(opaqueRaster(97, 3).pixels);
    for (const slice of [data.subarray(0, 0), data.subarray(0, 1), data.subarray(0, 4), data]) {
      expect(tableCrc32(slice)).toBe(zlib.crc32(slice));
    }
  });
});

describe('encodeImage as png', () => {
  it('keeps alpha where the image has it (sharp encodes it, un-premultiplied)', async () => {
    const raster = opaqueRaster(20, 10);
    // A half-transparent red pixel, premultiplied: 128 of red at alpha 128.
    raster.pixels.set([128, 0, 0, 128], 0);
    const png = await encodeImage(raster, 'png', 80);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([20, 10, 4]);
    expect([...data.subarray(0, 4)]).toEqual([255, 0, 0, 128]);
    expect([...data.subarray(4, 8)]).toEqual([...raster.pixels.subarray(4, 8)]);
  });

  it('writes an opaque image as RGB', async () => {
    const png = await encodeImage(opaqueRaster(20, 10), 'png', 80);
    expect((await sharp(png).metadata()).channels).toBe(3);
  });
});
