/**
 * A raster stage and a tuning (switch `textLayer`, tuning/switches.ts): text that nothing drawn after it covers — most
 * text of cards and documents — is painted here over resvg's raster from coverage masks kept per glyph, instead of by
 * resvg. resvg parses every glyph outline of a page and fills it again on every render; here each glyph at each
 * sub-pixel offset is filled by resvg once per worker (all the glyphs a render has not met before, in one atlas), and its
 * coverage is blended at every place the glyph stands. The masks are resvg's own coverage for the same outline at the
 * same sub-pixel offset (the glyph-path-cache patch writes each glyph as its start point plus the same relative
 * outline, so a glyph moved by whole pixels is the same shape on the pixel grid). Glyphs are blended one by one,
 * source-over, as browsers composite glyph masks; where two glyphs share a pixel, resvg filled their union instead.
 *
 * The glyphs come as glyph runs (satori patch glyph-runs, layout/glyph-runs.ts) or, in an SVG without them, are read
 * from the path data. Only what composites exactly is lifted: glyphs of satori's plain text paths (`<path fill="…"
 * d="…"/>` made of glyph-path-cache outlines, in attribute-less groups or inside rectangular clips, in pixels the
 * clip leaves whole) in a `#hex`, `rgb()`, `rgba()`, white or black colour (with or without `fill-opacity`), at a
 * whole-number scale, wholly inside the canvas (resvg chops an outline at the canvas edge, which moves its coverage),
 * and clear of everything drawn after them — which must be elements whose attributes or path data give their
 * extent, groups with a filter whose region is read (`paintedBoxes`), or text left to resvg in clip, mask or opacity
 * groups (within its glyphs' boxes); the first one that does not keeps all text before it with resvg. Everything
 * else renders as before.
 */
import type { RasterImage } from './resvg.js';
import { rasterize } from './resvg.js';
import { svgRootSize } from '../svg/root-size.js';
import { type Box, pathExtent } from './path-extent.js';
import {
  expandGlyphRuns,
  type GlyphRun,
  glyphPathData,
  hasAbsoluteGlyph,
  runsOf,
} from '../layout/glyph-runs.js';

/** A colour premultiplied by its alpha, channels 0–255. */
type Premultiplied = readonly [r: number, g: number, b: number, a: number];

/** One glyph of lifted text: its outline, the whole device pixel it starts in, and its sub-pixel offset there. */
interface LiftedGlyph {
  shape: GlyphShape;
  ix: number;
  iy: number;
  /** The offset from that pixel in tenths of a device pixel (0–9), and its `maskSlot` with the scale. */
  fx: number;
  fy: number;
  slot: number;
  /** Where it starts, in tenths of a CSS pixel (to draw it in an atlas). */
  x10: number;
  y10: number;
}

/** The glyphs of one lifted text path, in its colour. */
interface LiftedRun {
  colour: Premultiplied;
  glyphs: LiftedGlyph[];
}

/** Lifted text, painted over the raster by `paintTextLayer`. */
export interface TextLayer {
  runs: LiftedRun[];
  scale: number;
}

/** A glyph outline (relative, from its start point): its bounds, and its masks by scale and sub-pixel offset. */
interface GlyphShape {
  tail: string;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  masks: Map<number, GlyphMask>;
}

/** A glyph's coverage at one sub-pixel offset: `width` × `height` alpha values, placed from the glyph's whole pixel. */
interface GlyphMask {
  left: number;
  top: number;
  width: number;
  height: number;
  coverage: Uint8Array;
}

/**
 * satori's text paths (a colour, maybe an opacity, and glyph-path-cache outlines: absolute `M`, then relative
 * commands only) and group tags, in document order.
 */
const TEXT_PATH_OR_GROUP =
  /<path fill="([^"]+)"(?: fill-opacity="(\d*\.?\d+)")? d="(M[-\d. lqcmMZ]*|~\d+(?: +~\d+)* *)"\/>|<g\b([^>]*)>|<\/g>/g;
/** One glyph of a text path: `M`, its start point, its relative outline (no trailing space), the spaces after it. */
const GLYPH = /M(-?\d+(?:\.\d)?) (-?\d+(?:\.\d)?)([^M ]*(?: [^M ]+)*) */y;
const HEX_COLOUR = /^#([\da-f]{3}|[\da-f]{6})$/i;
const RGB_COLOUR = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d*\.?\d+)\s*)?\)$/;

/**
 * What the groups open around a text path do to it: nothing (`plain`: no attributes); clip it to a rectangle
 * (`clipped`: clips and masks that are one rectangle each, as satori writes for `overflow: hidden` — what lies
 * wholly inside can be lifted); only take from what it paints (`restricted`: other clips and masks, an opacity — it
 * stays with resvg, and paints within its glyphs' boxes); or more (`other`: a filter or a transform — it and all
 * text before it stay with resvg).
 */
type GroupEffect = 'plain' | 'clipped' | 'restricted' | 'other';

/** A text path found in the SVG: where it stands, what the groups open around it do, and their clip when clipped. */
interface TextPathFound {
  match: RegExpMatchArray;
  start: number;
  end: number;
  groups: GroupEffect;
  clip: Box | undefined;
}

/**
 * The SVG without the text that can be painted last, and that text — or undefined when none can be lifted exactly
 * (then resvg draws everything, as before). Text paths are read from the last one back; a glyph is lifted when
 * nothing painted after it (`paintedBoxes`, and the glyphs left with resvg) comes near it; a glyph that could be lifted
 * but lies wholly off the canvas is left out (it paints nothing). With `runs` (the layout's
 * glyph runs), text paths may name runs instead of holding path data; the SVG returned holds path data only.
 */
export function liftTextLayer(
  svg: string,
  scale = 1,
  runs: readonly GlyphRun[] = [],
): { svg: string; layer: TextLayer } | undefined {
  if (!Number.isInteger(scale) || svg.includes('mix-blend-mode')) return undefined;
  // A run with a glyph written as absolute path data is no text path here, as in plain path data. (Checked first:
  // a replace that changes nothing still copies the SVG, pictures and all.)
  if (runs.some(hasAbsoluteGlyph)) svg = expandGlyphRuns(svg, runs, hasAbsoluteGlyph);
  const root = svgRootSize(svg);
  const end = svg.lastIndexOf('</svg>');
  if (!Number.isFinite(root.width) || !Number.isFinite(root.height) || end < 0) return undefined;
  const canvas = { width: root.width * scale, height: root.height * scale, scale };
  const paths = textPaths(svg);
  const filters = filterRegions(svg);
  const lifted: LiftedRun[] = [];
  const kept: string[] = [];
  const covering: Box[] = [];
  // Glyphs wholly off the canvas, left out: they paint nothing (a card's text running past its bottom would otherwise
  // make resvg draw the whole canvas, and its layers, for them).
  let dropped = 0;
  let next = end;
  let first = paths.length;
  for (let i = paths.length - 1; i >= 0; i--) {
    const path = paths[i] as TextPathFound;
    const after = paintedBoxes(expandGlyphRuns(svg.slice(path.end, next), runs), filters);
    // Something after it may paint anywhere, or a filter or transform of a group is around it.
    if (!after || path.groups === 'other') break;
    covering.push(...after);
    const [whole, fill, opacity, d] = path.match;
    const glyphs = glyphsOf(d as string, runs);
    if (!glyphs) break;
    const colour = premultipliedColour(fill as string, opacity === undefined ? 1 : Number(opacity));
    // Text in other clip, mask or opacity groups stays with resvg, which paints it within its glyphs' boxes.
    const liftable = colour && path.groups !== 'restricted';
    const split = splitGlyphs(glyphs, canvas, liftable ? covering : undefined, clipFor(path, glyphs));
    covering.push(...split.keptBoxes);
    if (colour && (split.lifted.length > 0 || split.dropped > 0)) {
      if (split.lifted.length > 0) lifted.push({ colour, glyphs: split.lifted });
      dropped += split.dropped;
      const rest =
        split.kept &&
        `<path fill="${fill}"${opacity === undefined ? '' : ` fill-opacity="${opacity}"`} d="${split.kept}"/>`;
      kept.push(rest);
    } else kept.push(whole);
    first = i;
    next = path.start;
  }
  if (lifted.length === 0 && dropped === 0) return undefined;
  lifted.reverse();
  kept.reverse();
  let rest = svg.slice(0, (paths[first] as TextPathFound).start);
  for (let i = first; i < paths.length; i++)
    rest += kept[i - first] + svg.slice((paths[i] as TextPathFound).end, paths[i + 1]?.start);
  return { svg: expandGlyphRuns(rest, runs), layer: { runs: lifted, scale } };
}

export type { Box } from './path-extent.js';

/** Elements that paint nothing by themselves (what refers to them does): skipped with their content. */
const DEFINITIONS = new Set([
  'defs',
  'clipPath',
  'mask',
  'pattern',
  'linearGradient',
  'radialGradient',
  'filter',
  'symbol',
  'marker',
]);
const TAG = /<(\/?)([a-zA-Z]+)\b([^>]*?)(\/?)>/g;
const ATTRIBUTE = /\s([a-zA-Z-]+)="([^"]*)"/g;

/** A tag's `key="value"` attributes. */
export function attributesOf(attributeText: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, key, value] of attributeText.matchAll(ATTRIBUTE))
    attributes.set(key as string, value as string);
  return attributes;
}

/**
 * Boxes around everything an SVG fragment (what satori wrote between two text paths) paints, a pixel wider on each
 * side for antialiasing — or undefined when some of it could paint beyond what its attributes say: a transform, a
 * filter whose region is not read, an element this does not know, path data it cannot read, the end of an element
 * the fragment did not open. A group with a filter (satori's box shadows) paints within the filter's region around
 * its content.
 */
export function paintedBoxes(
  fragment: string,
  filters: ReadonlyMap<string, FilterRegion>,
): Box[] | undefined {
  const boxes: Box[] = [];
  TAG.lastIndex = 0;
  for (let tag = TAG.exec(fragment); tag; tag = TAG.exec(fragment)) {
    const [, closing, name = '', attributeText = '', selfClosing] = tag;
    if (closing) {
      if (name !== 'g') return undefined;
      continue;
    }
    if (DEFINITIONS.has(name)) {
      if (selfClosing) continue;
      const close = fragment.indexOf(`</${name}>`, TAG.lastIndex);
      if (close < 0) return undefined;
      TAG.lastIndex = close + name.length + 3;
      continue;
    }
    const attributes = attributesOf(attributeText);
    if ((attributes.get('transform') ?? '').trim() !== '' || attributes.has('style')) return undefined;
    const filter = attributes.get('filter');
    if (filter !== undefined) {
      if (name !== 'g' || selfClosing) return undefined;
      const end = groupEnd(fragment, TAG.lastIndex);
      const region = REFERENCE.exec(filter)?.[1];
      if (end === undefined || region === undefined) return undefined;
      const box = filteredGroupBox(fragment.slice(TAG.lastIndex, end), filters.get(region), filters);
      if (box === undefined) return undefined;
      boxes.push(box);
      TAG.lastIndex = end + 4;
      continue;
    }
    if (name === 'g') continue;
    const box = elementBox(name, attributes);
    if (!box) return undefined;
    boxes.push(box);
  }
  return boxes;
}

/** A filter's region (`x`, `y`, `width`, `height`), as fractions of the filtered content's box or in user space. */
export interface FilterRegion {
  units: 'box' | 'user';
  x: number;
  y: number;
  width: number;
  height: number;
}

const FILTER_TAG = /<filter\b([^>]*)>/g;
/** `url(#id)`: a reference to an element of the document. */
export const REFERENCE = /^url\(#([^)]+)\)$/;
const NO_FILTERS: ReadonlyMap<string, FilterRegion> = new Map();

/**
 * The regions of the SVG's filters, by id. A region not read whole (a value with another unit, `NaN%`…) leaves the
 * filter out: groups using it are then of unknown extent.
 */
export function filterRegions(svg: string): ReadonlyMap<string, FilterRegion> {
  if (!svg.includes('<filter')) return NO_FILTERS;
  const regions = new Map<string, FilterRegion>();
  for (const [, attributeText = ''] of svg.matchAll(FILTER_TAG)) {
    const attributes = attributesOf(attributeText);
    const id = attributes.get('id');
    const units = attributes.get('filterUnits') === 'userSpaceOnUse' ? 'user' : 'box';
    // SVG's defaults, for a region relative to the content's box: 10% around it.
    const value = (key: string, fallback: number): number => {
      const raw = attributes.get(key)?.trim();
      if (raw === undefined) return units === 'box' ? fallback : Number.NaN;
      if (raw.endsWith('%')) return units === 'box' ? Number(raw.slice(0, -1)) / 100 : Number.NaN;
      return raw === '' ? Number.NaN : Number(raw);
    };
    const region = {
      units,
      x: value('x', -0.1),
      y: value('y', -0.1),
      width: value('width', 1.2),
      height: value('height', 1.2),
    } as const;
    if (id !== undefined && [region.x, region.y, region.width, region.height].every(Number.isFinite))
      regions.set(id, region);
  }
  return regions;
}

/** Where the group opened just before `from` ends (the index of its `</g>`), or undefined when not in `fragment`. */
export function groupEnd(fragment: string, from: number): number | undefined {
  const groupTag = /<g\b[^>]*?(\/?)>|<\/g>/g;
  groupTag.lastIndex = from;
  let depth = 1;
  for (let tag = groupTag.exec(fragment); tag; tag = groupTag.exec(fragment)) {
    if (tag[0] === '</g>') {
      if (--depth === 0) return tag.index;
    } else if (!tag[1]) depth++;
  }
  return undefined;
}

/**
 * The box a filtered group paints within: its filter's region (what a filter draws stays inside it), in user space
 * or taken around the padded boxes of its content and never smaller than them; undefined when the region or the
 * content's extent is not known (or the content is empty: a region relative to no box).
 */
function filteredGroupBox(
  content: string,
  region: FilterRegion | undefined,
  filters: ReadonlyMap<string, FilterRegion>,
): Box | undefined {
  if (!region) return undefined;
  // A filter can paint its whole region whatever the content (a flood): in user space, that region is the box.
  if (region.units === 'user') {
    return [region.x - 1, region.y - 1, region.x + region.width + 1, region.y + region.height + 1];
  }
  // paintedBoxes shares TAG with its caller: keep the caller's place.
  const resume = TAG.lastIndex;
  const inner = paintedBoxes(content, filters);
  TAG.lastIndex = resume;
  if (!inner || inner.length === 0) return undefined;
  const [left, top, right, bottom] = union(inner);
  const [width, height] = [right - left, bottom - top];
  // The content's boxes are padded, so its true box is inside them: reaching from the region's nearer fraction
  // (or the box's own edge) keeps the whole region inside what is returned.
  return [
    left + Math.min(0, region.x) * width - 1,
    top + Math.min(0, region.y) * height - 1,
    left + Math.max(1, region.x + region.width) * width + 1,
    top + Math.max(1, region.y + region.height) * height + 1,
  ];
}

/** The box of a rect, an image, a line or a path satori wrote with its box, widened by its stroke and a pixel. */
function elementBox(name: string, attributes: Map<string, string>): Box | undefined {
  const number = (key: string, fallback?: number): number => {
    const value = attributes.get(key);
    return value === undefined ? (fallback ?? Number.NaN) : Number(value);
  };
  // A stroke reaches past the geometry by half its width, a mitred corner of a path by up to twice its width.
  const stroked = attributes.has('stroke') && attributes.get('stroke') !== 'none';
  const pad = (stroked ? (name === 'path' ? 2 : 1) * number('stroke-width', 1) : 0) + 1;
  let box: Box;
  if (name === 'line') {
    const [x1, y1, x2, y2] = [number('x1', 0), number('y1', 0), number('x2', 0), number('y2', 0)];
    box = [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
  } else if (name === 'rect' || name === 'image') {
    const [x, y] = [number('x', 0), number('y', 0)];
    box = [x, y, x + number('width'), y + number('height')];
  } else if (name === 'path') {
    // From its data: the x, y, width and height satori writes on some paths are not SVG geometry.
    const extent = pathExtent(attributes.get('d') ?? '');
    if (!extent) return undefined;
    box = extent;
  } else return undefined;
  const padded: Box = [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad];
  return padded.every(Number.isFinite) ? padded : undefined;
}

export const overlaps = (a: Box, b: Box): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** The SVG's text paths, each with what the groups open around it do. */
function textPaths(svg: string): TextPathFound[] {
  const found: TextPathFound[] = [];
  const rectangles = clipRectangles(svg);
  const groups: { effect: GroupEffect; clip?: Box }[] = [];
  const open = { clipped: 0, restricted: 0, other: 0 };
  for (const match of svg.matchAll(TEXT_PATH_OR_GROUP)) {
    if (match[0] === '</g>') {
      const effect = groups.pop()?.effect;
      if (effect && effect !== 'plain') open[effect]--;
    } else if (match[4] !== undefined) {
      // `<g/>` (satori writes one for an empty box) opens nothing.
      if (match[4].trimEnd().endsWith('/')) continue;
      const group = groupEffect(match[4], rectangles);
      groups.push(group);
      if (group.effect !== 'plain') open[group.effect]++;
    } else {
      const start = match.index as number;
      const around: GroupEffect =
        open.other > 0
          ? 'other'
          : open.restricted > 0
            ? 'restricted'
            : open.clipped > 0
              ? 'clipped'
              : 'plain';
      const clip =
        around === 'clipped'
          ? intersection(groups.filter((group) => group.clip).map((group) => group.clip as Box))
          : undefined;
      found.push({ match, start, end: start + match[0].length, groups: around, clip });
    }
  }
  return found;
}

/** Attributes of a group that only take from what its content paints. */
const RESTRICTING = new Set(['mask', 'clip-path', 'opacity']);

/**
 * What a group's attributes do to the text in it (GroupEffect), with the rectangle it clips to when `clipped`.
 * `rectangles` are the clip paths and masks that are one rectangle (`clipRectangles`).
 */
function groupEffect(
  attributeText: string,
  rectangles: ReadonlyMap<string, Box>,
): { effect: GroupEffect; clip?: Box } {
  if (attributeText.trim() === '') return { effect: 'plain' };
  const boxes: Box[] = [];
  let onlyRectangles = true;
  for (const [, key, value] of attributeText.matchAll(ATTRIBUTE)) {
    if (!RESTRICTING.has(key as string)) return { effect: 'other' };
    const box =
      key === 'opacity' ? undefined : rectangles.get(`${key}:${REFERENCE.exec(value as string)?.[1]}`);
    if (box) boxes.push(box);
    else onlyRectangles = false;
  }
  // Anything but `key="value"` pairs is not understood.
  if (attributeText.replace(ATTRIBUTE, '').trim() !== '') return { effect: 'other' };
  return onlyRectangles ? { effect: 'clipped', clip: intersection(boxes) } : { effect: 'restricted' };
}

/**
 * The clip a text path's glyphs must stay inside to be lifted. A mask also clips to its region: SVG's default, 10%
 * of the masked group's box around it, with an antialiased edge. The group holds at least this path, so for a path
 * at least MIN_MASKED_RUN px wide and high that region reaches a whole pixel and more past every glyph; a smaller
 * one gets an empty clip (its glyphs stay with resvg).
 */
function clipFor(path: TextPathFound, glyphs: GlyphRun): Box | undefined {
  if (!path.clip) return undefined;
  const [left, top, right, bottom] = runExtent(glyphs);
  return Math.min(right - left, bottom - top) >= MIN_MASKED_RUN ? path.clip : [0, 0, 0, 0];
}

/** The size (CSS px) from which a masked text path's mask region is sure to clear its glyphs' pixels (clipFor). */
const MIN_MASKED_RUN = 12;

/** The box around a text path's glyphs (CSS px), from their outlines; the empty box when it is not read. */
function runExtent(glyphs: GlyphRun): Box {
  const boxes: Box[] = [];
  for (let index = 0; index < glyphs.length; index += 3) {
    const shape = shapeOf(glyphs[index + 2] as string);
    boxes.push(outlineBox((glyphs[index] as number) / 10, (glyphs[index + 1] as number) / 10, shape));
  }
  const extent = union(boxes);
  return extent.every(Number.isFinite) ? extent : [0, 0, 0, 0];
}

/** A glyph's outline box (CSS px) where it starts at (x, y). */
const outlineBox = (x: number, y: number, shape: GlyphShape): Box => [
  x + shape.minX,
  y + shape.minY,
  x + shape.maxX,
  y + shape.maxY,
];

/** The box around all of `boxes` (infinite the wrong way round when there are none). */
function union(boxes: Box[]): Box {
  return boxes.reduce<Box>(
    (all, box) => [
      Math.min(all[0], box[0]),
      Math.min(all[1], box[1]),
      Math.max(all[2], box[2]),
      Math.max(all[3], box[3]),
    ],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}

/** A clip path of one plain rectangle, or a mask of one opaque white rectangle: what satori writes for overflow. */
const RECTANGLE_CLIP =
  /<(clipPath|mask) id="([^"]+)"><rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)"(?: fill="(?:#fff|#ffffff|white)")?\/><\/\1>/g;

/** The clip paths and masks that are one rectangle, as `clip-path:id` and `mask:id` (in user space: satori's). */
function clipRectangles(svg: string): ReadonlyMap<string, Box> {
  const rectangles = new Map<string, Box>();
  for (const [whole, kind, id, x, y, width, height] of svg.matchAll(RECTANGLE_CLIP)) {
    // A mask takes its rectangle's luminance: it must be white; a clip path its shape, whatever its fill.
    if (kind === 'mask' && !whole.includes(' fill=')) continue;
    const box: Box = [Number(x), Number(y), Number(x) + Number(width), Number(y) + Number(height)];
    if (box.every(Number.isFinite)) rectangles.set(`${kind === 'mask' ? 'mask' : 'clip-path'}:${id}`, box);
  }
  return rectangles;
}

/** The box common to all of `boxes` (possibly empty: right of left or below top). */
function intersection(boxes: Box[]): Box {
  return boxes.reduce<Box>(
    (all, box) => [
      Math.max(all[0], box[0]),
      Math.max(all[1], box[1]),
      Math.min(all[2], box[2]),
      Math.min(all[3], box[3]),
    ],
    [-Infinity, -Infinity, Infinity, Infinity],
  );
}

/**
 * A text path's glyphs as a GlyphRun (its start in tenths, its relative outline; three entries each): read from its
 * path data, or the runs its tokens name — undefined when the data is not wholly glyphs of a start point and a
 * relative outline.
 */
function glyphsOf(d: string, runs: readonly GlyphRun[]): GlyphRun | undefined {
  if (d.startsWith('~')) return runsOf(d, runs).flat();
  const glyphs: GlyphRun = [];
  let read = 0;
  GLYPH.lastIndex = 0;
  for (let glyph = GLYPH.exec(d); glyph; glyph = GLYPH.exec(d)) {
    read = GLYPH.lastIndex;
    glyphs.push(Math.round(Number(glyph[1]) * 10), Math.round(Number(glyph[2]) * 10), glyph[3] as string);
  }
  return read === d.length ? glyphs : undefined;
}

/**
 * A path's glyphs (`glyphsOf`): those wholly inside the canvas and clear of `covering`, lifted, and the others as
 * path data for resvg, with their boxes. Without `covering` every glyph stays.
 */
function splitGlyphs(
  glyphs: GlyphRun,
  canvas: { width: number; height: number; scale: number },
  covering: Box[] | undefined,
  clip?: Box,
): { lifted: LiftedGlyph[]; kept: string; keptBoxes: Box[]; dropped: number } {
  const { scale } = canvas;
  const lifted: LiftedGlyph[] = [];
  let dropped = 0;
  const keptBoxes: Box[] = [];
  let kept = '';
  for (let index = 0; index < glyphs.length; index += 3) {
    const x10 = glyphs[index] as number;
    const y10 = glyphs[index + 1] as number;
    const shape = shapeOf(glyphs[index + 2] as string);
    // CSS pixels: the outline's box where it stands.
    const box = outlineBox(x10 / 10, y10 / 10, shape);
    const inside =
      box[0] >= 0 && box[1] >= 0 && box[2] * scale <= canvas.width && box[3] * scale <= canvas.height;
    // The device pixels it touches (its coverage stays inside them), in CSS px: a glyph lifted must share none with
    // a glyph left to resvg after it, or the two would be composited in the other order there.
    const pixels: Box = [
      Math.floor(box[0] * scale) / scale,
      Math.floor(box[1] * scale) / scale,
      Math.ceil(box[2] * scale) / scale,
      Math.ceil(box[3] * scale) / scale,
    ];
    // Lifted text wholly off the canvas touches no pixel of it: left out (whatever clip or covering is there).
    if (covering && offCanvas(pixels, canvas)) {
      dropped++;
      continue;
    }
    // Inside a clip, only in pixels it leaves whole (its edge is antialiased too).
    const unclipped =
      !clip ||
      (pixels[0] >= Math.ceil(clip[0] * scale) / scale &&
        pixels[1] >= Math.ceil(clip[1] * scale) / scale &&
        pixels[2] <= Math.floor(clip[2] * scale) / scale &&
        pixels[3] <= Math.floor(clip[3] * scale) / scale);
    if (!covering || !inside || !unclipped || covering.some((other) => overlaps(pixels, other))) {
      kept += glyphPathData(glyphs, index);
      keptBoxes.push(pixels);
      continue;
    }
    // Device pixels: the whole pixel the glyph starts in, and its offset there in tenths.
    const ix = Math.floor((x10 * scale) / 10);
    const iy = Math.floor((y10 * scale) / 10);
    const fx = x10 * scale - ix * 10;
    const fy = y10 * scale - iy * 10;
    lifted.push({ shape, ix, iy, fx, fy, slot: maskSlot(scale, fx, fy), x10, y10 });
  }
  return { lifted, kept, keptBoxes, dropped };
}

/** Whether a box in CSS px (whole device pixels) shares no pixel with the canvas. */
function offCanvas(box: Box, canvas: { width: number; height: number; scale: number }): boolean {
  const { scale } = canvas;
  return (
    box[2] * scale <= 0 ||
    box[3] * scale <= 0 ||
    box[0] * scale >= canvas.width ||
    box[1] * scale >= canvas.height
  );
}

/** The named colours satori passes on most (its default text colour is black); other names are left to resvg. */
const NAMED_COLOURS: Record<string, string> = { white: '#ffffff', black: '#000000' };

/**
 * `#rgb`, `#rrggbb`, `rgb(r, g, b)`, `rgba(r, g, b, a)`, white or black, times `opacity`, premultiplied; undefined
 * for any other colour.
 */
function premultipliedColour(fill: string, opacity: number): Premultiplied | undefined {
  let rgb: number[];
  let alpha = opacity;
  const hex = HEX_COLOUR.exec(NAMED_COLOURS[fill] ?? fill);
  if (hex) {
    const digits = hex[1] as string;
    const long = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits;
    rgb = [0, 2, 4].map((at) => Number.parseInt(long.slice(at, at + 2), 16));
  } else {
    const functional = RGB_COLOUR.exec(fill);
    if (!functional) return undefined;
    rgb = [functional[1], functional[2], functional[3]].map(Number);
    if (functional[4] !== undefined) alpha *= Number(functional[4]);
    if (rgb.some((channel) => channel > 255) || alpha > 1) return undefined;
  }
  // As tiny-skia premultiplies a paint colour: in floating point, then to bytes.
  const a = Math.round(alpha * 255);
  return [
    Math.round((rgb[0] as number) * alpha),
    Math.round((rgb[1] as number) * alpha),
    Math.round((rgb[2] as number) * alpha),
    a,
  ];
}

/**
 * Glyph outlines met in this worker, with their masks: at most MAX_SHAPES outlines and MAX_MASK_BYTES of coverage
 * (a page of text needs well under a megabyte), then the cache starts again.
 */
const shapes = new Map<string, GlyphShape>();
let maskBytes = 0;
const MAX_SHAPES = 32_768;
const MAX_MASK_BYTES = 16 << 20;

const maskSlot = (scale: number, fx: number, fy: number): number => scale * 100 + fx * 10 + fy;

/** The shape of a relative outline, from the cache or measured now. */
function shapeOf(tail: string): GlyphShape {
  let shape = shapes.get(tail);
  if (!shape) {
    if (shapes.size >= MAX_SHAPES) forgetShapes();
    // A copy of its own: `tail` is a slice of the whole SVG, which a kept slice would keep alive.
    const own = ` ${tail}`.slice(1);
    // Its bounds from its start: the whole plane when the outline cannot be read (then it is never lifted).
    const [minX, minY, maxX, maxY] = pathExtent(`M0 0${own}`) ?? [-Infinity, -Infinity, Infinity, Infinity];
    shape = { tail: own, minX, minY, maxX, maxY, masks: new Map() };
    shapes.set(own, shape);
  }
  return shape;
}

/** Paint lifted text over a raster drawn at the layer's scale. */
export function paintTextLayer(image: RasterImage, layer: TextLayer): void {
  fillMissingMasks(layer);
  const { pixels, width, height } = image;
  for (const run of layer.runs) {
    for (const glyph of run.glyphs) {
      const mask = glyph.shape.masks.get(glyph.slot) as GlyphMask;
      blend(pixels, width, height, glyph.ix + mask.left, glyph.iy + mask.top, mask, run.colour);
    }
  }
}

/** Source-over of `colour` through `mask`'s coverage onto premultiplied RGBA pixels, clipped to the canvas. */
function blend(
  pixels: Buffer,
  width: number,
  height: number,
  left: number,
  top: number,
  mask: GlyphMask,
  colour: Premultiplied,
): void {
  const [r, g, b, a] = colour;
  const x0 = Math.max(0, -left);
  const x1 = Math.min(mask.width, width - left);
  const y0 = Math.max(0, -top);
  const y1 = Math.min(mask.height, height - top);
  const { coverage } = mask;
  for (let y = y0; y < y1; y++) {
    let m = y * mask.width + x0;
    let p = ((top + y) * width + left + x0) * 4;
    for (let x = x0; x < x1; x++, m++, p += 4) {
      const c = coverage[m] as number;
      if (c === 0) continue;
      if (c === 255 && a === 255) {
        pixels[p] = r;
        pixels[p + 1] = g;
        pixels[p + 2] = b;
        pixels[p + 3] = 255;
        continue;
      }
      // Source r·c, destination × (1 − a·c), each divided by 255 with rounding.
      const keep = 65025 - a * c;
      pixels[p] = div255x255(r * c * 255 + (pixels[p] as number) * keep);
      pixels[p + 1] = div255x255(g * c * 255 + (pixels[p + 1] as number) * keep);
      pixels[p + 2] = div255x255(b * c * 255 + (pixels[p + 2] as number) * keep);
      pixels[p + 3] = div255x255(a * c * 255 + (pixels[p + 3] as number) * keep);
    }
  }
}

/** v / 65025, rounded, for v in 0–255·65025. */
const div255x255 = (v: number): number => Math.floor((v + 32512) / 65025);

/** A glyph whose mask is missing, where its mask goes, and its cell in the atlas (device pixels). */
interface AtlasEntry {
  glyph: LiftedGlyph;
  left: number;
  top: number;
  width: number;
  height: number;
  cellX: number;
  cellY: number;
}

/** Device pixels across an atlas (its rows wrap there); an atlas is cut at the same height. */
const ATLAS_SIZE = 2048;

/** Draw every glyph of the layer that has no mask yet, in atlases of about ATLAS_SIZE², and keep their masks. */
function fillMissingMasks(layer: TextLayer): void {
  const { scale } = layer;
  const pending = new Set<string>();
  let entries: AtlasEntry[] = [];
  let cursorX = 0;
  let cursorY = 0;
  let rowHeight = 0;
  let atlasWidth = 0;
  const flush = (): void => {
    if (entries.length > 0) drawAtlas(entries, scale, atlasWidth, cursorY + rowHeight);
    entries = [];
    cursorX = 0;
    cursorY = 0;
    rowHeight = 0;
    atlasWidth = 0;
  };
  for (const run of layer.runs) {
    for (const glyph of run.glyphs) {
      const { shape, slot } = glyph;
      if (shape.masks.has(slot)) continue;
      const key = `${slot}|${shape.tail}`;
      if (pending.has(key)) continue;
      pending.add(key);
      // The mask's box, from the glyph's whole pixel: its outline's bounds at its offset, a pixel of margin around.
      const offsetX = glyph.fx / 10;
      const offsetY = glyph.fy / 10;
      const left = Math.floor(offsetX + shape.minX * scale) - 1;
      const top = Math.floor(offsetY + shape.minY * scale) - 1;
      const width = Math.ceil(offsetX + shape.maxX * scale) + 1 - left;
      const height = Math.ceil(offsetY + shape.maxY * scale) + 1 - top;
      // A scale − 1 pixel margin lets the glyph move by whole CSS pixels only (drawAtlas).
      const cellWidth = width + scale - 1;
      const cellHeight = height + scale - 1;
      if (cursorX + cellWidth > ATLAS_SIZE) {
        cursorX = 0;
        cursorY += rowHeight;
        rowHeight = 0;
      }
      // A glyph larger than an atlas gets one of its own.
      if (cursorY + cellHeight > ATLAS_SIZE && entries.length > 0) flush();
      entries.push({ glyph, left, top, width, height, cellX: cursorX, cellY: cursorY });
      cursorX += cellWidth;
      rowHeight = Math.max(rowHeight, cellHeight);
      atlasWidth = Math.max(atlasWidth, cursorX);
    }
  }
  flush();
}

/**
 * resvg fills the glyphs, each in its cell, black on nothing: the alpha is the coverage. Each glyph is the first
 * one met, moved by whole CSS pixels (so by whole device pixels, keeping its sub-pixel offset) to the first point
 * of its cell that allows.
 */
function drawAtlas(entries: AtlasEntry[], scale: number, deviceWidth: number, deviceHeight: number): void {
  const cssWidth = Math.ceil(deviceWidth / scale);
  const cssHeight = Math.ceil(deviceHeight / scale);
  const corners: [number, number][] = [];
  let body = '';
  for (const { glyph, left, top, cellX, cellY } of entries) {
    const moveX = Math.ceil((cellX - left - glyph.ix) / scale);
    const moveY = Math.ceil((cellY - top - glyph.iy) / scale);
    corners.push([glyph.ix + left + moveX * scale, glyph.iy + top + moveY * scale]);
    body += `<path d="M${(glyph.x10 + moveX * 10) / 10} ${(glyph.y10 + moveY * 10) / 10}${glyph.shape.tail}"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${cssWidth}" height="${cssHeight}" viewBox="0 0 ${cssWidth} ${cssHeight}">${body}</svg>`;
  const atlas = rasterize(svg, scale);
  entries.forEach(({ glyph, left, top, width, height }, index) => {
    const [cornerX, cornerY] = corners[index] as [number, number];
    const coverage = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const row = ((cornerY + y) * atlas.width + cornerX) * 4 + 3;
      for (let x = 0; x < width; x++) coverage[y * width + x] = atlas.pixels[row + x * 4] as number;
    }
    keepMask(glyph.shape, glyph.slot, { left, top, width, height, coverage });
  });
}

/** Start the cache again (the glyphs of a render in progress keep their shapes and masks). */
function forgetShapes(): void {
  shapes.clear();
  maskBytes = 0;
}

/** Keep a mask with its shape; past MAX_MASK_BYTES the cache starts again (shapes in use keep their masks). */
function keepMask(shape: GlyphShape, slot: number, mask: GlyphMask): void {
  if (maskBytes + mask.coverage.length > MAX_MASK_BYTES) forgetShapes();
  shape.masks.set(slot, mask);
  maskBytes += mask.coverage.length;
}
