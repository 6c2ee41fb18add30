/**
 * Bounds on the SVG before resvg sees it. resvg (tiny-skia) panics, which aborts the whole process even in a
 * worker, or spins for minutes on absurd geometry that satori passes through from CSS: a `box-shadow` of
 * 1e9px gives a filter region of 4e17% and a blur of 5e8. Nothing outside the canvas is visible, so effects
 * larger than a few canvases are cut down to that without changing what can be seen in practice.
 */

const FILTER =
  /<filter id="([^"]+)" x="(-?[\d.e+]+)%" y="(-?[\d.e+]+)%" width="([\d.e+]+)%" height="([\d.e+]+)%"/g;
const STD_DEVIATION = /stdDeviation="([^"]+)"/g;
const STROKE_WIDTH = /stroke-width="([\d.e+]+)"/g;

/**
 * Clamp filter regions, blur radii and stroke widths to twice the larger canvas side (`2 × max(width, height)`).
 * Returns the SVG unchanged when nothing exceeds that (the common case costs a few `includes`).
 */
export function boundSvgGeometry(svg: string, width: number, height: number): string {
  const extent = 2 * Math.max(width, height, 1);
  let out = svg;
  if (out.includes('<filter ')) {
    out = out.replace(FILTER, (whole, id: string, x: string, y: string, w: string, h: string) => {
      const box = filteredBox(out, id) ?? { width, height };
      const bw = Math.max(box.width, 1);
      const bh = Math.max(box.height, 1);
      // Region in % of the element's box: at most `extent` pixels beyond each side of it.
      const nx = Math.max(Number(x), (-100 * extent) / bw);
      const ny = Math.max(Number(y), (-100 * extent) / bh);
      const nw = Math.min(Number(w), (100 * (2 * extent + bw)) / bw);
      const nh = Math.min(Number(h), (100 * (2 * extent + bh)) / bh);
      if (![nx, ny, nw, nh].every(Number.isFinite)) return whole;
      if (nx === Number(x) && ny === Number(y) && nw === Number(w) && nh === Number(h)) return whole;
      return `<filter id="${id}" x="${nx}%" y="${ny}%" width="${nw}%" height="${nh}%"`;
    });
    out = out.replace(STD_DEVIATION, (whole, value: string) => {
      const parts = value
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      if (parts.every((part) => Number.isFinite(part) && part <= extent)) return whole;
      return `stdDeviation="${parts.map((part) => (Number.isFinite(part) ? Math.min(part, extent) : 0)).join(' ')}"`;
    });
  }
  if (out.includes('stroke-width="')) {
    out = out.replace(STROKE_WIDTH, (whole, value: string) =>
      Number(value) > extent ? `stroke-width="${extent}"` : whole,
    );
  }
  return out;
}

/** Width and height of the first sized element inside the element that uses filter `id` (satori's shadow shape). */
function filteredBox(svg: string, id: string): { width: number; height: number } | undefined {
  const use = svg.indexOf(`filter="url(#${id})"`);
  if (use < 0) return undefined;
  const match = / width="([\d.e+-]+)" height="([\d.e+-]+)"/.exec(svg.slice(use, use + 4000));
  if (!match) return undefined;
  const box = { width: Number(match[1]), height: Number(match[2]) };
  return Number.isFinite(box.width) && Number.isFinite(box.height) ? box : undefined;
}
