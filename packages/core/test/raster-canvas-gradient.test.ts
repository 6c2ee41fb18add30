/**
 * raster/canvas-gradient.ts: a canvas-filling linear gradient painted under resvg's raster must give the picture
 * resvg gives when it draws the gradient itself (within a level or two of rounding per channel), and everything it
 * does not paint exactly must be left to resvg.
 */
import { describe, expect, it } from 'vitest';
import { isOpaque } from '../src/encode/sharp.js';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';
import { rasterize } from '../src/raster/resvg.js';
import { liftCanvasGradient, paintCanvasGradient } from '../src/raster/canvas-gradient.js';
import { dropRedundantImageMasks, inlineGradientPatterns } from '../src/tuning/svg-rewrites.js';
import { avatarDataUri, referenceCardHtml } from './helpers/cards.js';

async function svgOf(html: string, width = 300, height = 160): Promise<string> {
  const { svg } = await layoutToSvg(parseHtml(html).root, { fonts: [...getBuiltinFonts()], width, height });
  return dropRedundantImageMasks(inlineGradientPatterns(svg));
}

const card = (background: string, inner = '<span style="font-size:40px;font-weight:700">Hello</span>') =>
  `<div style="display:flex;width:100%;height:100%;align-items:center;justify-content:center;color:white;${background}">${inner}</div>`;

/** Largest difference of any channel of any pixel, and how many channels differ by more than `over`. */
function difference(a: Buffer, b: Buffer, over = 2): { max: number; count: number } {
  expect(a.length).toBe(b.length);
  let max = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs((a[i] as number) - (b[i] as number));
    if (d > max) max = d;
    if (d > over) count++;
  }
  return { max, count };
}

/** resvg drawing everything against resvg drawing all but the gradient, painted under it here. */
function bothWays(svg: string, scale = 1) {
  const lifted = liftCanvasGradient(svg, scale);
  expect(lifted, 'the gradient is lifted').toBeDefined();
  if (!lifted) throw new Error('not lifted');
  const whole = rasterize(svg, scale);
  const split = rasterize(lifted.svg, scale);
  paintCanvasGradient(split, lifted.gradient);
  expect([split.width, split.height]).toEqual([whole.width, whole.height]);
  return { whole, split };
}

/** Smooth gradients: every pixel within rounding of resvg's. */
const liftedCases: Record<string, string> = {
  '135° three stops (the reference card)': card(
    'background-image:linear-gradient(135deg,#312e81 0%,#6d28d9 55%,#db2777 100%)',
  ),
  'to right, two stops': card('background-image:linear-gradient(to right,#0ea5e9,#22c55e)'),
  'to bottom, rgb() and percent stops': card(
    'background-image:linear-gradient(to bottom,rgb(15, 23, 42) 10%,rgb(30, 64, 175) 60%,rgb(56, 189, 248))',
  ),
  'translucent content over the gradient': card(
    'background-image:linear-gradient(45deg,#f97316,#7c3aed)',
    '<div style="display:flex;width:160px;height:80px;border-radius:20px;background:rgba(255,255,255,0.35);opacity:0.7;border:4px solid rgba(0,0,0,0.4)"></div>',
  ),
};

/**
 * Hard stops (two stops at one offset; a stop before the one above it is moved up to it): a pixel whose centre
 * lies within 1/16 px of the edge may take the colour of the other side, so at most one pixel in a few rows does.
 */
const hardStopCases: Record<string, string> = {
  '17° with stops out of order': card('background-image:linear-gradient(17deg,#111 40%,#f0f 20%,#0ff 90%)'),
  'stripes at 60°': card('background-image:linear-gradient(60deg,#000 25%,#fff 25%,#fff 50%,#e11d48 50%)'),
};

/** Pixels (not channels) with any channel more than 3 levels from resvg's. */
function pixelsOff(a: Buffer, b: Buffer): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs((a[i + c] as number) - (b[i + c] as number)) > 3) {
        count++;
        break;
      }
    }
  }
  return count;
}

describe('a canvas-filling linear gradient painted under the raster', () => {
  for (const [name, html] of Object.entries(liftedCases)) {
    it(`gives resvg's pixels: ${name}`, async () => {
      const { whole, split } = bothWays(await svgOf(html));
      const { max, count } = difference(whole.pixels, split.pixels);
      expect(max).toBeLessThanOrEqual(3);
      expect(count).toBeLessThan(whole.pixels.length / 1000);
      expect(isOpaque(split.pixels)).toBe(true);
    });
  }

  for (const [name, html] of Object.entries(hardStopCases)) {
    it(`puts a hard stop where resvg puts it: ${name}`, async () => {
      const { whole, split } = bothWays(await svgOf(html));
      // 160 rows: the edges cross each row once or twice.
      expect(pixelsOff(whole.pixels, split.pixels)).toBeLessThan(40);
    });
  }

  it("gives resvg's pixels at device scale 2 and 3", async () => {
    const svg = await svgOf(liftedCases['135° three stops (the reference card)'] as string);
    for (const scale of [2, 3]) {
      const { whole, split } = bothWays(svg, scale);
      expect(split.width).toBe(300 * scale);
      expect(difference(whole.pixels, split.pixels).max).toBeLessThanOrEqual(3);
    }
  });

  it("gives resvg's pixels on the reference card, avatar and text included", async () => {
    const svg = await svgOf(referenceCardHtml(await avatarDataUri()), 1200, 630);
    const { whole, split } = bothWays(svg);
    const { max, count } = difference(whole.pixels, split.pixels);
    expect(max).toBeLessThanOrEqual(3);
    expect(count).toBeLessThan(whole.pixels.length / 1000);
  });

  it('draws a hard stop where resvg draws it', async () => {
    const svg = await svgOf(
      card('background-image:linear-gradient(to right,#000 50%,#fff 50%)', ''),
      301,
      40,
    );
    const { whole, split } = bothWays(svg);
    expect(difference(whole.pixels, split.pixels, 3).count).toBe(0);
  });
});

describe('what it leaves to resvg', () => {
  const leftAlone: Record<string, string> = {
    'a solid background': card('background:#1e3a8a'),
    'a transparent stop': card('background-image:linear-gradient(90deg,#1e3a8a,transparent)'),
    'a translucent stop': card('background-image:linear-gradient(90deg,#1e3a8a,rgba(0,0,0,0.5))'),
    'a named colour': card('background-image:linear-gradient(90deg,red,blue)'),
    'a radial gradient': card('background-image:radial-gradient(circle,#fff,#000)'),
    'a rounded root': card('background-image:linear-gradient(90deg,#111,#eee);border-radius:24px'),
    'a gradient smaller than the canvas': `<div style="display:flex;width:100px;height:50px;background-image:linear-gradient(90deg,#111,#eee)"></div>`,
    'a blend mode above it': card(
      'background-image:linear-gradient(90deg,#111,#eee)',
      '<div style="display:flex;width:80px;height:80px;background:#f00;mix-blend-mode:multiply"></div>',
    ),
  };
  for (const [name, html] of Object.entries(leftAlone)) {
    it(name, async () => {
      expect(liftCanvasGradient(await svgOf(html))).toBeUndefined();
    });
  }

  it('a scale that does not map the canvas onto whole pixels', async () => {
    const svg = await svgOf(liftedCases['to right, two stops'] as string, 301, 161);
    expect(liftCanvasGradient(svg, 1)).toBeDefined();
    expect(liftCanvasGradient(svg, 1.5)).toBeUndefined();
  });

  it('hand-made SVG with attributes satori does not write', () => {
    const head = '<svg width="10" height="10" viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg">';
    const svg = (gradient: string) =>
      `${head}<defs>${gradient}</defs><rect x="0" y="0" width="10" height="10" fill="url(#g)"/></svg>`;
    const stops = '<stop offset="0%" stop-color="#000"/><stop offset="100%" stop-color="#fff"/>';
    expect(
      liftCanvasGradient(svg(`<linearGradient id="g" x1="0" y1="0" x2="1" y2="0">${stops}</linearGradient>`)),
    ).toBeDefined();
    for (const attribute of [
      'gradientTransform="rotate(45)"',
      'gradientUnits="userSpaceOnUse"',
      'spreadMethod="repeat"',
      'x1="10%"',
    ]) {
      const gradient = `<linearGradient id="g" ${attribute}>${stops}</linearGradient>`;
      expect(liftCanvasGradient(svg(gradient)), attribute).toBeUndefined();
    }
    const zeroLength = `<linearGradient id="g" x1="0.5" y1="0.5" x2="0.5" y2="0.5">${stops}</linearGradient>`;
    expect(liftCanvasGradient(svg(zeroLength))).toBeUndefined();
  });
});
