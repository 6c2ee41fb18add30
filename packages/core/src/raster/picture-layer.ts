/**
 * A raster stage and a tuning (switch `pictureLayer`, tuning/switches.ts): pictures prepared by `prescaleImages`
 * that lie on whole device pixels at exactly their prepared size — most pictures of cards: avatars, logos, photos,
 * emoji — are composited here from their decoded pixels into resvg's raster where the layout placed them, instead of
 * being handed to resvg as PNGs it decodes, draws through a layer of their clip and mask, and blends, on every
 * render. resvg draws such a picture pixel for pixel (an identity transform samples each pixel once), so copying the
 * pixels is the same picture.
 *
 * Only what composites exactly is lifted: an `<image>` whose attributes are its box, `preserveAspectRatio="none"`,
 * `image-rendering`, and a clip path or mask that is one rectangle or one path (satori's overflow clip, its rounded
 * corners, its overflow mask of one white rectangle); in groups without attributes, or whose clip, mask or opacity
 * apply to the picture alone (nothing else in the group paints), or that clip it to a rectangle on whole device
 * pixels; and clear of everything resvg still draws after it (`paintedBoxes`). A clip on whole pixels cuts the
 * picture; any other clip shape is filled by resvg once, on a canvas of the picture's box (its coverage kept per
 * worker), and multiplies the picture's pixels as resvg's clip does. Lifted pictures are painted in document
 * order over resvg's raster, before the text layer (lifted text is drawn after everything it overlaps). Anything
 * else stays with resvg, as before.
 */
import type { PictureRaster, PreparedPicture, PrescaledSvg } from './prescaled-images.js';
import { type RasterImage, rasterize } from './resvg.js';
import {
  attributesOf,
  type Box,
  filterRegions,
  groupEnd,
  overlaps,
  paintedBoxes,
  REFERENCE,
} from './text-layer.js';
import { svgRootSize } from '../svg/root-size.js';

/** One lifted picture: its pixels, where they go and what cuts or fades them (device pixels). */
interface LiftedPicture {
  raster: PictureRaster;
  /** The device pixel its top-left pixel goes to. */
  left: number;
  top: number;
  /** Where it may paint: its box cut by the clips on whole pixels (device pixels, whole numbers). */
  clip: Box;
  /** The coverage of the other clips over `clip` (its width × height values), or none. */
  coverage: Uint8Array | undefined;
  /** The product of the opacities of its groups. */
  opacity: number;
}

/** Lifted pictures, painted over the raster in document order by `paintPictureLayer`. */
export interface PictureLayer {
  pictures: LiftedPicture[];
}

/** A picture prepared by prescaleImages, found in its SVG. */
interface Candidate {
  href: string;
  prepared: PreparedPicture;
  start: number;
  end: number;
  attributes: Map<string, string>;
  /** Why it stays with resvg (undefined: it can be lifted if nothing after it covers it). */
  kept: boolean;
  /** Its box cut by whole-pixel clips (device px), its partial clips, its opacity (when not kept). */
  clip?: Box;
  shapes?: string[];
  opacity?: number;
}

const PRESCALED_HREF = 'https://prescaled.pictor.invalid/';
const IMAGE_OR_GROUP = /<image\b([^>]*?)\/?>|<g\b([^>]*?)(\/?)>|<\/g>/g;
/** A clip path or mask of one rectangle or path: satori's overflow clips, rounded corners and overflow masks. */
const SIMPLE_CLIP = /<(clipPath|mask) id="([^"]+)">(<(rect|path)\b([^>]*?)\/>)<\/\1>/g;
const IMAGE_KEYS = new Set([
  'x',
  'y',
  'width',
  'height',
  'href',
  'preserveAspectRatio',
  'image-rendering',
  'clip-path',
  'mask',
]);
const SHAPE_KEYS: Record<string, Set<string>> = {
  rect: new Set(['x', 'y', 'width', 'height', 'fill']),
  // satori writes its box on a clip path's path too: no SVG geometry.
  path: new Set(['d', 'x', 'y', 'width', 'height', 'fill']),
};
const WHITE = new Set(['#fff', '#ffffff', 'white']);

/** A clip path or mask the layer can apply: a rectangle (x, y, right, bottom in CSS px) or a path (its data). */
type Shape = { kind: 'rect'; box: Box } | { kind: 'path'; d: string };

/**
 * The SVG (from prescaleImages) without the pictures that can be composited exactly, and those pictures — or
 * undefined when none can (then resvg draws them all, as before). `scale` is the raster's device pixels per CSS px.
 */
export function liftPictureLayer(
  prescaled: PrescaledSvg,
  scale: number,
): { rest: PrescaledSvg; layer: PictureLayer } | undefined {
  const { svg, pictures } = prescaled;
  if (pictures.size === 0 || svg.includes('mix-blend-mode')) return undefined;
  const root = svgRootSize(svg);
  const end = svg.lastIndexOf('</svg>');
  if (!Number.isFinite(root.width) || !Number.isFinite(root.height) || end < 0) return undefined;
  const viewBox = /^<svg\b[^>]*?\sviewBox="([^"]*)"/.exec(svg)?.[1];
  if (
    viewBox !== undefined &&
    viewBox
      .trim()
      .split(/[\s,]+/)
      .map(Number)
      .join(' ') !== `0 0 ${root.width} ${root.height}`
  )
    return undefined;
  const shapes = clipShapes(svg);
  const candidates = findCandidates(svg, pictures, shapes, scale);
  if (!candidates.some((candidate) => !candidate.kept)) return undefined;

  // From the last picture back: lifted when nothing resvg draws after it comes near what it paints.
  const filters = filterRegions(svg);
  const covering: Box[] = [];
  const lifted: Candidate[] = [];
  let next = end;
  for (let i = candidates.length - 1; i >= 0; i--) {
    const candidate = candidates[i] as Candidate;
    const after = paintedBoxes(svg.slice(candidate.end, next), filters);
    if (!after) break;
    covering.push(...after);
    next = candidate.start;
    const painted = candidate.clip && (candidate.clip.map((v) => v / scale) as Box);
    if (!candidate.kept && painted && !covering.some((box) => overlaps(box, painted))) {
      lifted.push(candidate);
      continue;
    }
    const box = keptBox(candidate.attributes);
    if (!box) break;
    covering.push(box);
  }
  if (lifted.length === 0) return undefined;
  lifted.reverse();

  const layer: PictureLayer = { pictures: [] };
  for (const candidate of lifted) {
    const clip = candidate.clip as Box;
    const { raster } = candidate.prepared;
    const coverage = coverageOf(candidate.shapes ?? [], clip, scale);
    layer.pictures.push({
      raster,
      left: Math.round(Number(candidate.attributes.get('x') ?? 0) * scale),
      top: Math.round(Number(candidate.attributes.get('y') ?? 0) * scale),
      clip,
      coverage,
      opacity: candidate.opacity ?? 1,
    });
  }
  const rest = withoutPictures(prescaled, lifted);
  return { rest, layer };
}

/** The box a picture left to resvg paints in (CSS px, a pixel wider), or undefined when a transform moves it. */
function keptBox(attributes: Map<string, string>): Box | undefined {
  if (attributes.has('transform') || attributes.has('style')) return undefined;
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((key) =>
    Number(attributes.get(key) ?? (key === 'x' || key === 'y' ? 0 : Number.NaN)),
  ) as [number, number, number, number];
  const box: Box = [x - 1, y - 1, x + width + 1, y + height + 1];
  return box.every(Number.isFinite) ? box : undefined;
}

/** The clip paths and masks of one rectangle or path, as `clip-path:id` and `mask:id`. */
function clipShapes(svg: string): ReadonlyMap<string, Shape> {
  const found = new Map<string, Shape>();
  for (const [, kind, id, , name, attributeText = ''] of svg.matchAll(SIMPLE_CLIP)) {
    const attributes = attributesOf(attributeText);
    if ([...attributes.keys()].some((key) => !SHAPE_KEYS[name as string]?.has(key))) continue;
    if (attributeText.replace(/\s([a-zA-Z-]+)="([^"]*)"/g, '').trim() !== '') continue;
    const fill = attributes.get('fill');
    // A mask takes its shape's luminance: it must be white; a clip path its shape, whatever its fill.
    if (kind === 'mask' && !(fill !== undefined && WHITE.has(fill.toLowerCase()))) continue;
    const key = `${kind === 'mask' ? 'mask' : 'clip-path'}:${id}`;
    if (name === 'rect') {
      const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((k) =>
        Number(attributes.get(k) ?? 0),
      ) as [number, number, number, number];
      const box: Box = [x, y, x + width, y + height];
      if (box.every(Number.isFinite) && width >= 0 && height >= 0) found.set(key, { kind: 'rect', box });
    } else {
      const d = attributes.get('d');
      if (d) found.set(key, { kind: 'path', d });
    }
  }
  return found;
}

/** A group open around a picture: what it does to what it holds, and where its content starts. */
interface OpenGroup {
  /** `plain`: nothing; `applies`: a clip, mask or opacity the layer can apply; `other`: anything else. */
  effect: 'plain' | 'applies' | 'other';
  opacity: number;
  clips: Shape[];
  contentStart: number;
}

/** Every prepared picture of the SVG in document order, with whether and how the layer could paint it. */
function findCandidates(
  svg: string,
  pictures: ReadonlyMap<string, PreparedPicture>,
  shapes: ReadonlyMap<string, Shape>,
  scale: number,
): Candidate[] {
  const candidates: Candidate[] = [];
  const groups: OpenGroup[] = [];
  for (const match of svg.matchAll(IMAGE_OR_GROUP)) {
    const [whole, imageAttributes, groupAttributes, selfClosing] = match;
    const start = match.index as number;
    if (whole === '</g>') {
      groups.pop();
      continue;
    }
    if (groupAttributes !== undefined) {
      if (selfClosing) continue;
      groups.push(openGroup(groupAttributes, shapes, start + whole.length));
      continue;
    }
    const attributes = attributesOf(imageAttributes ?? '');
    const href = attributes.get('href') ?? '';
    const prepared = href.startsWith(PRESCALED_HREF) ? pictures.get(href) : undefined;
    if (!prepared) continue;
    const candidate: Candidate = { href, prepared, start, end: start + whole.length, attributes, kept: true };
    candidates.push(candidate);
    const placed = placement(attributes, prepared.raster, scale);
    if (!placed || groups.some((group) => group.effect === 'other')) continue;
    let clip = placed;
    const partial: string[] = [];
    const cut = (shape: Shape): void => {
      const device = shape.kind === 'rect' ? (shape.box.map((v) => v * scale) as Box) : undefined;
      if (device?.every(Number.isInteger)) clip = intersect(clip, device);
      else partial.push(shapeMarkup(shape));
    };
    let opacity = 1;
    let alone = true;
    for (const group of groups) {
      if (group.effect !== 'applies') continue;
      opacity *= group.opacity;
      for (const shape of group.clips) cut(shape);
      // A fade or a soft clip of a group applies to the group as a whole: the picture must be all it paints.
      const soft =
        group.opacity !== 1 ||
        group.clips.some(
          (shape) => shape.kind !== 'rect' || !shape.box.every((v) => Number.isInteger(v * scale)),
        );
      if (soft && !paintsAlone(svg, group.contentStart, start, candidate.end)) alone = false;
    }
    if (!alone) continue;
    let known = true;
    for (const key of ['clip-path', 'mask'] as const) {
      const value = attributes.get(key);
      if (value === undefined) continue;
      const shape = shapes.get(`${key}:${REFERENCE.exec(value)?.[1]}`);
      if (shape) cut(shape);
      else known = false;
    }
    if (!known || clip[2] <= clip[0] || clip[3] <= clip[1]) continue;
    Object.assign(candidate, { kept: false, clip, shapes: partial, opacity });
  }
  return candidates;
}

/** What a group's attributes do (OpenGroup). */
function openGroup(
  attributeText: string,
  shapes: ReadonlyMap<string, Shape>,
  contentStart: number,
): OpenGroup {
  const group: OpenGroup = { effect: 'plain', opacity: 1, clips: [], contentStart };
  if (attributeText.trim() === '') return group;
  const attributes = attributesOf(attributeText);
  if (attributeText.replace(/\s([a-zA-Z-]+)="([^"]*)"/g, '').trim() !== '')
    return { ...group, effect: 'other' };
  for (const [key, value] of attributes) {
    if (key === 'opacity') {
      const opacity = Number(value);
      if (!(opacity >= 0 && opacity <= 1) || value.trim() === '') return { ...group, effect: 'other' };
      group.opacity *= opacity;
    } else if (key === 'clip-path' || key === 'mask') {
      const shape = shapes.get(`${key}:${REFERENCE.exec(value)?.[1]}`);
      if (!shape) return { ...group, effect: 'other' };
      group.clips.push(shape);
    } else return { ...group, effect: 'other' };
  }
  return { ...group, effect: 'applies' };
}

/**
 * Whether the picture at `pictureStart`–`pictureEnd` is all the group whose content starts at `contentStart`
 * paints: nothing but definitions and empty groups besides it, up to the group's end.
 */
function paintsAlone(svg: string, contentStart: number, pictureStart: number, pictureEnd: number): boolean {
  const close = groupEnd(svg, contentStart);
  if (close === undefined) return false;
  const others = svg.slice(contentStart, pictureStart) + svg.slice(pictureEnd, close);
  return paintedBoxes(others, new Map())?.length === 0;
}

/**
 * The device pixels a picture covers when it is drawn pixel for pixel: only its box, no aspect ratio kept, on whole
 * device pixels, exactly its prepared raster's size; else undefined.
 */
function placement(attributes: Map<string, string>, raster: PictureRaster, scale: number): Box | undefined {
  if ([...attributes.keys()].some((key) => !IMAGE_KEYS.has(key))) return undefined;
  if (attributes.get('preserveAspectRatio') !== 'none') return undefined;
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map(
    (key) => Number(attributes.get(key) ?? (key === 'x' || key === 'y' ? 0 : Number.NaN)) * scale,
  ) as [number, number, number, number];
  if (![x, y, width, height].every(Number.isInteger)) return undefined;
  if (width !== raster.width || height !== raster.height) return undefined;
  return [x, y, x + width, y + height];
}

const intersect = (a: Box, b: Box): Box => [
  Math.max(a[0], b[0]),
  Math.max(a[1], b[1]),
  Math.min(a[2], b[2]),
  Math.min(a[3], b[3]),
];

/** A clip shape as an element filled black (its coverage is the alpha resvg draws). */
function shapeMarkup(shape: Shape): string {
  if (shape.kind === 'path') return `<path d="${shape.d}"/>`;
  const [x, y, right, bottom] = shape.box;
  return `<rect x="${x}" y="${y}" width="${right - x}" height="${bottom - y}"/>`;
}

/** Coverage of partial clips kept per worker, by scale, box and shapes; emptied past MAX_COVERAGE_BYTES. */
const coverages = new Map<string, Uint8Array>();
let coverageBytes = 0;
const MAX_COVERAGE_BYTES = 8 << 20;

/**
 * The coverage of `shapes` over the device box `clip` — each filled by resvg on a canvas of that box, the alphas
 * multiplied as resvg applies one clip after another — or undefined without shapes.
 */
function coverageOf(shapes: string[], clip: Box, scale: number): Uint8Array | undefined {
  if (shapes.length === 0) return undefined;
  const [left, top, right, bottom] = clip;
  const key = `${scale} ${clip.join(',')} ${shapes.join('')}`;
  const kept = coverages.get(key);
  if (kept) return kept;
  const width = right - left;
  const height = bottom - top;
  let coverage: Uint8Array | undefined;
  for (const shape of shapes) {
    const cssBox = [left / scale, top / scale, width / scale, height / scale].join(' ');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width / scale}" height="${height / scale}" viewBox="${cssBox}">${shape}</svg>`;
    const drawn = rasterize(svg, scale);
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height && y < drawn.height; y++)
      for (let x = 0; x < width && x < drawn.width; x++)
        alpha[y * width + x] = drawn.pixels[(y * drawn.width + x) * 4 + 3] as number;
    if (coverage)
      for (let i = 0; i < alpha.length; i++)
        alpha[i] = div255((coverage[i] as number) * (alpha[i] as number));
    coverage = alpha;
  }
  if (coverageBytes + (coverage as Uint8Array).length > MAX_COVERAGE_BYTES) {
    coverages.clear();
    coverageBytes = 0;
  }
  coverages.set(key, coverage as Uint8Array);
  coverageBytes += (coverage as Uint8Array).length + key.length;
  return coverage;
}

/** v / 255, rounded, for v in 0–255·255. */
const div255 = (v: number): number => Math.floor((v + 127) / 255);

/** The prescaled SVG and the SVG as it came without the lifted pictures' tags, and without their pictures. */
function withoutPictures(prescaled: PrescaledSvg, lifted: Candidate[]): PrescaledSvg {
  const cut = (text: string, spans: (readonly [number, number])[]): string => {
    let out = '';
    let at = 0;
    for (const [start, end] of spans) {
      out += text.slice(at, start);
      at = end;
    }
    return out + text.slice(at);
  };
  const pictures = new Map(prescaled.pictures);
  for (const { href } of lifted) pictures.delete(href);
  const images = new Map([...prescaled.images].filter(([href]) => pictures.has(href)));
  return {
    ...prescaled,
    svg: cut(
      prescaled.svg,
      lifted.map(({ start, end }) => [start, end] as const),
    ),
    original: cut(
      prescaled.original,
      lifted.map(({ prepared }) => prepared.span),
    ),
    pictures,
    images,
  };
}

/** Paint the lifted pictures over a raster drawn at the layer's scale, in order, source over. */
export function paintPictureLayer(image: RasterImage, layer: PictureLayer): void {
  for (const picture of layer.pictures) paintPicture(image, picture);
}

function paintPicture(image: RasterImage, picture: LiftedPicture): void {
  const { pixels, width, height } = image;
  const { raster, left, top, clip, coverage, opacity } = picture;
  const x0 = Math.max(0, clip[0]);
  const y0 = Math.max(0, clip[1]);
  const x1 = Math.min(width, clip[2]);
  const y1 = Math.min(height, clip[3]);
  if (x1 <= x0 || y1 <= y0) return;
  const source = raster.pixels;
  const clipWidth = clip[2] - clip[0];
  // Where an opaque picture is neither faded nor partly covered, its pixels are copied a run at a time.
  const copies = raster.opaque && opacity === 1;
  for (let y = y0; y < y1; y++) {
    const row = (y - clip[1]) * clipWidth - clip[0];
    let x = x0;
    while (x < x1) {
      if (copies) {
        let end = x;
        if (coverage) while (end < x1 && coverage[row + end] === 255) end++;
        else end = x1;
        if (end > x) {
          const from = ((y - top) * raster.width + (x - left)) * 4;
          source.copy(pixels, (y * width + x) * 4, from, from + (end - x) * 4);
          x = end;
          continue;
        }
      }
      // The picture's pixel times its coverage and opacity, then source over.
      const k = (coverage ? (coverage[row + x] as number) / 255 : 1) * opacity;
      const p = (y * width + x) * 4;
      const s = ((y - top) * raster.width + (x - left)) * 4;
      x++;
      const a = (source[s + 3] as number) * k;
      if (a === 0) continue;
      const keep = 1 - a / 255;
      pixels[p] = Math.round((source[s] as number) * k + (pixels[p] as number) * keep);
      pixels[p + 1] = Math.round((source[s + 1] as number) * k + (pixels[p + 1] as number) * keep);
      pixels[p + 2] = Math.round((source[s + 2] as number) * k + (pixels[p + 2] as number) * keep);
      pixels[p + 3] = Math.round(a + (pixels[p + 3] as number) * keep);
    }
  }
}
