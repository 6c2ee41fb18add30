/**
 * The picture a browser shows for an `<img>`: the first `<source>` of its `<picture>` whose `type` Pictor can draw
 * and whose `media` matches, else the image's own `srcset` (with `src` as its 1x candidate), else its `src`; within
 * a `srcset`, the candidate Chrome picks for the device scale (selectionIndex). A `w` candidate's density is its
 * width over the `sizes` length (100vw when none matches), and the picture's natural size is its pixel size over
 * that density, as in browsers: a 700w picture for a 350px slot is laid out 350px wide. Eleventy's and Hugo's image
 * pipelines write `<picture>` with AVIF and WebP sources before a PNG or JPEG `<img>`: browsers show the first
 * source they can decode (Pictor draws no AVIF: it takes the WebP, the same picture).
 */
import { childElements, type Element, getAttr, parentElement } from '../dom.js';
import { type MediaViewport, matchesMediaQueries } from '../style-sheets/media-queries.js';

/** A picture chosen for an `<img>`: its URL and its density (image pixels per CSS pixel). */
export interface ChosenImageSource {
  url: string;
  density: number;
}

/** Picture types Pictor draws (image-check.ts); a `<source>` of another type (AVIF, JPEG XL) is passed over. */
const DRAWABLE_TYPES = new Set([
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
]);

interface Candidate {
  url: string;
  /** `2x` → density 2; `700w` → width 700; neither → density 1. */
  density?: number;
  width?: number;
}

/**
 * A `srcset`'s candidates, as HTML parses them: a URL is a run of non-space characters (a data: URI keeps its
 * commas), commas ending it are separators, then descriptors up to the next comma. Candidates with a descriptor
 * that does not parse are dropped, as browsers drop them.
 */
export function parseSrcset(srcset: string): Candidate[] {
  const candidates: Candidate[] = [];
  let i = 0;
  while (i < srcset.length) {
    while (i < srcset.length && /[\s,]/.test(srcset[i] as string)) i++;
    if (i >= srcset.length) break;
    const start = i;
    while (i < srcset.length && !/\s/.test(srcset[i] as string)) i++;
    let url = srcset.slice(start, i);
    let descriptors = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const end = srcset.indexOf(',', i);
      descriptors = srcset.slice(i, end === -1 ? srcset.length : end).trim();
      i = end === -1 ? srcset.length : end + 1;
    }
    const candidate = withDescriptors(url, descriptors);
    if (candidate) candidates.push(candidate);
  }
  return candidates;
}

function withDescriptors(url: string, descriptors: string): Candidate | undefined {
  if (!url) return undefined;
  const candidate: Candidate = { url };
  for (const descriptor of descriptors.split(/\s+/).filter(Boolean)) {
    const m = /^(\d*\.?\d+(?:e[+-]?\d+)?)([wxh])$/i.exec(descriptor);
    if (!m) return undefined;
    const value = Number(m[1]);
    const kind = (m[2] as string).toLowerCase();
    if (kind === 'x') candidate.density = value;
    else if (kind === 'w') candidate.width = value;
  }
  if (candidate.density !== undefined && candidate.width !== undefined) return undefined;
  if ((candidate.density ?? 1) <= 0 || (candidate.width ?? 1) <= 0) return undefined;
  return candidate;
}

/** A `sizes` length in CSS pixels (px, em/rem at 16px, vw, vh); undefined when it is something else. */
function sizeLength(value: string, viewport: MediaViewport): number | undefined {
  const m = /^(\d*\.?\d+)(px|r?em|vw|vh)$/i.exec(value.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  switch ((m[2] as string).toLowerCase()) {
    case 'px':
      return n;
    case 'vw':
      return (n * (viewport.width ?? 0)) / 100;
    case 'vh':
      return (n * (viewport.height ?? 0)) / 100;
    default:
      return n * 16;
  }
}

/** The slot width `sizes` gives: the first entry whose media condition matches, else 100vw. */
function slotWidth(sizes: string | undefined, viewport: MediaViewport): number {
  const full = viewport.width ?? 0;
  for (const entry of (sizes ?? '').split(',')) {
    const m = /^\s*(\(.*\))?\s*([^()\s][^\s]*)\s*$/.exec(entry);
    if (!m) continue;
    if (m[1] && !matchesMediaQueries(m[1], viewport)) continue;
    const px = sizeLength(m[2] as string, viewport);
    if (px !== undefined) return px;
  }
  return full;
}

/** The candidate of a `srcset` (with its `sizes`) Chrome picks for the viewport and device scale. */
export function chooseFromSrcset(
  srcset: string,
  sizes: string | undefined,
  viewport: MediaViewport,
): ChosenImageSource | undefined {
  return pick(parseSrcset(srcset), sizes, viewport);
}

/** The candidate a browser picks for the device scale, with its density. */
function pick(
  candidates: Candidate[],
  sizes: string | undefined,
  viewport: MediaViewport,
): ChosenImageSource | undefined {
  if (candidates.length === 0) return undefined;
  const slot = slotWidth(sizes, viewport);
  const dense = candidates.map((c) => ({
    url: c.url,
    density: c.width !== undefined ? (slot > 0 ? c.width / slot : 1) : (c.density ?? 1),
  }));
  dense.sort((a, b) => a.density - b.density);
  return dense[selectionIndex(dense, viewport.scale ?? 1)];
}

/**
 * Chrome's choice among candidates sorted by density (HTMLSrcsetParser's selection logic): the next denser one once
 * it reaches the scale and the scale is past the geometric mean of the two (or above the current one at scale 1
 * or less), else the current one; the densest when none reaches the scale.
 */
function selectionIndex(sorted: readonly ChosenImageSource[], scale: number): number {
  let i = 0;
  for (; i < sorted.length - 1; i++) {
    const next = (sorted[i + 1] as ChosenImageSource).density;
    if (next < scale) continue;
    const current = (sorted[i] as ChosenImageSource).density;
    if ((scale <= 1 && scale > current) || scale >= Math.sqrt(current * next)) return i + 1;
    break;
  }
  return i;
}

/** An `<img>`'s own candidates: its `srcset`, with `src` as 1x when the set has no width candidates and no 1x. */
function ownCandidates(img: Element): Candidate[] {
  const candidates = parseSrcset(getAttr(img, 'srcset') ?? '');
  const src = (getAttr(img, 'src') ?? '').trim();
  const hasWidths = candidates.some((c) => c.width !== undefined);
  if (src && !hasWidths && !candidates.some((c) => (c.density ?? 1) === 1)) candidates.push({ url: src });
  return candidates;
}

/**
 * The picture `img` shows, or undefined when its markup names none (no `<source>` fits, no `srcset`): then its
 * `src` is what it shows, as before.
 */
export function chooseImageSource(img: Element, viewport: MediaViewport): ChosenImageSource | undefined {
  const parent = parentElement(img);
  if (parent?.tagName === 'picture') {
    for (const source of childElements(parent)) {
      if (source === img) break;
      if (source.tagName !== 'source') continue;
      const type = getAttr(source, 'type')?.trim().toLowerCase().split(';')[0];
      if (type && !DRAWABLE_TYPES.has(type)) continue;
      const media = getAttr(source, 'media');
      if (media !== undefined && !matchesMediaQueries(media, viewport)) continue;
      const chosen = chooseFromSrcset(getAttr(source, 'srcset') ?? '', getAttr(source, 'sizes'), viewport);
      if (chosen) return chosen;
    }
  }
  if (getAttr(img, 'srcset') === undefined) return undefined;
  return pick(ownCandidates(img), getAttr(img, 'sizes'), viewport);
}
