/**
 * Glyph runs (satori patch `glyph-runs`, layout/glyph-runs.ts): satori hands text over as runs of glyphs and writes
 * tokens where the path data would be. Written out again, the SVG must be satori's own, byte for byte, and the text
 * layer must lift the same glyphs from the runs as from the path data.
 */
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { expandGlyphRuns, type GlyphRun, tenthsText } from '../src/layout/glyph-runs.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';
import { liftTextLayer } from '../src/raster/text-layer.js';

const fonts = [...getBuiltinFonts()];

/** Documents with text drawn every way satori draws it. */
const DOCUMENTS: Record<string, { html: string; width: number; height: number }> = {
  'colours, weights, sizes and spacing': {
    width: 900,
    height: 420,
    html: `<div style="display:flex;flex-direction:column;padding:12.3px 0 0 9.7px;background:#fff">
  <span style="font-size:17.3px;color:#1f2937">Quiet engines 0123456789 — ÆØÅ ßç quiet engines again</span>
  <span style="font-size:22px;font-weight:700;color:rgb(29, 78, 216);letter-spacing:0.31px">Bold and spaced out</span>
  <span style="font-size:64px;font-weight:800;color:rgba(0,0,0,0.6);letter-spacing:-1px">Big title, big title</span>
  <span style="font-size:15px;font-style:italic;font-weight:700">Slanted bold, synthetic or not</span>
  <span style="font-size:15px;font-family:monospace;font-weight:800;word-spacing:6px">mono  words   apart</span>
  <span style="font-size:15px;font-family:serif;text-decoration:underline">Serif, underlined</span>
</div>`,
  },
  'shadows, clips, gradient text, opacity, transforms': {
    width: 700,
    height: 360,
    html: `<div style="display:flex;flex-direction:column;padding:20px;background:#0f172a;color:#fff">
  <span style="font-size:20px;transform:rotate(5deg)">Turned words</span>
  <span style="font-size:20px;-webkit-text-stroke:1px #0f0">Stroked words</span>
  <span style="font-size:28px;text-shadow:2px 2px 4px #f00">Shadowed text</span>
  <span style="font-size:36px;font-weight:700;background-image:linear-gradient(90deg,#f0f,#0ff);background-clip:text;color:transparent">Gradient text</span>
  <span style="font-size:20px;opacity:0.5">Translucent words</span>
  <div style="display:flex;width:160px;height:30px;overflow:hidden;font-size:24px">Clipped by its box, far too long</div>
  <span style="font-size:20px">Plain words last</span>
</div>`,
  },
  'text cut by the canvas edges': {
    width: 300,
    height: 80,
    html: `<div style="display:flex;flex-direction:column;background:#fff">
  <span style="margin-left:-7.77px;margin-top:-6px;font-size:19.4px">Partly outside on the left and top</span>
  <span style="margin-left:200px;font-size:30px">Off the right edge</span>
</div>`,
  },
  'no text': {
    width: 120,
    height: 60,
    html: '<div style="display:flex;width:120px;height:60px;background:#abcdef;border-radius:12px"></div>',
  },
};

async function layoutBothWays(name: string) {
  const { html, width, height } = DOCUMENTS[name] as (typeof DOCUMENTS)[string];
  const plain = await layoutToSvg(parseHtml(html).root, { fonts, width, height });
  const tokens = await layoutToSvg(parseHtml(html).root, { fonts, width, height, glyphRuns: true });
  return { plain, tokens };
}

/** What the text layer lifted, comparable across two lifts. */
function liftedGlyphs(layer: NonNullable<ReturnType<typeof liftTextLayer>>['layer']) {
  return layer.runs.map((run) => ({
    colour: run.colour,
    glyphs: run.glyphs.map(({ shape, ix, iy, slot, x10, y10 }) => [shape.tail, ix, iy, slot, x10, y10]),
  }));
}

describe('glyph runs', () => {
  it('tenths are written as satori writes them', () => {
    expect([0, 5, -5, 10, -10, 123, -123, 100000, 7].map(tenthsText)).toEqual([
      '0',
      '0.5',
      '-0.5',
      '1',
      '-1',
      '12.3',
      '-12.3',
      '10000',
      '0.7',
    ]);
  });

  for (const name of Object.keys(DOCUMENTS)) {
    it(`written out, the SVG is satori's own: ${name}`, async () => {
      const { plain, tokens } = await layoutBothWays(name);
      expect(plain.runs).toEqual([]);
      if (name === 'no text') expect(tokens.runs).toEqual([]);
      else {
        expect(tokens.runs.length).toBeGreaterThan(0);
        expect(tokens.svg).toMatch(/ d="~\d+/);
        expect(tokens.svg.length).toBeLessThan(plain.svg.length);
      }
      expect(expandGlyphRuns(tokens.svg, tokens.runs)).toBe(plain.svg);
    });

    for (const scale of [1, 2]) {
      it(`the text layer lifts the same glyphs from runs as from path data, scale ${scale}: ${name}`, async () => {
        const { plain, tokens } = await layoutBothWays(name);
        const fromPathData = liftTextLayer(plain.svg, scale);
        const fromRuns = liftTextLayer(tokens.svg, scale, tokens.runs);
        if (name === 'no text') {
          expect(fromRuns).toBeUndefined();
          expect(fromPathData).toBeUndefined();
          return;
        }
        if (!fromPathData || !fromRuns) throw new Error('no text was lifted');
        expect(fromRuns.svg).toBe(fromPathData.svg);
        expect(fromRuns.svg).not.toMatch(/ d="[^"]*~\d/);
        expect(liftedGlyphs(fromRuns.layer)).toEqual(liftedGlyphs(fromPathData.layer));
      });
    }
  }

  it('a glyph left or above the canvas comes as absolute path data, and keeps its whole path with resvg', async () => {
    const { plain, tokens } = await layoutBothWays('text cut by the canvas edges');
    const absolute = tokens.runs.filter((run) => run.some((entry) => Number.isNaN(entry)));
    expect(absolute.length).toBeGreaterThan(0);
    const lifted = liftTextLayer(tokens.svg, 1, tokens.runs);
    // Its path is written out whole, with the glyph's absolute commands (`L`, `Q`), as in satori's own SVG.
    const absolutePaths = [...(lifted?.svg ?? '').matchAll(/ d="(M-[^"]*)"/g)].map((m) => m[1] as string);
    expect(absolutePaths.length).toBeGreaterThan(0);
    for (const data of absolutePaths) expect(plain.svg).toContain(data);
  });

  it('a token naming no run is an error, not a hole in the image', () => {
    const runs: GlyphRun[] = [[10, 20, 'l1 0Z']];
    expect(expandGlyphRuns('<path fill="#000" d="~0"/>', runs)).toBe('<path fill="#000" d="M1 2l1 0Z"/>');
    expect(() => expandGlyphRuns('<path fill="#000" d="~1"/>', runs)).toThrow(/~1 is not among the 1 runs/);
  });
});
