/** SVG → raw pixels with resvg (@resvg/resvg-js, loaded by resvg-binding.ts). */
import { resvgClass } from './resvg-binding.js';
import { dropOffCanvasLayers } from '../svg/offcanvas-layers.js';

/** Raw RGBA pixels, premultiplied by alpha (as resvg produces them). */
export interface RasterImage {
  pixels: Buffer;
  width: number;
  height: number;
}

/** Pictures resvg gets by reference instead of inline: `href` → PNG bytes. */
export type ResolvedImages = ReadonlyMap<string, Buffer>;

/**
 * An SVG whose pictures are referenced instead of inlined (raster/prescaled-images.ts makes it): the bytes of those
 * pictures, and the SVG as it came, drawn instead when resvg does not offer to resolve every reference.
 */
export interface SvgWithImages {
  svg: string;
  images: ResolvedImages;
  original: string;
}

/** How much of the SVG `rasterize` checks before resvg sees it. */
export interface RasterizeOptions {
  /**
   * Look for layers wholly off the canvas and cut them (svg/offcanvas-layers.ts; resvg panics on them). Default
   * true; false only when `mayHaveOffCanvasLayers` said there can be none.
   */
  offCanvasLayers?: boolean;
}

/**
 * Rasterise an SVG at its own size times `scale` (device pixels per CSS pixel, 1–4): resvg draws the vectors at
 * that zoom — crisp text and edges, not an enlarged small image — on `scaledPixels(width, scale)` ×
 * `scaledPixels(height, scale)` pixels, the canvas mapped onto all of them. The SVG is not rewritten for it:
 * effect regions and strokes stay bounded in its user units. System fonts are not loaded (satori already turned
 * text into paths, and loading them costs ~4 ms a render). `input` is the SVG, or the SVG from `prescaleImages`
 * with the pictures it references instead of inlining.
 */
export function rasterize(
  input: string | SvgWithImages,
  scale = 1,
  { offCanvasLayers = true }: RasterizeOptions = {},
): RasterImage {
  const options = {
    font: { loadSystemFonts: false },
    logLevel: 'off',
    ...(scale !== 1 ? { fitTo: { mode: 'zoom', value: scale } as const } : {}),
  } as const;
  const prescaled = typeof input === 'string' ? undefined : input;
  const Resvg = resvgClass();
  const guard = (svg: string) => {
    const bounded = boundEffectRegions(svg);
    return offCanvasLayers ? dropOffCanvasLayers(bounded) : bounded;
  };
  let resvg = new Resvg(guard(prescaled?.svg ?? (input as string)), options);
  if (prescaled && prescaled.images.size > 0) {
    const offered = new Set(resvg.imagesToResolve());
    // A picture resvg does not offer to resolve would not be drawn: then draw the SVG as it came.
    if ([...prescaled.images.keys()].every((href) => offered.has(href))) {
      for (const [href, bytes] of prescaled.images) resvg.resolveImage(href, bytes);
    } else {
      resvg = new Resvg(guard(prescaled.original), options);
    }
  }
  const image = resvg.render();
  // `pixels` is a getter that copies the raster every time it is read: read it once.
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/** A region attribute is absurd above this many percent of the bounding box (satori writes a few hundred). */
const MAX_REGION_PERCENT = 10_000;
/** ...or above this many canvases, in user units. */
const MAX_REGION_CANVASES = 4;
/** Widest stroke kept, in user units: wider strokes cover any canvas (max 4096) all the same. */
const MAX_STROKE_WIDTH = 100_000;

const ROOT_SIZE = /^\s*<svg\b[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"/;
const REGION_TAG = /<(filter|mask|pattern)\b[^>]*>/g;
const REGION_ATTR = /\s(x|y|width|height)="([^"]*)"/g;
const UNITS_ATTR = /\s(filterUnits|maskUnits)="[^"]*"/;
const STROKE_WIDTH = /\sstroke-width="([^"]*)"/g;

function isAbsurd(raw: string, canvas: number): boolean {
  const percent = raw.trim().endsWith('%');
  const value = Number.parseFloat(raw);
  if (!Number.isFinite(value)) return true;
  return percent ? Math.abs(value) > MAX_REGION_PERCENT : Math.abs(value) > MAX_REGION_CANVASES * canvas;
}

/**
 * Bound the effect regions and strokes satori derives from CSS before resvg sees them. `filter: blur(1e9px)`,
 * `box-shadow: 0 0 1e9px red` or `text-shadow` with a huge blur make satori write filter regions of 10^18 % of
 * the element: resvg then either panics in tiny-skia (a Rust panic aborts the whole process, worker threads or
 * not) or allocates pixmaps of many GB. A `<filter>`/`<mask>` region with an absurd value is replaced by the
 * canvas with a 25% margin on each side (in user units), which is all that can ever be seen; `<pattern>` numbers
 * are clamped; strokes wider than 100,000 units are narrowed. Ordinary content is left byte for byte as it was.
 */
export function boundEffectRegions(svg: string): string {
  const root = ROOT_SIZE.exec(svg);
  if (!root) return svg;
  const width = Number(root[1]);
  const height = Number(root[2]);
  const canvas = Math.max(width, height, 1);
  const hasAbsurdRegion = (tag: string) =>
    [...tag.matchAll(REGION_ATTR)].some((match) => isAbsurd(match[2] ?? '', canvas));
  // Rewrite only when something needs it: a replace() with matches copies the whole document (100+ KB) even when
  // every callback returns its match unchanged, and ordinary documents have region tags and strokes.
  let out = svg;
  if ([...svg.matchAll(REGION_TAG)].some((match) => hasAbsurdRegion(match[0]))) {
    out = svg.replace(REGION_TAG, (tag, name: string) => {
      if (!hasAbsurdRegion(tag)) return tag;
      if (name === 'pattern') {
        return tag.replace(REGION_ATTR, (whole, attr: string, raw: string) =>
          isAbsurd(raw, canvas) ? ` ${attr}="${attr === 'x' || attr === 'y' ? 0 : canvas}"` : whole,
        );
      }
      const region = {
        x: -Math.ceil(width / 4),
        y: -Math.ceil(height / 4),
        width: Math.ceil(width * 1.5),
        height: Math.ceil(height * 1.5),
      };
      const units = name === 'filter' ? 'filterUnits' : 'maskUnits';
      let bounded = tag.replace(REGION_ATTR, '').replace(UNITS_ATTR, '');
      const extra = ` x="${region.x}" y="${region.y}" width="${region.width}" height="${region.height}" ${units}="userSpaceOnUse"`;
      bounded = bounded.replace(new RegExp(`^<${name}`), `<${name}${extra}`);
      return bounded;
    });
  }
  const tooWide = (raw: string) => {
    const value = Number.parseFloat(raw);
    return !(Number.isFinite(value) && value <= MAX_STROKE_WIDTH);
  };
  if (![...out.matchAll(STROKE_WIDTH)].some((match) => tooWide(match[1] ?? ''))) return out;
  return out.replace(STROKE_WIDTH, (whole, raw: string) =>
    tooWide(raw) ? ` stroke-width="${MAX_STROKE_WIDTH}"` : whole,
  );
}
