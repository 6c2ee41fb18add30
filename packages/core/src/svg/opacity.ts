/**
 * Knowing from satori's SVG that every pixel will be opaque, so the encoder can drop the alpha channel without
 * scanning the 3 MB raster for it (about 1 ms a render on a 1200×630 card).
 *
 * Source-over painting never lowers a pixel's alpha, so when the first thing painted is an opaque rect covering
 * the whole canvas, the finished image is opaque whatever comes after it. The check is deliberately narrow: only
 * satori's own shape for a root background — `<rect x="0" y="0" width="W" height="H" fill="…"/>` straight under
 * `<svg>`, after nothing but non-painting definitions — with a hex or `rgb()` colour, or a gradient whose stops
 * are all such colours. Anything else answers false, and the encoder scans the pixels as before.
 */

const ROOT =
  /^<svg width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)" xmlns="http:\/\/www\.w3\.org\/2000\/svg">/;
/** Elements that paint nothing where they stand. */
const DEFINITIONS = ['mask', 'defs', 'clipPath', 'linearGradient', 'radialGradient', 'pattern', 'filter'];
const OPAQUE_COLOUR =
  /^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgb\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*\)|rgba\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*1(?:\.0*)?\s*\))$/;
const STOP = /<stop\b[^>]*>/g;

/** The first thing an SVG paints when it is a rect covering its whole canvas: where it stands, and its fill. */
export interface CanvasRect {
  /** Offset of `<rect` in the SVG. */
  start: number;
  /** Offset just after its `/>`. */
  end: number;
  /** The `fill` attribute as written. */
  fill: string;
  width: number;
  height: number;
}

/**
 * Find satori's root background rect: `<rect x="0" y="0" width="W" height="H" fill="…"/>` (no other attribute)
 * straight under `<svg width="W" height="H">`, after nothing but non-painting definitions.
 */
export function findCanvasRect(svg: string): CanvasRect | undefined {
  const root = ROOT.exec(svg);
  if (!root || root[1] !== root[3] || root[2] !== root[4]) return undefined;
  let at = root[0].length;
  for (;;) {
    const name = DEFINITIONS.find(
      (tag) => svg.startsWith(`<${tag}`, at) && /[\s>]/.test(svg[at + tag.length + 1] ?? ''),
    );
    if (!name) break;
    const close = svg.indexOf(`</${name}>`, at);
    // A nested element of the same name would make the first closing tag the inner one: give up.
    const nested = svg.indexOf(`<${name}`, at + 1);
    if (close < 0 || (nested >= 0 && nested < close)) return undefined;
    at = close + name.length + 3;
  }
  const rect = `<rect x="0" y="0" width="${root[1]}" height="${root[2]}" fill="`;
  if (!svg.startsWith(rect, at)) return undefined;
  const fillEnd = svg.indexOf('"', at + rect.length);
  if (fillEnd < 0 || !svg.startsWith('"/>', fillEnd)) return undefined;
  return {
    start: at,
    end: fillEnd + 3,
    fill: svg.slice(at + rect.length, fillEnd),
    width: Number(root[1]),
    height: Number(root[2]),
  };
}

/** True only when the SVG provably rasterises to fully opaque pixels (false means "not known"). */
export function paintsOpaqueCanvas(svg: string): boolean {
  const rect = findCanvasRect(svg);
  return rect !== undefined && isOpaqueFill(svg, rect.fill);
}

/** True for a colour this module can prove opaque: `#rgb`, `#rrggbb`, `rgb()`, or `rgba()` with alpha 1. */
export function isOpaqueColour(colour: string): boolean {
  return OPAQUE_COLOUR.test(colour);
}

/**
 * The stops (`<stop …>` tags) of the gradient a fill refers to, with the gradient's own tag, or undefined when the
 * fill is no reference to a gradient of this SVG whose stops are all written here (no `href`).
 */
export function gradientOf(
  svg: string,
  fill: string,
): { kind: 'linearGradient' | 'radialGradient'; head: string; stops: string[] } | undefined {
  const reference = /^url\(#([\w-]+)\)$/.exec(fill);
  if (!reference) return undefined;
  const id = reference[1] as string;
  for (const kind of ['linearGradient', 'radialGradient'] as const) {
    const start = svg.indexOf(`<${kind} id="${id}"`);
    if (start < 0) continue;
    const end = svg.indexOf(`</${kind}>`, start);
    const head = svg.slice(start, svg.indexOf('>', start) + 1);
    // An href would pull stops from elsewhere; a self-closing gradient has no stops (paints nothing).
    if (end < 0 || head.includes('href') || head.endsWith('/>')) return undefined;
    return { kind, head, stops: svg.slice(start, end).match(STOP) ?? [] };
  }
  return undefined;
}

function isOpaqueFill(svg: string, fill: string): boolean {
  if (isOpaqueColour(fill)) return true;
  const gradient = gradientOf(svg, fill);
  return gradient !== undefined && gradient.stops.length > 0 && gradient.stops.every(isOpaqueStop);
}

/** A stop with an opaque colour and no opacity of its own. */
export function isOpaqueStop(stop: string): boolean {
  if (/\bstop-opacity=|\bstyle=|\bopacity=/.test(stop)) return false;
  const colour = /\bstop-color="([^"]*)"/.exec(stop);
  return colour !== null && isOpaqueColour(colour[1] as string);
}
