/**
 * Layers far off the canvas, removed before resvg sees them. resvg (the build @resvg/resvg-js 2.6 ships) panics
 * — `geom.rs:27`, `Option::unwrap()` on `None` — when a layer (an element with `mask`, `clip-path`, `filter` or
 * `opacity`) has all its content outside the region it clips layers to (about two canvases around the origin):
 * a Rust panic aborts the whole process, worker thread or not. Framework pages reach it easily: an
 * `overflow: hidden` element laid out 4,000 px down a 2,000 px canvas (Pico's example pages). It also panics on a
 * layer inside another layer when the outer one spans more than about two canvases (content far above the canvas
 * beside a masked group just below it: a multi-column box clipping its columns). What lies off the canvas cannot be
 * seen; this module cuts out of the SVG the layers whose content lies wholly outside the canvas grown by half its
 * size on each side, and, where no filter can move what they draw (a shadow, a blur), the layers and the drawn
 * elements inside a layer that lie wholly outside the canvas itself (a few pixels of anti-aliasing aside). An element
 * with an `id` (something may refer to it) is cut only as a layer. Everything else is left byte for byte as it was.
 *
 * Geometry is read conservatively from the markup satori writes: path data (control points and arc radii
 * included), rect/image/circle/ellipse/line/polygon attributes and `transform` lists. Content it cannot bound
 * (text, `<use>`, nested `<svg>`, an unknown transform) counts as everywhere, so its layer is kept.
 */
import { pathNumber, readPathNumber } from './path-number.js';

/** [minX, minY, maxX, maxY], or null for no content yet. */
type Box = [number, number, number, number] | null;
/** Affine matrix [a, b, c, d, e, f]. */
type Matrix = [number, number, number, number, number, number];

const EVERYWHERE: Box = [
  Number.NEGATIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.POSITIVE_INFINITY,
  Number.POSITIVE_INFINITY,
];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** Elements whose content is drawn elsewhere (by reference) or not at all: not scanned for geometry. */
const DEFINITIONS = new Set([
  'defs',
  'mask',
  'clippath',
  'pattern',
  'filter',
  'symbol',
  'lineargradient',
  'radialgradient',
  'marker',
  'style',
  'title',
  'desc',
  'metadata',
]);
/** Drawn elements whose extent this module does not compute: their layer is kept. */
const UNBOUNDED = new Set(['text', 'use', 'svg', 'foreignobject', 'switch', 'tspan', 'textpath', 'a']);
const LAYER_ATTR = /\s(?:mask|clip-path|filter|opacity)\s*=/;
// satori escapes `>` in attribute values: a tag ends at the first `>`.
const TAG = /<(\/?)([A-Za-z][\w:-]*)([^>]*?)(\/?)>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;
const ROOT_SIZE = /^\s*<svg\b[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"/;
const FILTER_REF = /\sfilter\s*=\s*"url\(#([^)"]+)\)"/;

const ATTRS = new Map<string, RegExp>();

function attr(attrs: string, name: string): string | undefined {
  let pattern = ATTRS.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRS.set(name, pattern);
  }
  const match = pattern.exec(attrs);
  return match ? (match[1] ?? match[2]) : undefined;
}

function num(attrs: string, name: string, fallback = 0): number {
  const raw = attr(attrs, name);
  if (raw === undefined) return fallback;
  const value = Number.parseFloat(raw);
  return Number.isFinite(value) ? value : Number.NaN;
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const TRANSFORM_ITEM = /\s*,?\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/gy;

/** A `transform` attribute as a matrix, or null when it cannot be read. */
export function parseTransform(raw: string): Matrix | null {
  let m: Matrix = IDENTITY;
  TRANSFORM_ITEM.lastIndex = 0;
  let end = 0;
  for (let match = TRANSFORM_ITEM.exec(raw); match; match = TRANSFORM_ITEM.exec(raw)) {
    end = TRANSFORM_ITEM.lastIndex;
    const v = (match[2] ?? '')
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (v.some((x) => !Number.isFinite(x))) return null;
    let n: Matrix;
    const rad = ((v[0] ?? 0) * Math.PI) / 180;
    switch (match[1]) {
      case 'matrix':
        if (v.length !== 6) return null;
        n = v as Matrix;
        break;
      case 'translate':
        n = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
        break;
      case 'scale':
        n = [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0];
        break;
      case 'rotate': {
        const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
        const r: Matrix = [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), 0, 0];
        n = multiply(multiply([1, 0, 0, 1, cx, cy], r), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case 'skewX':
        n = [1, 0, Math.tan(rad), 1, 0, 0];
        break;
      default:
        n = [1, Math.tan(rad), 0, 1, 0, 0];
    }
    m = multiply(m, n);
  }
  return raw.slice(end).trim() === '' ? m : null;
}

/** Box of the points (x, y) mapped through `m`, merged into `box`. */
function addPoint(box: Box, m: Matrix, x: number, y: number): Box {
  const px = m[0] * x + m[2] * y + m[4];
  const py = m[1] * x + m[3] * y + m[5];
  if (!box) return [px, py, px, py];
  return [Math.min(box[0], px), Math.min(box[1], py), Math.max(box[2], px), Math.max(box[3], py)];
}

function addRect(box: Box, m: Matrix, x: number, y: number, w: number, h: number): Box {
  if (![x, y, w, h].every(Number.isFinite)) return EVERYWHERE;
  let out = addPoint(box, m, x, y);
  out = addPoint(out, m, x + w, y);
  out = addPoint(out, m, x, y + h);
  return addPoint(out, m, x + w, y + h);
}

function union(a: Box, b: Box): Box {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
// Numbers: `[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`, read by readPathNumber (path-number.ts).

/**
 * Bounding box (control points and arc radii included, so never too small) of path data in user units; EVERYWHERE
 * for data it cannot read. A hand-written scanner: satori's glyph outlines are most of a page's SVG.
 */
export function pathBox(d: string): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const add = (px: number, py: number) => {
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  };
  let cmd = '';
  let lower = '';
  let rel = false;
  let need = 0;
  const a = [0, 0, 0, 0, 0, 0, 0];
  let n = 0;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let i = 0;
  const length = d.length;
  while (i < length) {
    const c = d.charCodeAt(i);
    // whitespace and commas
    if (c === 32 || c === 44 || c === 10 || c === 13 || c === 9) {
      i += 1;
      continue;
    }
    const isNumber = (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46;
    if (!isNumber) {
      const letter = d[i] as string;
      const count = ARGS[letter.toLowerCase()];
      if (count === undefined) return EVERYWHERE;
      i += 1;
      if (count === 0) {
        x = startX;
        y = startY;
        cmd = '';
        continue;
      }
      cmd = letter;
      lower = letter.toLowerCase();
      rel = letter !== lower.toUpperCase();
      need = count;
      n = 0;
      continue;
    }
    if (!cmd) return EVERYWHERE;
    const end = readPathNumber(d, i, true, true);
    if (end < 0) return EVERYWHERE;
    i = end;
    a[n] = pathNumber.value;
    n += 1;
    if (n < need) continue;
    n = 0;
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (lower) {
      case 'm':
      case 'l':
      case 't':
        x = ox + a[0]!;
        y = oy + a[1]!;
        add(x, y);
        if (lower === 'm') {
          startX = x;
          startY = y;
          lower = 'l';
        }
        break;
      case 'h':
        x = ox + a[0]!;
        add(x, y);
        break;
      case 'v':
        y = oy + a[0]!;
        add(x, y);
        break;
      case 'a': {
        const r = Math.max(Math.abs(a[0]!), Math.abs(a[1]!));
        add(x - r, y - r);
        add(x + r, y + r);
        x = ox + a[5]!;
        y = oy + a[6]!;
        add(x - r, y - r);
        add(x + r, y + r);
        break;
      }
      default:
        // c, s, q: control points and the end point.
        for (let k = 0; k < need; k += 2) add(ox + a[k]!, oy + a[k + 1]!);
        x = ox + a[need - 2]!;
        y = oy + a[need - 1]!;
    }
  }
  if (minX > maxX) return null;
  if (![minX, minY, maxX, maxY].every(Number.isFinite)) return EVERYWHERE;
  return [minX, minY, maxX, maxY];
}

/**
 * How far an element's stroke reaches past its geometry: its width (1 unless given), or 0 for an explicit
 * `stroke="none"`/`"transparent"`, which draws nothing. satori writes a transparent border as such a stroke, as
 * wide as the border box (4,308 px for a long element's zero-size corner): counted, its layer seemed to cover the
 * canvas, was kept, and resvg panicked on it (found by fuzzing the render).
 */
function strokeReach(attrs: string): number {
  const paint = attr(attrs, 'stroke')?.trim().toLowerCase();
  if (paint === 'none' || paint === 'transparent') return 0;
  return Math.abs(num(attrs, 'stroke-width', 1)) || 0;
}

/** Extent of one drawn element's own geometry (not its children), in the coordinates of `m`. */
function ownBox(name: string, attrs: string, m: Matrix): Box {
  switch (name) {
    case 'path': {
      const local = pathBox(attr(attrs, 'd') ?? '');
      if (!local || local === EVERYWHERE) return local;
      const stroke = strokeReach(attrs);
      return addRect(
        null,
        m,
        local[0] - stroke,
        local[1] - stroke,
        local[2] - local[0] + 2 * stroke,
        local[3] - local[1] + 2 * stroke,
      );
    }
    case 'rect':
    case 'image': {
      const stroke = strokeReach(attrs);
      return addRect(
        null,
        m,
        num(attrs, 'x') - stroke,
        num(attrs, 'y') - stroke,
        num(attrs, 'width') + 2 * stroke,
        num(attrs, 'height') + 2 * stroke,
      );
    }
    case 'circle':
    case 'ellipse': {
      const rx = name === 'circle' ? num(attrs, 'r') : num(attrs, 'rx');
      const ry = name === 'circle' ? rx : num(attrs, 'ry');
      const stroke = strokeReach(attrs);
      return addRect(
        null,
        m,
        num(attrs, 'cx') - rx - stroke,
        num(attrs, 'cy') - ry - stroke,
        2 * (rx + stroke),
        2 * (ry + stroke),
      );
    }
    case 'line': {
      const stroke = strokeReach(attrs);
      const [x1, y1, x2, y2] = [num(attrs, 'x1'), num(attrs, 'y1'), num(attrs, 'x2'), num(attrs, 'y2')];
      return addRect(
        null,
        m,
        Math.min(x1, x2) - stroke,
        Math.min(y1, y2) - stroke,
        Math.abs(x2 - x1) + 2 * stroke,
        Math.abs(y2 - y1) + 2 * stroke,
      );
    }
    case 'polygon':
    case 'polyline': {
      const points = (attr(attrs, 'points') ?? '')
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (points.some((p) => !Number.isFinite(p))) return EVERYWHERE;
      const stroke = strokeReach(attrs);
      let box: Box = null;
      for (let i = 0; i + 1 < points.length; i += 2) {
        box = addRect(box, m, points[i]! - stroke, points[i + 1]! - stroke, 2 * stroke, 2 * stroke);
      }
      return box;
    }
    default:
      return UNBOUNDED.has(name) ? EVERYWHERE : null;
  }
}

interface Frame {
  name: string;
  start: number;
  matrix: Matrix;
  box: Box;
  layer: boolean;
  /** Inside a definition (mask content, pattern tile...): not measured, never cut. */
  inert: boolean;
  /**
   * A filter or a transform this module cannot read, on this element, an ancestor or a descendant seen so far: what
   * it draws may lie elsewhere than its box says.
   */
  moved?: boolean;
  /** Inside an open layer: drawn into that layer's own pixmap. */
  inLayer?: boolean;
  /** Has an `id`: something may refer to it. */
  named?: boolean;
  /** The user-space region of its filter, mapped to the canvas: it draws nothing outside it. */
  filterRegion?: Box;
}

/**
 * Whether a `<filter>` element's region is its element's own bounding box (`x="0%" y="0%" width="100%"
 * height="100%"` in the default objectBoundingBox units: satori's shadow of a box with no blur): whatever its
 * primitives do, it draws nothing outside what its element's content covers.
 */
function boundedFilter(attrs: string): boolean {
  if ((attr(attrs, 'filterUnits') ?? 'objectBoundingBox') !== 'objectBoundingBox') return false;
  const at = (name: string, value: string) => (attr(attrs, name) ?? '').trim() === value;
  return at('x', '0%') && at('y', '0%') && at('width', '100%') && at('height', '100%');
}

/**
 * Pictor (offcanvas-filter-region): a `<filter>` element's region in user-space units (`filterUnits="userSpaceOnUse"`,
 * numbers in x/y/width/height): its element draws nothing outside it, whatever its content (satori's drop-shadow
 * filter of an empty heading has no content at all). Undefined for a region in other units or lengths.
 */
function userSpaceRegion(attrs: string): [number, number, number, number] | undefined {
  if (attr(attrs, 'filterUnits') !== 'userSpaceOnUse') return undefined;
  const values = ['x', 'y', 'width', 'height'].map((name) => {
    const raw = (attr(attrs, name) ?? '').trim();
    return /^-?[\d.]+(?:e[-+]?\d+)?$/i.test(raw) ? Number(raw) : Number.NaN;
  });
  return values.every(Number.isFinite) ? (values as [number, number, number, number]) : undefined;
}

/** Whether an element's attributes carry a filter that may draw outside its content (not one of `bounded`). */
function movingFilter(attrs: string, bounded: ReadonlySet<string>): boolean {
  if (!/\sfilter\s*=/.test(attrs)) return false;
  const ref = FILTER_REF.exec(attrs);
  return !(ref && bounded.has(ref[1] as string));
}

/** Pixels past the canvas's edge that anti-aliasing can still touch (resvg pads a layer by 2). */
const EDGE = 4;

/**
 * Remove the layers whose content lies wholly outside the canvas grown by half its size on each side, and what
 * lies wholly outside the canvas itself where no filter moves it (see the module comment). Returns the SVG unchanged (the same string) when there is none.
 */
export function dropOffCanvasLayers(svg: string): string {
  const root = ROOT_SIZE.exec(svg);
  if (!root || !LAYER_ATTR.test(svg)) return svg;
  const width = Number(root[1]);
  const height = Number(root[2]);
  const beyond = (box: Box, region: readonly number[]) =>
    box !== null &&
    (box[2] < region[0]! || box[0] > region[2]! || box[3] < region[1]! || box[1] > region[3]!);
  const visible = [-width / 2, -height / 2, width * 1.5, height * 1.5];
  const canvas = [-EDGE, -EDGE, width + EDGE, height + EDGE];
  /** Whether `frame`, just closed (its box whole), is cut. */
  const cut = (frame: Frame) => {
    if (frame.inert) return false;
    if (frame.layer && beyond(frame.box, visible)) return true;
    // resvg panics on such a layer even when it has no content (a box of null).
    if (frame.layer && frame.filterRegion && beyond(frame.filterRegion, visible)) return true;
    if (frame.moved || !(frame.layer || (frame.inLayer && !frame.named))) return false;
    return beyond(frame.box, canvas);
  };
  const cuts: Array<[number, number]> = [];
  const stack: Frame[] = [];
  // Pictor (offcanvas-bounded-filter): filters (defined before use) whose region is their element's box.
  const bounded = new Set<string>();
  const regions = new Map<string, [number, number, number, number]>();
  let layersOpen = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(svg); match; match = TAG.exec(svg)) {
    const [whole, closing, rawName, attrs = '', selfClosing] = match;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    const parent = stack[stack.length - 1];
    if (closing) {
      const frame = stack.pop();
      if (!frame) return svg;
      if (frame.layer) layersOpen -= 1;
      const end = match.index + whole.length;
      const into = stack[stack.length - 1];
      if (into && frame.moved && !into.inert) into.moved = true;
      if (cut(frame)) cuts.push([frame.start, end]);
      // A cut element still counts in its parent's box, so that a layer left empty is cut whole (the outer cut).
      if (into && !into.inert) into.box = union(into.box, frame.box);
      continue;
    }
    if (!parent) {
      // The root <svg>.
      stack.push({
        name: '#root',
        start: match.index,
        matrix: IDENTITY,
        box: null,
        layer: false,
        inert: false,
      });
      if (selfClosing) stack.pop();
      continue;
    }
    if (name === 'filter') {
      const id = attr(attrs, 'id');
      if (id && boundedFilter(attrs)) bounded.add(id);
      const region = id ? userSpaceRegion(attrs) : undefined;
      if (id && region) regions.set(id, region);
    }
    // Inside a definition, or inside content this module does not bound (a nested <svg>'s viewBox, <text>).
    const inert = parent.inert || DEFINITIONS.has(name) || UNBOUNDED.has(parent.name);
    let matrix = parent.matrix;
    const transform = inert ? undefined : attr(attrs, 'transform');
    let unknown = false;
    if (transform !== undefined) {
      const local = parseTransform(transform);
      if (local) matrix = multiply(matrix, local);
      else unknown = true;
    }
    const layer = !inert && LAYER_ATTR.test(attrs);
    // Geometry matters only inside a layer: elsewhere it is not read (most of a page).
    const measured = !inert && (layersOpen > 0 || layer);
    const own = !measured ? null : unknown ? EVERYWHERE : ownBox(name, attrs, matrix);
    const moved = !inert && (parent.moved === true || unknown || movingFilter(attrs, bounded));
    const frame: Frame = {
      name,
      start: match.index,
      matrix,
      box: own,
      layer,
      inert,
      moved,
      inLayer: layersOpen > 0,
      named: /\sid\s*=/.test(attrs),
    };
    const region = layer && !unknown ? regions.get(FILTER_REF.exec(attrs)?.[1] ?? '') : undefined;
    if (region) frame.filterRegion = addRect(null, matrix, ...region);
    if (selfClosing) {
      if (moved && !parent.inert) parent.moved = true;
      if (cut(frame)) cuts.push([frame.start, match.index + whole.length]);
      if (!parent.inert) parent.box = union(parent.box, frame.box);
    } else {
      if (layer) layersOpen += 1;
      stack.push(frame);
    }
  }
  if (cuts.length === 0) return svg;
  // Inner cuts lie inside outer ones (pushed first on close): keep the outermost of nested ranges.
  cuts.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of cuts) {
    if (start < at) continue;
    out += svg.slice(at, start);
    at = end;
  }
  return out + svg.slice(at);
}

/**
 * The extent of what the markup `svg.slice(from, to)` draws (whole elements, in the coordinates it starts in), read
 * as `dropOffCanvasLayers` reads geometry: null when it draws nothing, undefined when it has content this module
 * does not bound (text, `<use>`, a nested `<svg>`, an unknown transform) or another layer with a `filter` (whose
 * output reaches past its content), or when the markup is not whole elements.
 */
export function contentBox(
  svg: string,
  from: number,
  to: number,
): [number, number, number, number] | null | undefined {
  const stack: Frame[] = [
    { name: '#content', start: from, matrix: IDENTITY, box: null, layer: false, inert: false },
  ];
  const pattern = new RegExp(TAG.source, 'g');
  pattern.lastIndex = from;
  for (let match = pattern.exec(svg); match && match.index < to; match = pattern.exec(svg)) {
    const [, closing, rawName, attrs = '', selfClosing] = match;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    const parent = stack[stack.length - 1] as Frame;
    if (closing) {
      const frame = stack.pop();
      const into = stack[stack.length - 1];
      if (!frame || !into) return undefined;
      if (!into.inert) into.box = union(into.box, frame.box);
      continue;
    }
    const inert = parent.inert || DEFINITIONS.has(name) || UNBOUNDED.has(parent.name);
    if (!inert && /\sfilter\s*=/.test(attrs)) return undefined;
    let matrix = parent.matrix;
    const transform = inert ? undefined : attr(attrs, 'transform');
    if (transform !== undefined) {
      const local = parseTransform(transform);
      if (!local) return undefined;
      matrix = multiply(matrix, local);
    }
    const own = inert ? null : ownBox(name, attrs, matrix);
    if (own === EVERYWHERE) return undefined;
    const frame: Frame = { name, start: match.index, matrix, box: own, layer: false, inert };
    if (selfClosing) {
      if (!parent.inert) parent.box = union(parent.box, frame.box);
    } else stack.push(frame);
  }
  if (stack.length !== 1) return undefined;
  const box = (stack[0] as Frame).box;
  if (box && !box.every(Number.isFinite)) return undefined;
  return box;
}

/** A laid-out box, CSS pixels from the canvas's top left (layout/overflow.ts `LaidOutNode`). */
interface PlacedBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Whether `dropOffCanvasLayers` can find anything: some laid-out box reaches beyond the canvas, or the SVG moves
 * content by a `transform` (boxes are reported before transforms). False for the ordinary page that fits its
 * canvas, which then skips the scan.
 */
export function mayHaveOffCanvasLayers(
  svg: string,
  boxes: readonly PlacedBox[],
  width: number,
  height: number,
): boolean {
  if (svg.includes(' transform=')) return true;
  return boxes.some(
    (b) => !(b.left >= 0 && b.top >= 0 && b.left + b.width <= width && b.top + b.height <= height),
  );
}
