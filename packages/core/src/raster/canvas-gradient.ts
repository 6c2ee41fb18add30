/**
 * A raster stage and a tuning (switch `canvasGradient`, tuning/switches.ts): a linear-gradient background that covers
 * the whole canvas — the usual social card — is painted here, under what resvg draws, instead of by resvg. resvg fills
 * a gradient through tiny-skia's floating-point pipeline, pixel by pixel; here one table of colours is built per
 * render, the rows are copied from strips of it (or, for a gradient close to vertical, each pixel is a lookup), and
 * resvg draws the rest onto a transparent canvas. Source-over is associative, so drawing the content onto nothing and
 * then over the gradient gives the same picture as drawing it over the gradient (up to one level of rounding per
 * channel); that does not hold for blend modes, so an SVG with `mix-blend-mode` is left to resvg. Only satori's own
 * shape is lifted — the root rect of `findCanvasRect` filled with a `<linearGradient>` in bounding-box units,
 * `spreadMethod="pad"`, opaque `#hex`/`rgb()` stops — at a scale that maps the canvas onto whole pixels. Everything
 * else renders as before.
 */
import { LITTLE_ENDIAN } from '../encode/byte-order.js';
import type { RasterImage } from './resvg.js';
import { findCanvasRect, gradientOf, isOpaqueStop } from '../svg/opacity.js';

/** A canvas-filling linear gradient, read from the SVG. */
export interface CanvasGradient {
  /** The gradient vector in bounding-box units of the canvas (0–1 across, 0–1 down). */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** In order, offsets 0–1 non-decreasing, colours as [r, g, b] 0–255. */
  stops: { offset: number; rgb: [number, number, number] }[];
}

const ATTRIBUTE = /\s([\w-]+)="([^"]*)"/g;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * The SVG without its canvas-filling gradient rect, and that gradient — or undefined when the SVG has no such
 * background, or one this module does not paint exactly (then resvg draws everything, as before).
 */
export function liftCanvasGradient(
  svg: string,
  scale = 1,
): { svg: string; gradient: CanvasGradient } | undefined {
  if (!LITTLE_ENDIAN || svg.includes('mix-blend-mode')) return undefined;
  const rect = findCanvasRect(svg);
  if (!rect || !Number.isInteger(rect.width * scale) || !Number.isInteger(rect.height * scale))
    return undefined;
  const found = gradientOf(svg, rect.fill);
  if (found?.kind !== 'linearGradient' || found.stops.length === 0) return undefined;
  if (!found.stops.every(isOpaqueStop)) return undefined;
  const gradient = readGradient(found.head, found.stops);
  if (!gradient) return undefined;
  return { svg: svg.slice(0, rect.start) + svg.slice(rect.end), gradient };
}

function readGradient(head: string, stopTags: string[]): CanvasGradient | undefined {
  const vector = { x1: 0, y1: 0, x2: 1, y2: 0 };
  for (const [, name, value] of head.matchAll(ATTRIBUTE)) {
    if (name === 'id') continue;
    if (name === 'spreadMethod') {
      if (value !== 'pad') return undefined;
      continue;
    }
    if (name !== 'x1' && name !== 'y1' && name !== 'x2' && name !== 'y2') return undefined;
    if (!NUMBER.test(value as string)) return undefined;
    vector[name] = Number(value);
  }
  // A gradient with no length paints its last stop (SVG 1.1, 13.2.2): rare enough to leave to resvg.
  if (vector.x1 === vector.x2 && vector.y1 === vector.y2) return undefined;
  const stops: CanvasGradient['stops'] = [];
  let previous = 0;
  for (const tag of stopTags) {
    let offset: number | undefined;
    let rgb: [number, number, number] | undefined;
    for (const [, name, value] of tag.matchAll(ATTRIBUTE)) {
      if (name === 'offset') offset = readOffset(value as string);
      else if (name === 'stop-color') rgb = readColour(value as string);
      else return undefined;
    }
    if (offset === undefined || rgb === undefined) return undefined;
    // SVG: an offset below the one before it is taken as that one; offsets are clamped to 0–1.
    previous = Math.max(previous, Math.min(1, Math.max(0, offset)));
    stops.push({ offset: previous, rgb });
  }
  return { ...vector, stops };
}

function readOffset(value: string): number | undefined {
  const percent = value.endsWith('%');
  const number = percent ? value.slice(0, -1) : value;
  if (!NUMBER.test(number)) return undefined;
  return percent ? Number(number) / 100 : Number(number);
}

/** `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, 1)` with numbers or percentages. */
function readColour(value: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1] as string;
    const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(([^)]*)\)$/.exec(value);
  if (!rgb) return undefined;
  const parts = (rgb[1] as string).split(',').map((part) => part.trim());
  const channels = parts.slice(0, 3).map((part) => {
    const percent = part.endsWith('%');
    const number = Number(percent ? part.slice(0, -1) : part);
    return Math.round(Math.min(255, Math.max(0, percent ? number * 2.55 : number)));
  });
  if (channels.length !== 3 || channels.some((channel) => !Number.isFinite(channel))) return undefined;
  return channels as [number, number, number];
}

/** Fraction bits of the fixed-point position in the colour table (a table holds at most 2^16 + 1 entries). */
const FRACTION_BITS = 14;

/**
 * Paint the gradient under the raster's pixels, in place: premultiplied RGBA where resvg drew the rest of the SVG
 * onto a transparent canvas. Every pixel comes out opaque. The canvas is mapped onto all of the raster's pixels
 * (as resvg maps it), and each pixel takes the gradient's colour at its centre (to 1/16 px). Rows are copied from
 * strips of colours (paintByRowCopies); for a gradient close to vertical, the position in the colour table advances
 * along a row by a fixed-point step: where the whole row lies inside the table, pixels go four at a time (four clear
 * pixels take four lookups, four opaque ones nothing), and the rest one by one with clamping.
 */
export function paintCanvasGradient(image: RasterImage, gradient: CanvasGradient): void {
  const { width, height } = image;
  let { pixels } = image;
  if (pixels.byteOffset % 4 !== 0) {
    pixels = Buffer.from(pixels);
    image.pixels = pixels;
  }
  // Signed words: V8 keeps them as small integers, where unsigned ones above 2^31 become doubles.
  const words = new Int32Array(pixels.buffer, pixels.byteOffset, width * height);
  // t(u, v) = ((u - x1)·dx + (v - y1)·dy) / |d|², with u, v the pixel centre in bounding-box units.
  const dx = gradient.x2 - gradient.x1;
  const dy = gradient.y2 - gradient.y1;
  const length2 = dx * dx + dy * dy;
  const perPixelX = dx / width / length2;
  const perPixelY = dy / height / length2;
  // Table resolution: a step of the table moves the colour by at most 1/16 of a pixel along the gradient.
  const size = Math.min(65_536, Math.max(256, Math.ceil(8 / Math.hypot(perPixelX, perPixelY))));
  const table = colourTable(gradient.stops, size);
  // t at the canvas's top left corner (pixel centres are half a pixel in).
  const t0 = (-gradient.x1 * dx - gradient.y1 * dy) / length2;
  if (paintByRowCopies(words, width, height, t0, perPixelX, perPixelY, table)) return;
  const stepX = perPixelX * size;
  const stepY = perPixelY * size;
  const origin = t0 * size + 0.5;
  const one = 1 << FRACTION_BITS;
  const end = size * one;
  const step = Math.round(stepX * one);
  for (let y = 0; y < height; y++) {
    let i = y * width;
    const rowEnd = i + width;
    let t = Math.round((origin + stepX * 0.5 + stepY * (y + 0.5)) * one);
    const last = t + step * (width - 1);
    if (t >= 0 && t < end && last >= 0 && last < end) {
      for (; i + 4 <= rowEnd; i += 4, t += 4 * step) {
        const a = words[i] as number;
        const b = words[i + 1] as number;
        const c = words[i + 2] as number;
        const d = words[i + 3] as number;
        if ((a | b | c | d) === 0) {
          words[i] = table[t >> FRACTION_BITS] as number;
          words[i + 1] = table[(t + step) >> FRACTION_BITS] as number;
          words[i + 2] = table[(t + 2 * step) >> FRACTION_BITS] as number;
          words[i + 3] = table[(t + 3 * step) >> FRACTION_BITS] as number;
          continue;
        }
        if ((a & b & c & d) >>> 24 === 0xff) continue;
        for (let k = 0; k < 4; k++) {
          const source = words[i + k] as number;
          if (source >>> 24 !== 0xff)
            words[i + k] = over(source, table[(t + k * step) >> FRACTION_BITS] as number);
        }
      }
    }
    for (; i < rowEnd; i++, t += step) {
      const source = words[i] as number;
      if (source >>> 24 === 0xff) continue;
      words[i] = over(source, table[t <= 0 ? 0 : t >= end ? size : t >> FRACTION_BITS] as number);
    }
  }
}

/** Sub-pixel positions along a row that the row copies tell apart (as the table lookups: 1/16 px). */
const PHASES = 16;
/** Longest strip of row colours worth building, in pixels: steeper gradients (nearly vertical) use the lookups. */
const MAX_STRIP = 1 << 14;

/**
 * The fast way, where it applies: every row of a linear gradient is the same run of colours, started at another
 * point. Along a row the position advances by exactly one pixel per pixel, so with the colours laid out once per
 * pixel in a strip (16 strips, one per 1/16-px phase), a row is a slice of one strip: clear runs of the raster are
 * copied from it (memory copies, not a lookup per pixel), opaque pixels are skipped and the others drawn over it.
 * Returns false (nothing painted) when the strip would be too long: a gradient close to vertical.
 */
function paintByRowCopies(
  words: Int32Array,
  width: number,
  height: number,
  t0: number,
  perPixelX: number,
  perPixelY: number,
  table: Int32Array,
): boolean {
  if (perPixelX === 0) return false;
  // u: the position along a row in pixels, u(x, y) = x + 0.5 + rowShift · (y + 0.5) + u0, where t = perPixelX · u.
  const rowShift = perPixelY / perPixelX;
  const u0 = t0 / perPixelX;
  const firstRow = u0 + 0.5 + rowShift * 0.5;
  const lastRow = firstRow + rowShift * (height - 1);
  const start = Math.floor(Math.min(firstRow, lastRow)) - 1;
  const length = Math.ceil(Math.max(firstRow, lastRow)) + width + 2 - start;
  if (length > MAX_STRIP) return false;
  const size = table.length - 1;
  const strips = new Int32Array(PHASES * length);
  for (let phase = 0; phase < PHASES; phase++) {
    for (let k = 0; k < length; k++) {
      const t = perPixelX * (start + k + phase / PHASES);
      strips[phase * length + k] = table[t <= 0 ? 0 : t >= 1 ? size : Math.round(t * size)] as number;
    }
  }
  for (let y = 0; y < height; y++) {
    const at = Math.round((firstRow + rowShift * y - start) * PHASES);
    const from = (at % PHASES) * length + Math.floor(at / PHASES);
    const row = y * width;
    let x = 0;
    while (x < width) {
      const source = words[row + x] as number;
      if (source === 0) {
        let end = x + 1;
        // Four at a time while the run lasts, then one by one to its end.
        while (
          end + 4 <= width &&
          ((words[row + end] as number) |
            (words[row + end + 1] as number) |
            (words[row + end + 2] as number) |
            (words[row + end + 3] as number)) ===
            0
        )
          end += 4;
        while (end < width && words[row + end] === 0) end++;
        words.set(strips.subarray(from + x, from + end), row + x);
        x = end;
        continue;
      }
      if (source >>> 24 !== 0xff) words[row + x] = over(source, strips[from + x] as number);
      x++;
    }
  }
  return true;
}

/** Source-over of a premultiplied pixel onto an opaque backdrop: each channel plus the backdrop's share left. */
function over(source: number, backdrop: number): number {
  if (source === 0) return backdrop;
  const rest = 255 - (source >>> 24);
  const r = (source & 0xff) + ((((backdrop & 0xff) * rest + 127) / 255) | 0);
  const g = ((source >>> 8) & 0xff) + (((((backdrop >>> 8) & 0xff) * rest + 127) / 255) | 0);
  const b = ((source >>> 16) & 0xff) + (((((backdrop >>> 16) & 0xff) * rest + 127) / 255) | 0);
  return 0xff000000 | (Math.min(b, 255) << 16) | (Math.min(g, 255) << 8) | Math.min(r, 255);
}

/** `size + 1` opaque RGBA words (little-endian, signed), entry k the gradient's colour at t = k / size. */
function colourTable(stops: CanvasGradient['stops'], size: number): Int32Array {
  const table = new Int32Array(size + 1);
  let segment = 0;
  for (let k = 0; k <= size; k++) {
    const t = k / size;
    while (segment < stops.length - 1 && t >= (stops[segment + 1] as { offset: number }).offset) segment++;
    const from = stops[Math.min(segment, stops.length - 1)] as CanvasGradient['stops'][number];
    const to = stops[Math.min(segment + 1, stops.length - 1)] as CanvasGradient['stops'][number];
    // Before the first stop and after the last, the end colours (spreadMethod="pad").
    const span = to.offset - from.offset;
    const f = t <= from.offset || span <= 0 ? (t > to.offset ? 1 : 0) : Math.min(1, (t - from.offset) / span);
    const r = Math.round(from.rgb[0] + (to.rgb[0] - from.rgb[0]) * f);
    const g = Math.round(from.rgb[1] + (to.rgb[1] - from.rgb[1]) * f);
    const b = Math.round(from.rgb[2] + (to.rgb[2] - from.rgb[2]) * f);
    table[k] = 0xff000000 | (b << 16) | (g << 8) | r;
  }
  return table;
}
