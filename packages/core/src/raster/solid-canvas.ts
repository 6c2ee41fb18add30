/**
 * A raster stage and a tuning (switch `solidCanvas`, tuning/switches.ts): when what is left for resvg after the
 * painters took their part (the text layer, the canvas gradient) is a canvas of one opaque colour — a rectangle over
 * the whole canvas in a `#hex` colour, beside nothing else that paints (unused masks, empty groups) — the raster is
 * that colour, filled here (a canvas where nothing is left to paint is transparent). resvg would parse the document, allocate and fill a pixmap and copy it out: a few
 * milliseconds of a small card's fixed cost for pixels known in advance.
 */
import type { RasterImage } from './resvg.js';

const ROOT = /^<svg\b[^>]*\swidth="(\d+)" height="(\d+)"[^>]*>/;
const VIEW_BOX = /\sviewBox="([^"]*)"/;
const UNUSED_DEFINITION = /<(mask|clipPath) id="([^"]+)">(?:(?!<\/\1>)[\s\S])*<\/\1>/g;
const EMPTY_GROUP = /<g><\/g>/g;
const CANVAS_RECT = /^<rect x="0" y="0" width="(\d+)" height="(\d+)" fill="#([\da-f]{6}|[\da-f]{3})"\/>$/i;

/**
 * The raster of `svg` at `scale` when it is one opaque colour (see above), else undefined (resvg draws it). Only a
 * whole-number scale, at which the canvas's edges are whole device pixels. `allocate` gives a buffer of a size, its
 * content undefined (raster/canvas-pool.ts keeps them between renders).
 */
export function paintSolidCanvas(
  svg: string,
  scale: number,
  allocate: (bytes: number) => Buffer = Buffer.allocUnsafeSlow,
): RasterImage | undefined {
  if (!Number.isInteger(scale) || scale < 1) return undefined;
  const root = ROOT.exec(svg);
  if (!root || !svg.endsWith('</svg>')) return undefined;
  const width = Number(root[1]);
  const height = Number(root[2]);
  // User units must be CSS pixels (satori writes `viewBox="0 0 width height"`).
  const viewBox = VIEW_BOX.exec(root[0])?.[1];
  if (viewBox !== undefined && viewBox !== `0 0 ${width} ${height}`) return undefined;
  let body = svg.slice(root[0].length, -'</svg>'.length);
  body = body.replace(UNUSED_DEFINITION, (definition, _name: string, id: string) =>
    svg.includes(`url(#${id})`) ? definition : '',
  );
  body = body.replace(EMPTY_GROUP, '');
  // Nothing left that paints: a transparent canvas.
  if (body === '')
    return {
      pixels: allocate(width * scale * height * scale * 4).fill(0),
      width: width * scale,
      height: height * scale,
    };
  const rect = CANVAS_RECT.exec(body);
  if (!rect || Number(rect[1]) !== width || Number(rect[2]) !== height) return undefined;
  const hex = rect[3] as string;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const colour = Number.parseInt(full, 16);
  const pixels = allocate(width * scale * height * scale * 4);
  // RGBA bytes, alpha 255 (premultiplied is the same when opaque), written as one 32-bit word per pixel.
  const word = new Uint8Array([colour >>> 16, (colour >>> 8) & 0xff, colour & 0xff, 0xff]);
  new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >>> 2).fill(
    new Uint32Array(word.buffer)[0] as number,
  );
  return { pixels, width: width * scale, height: height * scale };
}
