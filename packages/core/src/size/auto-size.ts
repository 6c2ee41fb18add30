/**
 * Auto size: a dimension left out is the content's own size (shrink-to-fit), measured by a first satori pass,
 * bounded by the limits. satori sizes its root to the content when no width/height is given; text then does not
 * wrap, so content wider than the limit is laid out again at the limit (as a browser would with that viewport).
 */
import { PictorError } from '../errors.js';
import type { LayoutResult } from '../svg/satori.js';
import type { RenderLimits } from '../types.js';

/** Lays the tree out at the given size (undefined = content size). */
export type LayoutPass = (width: number | undefined, height: number | undefined) => Promise<LayoutResult>;

/**
 * Lay out with the requested size, measuring the omitted dimensions. The returned layout has integral width and
 * height within `limits` (a pass is repeated at the final size when the measured one was fractional or too big).
 * @throws PictorError INVALID_INPUT when the content has no size in an omitted dimension.
 */
export async function layoutWithAutoSize(
  layout: LayoutPass,
  requested: { width: number | undefined; height: number | undefined },
  limits: RenderLimits,
  warnings: string[],
): Promise<LayoutResult> {
  let result = await layout(requested.width, requested.height);
  if (requested.width !== undefined && requested.height !== undefined) return result;

  let width = requested.width ?? result.width;
  if (requested.width === undefined && width > limits.maxDimension) {
    // Too wide to fit: lay out again in the widest allowed viewport so text wraps there.
    width = limits.maxDimension;
    result = await layout(width, requested.height);
  }
  let height = requested.height ?? result.height;
  checkMeasured('width', width);
  checkMeasured('height', height);
  width = Math.ceil(width);
  height = Math.ceil(height);

  if (height > limits.maxDimension) {
    warnings.push(
      `the content is ${height} pixels tall; cut at ${limits.maxDimension} (set height to choose)`,
    );
    height = limits.maxDimension;
  }
  if (width * height > limits.maxPixels) {
    // Cut the measured dimension, never one the caller chose.
    if (requested.height === undefined) {
      const capped = Math.max(1, Math.floor(limits.maxPixels / width));
      warnings.push(
        `the content is ${width}×${height} pixels; cut at ${width}×${capped} (limit ${limits.maxPixels} pixels)`,
      );
      height = capped;
    } else {
      const capped = Math.max(1, Math.floor(limits.maxPixels / height));
      warnings.push(
        `the content is ${width}×${height} pixels; cut at ${capped}×${height} (limit ${limits.maxPixels} pixels)`,
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
