/**
 * Byte budgets (`maxBytes`): the highest quality whose file fits, found with few encodes. File size grows about
 * exponentially with quality (and, for a palette PNG, with the logarithm of its colours), so the search models
 * ln(bytes) as a straight line over the setting: the first guess comes from one encode and a typical slope, later
 * ones by interpolating between the closest settings tried on either side of the budget (a bisection step when
 * interpolation stalls), until the best setting that fits sits next to the lowest one that does not.
 */
import { PictorError } from '../errors.js';
import type { RasterImage } from '../raster/resvg.js';
import type { BudgetResult, ImageFormat } from '../types.js';
import {
  type EncodeChoice,
  encodeImage,
  encodeLossy,
  encodePalettePng,
  isOpaque,
  LOWEST_QUALITY,
  PALETTE_COLOURS,
} from './sharp.js';

/** One search: settings are integers from `lowest` to `highest`; a higher setting gives a larger file. */
export interface BudgetSearch {
  lowest: number;
  highest: number;
  maxBytes: number;
  encode(setting: number): Promise<Buffer>;
  /** Where a setting sits on the axis ln(bytes) is modelled as straight over (default the setting itself). */
  axis?(setting: number): number;
  /** Typical d ln(bytes) / d axis, for the first guess from a single encode. */
  slope: number;
  /** Encodes at most (default 10); then the best fit found is taken. */
  maxEncodes?: number;
}

/** The setting found: the highest that fits (or, after `maxEncodes`, the highest tried that fits). */
export interface BudgetFit {
  data: Buffer;
  setting: number;
  encodes: number;
}

/** Even the lowest setting is too large: `smallest` bytes was the smallest file reached. */
export class BudgetExceeded extends Error {
  constructor(
    readonly smallest: number,
    readonly encodes: number,
  ) {
    super(`the smallest file reached is ${smallest} bytes`);
  }
}

/** Slopes of ln(bytes) per quality point (measured on the benchmark cards: benchmarks/formats/run.mjs). */
const QUALITY_SLOPE: Readonly<Record<'jpeg' | 'webp' | 'avif', number>> = {
  jpeg: 0.014,
  webp: 0.012,
  avif: 0.03,
};
/**
 * The palette sizes tried, about √2 apart: without dithering a palette PNG's size moves in steps, not smoothly, with
 * its colours (libimagequant often uses fewer than allowed), so a search over every count from 2 to 256 wanders.
 */
export const PALETTE_LADDER: readonly number[] = [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256];
/** Slope of ln(bytes) per step of the ladder. */
const PALETTE_SLOPE = 0.12;
/** Aim a little under the budget with the model's guesses, so a guess that is slightly off still fits. */
const AIM = 0.97;

/**
 * Search the highest setting in [lowest, highest] whose encode is at most `maxBytes`.
 * @throws BudgetExceeded when even `lowest` is too large
 */
export async function searchBudget(search: BudgetSearch): Promise<BudgetFit> {
  const { lowest, highest, maxBytes } = search;
  const axis = search.axis ?? ((s: number) => s);
  const maxEncodes = search.maxEncodes ?? 10;
  const sizes = new Map<number, number>();
  let best: { setting: number; data: Buffer } | undefined;
  let over: number | undefined; // the lowest setting tried that is too large
  let smallest = Number.POSITIVE_INFINITY;
  let encodes = 0;
  const tryAt = async (setting: number): Promise<void> => {
    const data = await search.encode(setting);
    encodes++;
    sizes.set(setting, data.length);
    smallest = Math.min(smallest, data.length);
    if (data.length <= maxBytes) {
      if (!best || setting > best.setting) best = { setting, data };
    } else if (over === undefined || setting < over) over = setting;
  };
  /** Back from the axis to a setting: the highest setting at or below `x` on it (`lowest` below them all). */
  const settingAt = (x: number): number => {
    let s = lowest;
    for (let t = lowest; t <= highest && axis(t) <= x; t++) s = t;
    return s;
  };
  /** The setting where the line through (a, ln bytes a) and (b, ln bytes b) meets ln(target). */
  const interpolate = (a: number, b: number, target: number): number => {
    const ya = Math.log(sizes.get(a) as number);
    const yb = Math.log(sizes.get(b) as number);
    const xa = axis(a);
    const xb = axis(b);
    if (yb === ya || xb === xa) return Number.NaN;
    return settingAt(xa + ((Math.log(target) - ya) * (xb - xa)) / (yb - ya));
  };

  await tryAt(highest);
  let lastMovedOver = true;
  let stalled = 0;
  while (best?.setting !== highest && encodes < maxEncodes) {
    const floor = best ? best.setting + 1 : lowest;
    const ceiling = (over as number) - 1;
    if (floor > ceiling) break;
    let guess: number;
    if (!best) {
      // Only too-large files so far: extrapolate down from the two lowest tried, or from one with the typical slope.
      const tried = [...sizes.keys()].sort((a, b) => a - b);
      const [a, b] = tried;
      const top = over as number;
      const ratio = (sizes.get(top) as number) / (maxBytes * AIM);
      guess =
        b === undefined
          ? settingAt(axis(top) - Math.log(ratio) / search.slope)
          : interpolate(a as number, b, maxBytes * AIM);
    } else if (stalled >= 1) {
      guess = Math.floor((floor + ceiling) / 2);
    } else {
      guess = interpolate(best.setting, over as number, maxBytes);
    }
    if (!Number.isFinite(guess)) guess = Math.floor((floor + ceiling) / 2);
    guess = Math.min(ceiling, Math.max(floor, guess));
    if (best === undefined && guess === over) break;
    await tryAt(guess);
    const movedOver = best?.setting !== guess;
    stalled = movedOver === lastMovedOver ? stalled + 1 : 0;
    lastMovedOver = movedOver;
    if (!best && guess === lowest) break;
  }
  if (!best) throw new BudgetExceeded(smallest, encodes);
  return { data: best.data, setting: best.setting, encodes };
}

/** An image and what its byte budget chose. */
export interface BudgetedImage {
  data: Buffer;
  budget: BudgetResult;
}

/**
 * Encode within `maxBytes`: jpeg, webp and avif at the highest quality up to `quality` that fits; png losslessly
 * when that fits, else with a palette of the most colours of PALETTE_LADDER (2–256) that fit.
 * @throws PictorError RENDER_FAILED (`details.rule` `maxBytes`, `details.smallest`) when nothing fits
 */
export async function encodeWithinBudget(
  image: RasterImage,
  format: ImageFormat,
  quality: number,
  maxBytes: number,
  choice: EncodeChoice = {},
): Promise<BudgetedImage> {
  try {
    if (format === 'png') {
      const lossless = await encodeImage(image, 'png', quality, choice);
      if (lossless.length <= maxBytes) return { data: lossless, budget: { encodes: 1 } };
      const fit = await searchBudget({
        lowest: 0,
        highest: PALETTE_LADDER.length - 1,
        maxBytes,
        encode: (step) => encodePalettePng(image, PALETTE_LADDER[step] as number),
        slope: PALETTE_SLOPE,
      }).catch((error: unknown) => {
        if (error instanceof BudgetExceeded) {
          throw new BudgetExceeded(Math.min(error.smallest, lossless.length), error.encodes + 1);
        }
        throw error;
      });
      const colours = PALETTE_LADDER[fit.setting] as number;
      return { data: fit.data, budget: { colours, encodes: fit.encodes + 1 } };
    }
    const opaque = choice.knownOpaque === true || isOpaque(image.pixels);
    const lowest = LOWEST_QUALITY[format];
    const fit = await searchBudget({
      lowest,
      highest: Math.max(lowest, quality),
      maxBytes,
      encode: (q) => encodeLossy(image, format, q, opaque),
      slope: QUALITY_SLOPE[format],
    });
    return { data: fit.data, budget: { quality: fit.setting, encodes: fit.encodes } };
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    const lowestSetting =
      format === 'png' ? `${PALETTE_COLOURS.fewest} colours` : `quality ${LOWEST_QUALITY[format]}`;
    throw new PictorError(
      'RENDER_FAILED',
      `maxBytes: the ${format} image does not fit in ${maxBytes} bytes even at ${lowestSetting} (smallest ${error.smallest} bytes): raise maxBytes, make the image smaller, or choose another format`,
      { field: 'maxBytes', rule: 'maxBytes', maxBytes, smallest: error.smallest, encodes: error.encodes },
    );
  }
}
