/**
 * Pixel assertions for rendered images: decode with sharp, check format and size exactly, compare RGBA pixels with
 * a reference PNG in test/__image_snapshots__/<suite>/<name>.png within a tolerance. On failure `<name>.actual.png`
 * and `<name>.diff.png` are written beside the baseline. A missing baseline fails, unless UPDATE_SNAPSHOTS=1
 * (then the baseline is written, on purpose). An existing baseline is never overwritten: delete it to renew it.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const SNAPSHOT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '__image_snapshots__');

export interface ExpectedImage {
  format: 'png' | 'jpeg' | 'webp' | 'avif';
  width: number;
  height: number;
}

export interface CompareOptions {
  /** Largest per-channel difference (0–255) that still counts as the same pixel. Default 24. */
  channelTolerance?: number;
  /** Share of pixels allowed to differ beyond the tolerance. Default 0.002 (0.2%). */
  maxDiffRatio?: number;
}

/** Decoded RGBA pixels of an encoded image. */
export interface DecodedImage {
  format: string | undefined;
  width: number;
  height: number;
  pixels: Buffer;
}

/** Decode any image sharp reads into RGBA pixels (alpha added when absent). AVIF (HEIF with AV1) is `avif`. */
export async function decodeImage(data: Buffer): Promise<DecodedImage> {
  const metadata = await sharp(data).metadata();
  const { data: pixels, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  return { format, width: info.width, height: info.height, pixels };
}

/** Check the encoded format and exact dimensions. */
export async function expectFormatAndSize(data: Buffer, expected: ExpectedImage): Promise<DecodedImage> {
  const decoded = await decodeImage(data);
  const actual = { format: decoded.format, width: decoded.width, height: decoded.height };
  if (
    actual.format !== expected.format ||
    actual.width !== expected.width ||
    actual.height !== expected.height
  ) {
    throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
  return decoded;
}

/** How many pixels of two raw RGBA buffers of one size differ by more than `over` in some channel, and by how much at most. */
export function pixelDifference(a: Buffer, b: Buffer, over = 2): { max: number; pixels: number } {
  if (a.length !== b.length) throw new Error(`pixelDifference: ${a.length} against ${b.length} bytes`);
  let max = 0;
  let pixels = 0;
  for (let i = 0; i < a.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 4; c++)
      worst = Math.max(worst, Math.abs((a[i + c] as number) - (b[i + c] as number)));
    if (worst > max) max = worst;
    if (worst > over) pixels++;
  }
  return { max, pixels };
}

/** Pixels differing by more than the tolerance, and a diff image (red where they differ, faded actual elsewhere). */
export function diffPixels(a: Buffer, b: Buffer, channelTolerance: number): { count: number; diff: Buffer } {
  const diff = Buffer.alloc(a.length);
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    let max = 0;
    for (let c = 0; c < 4; c++) max = Math.max(max, Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0)));
    if (max > channelTolerance) {
      count++;
      diff[i] = 255;
      diff[i + 3] = 255;
    } else {
      const grey = 255 - Math.round((255 - ((a[i] ?? 0) + (a[i + 1] ?? 0) + (a[i + 2] ?? 0)) / 3) * 0.25);
      diff.fill(grey, i, i + 3);
      diff[i + 3] = 255;
    }
  }
  return { count, diff };
}

/**
 * Assert that `data` is an image of the expected format and size whose pixels match the baseline
 * `__image_snapshots__/<suite>/<name>.png`.
 */
export async function expectImageToMatch(
  data: Buffer,
  suite: string,
  name: string,
  expected: ExpectedImage,
  options: CompareOptions = {},
): Promise<void> {
  const actual = await expectFormatAndSize(data, expected);
  const baselinePath = join(SNAPSHOT_ROOT, suite, `${name}.png`);
  const raw = { width: actual.width, height: actual.height, channels: 4 as const };
  const update = process.env.UPDATE_SNAPSHOTS === '1';
  if (!existsSync(baselinePath)) {
    if (!update)
      throw new Error(`missing baseline ${baselinePath}; run with UPDATE_SNAPSHOTS=1 to create it`);
    mkdirSync(dirname(baselinePath), { recursive: true });
    await sharp(actual.pixels, { raw }).png().toFile(baselinePath);
    return;
  }
  const baseline = await decodeImage(await sharp(baselinePath).toBuffer());
  const sameSize = baseline.width === actual.width && baseline.height === actual.height;
  const { count, diff } = sameSize
    ? diffPixels(actual.pixels, baseline.pixels, options.channelTolerance ?? 24)
    : { count: Number.POSITIVE_INFINITY, diff: Buffer.alloc(0) };
  const allowed = Math.floor(actual.width * actual.height * (options.maxDiffRatio ?? 0.002));
  if (count <= allowed) return;
  const stem = baselinePath.slice(0, -'.png'.length);
  await sharp(actual.pixels, { raw }).png().toFile(`${stem}.actual.png`);
  if (sameSize) await sharp(diff, { raw }).png().toFile(`${stem}.diff.png`);
  const what = sameSize
    ? `${count} pixels differ (allowed ${allowed})`
    : `size ${actual.width}×${actual.height} differs from the baseline's ${baseline.width}×${baseline.height}`;
  throw new Error(`${suite}/${name}: ${what}; see ${stem}.actual.png and .diff.png`);
}

/**
 * How far a rendered PNG is from a Chromium reference of the same size, as the repro tests measure it (alpha dropped):
 * the mean of each pixel's largest channel difference (0–255), and the share of pixels more than 96 off.
 */
export async function distanceFromReference(
  png: Buffer,
  reference: Buffer,
): Promise<{ width: number; height: number; mean: number; far: number }> {
  const decode = (data: Buffer) => sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [ours, theirs] = await Promise.all([decode(png), decode(reference)]);
  if (ours.info.width !== theirs.info.width || ours.info.height !== theirs.info.height) {
    throw new Error(
      `size ${ours.info.width}×${ours.info.height} against the reference's ${theirs.info.width}×${theirs.info.height}`,
    );
  }
  let sum = 0;
  let far = 0;
  for (let i = 0; i < ours.data.length; i += 3) {
    const d = Math.max(
      Math.abs((ours.data[i] as number) - (theirs.data[i] as number)),
      Math.abs((ours.data[i + 1] as number) - (theirs.data[i + 1] as number)),
      Math.abs((ours.data[i + 2] as number) - (theirs.data[i + 2] as number)),
    );
    sum += d;
    if (d > 96) far++;
  }
  const pixels = ours.data.length / 3;
  return { width: ours.info.width, height: ours.info.height, mean: sum / pixels, far: far / pixels };
}

/** One grey channel per pixel (alpha dropped), for tests that look for ink by rows and columns. */
export interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Decode an image to one grey byte per pixel. */
export async function greyPixels(image: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The mean grey difference (0–255) between two images of the same size in each band of `height` rows from `top`
 * (`count` bands), rounded to hundredths: where a repro's rows differ from Chromium's beyond antialiasing.
 */
export function rowBandDifferences(
  ours: GreyImage,
  theirs: GreyImage,
  { top, height, count }: { top: number; height: number; count: number },
): number[] {
  const { width } = ours;
  const bands: number[] = [];
  for (let band = 0; band < count; band++) {
    let sum = 0;
    const y0 = top + band * height;
    for (let i = y0 * width; i < (y0 + height) * width; i++) {
      sum += Math.abs((ours.data[i] as number) - (theirs.data[i] as number));
    }
    bands.push(Math.round((sum / (height * width)) * 100) / 100);
  }
  return bands;
}
