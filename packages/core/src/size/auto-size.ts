/**
 * Auto size: a dimension left out is the content's own size (shrink-to-fit), measured by a first satori pass,
 * bounded by the limits (which apply to the image's pixels: the CSS size times the scale). satori sizes its root
 * to the content when no width/height is given; text then does not wrap, so content wider than the limit is laid
 * out again at the limit (as a browser would with that viewport).
 */
import { PictorError } from '../errors.js';
import { largestCssWithin, scaledPixels } from '../raster/scale.js';
import type { LayoutResult } from '../layout/layout-to-svg.js';
import type { RenderLimits } from '../types.js';

/** Lays the tree out at the given size (undefined = content size). */
export type LayoutPass = (width: number | undefined, height: number | undefined) => Promise<LayoutResult>;

/**
 * Lay out with the requested size, measuring the omitted dimensions. The returned layout has integral width and
 * height whose pixel size at `scale` (as resvg rounds it) is within `limits`: a measured dimension is bounded in
 * CSS pixels by the largest size that fits once scaled (a pass is repeated at the final size when the measured one
 * was fractional or too big). Requested dimensions were checked, scaled, before rendering.
 * @throws PictorError INVALID_INPUT when the content has no size in an omitted dimension.
 */
export async function layoutWithAutoSize(
  layout: LayoutPass,
  requested: { width: number | undefined; height: number | undefined },
  limits: RenderLimits,
  warnings: string[],
  scale = 1,
): Promise<LayoutResult> {
  let result = await layout(requested.width, requested.height);
  if (requested.width !== undefined && requested.height !== undefined) return result;

  const pixels = (css: number) => scaledPixels(css, scale);
  /** A CSS size as the warnings show it: with its pixel size when scaled. */
  const shown = (css: number) => (scale === 1 ? `${css}` : `${css} (${pixels(css)} at scale ${scale})`);
  const maxSize = Math.max(1, largestCssWithin(limits.maxDimension, scale));

  let width = requested.width ?? result.width;
  if (requested.width === undefined && width > maxSize) {
    // Too wide to fit: lay out again in the widest allowed viewport so text wraps there.
    width = maxSize;
    result = await layout(width, requested.height);
  }
  let height = requested.height ?? result.height;
  checkMeasured('width', width);
  checkMeasured('height', height);
  width = Math.ceil(width);
  height = Math.ceil(height);

  if (height > maxSize) {
    warnings.push(
      `the content is ${shown(height)} pixels tall; cut at ${shown(maxSize)} (set height to choose)`,
    );
    height = maxSize;
  }
  if (pixels(width) * pixels(height) > limits.maxPixels) {
    // Cut the measured dimension, never one the caller chose.
    const size = (w: number, h: number) =>
      scale === 1 ? `${w}×${h}` : `${w}×${h} (${pixels(w)}×${pixels(h)} at scale ${scale})`;
    if (requested.height === undefined) {
      const capped = Math.max(1, largestCssWithin(Math.floor(limits.maxPixels / pixels(width)), scale));
      warnings.push(
        `the content is ${size(width, height)} pixels; cut at ${size(width, capped)} (limit ${limits.maxPixels} pixels)`,
      );
      height = capped;
    } else {
      const capped = Math.max(1, largestCssWithin(Math.floor(limits.maxPixels / pixels(height)), scale));
      warnings.push(
        `the content is ${size(width, height)} pixels; cut at ${size(capped, height)} (limit ${limits.maxPixels} pixels)`,
      );
      width = capped;
    }
  }
  if (width === result.width && height === result.height) return result;
  return layout(width, height);
}

function checkMeasured(field: 'width' | 'height', value: number): void {
  if (!Number.isFinite(value) || value < 0.5) {
    throw new PictorError(
      'INVALID_INPUT',
      `${field}: the content has no ${field} of its own (measured ${Number.isFinite(value) ? value : 'nothing'}); set ${field}`,
      { field, rule: 'autoSize' },
    );
  }
}
