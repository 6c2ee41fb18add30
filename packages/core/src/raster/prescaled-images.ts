/**
 * Raster pictures handed to resvg decoded, and scaled down where they are drawn smaller than they are. resvg
 * decodes every inlined picture on every render (base64, then JPEG or PNG) and samples it per pixel with a bicubic
 * filter of fixed size: slow, and a large reduction aliases into moiré where Chrome filters to even tones. Here
 * each picture is decoded once by sharp and handed to resvg as an uncompressed PNG (a copy to decode); one drawn
 * smaller than its own size is first scaled by sharp (Mitchell filter, close to Chrome's result) to exactly the
 * device pixels it covers. An SVG picture (an emoji) lying on whole device pixels is drawn by resvg once, alone on
 * a canvas of its box, and handed over the same way: inside a page resvg draws each one on a pixmap as large as the
 * whole canvas. The results are kept for the next renders of the same render environment: a card's logo, avatar,
 * emoji or product photos are prepared once, not once per render.
 */
import { loadSharp } from '../encode/sharp-module.js';
import { rasterize, type SvgWithImages } from './resvg.js';

/**
 * A prepared picture's pixels: premultiplied RGBA (as resvg's raster), `opaque` when every alpha is 255. The PNG
 * resvg is handed is made from them when first needed (`pictureBytes`), then kept with them.
 */
export interface PictureRaster {
  width: number;
  height: number;
  pixels: Buffer;
  opaque: boolean;
  /** The pixels not premultiplied, when they differ (a picture with transparency): what its PNG is made of. */
  straight?: Buffer;
  png?: Buffer;
}

/** A picture referenced by `href` in the prescaled SVG: its pixels, and where its tag stands in the SVG as it came. */
export interface PreparedPicture {
  raster: PictureRaster;
  /** Start and end of its `<image>` tag in `original`. */
  span: readonly [number, number];
}

/** The SVG with its pictures referenced instead of inlined, the bytes of those pictures, and the SVG as it came. */
export interface PrescaledSvg extends SvgWithImages {
  /** The area the raster pictures cover, in square CSS px (by their width and height; overlaps counted twice). */
  pictureArea: number;
  /** How many raster pictures and SVG pictures (emoji) are handed over prepared. */
  prepared: { pictures: number; emoji: number };
  /** Every picture the SVG references, by href (`images` holds their PNGs once `pictureBytes` made them). */
  pictures: Map<string, PreparedPicture>;
}

export { DEFAULT_PRESCALED_CACHE_MB } from '../limits.js';
/** An entry (source and prepared picture) over this size is prepared for each render, not kept: it would crowd out others. */
const MAX_KEPT_ENTRY_BYTES = 16 << 20;

/** `<image … href="data:image/png|jpeg|webp|svg+xml;base64,…" …>`: the pictures satori draws (SVG: emoji). */
const PICTURE = /<image\b([^>]*?)\shref="(data:image\/(?:png|jpeg|jpg|webp|svg\+xml);base64,[^"]*)"([^>]*)>/g;
const VECTOR_SOURCE = 'data:image/svg+xml;';
const X_ATTR = /\sx="(-?[\d.]+)"/;
const Y_ATTR = /\sy="(-?[\d.]+)"/;
const ASPECT_ATTR = /\spreserveAspectRatio="([^"]*)"/;
const RENDERING_ATTR = /\simage-rendering="[^"]*"/;
const RENDERING_VALUE = /\simage-rendering="([^"]*)"/;
const NUMBER_ATTR = (name: string) => new RegExp(`\\s${name}="([\\d.]+)"`);
const WIDTH_ATTR = NUMBER_ATTR('width');
const HEIGHT_ATTR = NUMBER_ATTR('height');
/** Anything that would draw a picture at another size than its width and height say. */
const RESIZING_ATTR = /\s(?:transform|preserveAspectRatio="(?!none")[^"]*")/;
const RESIZING_CONTAINER =
  /<(?:g|svg|symbol|pattern|marker|use)\b[^>]*\s(?:transform|patternTransform|viewBox)=|ContentUnits="objectBoundingBox"|clipPathUnits="objectBoundingBox"/;

/** A kept result: the prepared picture, or `null` when the picture stays inline. */
interface Entry {
  image: PictureRaster | null;
  bytes: number;
}

/**
 * Prepared pictures kept between renders, least recently used dropped first, up to `maxBytes` of pictures and of the
 * sources they are keyed by. One per render environment (a worker, or a renderer without workers). A source is
 * only found by its exact bytes, so what one render's pictures leave here is of no use to a render without them.
 */
export class PrescaledImageCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      // Most recently used last: a Map iterates in insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    if (entry.bytes > Math.min(this.maxBytes, MAX_KEPT_ENTRY_BYTES) || this.#entries.has(key)) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= old.bytes;
    }
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.#bytes;
  }
}

/** Which pictures `prescaleImages` prepares (the tunings `prescaledImages` and `prescaledEmoji`); default both. */
export interface PrescaleChoice {
  /** Raster pictures (PNG, JPEG, WebP). */
  pictures: boolean;
  /** SVG pictures (emoji). */
  emoji: boolean;
  /**
   * Make the PNGs resvg is handed now (default true); false leaves `images` empty until `pictureBytes`, so that
   * pictures painted without resvg (raster/picture-layer.ts) need none.
   */
  bytes?: boolean;
}

/**
 * Replace the raster pictures of `svg` (drawn at `scale`) by references to decoded copies: scaled to the device
 * pixels they cover where they are drawn smaller than they are, else at their own size. Pictures in masks and
 * patterns (resvg resolves none there), pictures of more than MAX_UNSCALED_PIXELS that are not scaled down, and
 * pictures sharp cannot read are left inline as they were.
 */
export async function prescaleImages(
  svg: string,
  scale: number,
  cache: PrescaledImageCache,
  choice: PrescaleChoice = { pictures: true, emoji: true },
): Promise<PrescaledSvg> {
  const images = new Map<string, Buffer>();
  const pictures = new Map<string, PreparedPicture>();
  // Inside the root element (whose viewBox maps user units onto the canvas one to one).
  const inside = svg.slice(svg.indexOf('>') + 1);
  const prepared = { pictures: 0, emoji: 0 };
  if (!inside.includes('<image')) return { svg, images, original: svg, pictureArea: 0, prepared, pictures };
  const transformed = RESIZING_CONTAINER.test(inside);
  const parts: string[] = [];
  let last = 0;
  let pictureArea = 0;
  const isInsideResource = resourceFinder(svg);
  for (const match of svg.matchAll(PICTURE)) {
    const [tag, before = '', source = '', after = ''] = match;
    const attributes = before + after;
    if (isInsideResource(match.index)) continue;
    const width = Number(WIDTH_ATTR.exec(attributes)?.[1]);
    const height = Number(HEIGHT_ATTR.exec(attributes)?.[1]);
    if (source.startsWith(VECTOR_SOURCE)) {
      if (!choice.emoji) continue;
      // An SVG picture (an emoji) drawn on whole device pixels: drawn once at its size, then drawn as a raster.
      const box = transformed ? undefined : vectorBox(attributes, width, height, scale);
      const drawn = box && (await preparedVector(source, box, scale, cache));
      if (!drawn) continue;
      prepared.emoji++;
      const href = `https://prescaled.pictor.invalid/${pictures.size}.png`;
      pictures.set(href, { raster: drawn, span: [match.index, match.index + tag.length] });
      const rest = (before + ` href="${href}"` + after).replace(ASPECT_ATTR, '').replace(RENDERING_ATTR, '');
      // Drawn pixel for pixel: its box covers exactly its pixels, so no filtering (a bicubic one would blur it).
      parts.push(
        svg.slice(last, match.index),
        `<image preserveAspectRatio="none" image-rendering="optimizeSpeed"${rest}>`,
      );
      last = match.index + tag.length;
      continue;
    }
    pictureArea += (width || 0) * (height || 0);
    if (!choice.pictures) continue;
    // Under a transform the pixels a picture covers are not its width and height times the scale: not scaled.
    const size =
      transformed || RESIZING_ATTR.test(attributes)
        ? undefined
        : { width: Math.round(width * scale), height: Math.round(height * scale) };
    // On whole device pixels, a picture drawn larger than it is is drawn so by resvg once, at the pixels it covers.
    const x = Number(X_ATTR.exec(attributes)?.[1] ?? 0);
    const y = Number(Y_ATTR.exec(attributes)?.[1] ?? 0);
    const enlarged =
      size && [x, y, width, height].every((value) => Number.isInteger(value * scale))
        ? { width, height, scale, rendering: RENDERING_VALUE.exec(attributes)?.[1] }
        : undefined;
    const decoded = await preparedImage(source, size, cache, enlarged);
    if (!decoded) continue;
    prepared.pictures++;
    const href = `https://prescaled.pictor.invalid/${pictures.size}.png`;
    pictures.set(href, { raster: decoded, span: [match.index, match.index + tag.length] });
    parts.push(svg.slice(last, match.index), `<image${before} href="${href}"${after}>`);
    last = match.index + tag.length;
  }
  if (pictures.size === 0) return { svg, images, original: svg, pictureArea, prepared, pictures };
  parts.push(svg.slice(last));
  const result = { svg: parts.join(''), images, original: svg, pictureArea, prepared, pictures };
  return choice.bytes === false ? result : await pictureBytes(result);
}

/**
 * The prescaled SVG with `images` holding the PNG of every picture it references (made once per prepared picture,
 * then kept with its pixels). Uncompressed (zlib stores the rows), so resvg's decode is a copy.
 */
export async function pictureBytes(prescaled: PrescaledSvg): Promise<PrescaledSvg> {
  const images = new Map<string, Buffer>();
  for (const [href, { raster }] of prescaled.pictures) images.set(href, await pngOf(raster));
  return { ...prescaled, images };
}

/** A prepared picture's PNG, made once and kept with it. */
async function pngOf(raster: PictureRaster): Promise<Buffer> {
  if (!raster.png) {
    const { width, height, opaque } = raster;
    const premultiplied = !opaque && !raster.straight;
    const sharp = await loadSharp();
    const pixels = sharp(raster.straight ?? raster.pixels, {
      raw: { width, height, channels: 4, premultiplied },
    });
    // An opaque picture as RGB, as it was decoded.
    raster.png = await (opaque ? pixels.removeAlpha() : pixels).png({ compressionLevel: 0 }).toBuffer();
  }
  return raster.png;
}

/** Where an SVG picture is drawn, in CSS px, and how it fits its box. */
interface VectorBox {
  width: number;
  height: number;
  aspect: string | undefined;
}

/**
 * The box of an SVG picture when it lies on whole device pixels at `scale`, nothing but its box places it (no
 * transform) and it covers at most MAX_UNSCALED_PIXELS; else undefined, and resvg draws it as before.
 */
function vectorBox(attributes: string, width: number, height: number, scale: number): VectorBox | undefined {
  const x = Number(X_ATTR.exec(attributes)?.[1] ?? 0);
  const y = Number(Y_ATTR.exec(attributes)?.[1] ?? 0);
  const whole = [x, y, width, height].every((value) => Number.isInteger(value * scale));
  if (!whole || !(width > 0 && height > 0) || /\stransform=/.test(attributes)) return undefined;
  if (width * scale * height * scale > MAX_UNSCALED_PIXELS) return undefined;
  return { width, height, aspect: ASPECT_ATTR.exec(attributes)?.[1] };
}

/**
 * An SVG picture drawn by resvg alone on a canvas of its box (at `scale`), as it draws it inside the page; null when
 * resvg cannot draw it (then it stays inline, as before).
 */
async function preparedVector(
  source: string,
  box: VectorBox,
  scale: number,
  cache: PrescaledImageCache,
): Promise<PictureRaster | null> {
  const key = `vector ${box.width}x${box.height}@${scale} ${box.aspect ?? ''} ${source}`;
  const kept = cache.get(key);
  if (kept) return kept.image;
  let image: PictureRaster | null = null;
  try {
    const aspect = box.aspect === undefined ? '' : ` preserveAspectRatio="${box.aspect}"`;
    const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="0 0 ${box.width} ${box.height}"><image width="${box.width}" height="${box.height}"${aspect} href="${source}"/></svg>`;
    const { pixels, width, height } = rasterize(alone, scale);
    image = { pixels, width, height, opaque: isOpaque(pixels) };
  } catch {
    image = null;
  }
  cache.set(key, { image, bytes: key.length + rasterBytes(image) });
  return image;
}

/**
 * The bytes a kept raster holds: its pixels and their straight copy. (The PNG made for resvg when the picture is left
 * to it comes on top, at most as much again: most pictures are composited and never need one.)
 */
function rasterBytes(raster: PictureRaster | null): number {
  return raster ? raster.pixels.length + (raster.straight?.length ?? 0) : 0;
}

/** Whether every alpha of RGBA pixels is 255. */
function isOpaque(pixels: Buffer): boolean {
  for (let at = 3; at < pixels.length; at += 4) if (pixels[at] !== 255) return false;
  return true;
}

/** Elements whose pictures resvg does not offer to resolve (a background picture's tile, a mask-image). */
const RESOURCE_ELEMENTS = ['pattern', 'mask', 'clipPath', 'defs', 'symbol', 'marker', 'filter'];
/**
 * Where any of them opens (`<name`) or closes (`</name>`). No name is the start of another and each text holds one
 * `<`, at its start: one scan finds every place the texts stand, as looking for each text alone does.
 */
const RESOURCE_TAG = new RegExp(
  `<(?:(${RESOURCE_ELEMENTS.join('|')})|/(${RESOURCE_ELEMENTS.join('|')})>)`,
  'g',
);

/**
 * Whether the element at an index is inside one of RESOURCE_ELEMENTS (satori does not nest them in each other): the
 * last `<name` before it comes after the last `</name>`. Where each opens and closes is found once per SVG, in one
 * scan of it: looking back from every picture through an SVG of inlined pictures cost 1.4 ms per picture of 32, and a
 * scan per text 14 scans of an SVG that may hold megabytes of path data.
 */
export function resourceFinder(svg: string): (index: number) => boolean {
  const tags = new Map(
    RESOURCE_ELEMENTS.map((name) => [name, { opens: [] as number[], closes: [] as number[] }]),
  );
  for (const match of svg.matchAll(RESOURCE_TAG)) {
    const [, opened, closed] = match;
    if (opened !== undefined) tags.get(opened)?.opens.push(match.index);
    else if (closed !== undefined) tags.get(closed)?.closes.push(match.index);
  }
  const found = [...tags.values()];
  return (index) =>
    found.some(({ opens, closes }) => lastAtOrBefore(opens, index) > lastAtOrBefore(closes, index));
}

/** The last of the ascending `positions` at or before `index`, or -1 (as `lastIndexOf` answers). */
function lastAtOrBefore(positions: number[], index: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((positions[mid] as number) <= index) low = mid + 1;
    else high = mid;
  }
  return low === 0 ? -1 : (positions[low - 1] as number);
}

/** Pixel size of the device area a picture covers. */
interface DeviceSize {
  width: number;
  height: number;
}

/** Pictures over this many pixels are handed over decoded only when scaled down (16 MB of RGBA). */
const MAX_UNSCALED_PIXELS = 4 << 20;

/**
 * The picture of the data: URI `source` decoded: scaled to `size` when that is smaller than the picture in one
 * direction and not larger in the other, else at its own size; null when it is left inline.
 */
async function preparedImage(
  source: string,
  size: DeviceSize | undefined,
  cache: PrescaledImageCache,
  enlarged?: EnlargedBox,
): Promise<PictureRaster | null> {
  const sized = size !== undefined && size.width > 0 && size.height > 0;
  const sampled = enlarged ? ` ${enlarged.rendering ?? ''}` : '';
  const key = sized ? `${size.width}x${size.height}${sampled} ${source}` : source;
  const kept = cache.get(key);
  if (kept) return kept.image;
  let image = await prepare(source, sized ? size : undefined);
  if (image && sized && enlarged && (image.width !== size.width || image.height !== size.height))
    image = await drawnLarger(image, enlarged);
  cache.set(key, { image, bytes: key.length + rasterBytes(image) });
  return image;
}

/** Where a picture drawn larger than it is lies: its box in CSS px (on whole device pixels), and how it is sampled. */
interface EnlargedBox {
  width: number;
  height: number;
  scale: number;
  rendering: string | undefined;
}

/**
 * A decoded picture drawn by resvg alone on a canvas of its box at `scale`, as resvg draws it inside the page (the
 * same filter; the page's device pixels moved by whole pixels); the picture at its own size when resvg cannot.
 */
async function drawnLarger(picture: PictureRaster, box: EnlargedBox): Promise<PictureRaster> {
  try {
    const href = 'https://prescaled.pictor.invalid/0.png';
    const rendering = box.rendering === undefined ? '' : ` image-rendering="${box.rendering}"`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="0 0 ${box.width} ${box.height}"><image width="${box.width}" height="${box.height}" preserveAspectRatio="none"${rendering} href="${href}"/></svg>`;
    const images = new Map([[href, await pngOf(picture)]]);
    const { pixels, width, height } = rasterize({ svg, images, original: svg }, box.scale);
    const expected = [box.width, box.height].map((side) => Math.round(side * box.scale));
    if (width !== expected[0] || height !== expected[1]) return picture;
    return { pixels, width, height, opaque: isOpaque(pixels) };
  } catch {
    return picture;
  }
}

async function prepare(source: string, size: DeviceSize | undefined): Promise<PictureRaster | null> {
  try {
    const input = Buffer.from(source.slice(source.indexOf(',') + 1), 'base64');
    const sharp = await loadSharp();
    const picture = sharp(input, { failOn: 'error' });
    const { width = 0, height = 0 } = await picture.metadata();
    const reduced =
      size !== undefined &&
      size.width <= width &&
      size.height <= height &&
      (size.width < width || size.height < height);
    if (!reduced && width * height > MAX_UNSCALED_PIXELS) return null;
    const { data, info } = await (reduced
      ? picture.resize(size.width, size.height, { fit: 'fill', kernel: 'mitchell' })
      : picture
    )
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return null;
    const raster = { width: info.width, height: info.height, pixels: data, opaque: isOpaque(data) };
    return raster.opaque ? raster : { ...raster, pixels: premultiplied(data), straight: data };
  } catch {
    // resvg gets the picture as it came, and treats it as it always did.
    return null;
  }
}

/** RGBA pixels premultiplied by their alpha as resvg premultiplies a decoded picture: c·a/255, rounded. */
function premultiplied(straight: Buffer): Buffer {
  const out = Buffer.allocUnsafe(straight.length);
  for (let at = 0; at < straight.length; at += 4) {
    const a = straight[at + 3] as number;
    out[at] = Math.round(((straight[at] as number) * a) / 255);
    out[at + 1] = Math.round(((straight[at + 1] as number) * a) / 255);
    out[at + 2] = Math.round(((straight[at + 2] as number) * a) / 255);
    out[at + 3] = a;
  }
  return out;
}
