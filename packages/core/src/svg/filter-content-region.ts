/**
 * Tuning `filterContentRegion` (speed only): satori gives an element's `filter` functions the whole image as their
 * region, grown by what they draw outside it, since its descendants can be drawn anywhere; resvg then runs every
 * primitive over every pixel of that region. resume-minyma's `filter: drop-shadow(…) drop-shadow(…)` (Tailwind's
 * `drop-shadow-md`) on its avatar (the alt text of a missing picture, 50 × 14 px of ink) made two blurs over
 * 818 × 2018 px: 850 of the 940 ms resvg spent on the page. Here a drop shadow or blur (flood composited into its
 * input, blur, offset, merge: the primitives those functions are written with) gets the box of what its group draws,
 * grown by twice what the functions draw outside it and 2 px, within its old region: those primitives draw nothing
 * where their input is transparent beyond that reach, so the pixels are the same. A group with content this cannot
 * bound (svg/offcanvas-layers.ts `contentBox`), another filter inside it, or any other primitive keeps its region.
 */
import { contentBox } from './offcanvas-layers.js';
import { svgRootSize } from './root-size.js';

/** satori's filter for its filter functions (packages/satori/src/layout.ts), the group that uses it right after. */
const FILTER =
  /<filter id="(satori_f-[\w-]+)" x="(-?[\d.e-]+)" y="(-?[\d.e-]+)" width="([\d.e-]+)" height="([\d.e-]+)" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">((?:(?!<\/filter>)[\s\S])*)<\/filter><g filter="url\(#\1\)">/g;
/** The primitives of satori's drop-shadow() and blur(), which draw nothing where their input is transparent. */
const SPREADING =
  /^(?:<feFlood [^>]*\/><feComposite in="[^"]*" in2="[^"]*" operator="in"[^>]*\/>|<feGaussianBlur [^>]*\/>|<feOffset [^>]*\/>|<feMerge[^>]*>(?:<feMergeNode [^>]*\/>)*<\/feMerge>)*$/;
/** A flood's result may only be the `in` of the composite after it: otherwise it fills the region. */
const FLOOD_RESULT = /<feFlood [^>]*result="([^"]+)"/g;
/** Opening and closing `<g>` tags, to find the end of the filtered group. */
const GROUP_TAG = /<g\b[^>]*?(\/?)>|<\/g>/g;

/** The end (after `</g>`) of the group whose content starts at `from`, or -1. */
function groupEnd(svg: string, from: number): number {
  let depth = 1;
  GROUP_TAG.lastIndex = from;
  for (let match = GROUP_TAG.exec(svg); match; match = GROUP_TAG.exec(svg)) {
    if (match[0] === '</g>') depth--;
    else if (!match[1]) depth++;
    if (depth === 0) return match.index;
  }
  return -1;
}

/** The count of filter regions bounded so far in this thread (for tests). */
let bounded = 0;

/** How many filter regions `boundFilterRegions` has bounded in this thread. */
export function filterRegionsBounded(): number {
  return bounded;
}

/** `svg` with satori's image-wide drop-shadow and blur regions bounded to their content (the same string if none). */
export function boundFilterRegions(svg: string): string {
  if (!svg.includes('<filter id="satori_f-')) return svg;
  const root = svgRootSize(svg);
  if (!Number.isFinite(root.width) || !Number.isFinite(root.height)) return svg;
  let out = '';
  let at = 0;
  FILTER.lastIndex = 0;
  for (let match = FILTER.exec(svg); match; match = FILTER.exec(svg)) {
    const [whole, , xs, ys, ws, hs, primitives = ''] = match;
    const [x, y, width, height] = [xs, ys, ws, hs].map(Number) as [number, number, number, number];
    // Only the image-wide region satori gives a group (a leaf's own region is small already).
    const left = -x;
    const top = -y;
    const right = x + width - root.width;
    const bottom = y + height - root.height;
    if (!(left >= 0 && top >= 0 && right >= 0 && bottom >= 0)) continue;
    if (!SPREADING.test(primitives)) continue;
    let floodsComposited = true;
    for (const [, result] of primitives.matchAll(FLOOD_RESULT)) {
      if (primitives.split(`"${result}"`).length !== 3 || !primitives.includes(`<feComposite in="${result}"`))
        floodsComposited = false;
    }
    if (!floodsComposited) continue;
    const contentStart = match.index + whole.length;
    const end = groupEnd(svg, contentStart);
    if (end < 0) continue;
    const box = contentBox(svg, contentStart, end);
    if (!box) continue;
    const reach = 2 * Math.max(left, top, right, bottom) + 2;
    const x0 = Math.max(x, Math.floor(box[0] - reach));
    const y0 = Math.max(y, Math.floor(box[1] - reach));
    const x1 = Math.min(x + width, Math.ceil(box[2] + reach));
    const y1 = Math.min(y + height, Math.ceil(box[3] + reach));
    if (x1 <= x0 || y1 <= y0) continue;
    if (x0 === x && y0 === y && x1 === x + width && y1 === y + height) continue;
    const region = `x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}"`;
    out +=
      svg.slice(at, match.index) + whole.replace(`x="${xs}" y="${ys}" width="${ws}" height="${hs}"`, region);
    at = match.index + whole.length;
    bounded++;
  }
  return at === 0 ? svg : out + svg.slice(at);
}
