/**
 * The SVG rewrites of tuning/svg-rewrites.ts match satori's output by its exact text. These tests render the cards
 * the rewrites were measured on through satori and fail when satori's SVG no longer has the shape a rewrite looks
 * for (an upgrade that reorders attributes, renames ids or draws gradients or image clips another way): the rewrite
 * would then silently stop applying, and its speed-up with it.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';
import { rasterize } from '../src/raster/resvg.js';
import {
  dropRedundantImageMasks,
  inlineGradientPatterns,
  trimBorderStrokes,
} from '../src/tuning/svg-rewrites.js';
import { avatarDataUri, referenceCardHtml } from './helpers/cards.js';

async function svgOf(html: string, width: number, height: number): Promise<string> {
  return (await layoutToSvg(parseHtml(html).root, { fonts: [...getBuiltinFonts()], width, height })).svg;
}

/** A 640×480 photo-like JPEG as a data: URI (the image-heavy card of benchmarks/render/fresh-cards.mjs). */
async function photoUri(): Promise<string> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + (i >> 7) * 11) % 251;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

describe("satori's SVG still has the shapes the rewrites rely on", () => {
  it('the reference card: its background gradient is a single-tile <pattern> that inlineGradientPatterns inlines', async () => {
    const svg = await svgOf(referenceCardHtml(await avatarDataUri()), 1200, 630);
    // satori's shape: <pattern id="satori_pattern_…" x="0" y="0" width="1" height="1"
    // patternUnits="objectBoundingBox"><linearGradient …>…</linearGradient><rect … fill="url(#…)"/></pattern>
    expect(svg).toMatch(
      /<pattern id="satori_pattern_[\w-]+" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox"><linearGradient /,
    );
    const rewritten = inlineGradientPatterns(svg);
    expect(rewritten).not.toContain('<pattern ');
    expect(rewritten).toMatch(/<rect [^>]*fill="url\(#satori_[\w-]+\)"/);
  });

  it('the image-heavy card: each rounded object-fit: cover photo is clipped and masked, and dropRedundantImageMasks drops every mask', async () => {
    const uri = await photoUri();
    const photo = `<img src="${uri}" width="532" height="420" style="width:532px;height:420px;object-fit:cover;border-radius:16px" />`;
    const html = `<div style="display:flex;flex-wrap:wrap;gap:16px;box-sizing:border-box;width:1080px;height:1080px;padding:0;background-color:#0f172a">${photo.repeat(4)}</div>`;
    const svg = await svgOf(html, 1080, 1080);
    // satori's shape: <image … clip-path="url(#…)" mask="url(#…)"/>, a one-path <clipPath> and a one-rect <mask>.
    expect(svg.match(/<image [^>]*? clip-path="url\(#[\w-]+\)" mask="url\(#[\w-]+\)"\/>/g)).toHaveLength(4);
    expect(svg).toMatch(/<clipPath id="[\w-]+"><path (?:[\w-]+="[^"]*" )*d="[^"]*"\/><\/clipPath>/);
    expect(svg).toMatch(
      /<mask id="[\w-]+"><rect x="-?\d+" y="-?\d+" width="\d+" height="\d+" fill="#fff"\/><\/mask>/,
    );
    const rewritten = dropRedundantImageMasks(svg);
    expect(rewritten.match(/<image [^>]* mask="/g)).toBeNull();
    expect(rasterize(rewritten).pixels.equals(rasterize(svg).pixels)).toBe(true);
  });

  it("a CSS triangle: each side a stroke along the box's outer edge, clipped to its box, that trimBorderStrokes trims", async () => {
    const html =
      '<div style="display:flex;width:100%;height:100%;background:#fff"><div style="width:0;height:0;border-left:300px solid transparent;border-right:300px solid transparent;border-bottom:200px solid #1fc2de"></div></div>';
    const svg = await svgOf(html, 600, 315);
    // satori's shape: <clipPath id="satori_bc-…"><rect …/></clipPath> and <path width="…" height="…"
    // clip-path="url(#satori_bc-…)" fill="none" stroke="…" stroke-width="…" d="M…,… A0,0 0 0 1 …,… h… a0,0 0 0 1 0,0"/>
    expect(svg).toMatch(
      /<clipPath id="satori_bc-[\w-]+"><rect x="-?[\d.]+" y="-?[\d.]+" width="[\d.]+" height="[\d.]+"\/><\/clipPath>/,
    );
    expect(svg).toMatch(
      /<path width="[\d.]+" height="[\d.]+" clip-path="url\(#satori_bc-[\w-]+\)" fill="none" stroke="#1fc2de" stroke-width="600" d="M-?[\d.]+,-?[\d.]+ A0,0 0 0 1 -?[\d.]+,-?[\d.]+ h-?[\d.]+ a0,0 0 0 1 0,0"\/>/,
    );
    const rewritten = trimBorderStrokes(svg);
    expect(rewritten).not.toContain('stroke="transparent"');
    expect(rewritten).toContain('stroke="#1fc2de" stroke-width="204"');
    expect(rasterize(rewritten).pixels.equals(rasterize(svg).pixels)).toBe(true);
  });
});
