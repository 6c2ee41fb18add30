/** SVG → raw pixels: the only module that imports @resvg/resvg-js. */
import { Resvg } from '@resvg/resvg-js';

/** Raw RGBA pixels, premultiplied by alpha (as resvg produces them). */
export interface RasterImage {
  pixels: Buffer;
  width: number;
  height: number;
}

/**
 * Rasterise an SVG at its own size. System fonts are not loaded (satori already turned text into paths,
 * and loading them costs ~4 ms a render).
 */
export function rasterize(svg: string): RasterImage {
  const image = new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' }).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/** Rasterise and encode with resvg's own PNG encoder (kept for comparison; slower than sharp at a low level). */
export function rasterizeToPng(svg: string): Buffer {
  return new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' }).render().asPng();
}
