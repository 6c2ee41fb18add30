/** Raw pixels → PNG, JPEG or WebP: the only module that imports sharp for encoding. */
import sharp from 'sharp';
import type { ImageFormat } from '../types.js';
import type { RasterImage } from '../raster/resvg.js';

/** MIME type of each output format. */
export const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Encoder settings, measured on the reference card (see README): zlib level 1 for PNG, webp effort 2
 * (about 2× faster than the default 4 for files within 1% of its size), plain libjpeg (mozjpeg is ~6× slower).
 */
export const ENCODER_SETTINGS = { pngCompressionLevel: 1, webpEffort: 2 } as const;

/** Encode premultiplied RGBA pixels. `quality` (0–100) applies to jpeg and webp. */
export async function encodeImage(image: RasterImage, format: ImageFormat, quality: number): Promise<Buffer> {
  const pipeline = sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: 4, premultiplied: true },
  });
  switch (format) {
    case 'png':
      return pipeline
        .png({ compressionLevel: ENCODER_SETTINGS.pngCompressionLevel, adaptiveFiltering: false })
        .toBuffer();
    case 'jpeg':
      // JPEG has no alpha: flatten onto white, as browsers show transparent areas.
      return pipeline
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: Math.max(1, quality) })
        .toBuffer();
    case 'webp':
      return pipeline.webp({ quality, effort: ENCODER_SETTINGS.webpEffort }).toBuffer();
  }
}
