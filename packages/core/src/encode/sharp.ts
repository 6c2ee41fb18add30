/** Raw pixels → PNG, JPEG, WebP or AVIF: the only module that imports sharp for encoding. */
import type { ImageFormat } from '../types.js';
import type { RasterImage } from '../raster/resvg.js';
import { LITTLE_ENDIAN } from './byte-order.js';
import { deflatesInHalves, encodeOpaquePng, type PngRows } from './png.js';
import { copyRgb } from './rgb-copy.js';
import { loadSharp, type Sharp, whenSharpLoads } from './sharp-module.js';

/**
 * Configure libvips for pool workers: no operation cache (every encode starts from fresh raw pixels, so it would
 * only hold on to multi-megabyte buffers), and one libvips thread per operation — the pool already runs one
 * render per core, and libvips' default of one thread per core in every worker oversubscribes the cores
 * (measured: 2 workers gave 20.5 instead of 16.9 webp renders/s on 2 cores). Called by the worker entry;
 * applied when sharp loads (sharp-module.ts), without loading it.
 */
export function configureEncoder(): void {
  whenSharpLoads((sharp) => {
    sharp.cache(false);
    sharp.concurrency(1);
  });
}

/** How `encodeImage` goes about it; every field optional. */
export interface EncodeChoice {
  /** The caller proved every pixel opaque (from the SVG): no scan for alpha. */
  knownOpaque?: boolean;
  /** How an opaque PNG's rows are filtered and deflated (encode/png.ts). Default 'plain'. */
  pngRows?: PngRows;
  /** Opaque PNGs by `encodeOpaquePng` (tuning `pngWriter`); false: every PNG by sharp. Default true. */
  pngWriter?: boolean;
  /** Large opaque PNGs deflated in two halves at once (tuning `deflateHalves`). Default true. */
  deflateHalves?: boolean;
  /**
   * Free the raster once the encode is done with it (tuning/release-buffers.ts). An opaque WebP or AVIF is encoded
   * from an RGB copy of the raster (encode/rgb-copy.ts), the raster freed before the encoder starts and the copy once
   * encoded: libvips's writers copy the whole image (and libwebp converts that copy), which came on top of the raster.
   */
  release?: (pixels: Buffer) => void;
  /** Told each tuning that changed this encode (RenderResult.tuningsUsed). */
  onTuning?: (name: 'pngWriter' | 'pngPhotoRows' | 'deflateHalves') => void;
}

export { CONTENT_TYPES } from '../formats.js';

/**
 * Encoder settings, each the fastest that keeps files close to the default's size (measurements in
 * benchmarks/render/RESULTS.md). PNG with alpha: zlib level 3, the last of zlib's fast levels (levels 1 and 2 are
 * barely faster for much larger files; resvg's own encoder is slower and larger); an opaque PNG is written by
 * `encodeOpaquePng`, at the same level, or filtered at level 1 when it is mostly photographs (`PngRows`). WebP:
 * effort 2, about 2× faster than the default 4 for files a few percent larger (effort 1 is over 10% larger).
 * JPEG: plain libjpeg (mozjpeg is ~6× slower) with its standard Huffman tables: the optimised tables take a second
 * pass that costs a quarter or more of the jpeg encode for files 1–12% smaller. AVIF: effort 2, smaller than WebP
 * at equal SSIM on every benchmark card where effort 0 is not (benchmarks/RESULTS.md, "Formats at equal SSIM, and
 * byte budgets (issue 44)"). A palette PNG (a byte budget): libimagequant at effort 3
 * of 10, without dithering (dithered palettes of text cards came out larger than the lossless PNG: 138 KB against
 * 71 KB for the CJK card, 37 KB undithered).
 */
export const ENCODER_SETTINGS = {
  pngCompressionLevel: 3,
  webpEffort: 2,
  jpegOptimiseCoding: false,
  avifEffort: 2,
  paletteEffort: 3,
  paletteDither: 0,
} as const;

/** The lowest quality the lossy encoders take (sharp refuses 0 for each: quality 0 is written as 1). */
export const LOWEST_QUALITY: Readonly<Record<'jpeg' | 'webp' | 'avif', number>> = {
  jpeg: 1,
  webp: 1,
  avif: 1,
};

/** Fewest and most colours of a palette PNG. */
export const PALETTE_COLOURS = { fewest: 2, most: 256 } as const;

/**
 * True when every pixel is fully opaque (alpha 255): then the alpha channel can be dropped before encoding.
 * ANDs the pixels together as 32-bit words, eight per step, and looks at the alpha byte of the result (an opaque
 * image keeps it 255): about 0.8 ms for the reference card's 756,000 pixels against 1.8 ms for a compare per pixel.
 */
export function isOpaque(pixels: Buffer): boolean {
  const aligned = pixels.byteOffset % 4 === 0 && pixels.length % 4 === 0;
  if (!aligned) {
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return false;
    return true;
  }
  const words = new Int32Array(pixels.buffer, pixels.byteOffset, pixels.length >>> 2);
  const n = words.length;
  // The alpha byte is the top byte of a word on little-endian machines, the bottom one otherwise.
  const shift = LITTLE_ENDIAN ? 24 : 0;
  let all = -1;
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    all &=
      (words[i] as number) &
      (words[i + 1] as number) &
      (words[i + 2] as number) &
      (words[i + 3] as number) &
      (words[i + 4] as number) &
      (words[i + 5] as number) &
      (words[i + 6] as number) &
      (words[i + 7] as number);
    // Stop early on a transparent image (checked every 4096 pixels, so the loop stays tight).
    if ((i & 4095) === 0 && ((all >>> shift) & 0xff) !== 0xff) return false;
  }
  for (; i < n; i++) all &= words[i] as number;
  return ((all >>> shift) & 0xff) === 0xff;
}

/**
 * Encode premultiplied RGBA pixels. `quality` (0–100) applies to jpeg, webp and avif. An opaque image (the usual card)
 * is handed to sharp as plain RGB: no un-premultiply pass, no alpha plane, no flattening (same bytes for webp and
 * jpeg). `knownOpaque` (the caller proved it from the SVG) skips the scan for alpha; PNG needs no scan (`encodePng`).
 */
export async function encodeImage(
  image: RasterImage,
  format: ImageFormat,
  quality: number,
  choice: EncodeChoice = {},
): Promise<Buffer> {
  if (format === 'png') return encodePng(image, choice);
  return encodeLossy(
    image,
    format,
    quality,
    choice.knownOpaque === true || isOpaque(image.pixels),
    choice.release,
  );
}

/** JPEG, WebP or AVIF of pixels whose opacity is known (`opaque`: every alpha is 255). */
export async function encodeLossy(
  image: RasterImage,
  format: Exclude<ImageFormat, 'png'>,
  quality: number,
  opaque: boolean,
  release?: (pixels: Buffer) => void,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = image;
  if (release && opaque && format !== 'jpeg') {
    // The raster is of no more use once its RGB pixels are copied out: freed before the writer copies them whole.
    const rgb = copyRgb(image.pixels);
    release(image.pixels);
    try {
      return await lossyOutput(sharp(rgb, { raw: { width, height, channels: 3 } }), format, quality, opaque);
    } finally {
      release(rgb);
    }
  }
  let pipeline = sharp(image.pixels, { raw: { width, height, channels: 4, premultiplied: !opaque } });
  if (opaque) pipeline = pipeline.removeAlpha();
  return lossyOutput(pipeline, format, quality, opaque);
}

/** The encoded image of `pipeline` (its pixels in sRGB, alpha removed when `opaque`). */
function lossyOutput(
  pipeline: ReturnType<Sharp>,
  format: Exclude<ImageFormat, 'png'>,
  quality: number,
  opaque: boolean,
): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      // JPEG has no alpha: a transparent image is flattened onto white, as browsers show it.
      return (opaque ? pipeline : pipeline.flatten({ background: '#ffffff' }))
        .jpeg({
          quality: Math.max(LOWEST_QUALITY.jpeg, quality),
          optimiseCoding: ENCODER_SETTINGS.jpegOptimiseCoding,
        })
        .toBuffer();
    case 'webp':
      return pipeline
        .webp({ quality: Math.max(LOWEST_QUALITY.webp, quality), effort: ENCODER_SETTINGS.webpEffort })
        .toBuffer();
    case 'avif':
      return pipeline
        .avif({ quality: Math.max(LOWEST_QUALITY.avif, quality), effort: ENCODER_SETTINGS.avifEffort })
        .toBuffer();
  }
}

/** A PNG with a palette of at most `colours` (2–256) colours, quantised by libimagequant, alpha kept. */
export async function encodePalettePng(image: RasterImage, colours: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: 4, premultiplied: true },
  })
    .png({
      palette: true,
      colours,
      effort: ENCODER_SETTINGS.paletteEffort,
      dither: ENCODER_SETTINGS.paletteDither,
      compressionLevel: ENCODER_SETTINGS.pngCompressionLevel,
    })
    .toBuffer();
}

/**
 * PNG: an opaque image as RGB by `encodeOpaquePng` (which finds out whether it is opaque; `pngRows` says how to
 * filter and deflate them), else RGBA by sharp. Without the writer (`pngWriter: false`) sharp writes every PNG, an
 * opaque one as RGB.
 */
async function encodePng(image: RasterImage, choice: EncodeChoice): Promise<Buffer> {
  let opaque = false;
  if (choice.pngWriter !== false) {
    const written = await encodeOpaquePng(image, choice.pngRows, choice.deflateHalves !== false);
    if (written) {
      choice.onTuning?.('pngWriter');
      if (choice.pngRows === 'photo') choice.onTuning?.('pngPhotoRows');
      if (choice.deflateHalves !== false && deflatesInHalves(image)) choice.onTuning?.('deflateHalves');
      return written;
    }
  } else {
    opaque = isOpaque(image.pixels);
  }
  const sharp = await loadSharp();
  let pipeline = sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: 4, premultiplied: !opaque },
  });
  if (opaque) pipeline = pipeline.removeAlpha();
  return pipeline
    .png({ compressionLevel: ENCODER_SETTINGS.pngCompressionLevel, adaptiveFiltering: false })
    .toBuffer();
}
