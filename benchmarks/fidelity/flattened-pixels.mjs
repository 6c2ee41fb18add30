/** Images as the fidelity scripts score them. */
import sharp from 'sharp';

/**
 * RGBA pixels of a PNG flattened over white, at exactly width × height (cropped, or padded with white), as run.mjs
 * scores them. Two pipelines: sharp applies `extend` after `extract` whatever the call order.
 */
export async function flattenedPixels(png, width, height) {
  const padded = await sharp(png)
    .flatten({ background: '#ffffff' })
    .extend({ right: width, bottom: height, background: '#ffffff' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const { data } = await sharp(padded)
    .extract({ left: 0, top: 0, width, height })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width, height };
}
