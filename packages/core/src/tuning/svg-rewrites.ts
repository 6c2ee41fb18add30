/**
 * Tuning (see index.ts): cheap rewrites of satori's SVG that resvg renders faster with the same pixels — gradient
 * patterns inlined, image masks that change nothing dropped, strokes of wide border sides trimmed to their box. The
 * first two earn their place on fresh content (measured with each removed: benchmarks/RESULTS.md, "Tunings that earn
 * their place (issue 21)"), the third on documents with CSS triangles. All match satori's output by its exact text,
 * and test/tuning-svg-shape.test.ts fails when satori stops drawing that shape.
 *
 * satori paints every background gradient through a `<pattern>` one tile the size of the element, holding a
 * rect filled with the gradient. resvg renders a pattern into an offscreen pixmap first: for a full-card
 * gradient that is about a third of the raster time.
 * When the tile is exactly the filled shape's box and the gradient is in bounding-box units, filling the shape
 * with the gradient directly is the same picture.
 */

const PATTERN =
  /<pattern id="(satori_pattern_[\w-]+)" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox">(<linearGradient id="([\w-]+)"(?: (?:x1|y1|x2|y2|spreadMethod)="[^"]*")*>(?:<stop [^>]*\/>)*<\/linearGradient>)<rect x="0" y="0" width="([\d.e+-]+)" height="([\d.e+-]+)" fill="url\(#\3\)"\/><\/pattern>/g;

/** Replace single-tile linear-gradient patterns by the gradient itself where that is provably the same. */
export function inlineGradientPatterns(svg: string): string {
  if (!svg.includes('<pattern id="satori_pattern_')) return svg;
  let out = svg;
  for (const match of svg.matchAll(PATTERN)) {
    const [pattern, patternId, gradient, gradientId, width, height] = match as unknown as string[];
    const reference = `fill="url(#${patternId})"`;
    const at = out.indexOf(reference);
    // Exactly one user, a rect or path whose own box is the tile (so bounding-box units map the same way).
    if (at < 0 || out.indexOf(`url(#${patternId})`, at + reference.length) >= 0) continue;
    const tagStart = out.lastIndexOf('<', at);
    const tag = out.slice(tagStart, out.indexOf('>', at) + 1);
    if (!/^<(rect|path) /.test(tag) || !tag.includes(` width="${width}" height="${height}"`)) continue;
    out = out.slice(0, at) + `fill="url(#${gradientId})"` + out.slice(at + reference.length);
    out = out.replace(pattern as string, () => gradient as string);
  }
  return out;
}

/** satori's overflow mask: one white rect in user units, nothing else. */
const RECT_MASK =
  /<mask id="([\w-]+)"><rect x="(-?\d+)" y="(-?\d+)" width="(\d+)" height="(\d+)" fill="#fff"\/><\/mask>/g;
/** satori's clip of an image: one path, with its box as (ignored) attributes. */
const CLIP_PATH = /<clipPath id="([\w-]+)"><path (?:[\w-]+="[^"]*" )*d="([^"]*)"\/><\/clipPath>/g;
/** An image that satori both clips (border radius, object-fit) and masks (overflow). */
const CLIPPED_MASKED_IMAGE = /<image [^>]*? clip-path="url\(#([\w-]+)\)" mask="url\(#([\w-]+)\)"\/>/g;

/**
 * Drop the overflow mask of an image when its clip path already lies inside the mask's rect: the mask then changes
 * no pixel (the rect is pixel-aligned, so every pixel the clip path touches is fully inside it), but resvg renders
 * it as an offscreen layer and a multiply pass.
 * Only for whole-pixel rects at a whole-number device scale, and only for clip paths whose extent can be read
 * exactly (absolute or relative moves and lines, quarter-circle arcs: satori's rounded rects).
 */
export function dropRedundantImageMasks(svg: string, scale = 1): string {
  if (!Number.isInteger(scale) || !svg.includes('<image ') || !svg.includes(' mask="url(#')) return svg;
  const rects = new Map<string, [number, number, number, number]>();
  for (const m of svg.matchAll(RECT_MASK)) {
    const [x, y, w, h] = [m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number];
    rects.set(m[1] as string, [x, y, x + w, y + h]);
  }
  if (rects.size === 0) return svg;
  const clips = new Map<string, [number, number, number, number] | undefined>();
  for (const m of svg.matchAll(CLIP_PATH)) clips.set(m[1] as string, pathExtent(m[2] as string));
  return svg.replace(CLIPPED_MASKED_IMAGE, (tag, clipId: string, maskId: string) => {
    const rect = rects.get(maskId);
    const clip = clips.get(clipId);
    if (!rect || !clip) return tag;
    const inside = clip[0] >= rect[0] && clip[1] >= rect[1] && clip[2] <= rect[2] && clip[3] <= rect[3];
    return inside ? tag.replace(` mask="url(#${maskId})"`, '') : tag;
  });
}

const PATH_TOKEN = /([MmLlHhVvAaZz])|(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/g;

/**
 * The bounding box [minX, minY, maxX, maxY] of a path made of moves, lines and quarter-circle arcs (each arc
 * stays inside the box of its two ends), or undefined for anything else (curves, other arcs, unreadable data).
 */
export function pathExtent(d: string): [number, number, number, number] | undefined {
  const tokens: (string | number)[] = [];
  let consumed = 0;
  for (const m of d.matchAll(PATH_TOKEN)) {
    if (d.slice(consumed, m.index).replace(/[\s,]/g, '') !== '') return undefined;
    tokens.push(m[1] ?? Number(m[2]));
    consumed = (m.index ?? 0) + m[0].length;
  }
  if (d.slice(consumed).trim() !== '') return undefined;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const box: [number, number, number, number] = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  const visit = () => {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  };
  let i = 0;
  let command = '';
  const number = (): number | undefined => {
    const value = tokens[i];
    if (typeof value !== 'number') return undefined;
    i++;
    return value;
  };
  while (i < tokens.length) {
    if (typeof tokens[i] === 'string') command = tokens[i++] as string;
    else if (command === '' || command === 'Z' || command === 'z') return undefined;
    const relative = command === command.toLowerCase();
    switch (command.toUpperCase()) {
      case 'M':
      case 'L': {
        const nx = number();
        const ny = number();
        if (nx === undefined || ny === undefined) return undefined;
        x = relative ? x + nx : nx;
        y = relative ? y + ny : ny;
        if (command.toUpperCase() === 'M') {
          startX = x;
          startY = y;
          command = relative ? 'l' : 'L';
        }
        break;
      }
      case 'H': {
        const n = number();
        if (n === undefined) return undefined;
        x = relative ? x + n : n;
        break;
      }
      case 'V': {
        const n = number();
        if (n === undefined) return undefined;
        y = relative ? y + n : n;
        break;
      }
      case 'A': {
        const [rx, ry, , , , ex, ey] = [number(), number(), number(), number(), number(), number(), number()];
        if (ex === undefined || ey === undefined || rx === undefined || ry === undefined) return undefined;
        const nx = relative ? x + ex : ex;
        const ny = relative ? y + ey : ey;
        // A quarter circle between its two ends lies in the box of those ends.
        if (rx !== ry || Math.abs(nx - x) !== rx || Math.abs(ny - y) !== ry) return undefined;
        x = nx;
        y = ny;
        break;
      }
      case 'Z':
        x = startX;
        y = startY;
        break;
      default:
        return undefined;
    }
    visit();
  }
  return Number.isFinite(box[0]) ? box : undefined;
}

/** satori's clip of a border side to its box: one rect in user units. */
const CLIP_RECT =
  /<clipPath id="([\w-]+)"><rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)"\/><\/clipPath>/g;
/**
 * satori's stroke of a border side with square corners (sides of different colours meet diagonally): a straight
 * line along the outer edge, stroked twice as wide as the widest side and clipped to the box (its own clip path),
 * to the side's region and to the area of the border (its parents' clip paths).
 */
const SIDE_STROKE =
  /^<path (width="[\d.]+" height="[\d.]+" clip-path="url\(#([\w-]+)\)" fill="none" stroke="([^"]*)") stroke-width="([\d.]+)" d="M(-?[\d.]+),(-?[\d.]+) A0,0 0 0 1 \5,\6 ([hv])(-?[\d.]+) a0,0 0 0 1 0,0"\/>$/;
/** Elements whose content is drawn by reference, and attributes that make a group's size matter (its region). */
const BOUNDED_BY_CONTENT = /^(?:mask|clipPath|pattern|filter|marker|symbol)$|\s(?:mask|filter)="/;
const TAG = /<(\/?)([A-Za-z][\w:-]*)([^>]*?)(\/?)>/g;
/** How far past its box a trimmed stroke still reaches, in user units: over the pixel its box's edge is in. */
const STROKE_MARGIN = 2;

/**
 * Border sides of CSS triangles (a box of no size with wide borders, one coloured and the others transparent), as
 * satori draws them: each side a stroke twice as wide as the widest border, clipped three times. resvg draws each
 * clipped element in a layer of the stroke's extent (up to five canvases each way), so a 2,000 px border costs
 * hundreds of milliseconds a side (docraptor-brochure: 8 s of raster). Each such stroke is trimmed to its clip rect
 * (the box) and a margin: the stroke's two edges both lay outside that margin, so every pixel inside the box is
 * covered as before. A transparent side, which draws nothing, is dropped. Strokes inside a mask, a filter, a
 * pattern or a clip path, or in a group with a mask or a filter (whose region may be of its content's extent),
 * are left as they are, as are strokes with a gradient.
 */
export function trimBorderStrokes(svg: string): string {
  if (!svg.includes(' a0,0 0 0 1 0,0"/>')) return svg;
  const rects = new Map<string, [number, number, number, number]>();
  for (const m of svg.matchAll(CLIP_RECT)) {
    const [x, y, w, h] = [m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number];
    rects.set(m[1] as string, [x, y, x + w, y + h]);
  }
  if (rects.size === 0) return svg;
  let out = '';
  let copied = 0;
  // Open elements, each whether its content's extent matters (see above); `bounded` counts those that do.
  const open: boolean[] = [];
  let bounded = 0;
  for (const m of svg.matchAll(TAG)) {
    const [tag, closing, name, attrs, selfClosing] = m as unknown as string[];
    if (closing) {
      if (open.pop()) bounded--;
      continue;
    }
    if (!selfClosing) {
      const matters = BOUNDED_BY_CONTENT.test(name as string) || BOUNDED_BY_CONTENT.test(attrs as string);
      open.push(matters);
      if (matters) bounded++;
      continue;
    }
    if (bounded > 0 || name !== 'path') continue;
    const side = SIDE_STROKE.exec(tag as string);
    if (!side) continue;
    const [, head, clipId, stroke, widthText, xText, yText, direction, lengthText] =
      side as unknown as string[];
    const rect = rects.get(clipId as string);
    if (!rect || (stroke as string).startsWith('url(')) continue;
    let replacement: string;
    if (stroke === 'transparent') {
      replacement = '';
    } else {
      const width = Number(widthText);
      const horizontal = direction === 'h';
      const across = Number(horizontal ? yText : xText);
      // The box across the line, with the margin; the stroke must reach past both of its ends.
      const from = (horizontal ? rect[1] : rect[0]) - STROKE_MARGIN;
      const to = (horizontal ? rect[3] : rect[2]) + STROKE_MARGIN;
      if (!(across - width / 2 < from && across + width / 2 > to)) continue;
      const middle = (from + to) / 2;
      const d = horizontal ? `M${xText},${middle} h${lengthText}` : `M${middle},${yText} v${lengthText}`;
      replacement = `<path ${head} stroke-width="${to - from}" d="${d}"/>`;
    }
    const at = m.index as number;
    out += svg.slice(copied, at) + replacement;
    copied = at + (tag as string).length;
  }
  return copied === 0 ? svg : out + svg.slice(copied);
}
