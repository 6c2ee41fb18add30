import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { combineAdler32, deflateInHalves } from '../src/encode/deflate-halves.js';
import { encodeOpaquePng, packOpaqueRowsInto, pngRowsFor, tableCrc32 } from '../src/encode/png.js';
import { encodeImage } from '../src/encode/sharp.js';
import type { RasterImage } from '../src/raster/resvg.js';

/** An opaque raster of varied colours (every byte value occurs, neighbours differ); `seed` shifts the pattern. */
function opaqueRaster(width: number, height: number, seed = 0): RasterImage {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 4] = (i + seed) % 251;
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
      [1200, 630],
    ] as const) {
      const raster = opaqueRaster(width, height);
      const png = await encodeOpaquePng(raster);
      expect(png, `${width}×${height}`).toBeInstanceOf(Buffer);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels], `${width}×${height}`).toEqual([width, height, 3]);
      expect(data.equals(rgbOf(raster)), `${width}×${height} pixels`).toBe(true);
    }
  });

  it('writes a well-formed file: signature, IHDR of an 8-bit RGB image, IDAT, IEND, every CRC right', async () => {
    const png = (await encodeOpaquePng(opaqueRaster(33, 17))) as Buffer;
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

  it('gives up on an image with any pixel not fully opaque, wherever it is', async () => {
    const width = 1203;
    const height = 7;
    for (const at of [0, 3, 4, 1199, 1200, 1202, width * 3 + 5, width * height - 1]) {
      for (const alpha of [0, 254]) {
        const raster = opaqueRaster(width, height);
        raster.pixels[at * 4 + 3] = alpha;
        expect(await encodeOpaquePng(raster), `pixel ${at}, alpha ${alpha}`).toBeUndefined();
      }
    }
  });

  it('writes the exact colours with the Sub filter (photo rows), every byte value and widths that exercise the tail', async () => {
    for (const [width, height] of [
      [1, 1],
      [5, 4],
      [7, 9],
      [1201, 31],
    ] as const) {
      const raster = opaqueRaster(width, height, 3);
      const png = (await encodeOpaquePng(raster, 'photo')) as Buffer;
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels], `${width}×${height}`).toEqual([width, height, 3]);
      expect(data.equals(rgbOf(raster)), `${width}×${height}`).toBe(true);
      // Every scanline says Sub (filter type 1).
      const rows = zlib.inflateSync(chunksOf(png).find((c) => c.type === 'IDAT')?.data as Buffer);
      for (let y = 0; y < height; y++) expect(rows[y * (width * 3 + 1)]).toBe(1);
    }
  });

  it('filters unaligned pixels byte by byte the same way', () => {
    const raster = opaqueRaster(13, 5, 11);
    const shifted = Buffer.alloc(raster.pixels.length + 1).subarray(1);
    raster.pixels.copy(shifted);
    const size = 5 * (13 * 3 + 1);
    const aligned = Buffer.alloc(size);
    const unaligned = Buffer.alloc(size);
    expect(packOpaqueRowsInto(raster, aligned, true)).toBe(true);
    expect(packOpaqueRowsInto({ ...raster, pixels: shifted }, unaligned, true)).toBe(true);
    expect(unaligned.equals(aligned)).toBe(true);
    // The second pixel's red is its own less the first's, mod 256.
    const red = (x: number) => raster.pixels[x * 4] as number;
    expect(aligned[1 + 3]).toBe((red(1) - red(0)) & 0xff);
  });

  it('takes photo rows for a canvas a third or more covered by raster pictures', () => {
    expect(pngRowsFor(0, 1200 * 630)).toBe('plain');
    expect(pngRowsFor(200 * 200, 1200 * 630)).toBe('plain');
    expect(pngRowsFor(4 * 532 * 420, 1080 * 1080)).toBe('photo');
    expect(pngRowsFor(1200 * 210, 1200 * 630)).toBe('photo');
    expect(pngRowsFor(100, 0)).toBe('plain');
  });

  it('packs pixels that do not start on a 4-byte boundary the same way', () => {
    const raster = opaqueRaster(13, 5);
    const shifted = Buffer.alloc(raster.pixels.length + 1).subarray(1);
    raster.pixels.copy(shifted);
    const size = 5 * (13 * 3 + 1);
    const aligned = Buffer.alloc(size);
    const unaligned = Buffer.alloc(size);
    expect(packOpaqueRowsInto(raster, aligned)).toBe(true);
    expect(packOpaqueRowsInto({ ...raster, pixels: shifted }, unaligned)).toBe(true);
    expect(unaligned.equals(aligned)).toBe(true);
    shifted[3] = 0;
    expect(packOpaqueRowsInto({ ...raster, pixels: shifted }, unaligned)).toBe(false);
  });

  it('keeps the pixels of renders encoded at the same time apart (the row buffer is lent, not shared)', async () => {
    // Rows over 3 MiB: the first two wait for a deflate on another thread while the next ones pack theirs.
    const rasters = [opaqueRaster(1100, 1000, 0), opaqueRaster(1100, 1000, 99), opaqueRaster(640, 480, 7)];
    await encodeOpaquePng(opaqueRaster(1100, 1000, 1)); // leaves a row buffer to lend
    const pngs = await Promise.all(rasters.map((raster) => encodeOpaquePng(raster)));
    for (const [k, png] of pngs.entries()) {
      const { data } = await sharp(png as Buffer)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data.equals(rgbOf(rasters[k] as RasterImage)), `image ${k}`).toBe(true);
    }
  });

  it('computes CRC-32 without zlib.crc32 as zlib does (Node before 20.15 has none)', () => {
    const data = Buffer.from(opaqueRaster(97, 3).pixels);
    for (const slice of [data.subarray(0, 0), data.subarray(0, 1), data.subarray(0, 4), data]) {
      expect(tableCrc32(slice)).toBe(zlib.crc32(slice));
    }
  });
});

describe('deflateInHalves', () => {
  it('makes one zlib stream that inflates to the input, with the Adler-32 of the whole', async () => {
    const raster = opaqueRaster(1200, 630, 5);
    for (const data of [
      raster.pixels,
      raster.pixels.subarray(0, 1),
      raster.pixels.subarray(0, 7),
      Buffer.alloc(0),
    ]) {
      const stream = await deflateInHalves(data, { level: 3, chunkSize: 1 << 20 });
      expect(zlib.inflateSync(stream).equals(data), `${data.length} bytes`).toBe(true);
      // zlib.inflateSync checks the trailer; check it against one pass as well.
      const onePass = zlib.deflateSync(data, { level: 3 });
      expect(stream.readUInt32BE(stream.length - 4)).toBe(onePass.readUInt32BE(onePass.length - 4));
    }
  });

  it('combines Adler-32 checksums as zlib does, also past the modulus and for long second runs', () => {
    const adler32 = (data: Buffer) => {
      const stream = zlib.deflateSync(data, { level: 0 });
      return stream.readUInt32BE(stream.length - 4);
    };
    const data = Buffer.alloc(300_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7919 + (i >>> 9)) & 0xff;
    for (const cut of [0, 1, 5552, 65_520, 65_521, 65_522, 150_000, 299_999, 300_000]) {
      const combined = combineAdler32(
        adler32(data.subarray(0, cut)),
        adler32(data.subarray(cut)),
        data.length - cut,
      );
      expect(combined, `cut at ${cut}`).toBe(adler32(data));
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
