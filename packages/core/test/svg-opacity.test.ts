/**
 * paintsOpaqueCanvas: proven from satori's SVG, never guessed. Every case is also rasterised: whenever the SVG
 * check says opaque, the pixels must be (the other way round it may say "not known").
 */
import { describe, expect, it } from 'vitest';
import { isOpaque } from '../src/encode/sharp.js';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { rasterize } from '../src/raster/resvg.js';
import { paintsOpaqueCanvas } from '../src/svg/opacity.js';
import { inlineGradientPatterns } from '../src/tuning/svg-rewrites.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';

async function svgOf(html: string, width = 240, height = 120): Promise<string> {
  const { svg } = await layoutToSvg(parseHtml(html).root, { fonts: [...getBuiltinFonts()], width, height });
  return inlineGradientPatterns(svg);
}

const card = (style: string, inner = '<span style="font-size:28px">Hello</span>') =>
  `<div style="display:flex;width:100%;height:100%;align-items:center;justify-content:center;${style}">${inner}</div>`;

const opaqueCases: Record<string, string> = {
  'hex background': card('background:#1e3a8a;color:white'),
  'short hex background': card('background-color:#fff'),
  'rgb() background': card('background-color:rgb(10, 20, 30)'),
  'linear gradient of opaque stops': card(
    'background-image:linear-gradient(135deg,#312e81,#6d28d9 55%,#db2777)',
  ),
  'opaque background under translucent content': card(
    'background:#0f172a',
    '<div style="width:80px;height:40px;border-radius:12px;background:rgba(255,255,255,0.3);opacity:0.5"></div>',
  ),
  'document with a body background': `<!doctype html><html><body style="background:#123456;margin:0"><p>Hi</p></body></html>`,
};

const unknownCases: Record<string, string> = {
  'no background': card(''),
  'translucent rgba background': card('background:rgba(0,0,0,0.5)'),
  'transparent background': card('background:transparent'),
  'rounded root (transparent corners)': card('background:#1e3a8a;border-radius:24px'),
  'root with opacity': card('background:#1e3a8a;opacity:0.9'),
  'gradient with a transparent stop': card('background-image:linear-gradient(90deg,#1e3a8a,transparent)'),
  'gradient with a translucent stop': card('background-image:linear-gradient(90deg,#1e3a8a,rgba(0,0,0,0.5))'),
  'radial gradient (tiled pattern)': card('background-image:radial-gradient(circle,#fff,#000)'),
  'background smaller than the canvas': `<div style="display:flex;width:100px;height:50px;background:#1e3a8a"></div>`,
};

describe('paintsOpaqueCanvas', () => {
  for (const [name, html] of Object.entries(opaqueCases)) {
    it(`proves opaque: ${name}`, async () => {
      const svg = await svgOf(html);
      expect(paintsOpaqueCanvas(svg)).toBe(true);
      expect(isOpaque(rasterize(svg).pixels)).toBe(true);
    });
  }

  for (const [name, html] of Object.entries(unknownCases)) {
    it(`does not claim opaque: ${name}`, async () => {
      const svg = await svgOf(html);
      expect(paintsOpaqueCanvas(svg)).toBe(false);
    });
  }

  it('never claims opaque when a pixel is not, over every case above', async () => {
    for (const html of [...Object.values(opaqueCases), ...Object.values(unknownCases)]) {
      const svg = await svgOf(html);
      if (paintsOpaqueCanvas(svg)) expect(isOpaque(rasterize(svg).pixels), html).toBe(true);
    }
  });

  it('rejects hand-made SVG that only looks like satori output', () => {
    const head = '<svg width="10" height="10" viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg">';
    const rect = (fill: string, extra = '') =>
      `<rect x="0" y="0" width="10" height="10" fill="${fill}"${extra}/>`;
    expect(paintsOpaqueCanvas(`${head}${rect('#000')}</svg>`)).toBe(true);
    expect(paintsOpaqueCanvas(`${head}${rect('#000', ' opacity="0.5"')}</svg>`)).toBe(false);
    expect(paintsOpaqueCanvas(`${head}${rect('#0008')}</svg>`)).toBe(false);
    expect(paintsOpaqueCanvas(`${head}${rect('rgba(0,0,0,0.99)')}</svg>`)).toBe(false);
    expect(paintsOpaqueCanvas(`${head}<g opacity="0.5">${rect('#000')}</g></svg>`)).toBe(false);
    expect(paintsOpaqueCanvas(`${head}<mask id="m"><mask id="n"></mask>${rect('#000')}</mask></svg>`)).toBe(
      false,
    );
    expect(
      paintsOpaqueCanvas(head.replace('viewBox="0 0 10 10"', 'viewBox="0 0 20 20"') + rect('#000')),
    ).toBe(false);
    const gradient = (stops: string) => `<defs><linearGradient id="g">${stops}</linearGradient></defs>`;
    expect(
      paintsOpaqueCanvas(`${head}${gradient('<stop offset="0" stop-color="#fff"/>')}${rect('url(#g)')}`),
    ).toBe(true);
    expect(paintsOpaqueCanvas(`${head}${gradient('')}${rect('url(#g)')}`)).toBe(false);
    expect(
      paintsOpaqueCanvas(
        `${head}${gradient('<stop offset="0" stop-color="#fff" stop-opacity="0.5"/>')}${rect('url(#g)')}`,
      ),
    ).toBe(false);
    expect(paintsOpaqueCanvas(`${head}${rect('url(#missing)')}`)).toBe(false);
  });
});
