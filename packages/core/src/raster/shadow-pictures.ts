/**
 * A raster stage and a tuning (switch `shadowPictures`, tuning/switches.ts): satori draws each box shadow as an SVG
 * filter — a Gaussian blur of the box's shape, flooded with the shadow's colour — that resvg computes over the whole
 * filter region pixel by pixel, at about 0.4 µs a pixel for the small blurs frameworks use (σ < 2 takes its IIR
 * blur): one shadow under a page-wide bar cost 100–200 ms, and a framework page hundreds (issue 41: bulma-admin,
 * materialize-masonry). Here each such shadow becomes a picture: resvg fills the shape alone on a canvas the size of
 * the region (no filter), libvips blurs that coverage with the same σ, the shadow's colour is applied, and resvg gets
 * the PNG in place of the filtered group, inside the same mask. A shadow whose colour is transparent is dropped.
 * What is not satori's exact shadow markup, sits in a transformed group, or has a colour not read here stays a filter.
 */
import { resvgClass } from './resvg-binding.js';
import type { SvgWithImages } from './resvg.js';
import { groupEnd } from './text-layer.js';
import { loadSharp } from '../encode/sharp-module.js';
import { svgRootSize } from '../svg/root-size.js';

/** satori's box shadow (packages/satori/src/builder/shadow.ts): region in % of the box, σ, colour, operator, mask. */
const SHADOW =
  /<defs><filter id="(satori_s-[^"]+)" x="(-?[\d.e-]+)%" y="(-?[\d.e-]+)%" width="([\d.e-]+)%" height="([\d.e-]+)%"><feGaussianBlur stdDeviation="([\d.e-]+)" result="b"\/><feFlood flood-color="([^"]+)" in="SourceGraphic" result="f"\/><feComposite in="f" in2="b" operator="(in|out)"\/><\/filter><\/defs><g mask="url\(#([^)"]+)\)" filter="url\(#\1\)">/g;
/** The shape's box, as satori writes it on the shape's element. */
const SHAPE_BOX =
  /^<(?:path|rect)\b[^>]*?\sx="(-?[\d.e-]+)" y="(-?[\d.e-]+)" width="([\d.e-]+)" height="([\d.e-]+)"/;
/** The group of a negative spread's mask around the shape. */
const NEGATIVE_SPREAD = /^<g mask="url\(#[^)"]+-neg\)">/;
/** A reference to a definition. */
const REFERENCE_ID = /url\(#([^)"]+)\)/g;
/** A transform that only translates, as satori writes it. */
const TRANSLATION = /^matrix\(1,0,0,1,(-?[\d.e-]+),(-?[\d.e-]+)\)$/;
/** Opening and closing `<g>` tags, to know whether a shadow sits in a transformed group. */
const GROUP_TAG = /<g\b([^>]*?)(\/?)>|<\/g>/g;
/** Below this σ (device pixels) libvips does not blur: such shadows stay with resvg. */
const MIN_SIGMA = 0.3;
/**
 * From this σ on, libvips blurs by repeated box filters, as resvg does (its `BLUR_SIGMA_THRESHOLD`): within 3 levels
 * of a Gaussian, and its cost does not grow with σ. Below, a true Gaussian kernel, short at such σ.
 */
const BOX_BLUR_SIGMA = 2;
/** Shadows whose region is larger than this many device pixels stay with resvg (bounds the memory of one). */
const MAX_PIXELS = 16_000_000;

/** A shadow's colour as straight RGBA (0–255, alpha 0–1), or undefined when it is not one of the forms read here. */
export function shadowColour(text: string): [number, number, number, number] | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'transparent') return [0, 0, 0, 0];
  if (value === 'black') return [0, 0, 0, 1];
  if (value === 'white') return [255, 255, 255, 1];
  const hex = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/.exec(value);
  if (hex) {
    const digits = hex[1] as string;
    const short = digits.length <= 4;
    const parts = short
      ? [...digits].map((d) => Number.parseInt(d + d, 16))
      : (digits.match(/../g) as string[]).map((d) => Number.parseInt(d, 16));
    return [parts[0] as number, parts[1] as number, parts[2] as number, (parts[3] ?? 255) / 255];
  }
  const fn = /^(rgba?|hsla?)\(\s*([^)]*)\)$/.exec(value);
  if (!fn) return undefined;
  const args = (fn[2] as string).split(/\s*[,/]\s*|\s+/).filter(Boolean);
  if (args.length < 3 || args.length > 4) return undefined;
  const number = (arg: string, percentOf: number): number | undefined => {
    const n = Number.parseFloat(arg);
    if (!Number.isFinite(n) || !/^-?[\d.]+(e-?\d+)?%?$/.test(arg)) return undefined;
    return arg.endsWith('%') ? (n / 100) * percentOf : n;
  };
  const alpha = args[3] === undefined ? 1 : number(args[3], 1);
  if (alpha === undefined) return undefined;
  const a = Math.min(1, Math.max(0, alpha));
  if ((fn[1] as string).startsWith('rgb')) {
    const rgb = args.slice(0, 3).map((arg) => number(arg, 255));
    if (rgb.some((c) => c === undefined)) return undefined;
    const [r, g, b] = (rgb as number[]).map((c) => Math.min(255, Math.max(0, Math.round(c))));
    return [r as number, g as number, b as number, a];
  }
  const h = Number.parseFloat(args[0] as string);
  const s = number(args[1] as string, 1);
  const l = number(args[2] as string, 1);
  if (!Number.isFinite(h) || s === undefined || l === undefined || !/%$/.test(args[1] as string))
    return undefined;
  // CSS Color 4, hsl → sRGB.
  const k = (n: number) => (n + h / 30) % 12;
  const chroma = s * Math.min(l, 1 - l);
  const channel = (n: number) =>
    Math.round(255 * (l - chroma * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [channel(0), channel(8), channel(4), a];
}

/** One shadow found in the SVG: where its markup is and what it draws. */
interface FoundShadow {
  start: number;
  end: number;
  mask: string;
  sigma: number;
  colour: [number, number, number, number];
  inset: boolean;
  shape: string;
  /** The filter region in user units. */
  region: { x: number; y: number; width: number; height: number };
  /** The clip paths and masks the shape refers to (its negative spread, its ancestors' overflow), with theirs. */
  defs: string[];
}

/**
 * The `<mask>` and `<clipPath>` definitions `content` refers to, and those they refer to, or undefined when one is
 * not found or is of another kind (the shape is then left to resvg).
 */
function definitionsFor(
  svg: string,
  content: string,
  definitionAt: (id: string) => number,
): string[] | undefined {
  const found: string[] = [];
  const seen = new Set<string>();
  const pending = [content];
  while (pending.length > 0) {
    for (const [, id] of (pending.pop() as string).matchAll(REFERENCE_ID)) {
      if (seen.has(id as string)) continue;
      seen.add(id as string);
      const at = definitionAt(id as string);
      if (at < 0) return undefined;
      const kind = svg.startsWith('<mask', at) ? 'mask' : 'clipPath';
      const end = svg.indexOf(`</${kind}>`, at);
      if (end < 0) return undefined;
      const definition = svg.slice(at, end + kind.length + 3);
      found.push(definition);
      pending.push(definition);
    }
  }
  return found;
}

/** Where the first `<mask id="…">` or `<clipPath id="…">` of `id` starts in `svg`, or -1. */
export function firstDefinition(svg: string, id: string): number {
  return firstOf(svg.indexOf(`<mask id="${id}"`), svg.indexOf(`<clipPath id="${id}"`));
}

const DEFINITION = /<(mask|clipPath) id="([^"<]*)"/g;

/**
 * `firstDefinition` for every id of one SVG, from one scan of it (a page with many shadows looked each id up through
 * the whole SVG, twice). An id with a `<` in it is looked up as before. Each text the scan finds starts at its only
 * `<`, so no match hides the start of another: every place `firstDefinition` can answer is found.
 */
export function definitionIndex(svg: string): (id: string) => number {
  let first: Map<string, number> | undefined;
  return (id) => {
    if (id.includes('<')) return firstDefinition(svg, id);
    if (!first) {
      first = new Map();
      for (const match of svg.matchAll(DEFINITION)) {
        const key = `${match[1]} ${match[2]}`;
        if (!first.has(key)) first.set(key, match.index);
      }
    }
    return firstOf(first.get(`mask ${id}`) ?? -1, first.get(`clipPath ${id}`) ?? -1);
  };
}

/** The first of two `indexOf` answers (-1 when neither was found). */
function firstOf(a: number, b: number): number {
  if (a < 0) return b;
  return b < 0 ? a : Math.min(a, b);
}

/** satori's box shadows in `svg` that can be drawn as pictures, in document order. */
function findShadows(svg: string): FoundShadow[] {
  const found: FoundShadow[] = [];
  // Whether each open <g> (and so each shadow inside it) is transformed, advanced with the shadows.
  const transformed: boolean[] = [];
  let inTransform = 0;
  GROUP_TAG.lastIndex = 0;
  let tag = GROUP_TAG.exec(svg);
  const definitionAt = definitionIndex(svg);
  SHADOW.lastIndex = 0;
  for (let m = SHADOW.exec(svg); m; m = SHADOW.exec(svg)) {
    while (tag && tag.index < m.index) {
      if (tag[0] === '</g>') {
        if (transformed.pop()) inTransform--;
      } else if (!tag[2]) {
        const t = /\stransform=/.test(tag[1] as string);
        transformed.push(t);
        if (t) inTransform++;
      }
      tag = GROUP_TAG.exec(svg);
    }
    const groupStart = m.index + m[0].length;
    const close = groupEnd(svg, groupStart);
    if (close === undefined) continue;
    // The shadow's own group is skipped by the group scan: it ends where the next match starts looking.
    SHADOW.lastIndex = close + 4;
    while (tag && tag.index < close + 4) tag = GROUP_TAG.exec(svg);
    if (inTransform > 0) continue;
    const shape = svg.slice(groupStart, close);
    // A shape moved by a translation (an off-canvas drawer) has its box moved; other transforms stay with resvg.
    const transforms = [...shape.matchAll(/\stransform="([^"]*)"/g)];
    const shift = transforms.length === 1 ? TRANSLATION.exec(transforms[0]?.[1] as string) : undefined;
    if (transforms.length > 1 || (transforms.length === 1 && !shift)) continue;
    const defs = definitionsFor(svg, shape, definitionAt);
    const box = SHAPE_BOX.exec(shape.replace(NEGATIVE_SPREAD, ''));
    const colour = shadowColour(m[7] as string);
    if (defs === undefined || !box || !colour) continue;
    const [bx, by, bw, bh] = (box.slice(1, 5) as string[]).map(Number) as [number, number, number, number];
    const [px, py, pw, ph] = (m.slice(2, 6) as string[]).map(Number) as [number, number, number, number];
    found.push({
      start: m.index,
      end: close + 4,
      mask: m[9] as string,
      sigma: Number(m[6]),
      colour,
      inset: m[8] === 'out',
      shape,
      region: {
        x: bx + Number(shift?.[1] ?? 0) + (px / 100) * bw,
        y: by + Number(shift?.[2] ?? 0) + (py / 100) * bh,
        width: (pw / 100) * bw,
        height: (ph / 100) * bh,
      },
      defs,
    });
  }
  return found;
}

// Pictor (shadow-pixel-loops): the pixel loops are functions of their own, not loops inside the async `shadowPng`.
// There V8 compiled them on stack (OSR) into code that also held the rest of the function, whose later steps had no
// type feedback yet: that code was left again (deoptimized) at every call, render after render.

/** The alpha bytes (every 4th, from the 4th) of the first `pixels` RGBA pixels of `rgba`. */
export function alphaChannel(rgba: Uint8Array, pixels: number): Buffer {
  const alpha = Buffer.alloc(pixels);
  for (let i = 0, j = 3; i < pixels; i++, j += 4) alpha[i] = rgba[j] as number;
  return alpha;
}

/**
 * The `boxWidth` × `boxHeight` RGBA pixels of a shadow of `colour` (alpha 0–1) from the single-channel `coverage`,
 * `coverageWidth` wide, whose box starts `margin` pixels in on both axes; `inset` takes the coverage's complement.
 */
export function colourCoverage(
  coverage: Uint8Array,
  coverageWidth: number,
  margin: number,
  boxWidth: number,
  boxHeight: number,
  colour: [number, number, number, number],
  inset: boolean,
): Buffer {
  const [r, g, b, a] = colour;
  // The alpha of each coverage value, worked out once (not once a pixel).
  const alphaOf = new Uint8Array(256);
  for (let c = 0; c < 256; c++) alphaOf[c] = Math.round(a * (inset ? 255 - c : c));
  const out = Buffer.alloc(boxWidth * boxHeight * 4);
  for (let y = 0; y < boxHeight; y++) {
    let from = (y + margin) * coverageWidth + margin;
    let to = y * boxWidth * 4;
    for (let x = 0; x < boxWidth; x++, from++, to += 4) {
      out[to] = r;
      out[to + 1] = g;
      out[to + 2] = b;
      out[to + 3] = alphaOf[coverage[from] as number] as number;
    }
  }
  return out;
}

/** The shadow as a straight-alpha RGBA PNG covering `box` (device pixels), or undefined to leave it to resvg. */
async function shadowPng(
  shadow: FoundShadow,
  box: { left: number; top: number; width: number; height: number },
  scale: number,
): Promise<Buffer | undefined> {
  const sigma = shadow.sigma * scale;
  if (sigma > 0 && sigma < MIN_SIGMA) return undefined;
  // The coverage is drawn with a margin of 3σ of nothing around the region, so the blur sees what resvg's does.
  const margin = Math.ceil(3 * sigma);
  const width = box.width + 2 * margin;
  const height = box.height + 2 * margin;
  const view = [(box.left - margin) / scale, (box.top - margin) / scale, width / scale, height / scale];
  // A mask in user space without a region of its own has the viewport's: here it gets this canvas'.
  const region = `x="${view[0]}" y="${view[1]}" width="${view[2]}" height="${view[3]}"`;
  const defs = shadow.defs.map((d) =>
    /^<mask\b[^>]*maskUnits="userSpaceOnUse"/.test(d) && !/^<mask\b[^>]*\sx=/.test(d)
      ? d.replace(/^<mask\b/, `<mask ${region}`)
      : d,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${view.join(' ')}">${defs.join('')}${shadow.shape}</svg>`;
  const Resvg = resvgClass();
  const drawn = new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' }).render();
  if (drawn.width !== width || drawn.height !== height) return undefined;
  const rgba = drawn.pixels;
  // Loaded only when a page has a shadow to draw (encode/sharp-module.ts).
  const sharp = await loadSharp();
  let coverage = alphaChannel(rgba, width * height);
  if (sigma > 0) {
    coverage = await sharp(coverage, { raw: { width, height, channels: 1 } })
      .blur({ sigma, precision: sigma < BOX_BLUR_SIGMA ? 'integer' : 'approximate', minAmplitude: 0.001 })
      .extractChannel(0)
      .raw({ depth: 'uchar' })
      .toBuffer();
  }
  const out = colourCoverage(coverage, width, margin, box.width, box.height, shadow.colour, shadow.inset);
  return sharp(out, { raw: { width: box.width, height: box.height, channels: 4 } })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * `input` with satori's box shadows drawn as pictures (see the module's comment): the filtered groups replaced by
 * `<image>`s whose PNGs join `images`. `original` is kept: resvg draws it, filters and all, should it not take the
 * pictures. Unchanged when there is no such shadow.
 */
export async function drawShadowPictures(input: SvgWithImages, scale: number): Promise<SvgWithImages> {
  const shadows = findShadows(input.svg);
  if (shadows.length === 0) return input;
  const images = new Map(input.images);
  const canvas = svgRootSize(input.svg);
  const parts: string[] = [];
  let last = 0;
  for (const shadow of shadows) {
    const { region } = shadow;
    const left = Math.floor(region.x * scale);
    const top = Math.floor(region.y * scale);
    const box = {
      left,
      top,
      width: Math.ceil((region.x + region.width) * scale) - left,
      height: Math.ceil((region.y + region.height) * scale) - top,
    };
    const offCanvas =
      region.x + region.width <= 0 ||
      region.y + region.height <= 0 ||
      region.x >= canvas.width ||
      region.y >= canvas.height;
    if (shadow.colour[3] === 0 || offCanvas) {
      // A transparent shadow, or one wholly off the canvas, draws nothing.
      parts.push(input.svg.slice(last, shadow.start));
      last = shadow.end;
      continue;
    }
    if (box.width <= 0 || box.height <= 0 || box.width * box.height > MAX_PIXELS) continue;
    const png = await shadowPng(shadow, box, scale);
    if (!png) continue;
    const href = `https://shadow.pictor.invalid/${images.size}.png`;
    images.set(href, png);
    const place = [box.left / scale, box.top / scale, box.width / scale, box.height / scale];
    parts.push(
      input.svg.slice(last, shadow.start),
      `<g mask="url(#${shadow.mask})"><image x="${place[0]}" y="${place[1]}" width="${place[2]}" height="${place[3]}" preserveAspectRatio="none" href="${href}"/></g>`,
    );
    last = shadow.end;
  }
  if (last === 0) return input;
  parts.push(input.svg.slice(last));
  return { svg: parts.join(''), images, original: input.original };
}
