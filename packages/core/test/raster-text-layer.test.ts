/**
 * raster/text-layer.ts: the text drawn last, painted over resvg's raster from glyph masks, must give the picture resvg
 * gives when it fills the outlines itself — the same pixels but where two glyphs share one (resvg fills their union,
 * the masks are blended one after the other, as browsers blend glyphs) — and everything it cannot paint exactly
 * must be left to resvg.
 */
import { describe, expect, it } from 'vitest';
import { getBuiltinFonts } from '../src/fonts/builtin.js';
import { parseHtml } from '../src/html/parse.js';
import { layoutToSvg } from '../src/layout/layout-to-svg.js';
import { rasterize } from '../src/raster/resvg.js';
import { liftCanvasGradient, paintCanvasGradient } from '../src/raster/canvas-gradient.js';
import { dropRedundantImageMasks, inlineGradientPatterns } from '../src/tuning/svg-rewrites.js';
import { liftTextLayer, paintTextLayer } from '../src/raster/text-layer.js';
import { avatarDataUri, referenceCardHtml } from './helpers/cards.js';
import { pixelDifference } from './helpers/image-compare.js';

async function svgOf(html: string, width = 400, height = 200): Promise<string> {
  const { svg } = await layoutToSvg(parseHtml(html).root, { fonts: [...getBuiltinFonts()], width, height });
  return dropRedundantImageMasks(inlineGradientPatterns(svg));
}

/** resvg drawing everything against resvg drawing all but the lifted text, painted over it here. */
function bothWays(svg: string, scale = 1) {
  const gradient = liftCanvasGradient(svg, scale);
  const base = gradient?.svg ?? svg;
  const lifted = liftTextLayer(base, scale);
  expect(lifted, 'the text is lifted').toBeDefined();
  if (!lifted) throw new Error('not lifted');
  const whole = rasterize(svg, scale);
  const split = rasterize(lifted.svg, scale);
  if (gradient) paintCanvasGradient(split, gradient.gradient);
  paintTextLayer(split, lifted.layer);
  expect([split.width, split.height]).toEqual([whole.width, whole.height]);
  return { whole, split, lifted };
}

const page = (style: string, inner: string) =>
  `<div style="display:flex;flex-direction:column;box-sizing:border-box;width:100%;height:100%;padding:16px;${style}">${inner}</div>`;

/** Pixels allowed to differ by more than 2 levels: where two glyphs share a pixel (a few per page). */
const SHARED_PIXELS = 4;

describe('text painted from glyph masks', () => {
  /** `partly`: some text stays with resvg (glyphs the canvas edge cuts). */
  const cases: Record<
    string,
    { html: string; width?: number; height?: number; scale?: number; partly?: boolean }
  > = {
    'dark text on white, two weights': {
      html: page(
        'background:#fff;color:#111827;font-size:22px',
        '<div>The quick brown fox jumps over the lazy dog, 0123456789.</div><div style="font-weight:700">Bold: Hamburgefonstiv</div>',
      ),
    },
    'white and fill-opacity text on a gradient (the reference card)': {
      html: '',
      width: 1200,
      height: 630,
    },
    'rgb() and #rgb colours, italic': {
      html: page(
        'background:#0f172a;font-size:26px',
        '<div style="color:rgb(56, 189, 248)">rgb() colour</div><div style="color:#fc0;font-style:italic">short hex, italic</div>',
      ),
    },
    'on a transparent canvas': {
      html: '<div style="display:flex;width:100%;height:100%;font-size:40px;color:#db2777">Transparent</div>',
    },
    'the same words again, moved by fractions of a pixel (masks from the cache)': {
      html: page(
        'background:#fff;color:#111827;font-size:22px;padding:16.3px 16.7px',
        '<div>The quick brown fox jumps over the lazy dog, 0123456789.</div><div style="font-weight:700;margin-left:0.5px">Bold: Hamburgefonstiv</div>',
      ),
    },
    'text running off the right edge': {
      html: page(
        'background:#ecfeff;color:#164e63;font-size:64px;padding:100px 0 0 300px',
        '<div style="white-space:nowrap">Overflowing</div>',
      ),
      partly: true,
    },
    'scale 2': {
      html: page('background:#fff;color:#1f2937;font-size:20px', '<div>Sharp on high-density screens</div>'),
      scale: 2,
    },
    'scale 3, rgba()': {
      html: page(
        'background:#fef3c7;color:rgba(0,0,0,0.7);font-size:18px',
        '<div>Three device pixels per CSS pixel</div>',
      ),
      scale: 3,
    },
    'a glyph larger than an atlas (an atlas of its own)': {
      html: page('background:#fff;color:#7c3aed;font-size:560px;padding:0', '<div>W</div>'),
      width: 600,
      height: 700,
      scale: 4,
    },
  };
  for (const [name, { html, width, height, scale, partly }] of Object.entries(cases)) {
    it(`${name}: the picture resvg draws`, async () => {
      const source = html || referenceCardHtml(await avatarDataUri());
      const svg = await svgOf(source, width, height);
      const { whole, split, lifted } = bothWays(svg, scale);
      const textLeft = /<path fill="[^"]+"(?: fill-opacity="[^"]*")? d="M/.test(lifted.svg);
      expect(textLeft, 'text left to resvg').toBe(partly === true);
      const diff = pixelDifference(whole.pixels, split.pixels);
      expect(diff.pixels, `${diff.pixels} pixels differ by more than 2 levels`).toBeLessThanOrEqual(
        SHARED_PIXELS,
      );
      expect(diff.max).toBeLessThanOrEqual(32);
    });
  }
  it('a glyph is the same wherever it stands on the pixel grid', async () => {
    // One mask per sub-pixel offset: "o" at whole pixels and at tenths apart.
    const positions = [0, 0.1, 0.5, 0.9, 1, 7.3, 23.6].map(
      (x, i) =>
        `<div style="position:absolute;left:${10 + x + i * 20}px;top:${10 + x}px;font-size:17px">o</div>`,
    );
    const svg = await svgOf(
      `<div style="display:flex;width:100%;height:100%;background:#fff">${positions.join('')}</div>`,
      200,
      60,
    );
    const { whole, split } = bothWays(svg);
    expect(pixelDifference(whole.pixels, split.pixels, 1).pixels).toBe(0);
  });
  it('a mask drawn black on nothing breaks the picture when the blend is wrong', async () => {
    // The test can fail: paint the layer twice and the antialiased edges darken.
    const svg = await svgOf(page('background:#fff;color:#111827;font-size:22px', '<div>Twice</div>'));
    const lifted = liftTextLayer(svg) as NonNullable<ReturnType<typeof liftTextLayer>>;
    const whole = rasterize(svg);
    const split = rasterize(lifted.svg);
    paintTextLayer(split, lifted.layer);
    paintTextLayer(split, lifted.layer);
    expect(pixelDifference(whole.pixels, split.pixels).pixels).toBeGreaterThan(20);
  });
});

describe('the SVG around lifted text', () => {
  const glyph = (x: number) => `<path fill="#111827" d="M${x} 30l8 0l0 -12l-8 0Z"/>`;
  const svgWith = (body: string) =>
    `<svg width="100" height="50" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="100" height="50" fill="#fff"/>${body}</svg>`;

  it('an empty group (`<g/>`, which satori writes after underlines) opens nothing and paints nothing', () => {
    const svg = svgWith(`<g>${glyph(10)}</g><g/><g>${glyph(40)}</g><g/>`);
    const lifted = liftTextLayer(svg);
    expect(lifted?.layer.runs.map((run) => run.glyphs.length)).toEqual([1, 1]);
    expect(lifted?.svg).toBe(svgWith('<g></g><g/><g></g><g/>'));
    const whole = rasterize(svg);
    const split = rasterize(lifted?.svg as string);
    paintTextLayer(split, lifted?.layer as NonNullable<typeof lifted>['layer']);
    expect(pixelDifference(whole.pixels, split.pixels).pixels).toBe(0);
  });

  it('a glyph wholly off the canvas is left out, one that touches its last row of pixels is not', () => {
    const below = '<path fill="#111827" d="M10 70l8 0l0 -12l-8 0Z"/>';
    const touching = '<path fill="#111827" d="M30 62l8 0l0 -12.5l-8 0Z"/>';
    const svg = svgWith(`<g>${glyph(10)}</g><g>${below}</g><g>${touching}</g>`);
    const lifted = liftTextLayer(svg);
    // The glyph from y 49.5 is drawn by resvg (it is cut by the canvas's edge); the one from y 58 is gone.
    expect(lifted?.layer.runs.map((run) => run.glyphs.length)).toEqual([1]);
    expect(lifted?.svg).toBe(svgWith(`<g></g><g></g><g>${touching}</g>`));
    // Nothing but text off the canvas: what is left is the canvas's colour alone.
    expect(liftTextLayer(svgWith(`<g>${below}</g>`))?.svg).toBe(svgWith('<g></g>'));
    const whole = rasterize(svg);
    const split = rasterize(lifted?.svg as string);
    paintTextLayer(split, lifted?.layer as NonNullable<typeof lifted>['layer']);
    expect(pixelDifference(whole.pixels, split.pixels).pixels).toBe(0);
  });

  it('a group with attributes around text keeps it with resvg, and what is drawn after text keeps what it covers', () => {
    expect(liftTextLayer(svgWith(`<g opacity="0.5">${glyph(10)}</g>`))).toBeUndefined();
    // Text in a clip, mask or opacity group paints within its glyphs' boxes: text before it and clear of it is lifted.
    const restricted = liftTextLayer(
      svgWith(`${glyph(10)}<g mask="url(#m)" clip-path="url(#c)"><g opacity="0.5">${glyph(40)}</g></g>`),
    );
    expect(restricted?.layer.runs.map((run) => run.glyphs.length)).toEqual([1]);
    expect(restricted?.svg).toContain(`<g opacity="0.5">${glyph(40)}</g>`);
    expect(liftTextLayer(svgWith(`${glyph(10)}<g opacity="0.5">${glyph(14)}</g>`))).toBeUndefined();
    // In a rectangular clip (satori's overflow: hidden), a glyph is lifted in pixels the clip leaves whole.
    const big = '<path fill="#111827" d="M10 30l14 0l0 -14l-14 0Z"/>';
    const clipped = (
      x: string,
      mask = '<rect x="0" y="0" width="100" height="50" fill="#fff"/>',
      text = big,
    ) =>
      svgWith(
        `<clipPath id="c"><rect x="${x}" y="0" width="40" height="50"/></clipPath><mask id="m">${mask}</mask><g mask="url(#m)" clip-path="url(#c)">${text}</g>`,
      );
    expect(liftTextLayer(clipped('9.5'))?.layer.runs).toHaveLength(1);
    // Its edge antialiased across the glyph's first column of pixels, or a mask that is not one white rectangle.
    expect(liftTextLayer(clipped('10.5'))).toBeUndefined();
    expect(
      liftTextLayer(clipped('9.5', '<rect x="0" y="0" width="100" height="50" fill="#888"/>')),
    ).toBeUndefined();
    expect(
      liftTextLayer(clipped('9.5', '<rect x="0" y="0" width="100" height="50" rx="4" fill="#fff"/>')),
    ).toBeUndefined();
    // Text under 12 px wide or high: the mask's region (10% around the group) may not clear its pixels.
    expect(liftTextLayer(clipped('9.5', undefined, glyph(10)))).toBeUndefined();
    // A glyph left to resvg after another, in the same column of pixels though their outlines do not meet (one ends
    // at 18.4, the other starts at 18.6): the first stays too, or the two would be composited in the other order.
    const sharing = svgWith(
      '<path fill="#111827" d="M10 30l8.4 0l0 -12l-8.4 0Z"/><path fill="rebeccapurple" d="M18.6 30l8 0l0 -12l-8 0Z"/>',
    );
    expect(liftTextLayer(sharing)).toBeUndefined();
    expect(
      liftTextLayer(
        svgWith(
          '<path fill="#111827" d="M10 30l8 0l0 -12l-8 0Z"/><path fill="rebeccapurple" d="M18.6 30l8 0l0 -12l-8 0Z"/>',
        ),
      )?.layer.runs,
    ).toHaveLength(1);
    // A filter or transform around later text, or attributes not read: it may paint anywhere.
    for (const group of ['<g transform="translate(1 0)">', '<g filter="url(#f)">', '<g opacity="0.5" data>'])
      expect(liftTextLayer(svgWith(`${glyph(10)}${group}${glyph(40)}</g>`)), group).toBeUndefined();
    const red = (x: number) => `<rect x="${x}" y="10" width="10" height="10" fill="red"/>`;
    // Over the glyph (18–30 down, 10–18 across), within a pixel of it, or clear of it.
    expect(liftTextLayer(svgWith(`${glyph(10)}${red(12)}`))).toBeUndefined();
    expect(liftTextLayer(svgWith(`${glyph(10)}${red(18.5)}`))).toBeUndefined();
    expect(liftTextLayer(svgWith(`${glyph(10)}${red(60)}`))?.layer.runs[0]?.glyphs).toHaveLength(1);
    // Two glyphs of one path: the covered one stays in the path, the other is lifted.
    const lifted = liftTextLayer(
      svgWith(`<path fill="#111827" d="M10 30l8 0l0 -12l-8 0ZM40 30l8 0l0 -12l-8 0Z"/>${red(12)}`),
    );
    expect(lifted?.layer.runs[0]?.glyphs).toHaveLength(1);
    expect(lifted?.svg).toContain('<path fill="#111827" d="M10 30l8 0l0 -12l-8 0Z"/>');
  });

  it('an element whose extent its attributes do not give keeps all text before it', () => {
    for (const later of [
      '<rect x="60" y="0" width="10" height="10" transform="rotate(45)"/>',
      '<rect x="60" y="0" width="10" height="10" filter="url(#f)"/>',
      // Arc flags written without separators: data it does not read.
      '<path fill="red" d="M60 0a5 5 0 0110 0"/>',
      '<circle cx="80" cy="10" r="5"/>',
      // A length with a unit is not read as a number.
      '<rect x="60" y="0" width="10" height="10" stroke="red" stroke-width="2px"/>',
      '</clipPath>',
    ])
      expect(liftTextLayer(svgWith(`${glyph(10)}${later}`)), later).toBeUndefined();
    // A border (arcs, relative and absolute, a stroke) gives its extent from its data.
    const border = (x: number) =>
      `<path width="20" height="20" fill="none" stroke="red" stroke-width="2" d="M${x},10 h10 a5,5 0 0 1 5,5 v5 A5,5 0 0 1 ${x + 10},25 h-10 Z"/>`;
    expect(liftTextLayer(svgWith(`${glyph(10)}${border(70)}`))?.layer.runs).toHaveLength(1);
    expect(liftTextLayer(svgWith(`${glyph(10)}${border(19)}`))).toBeUndefined();
    // A filtered group paints within its filter's region around its content (SVG's default: 10% around it).
    const shadow = (x: number, region = 'x="-10%" y="-10%" width="120%" height="120%"') =>
      `<defs><filter id="s" ${region}><feGaussianBlur stdDeviation="2"/></filter></defs><g filter="url(#s)"><rect x="${x}" y="10" width="20" height="20" fill="#000"/></g>`;
    expect(liftTextLayer(svgWith(`${glyph(10)}${shadow(60)}`))?.layer.runs).toHaveLength(1);
    // Content 2 px right of the glyph (which ends at 18): the rect alone would be clear, the region reaches it.
    expect(liftTextLayer(svgWith(`${glyph(10)}${shadow(20)}`))).toBeUndefined();
    expect(liftTextLayer(svgWith(`${glyph(10)}${shadow(60, '')}`))?.layer.runs).toHaveLength(1);
    expect(liftTextLayer(svgWith(`${glyph(10)}${shadow(30, 'x="-100%" width="300%"')}`))).toBeUndefined();
    expect(
      liftTextLayer(
        svgWith(
          `${glyph(10)}${shadow(60, 'filterUnits="userSpaceOnUse" x="0" y="0" width="30" height="50"')}`,
        ),
      ),
    ).toBeUndefined();
    expect(
      liftTextLayer(
        svgWith(
          `${glyph(10)}${shadow(60, 'filterUnits="userSpaceOnUse" x="50" y="0" width="50" height="50"')}`,
        ),
      )?.layer.runs,
    ).toHaveLength(1);
    // A region not read (satori writes NaN% for some shadows), a filter not defined, or one on another element.
    for (const later of [
      shadow(60, 'x="NaN%" y="NaN%" width="NaN%" height="NaN%"'),
      '<g filter="url(#nowhere)"><rect x="60" y="10" width="20" height="20"/></g>',
      '<defs><filter id="s"/></defs><rect x="60" y="0" width="10" height="10" filter="url(#s)"/>',
      // A flood over the user-space region, from a group with no content.
      '<defs><filter id="s" filterUnits="userSpaceOnUse" x="0" y="0" width="30" height="50"><feFlood flood-color="red"/></filter></defs><g filter="url(#s)"></g>',
    ])
      expect(liftTextLayer(svgWith(`${glyph(10)}${later}`)), later).toBeUndefined();
    // Definitions paint nothing by themselves.
    const defs =
      '<defs><clipPath id="c"><rect x="0" y="0" width="100" height="50"/></clipPath></defs><mask id="m"><rect x="0" y="0" width="100" height="50" fill="#fff"/></mask>';
    expect(liftTextLayer(svgWith(`${glyph(10)}${defs}`))?.layer.runs).toHaveLength(1);
  });
});

describe('what is left to resvg', () => {
  const box = (style: string, inner: string) =>
    `<div style="display:flex;width:100%;height:100%;background:#fff;flex-direction:column;font-size:20px;${style}">${inner}</div>`;
  const cases: Record<string, { html: string; scale?: number; lifted: number }> = {
    'a box painted after text: the glyphs under it stay, the rest are lifted': {
      html: box(
        '',
        '<div>Under</div><div style="position:absolute;left:0;top:0;width:50px;height:30px;background:rgba(255,0,0,0.5)"></div><div style="position:absolute;left:0;top:60px">Over</div>',
      ),
      lifted: 1,
    },
    'text in a group with opacity': {
      html: box(
        '',
        '<div style="display:flex;opacity:0.5"><div>Half</div><div style="width:20px;height:20px;background:red"></div></div>',
      ),
      lifted: 0,
    },
    'text clipped by overflow: hidden: the glyphs wholly inside the box are lifted, the one its edge cuts stays':
      {
        html: box(
          '',
          '<div style="display:flex;width:60px;overflow:hidden;white-space:nowrap">Clipped text here</div>',
        ),
        lifted: 1,
      },
    'text before an overflow: hidden box with rounded corners: lifted, the clipped text left to resvg': {
      html: box(
        '',
        '<div>Before</div><div style="display:flex;width:60px;overflow:hidden;white-space:nowrap;border-radius:6px">Clipped text here</div>',
      ),
      lifted: 1,
    },
    // text-over-shadow-filter: the filter draws the shadow alone and the text is drawn after it, so it is lifted.
    'text with a shadow (drawn after its filter group)': {
      html: box('', '<div style="text-shadow:2px 2px 3px #000">Shadow</div>'),
      lifted: 1,
    },
    'transformed text': { html: box('', '<div style="transform:rotate(10deg)">Turned</div>'), lifted: 0 },
    'a box shadow drawn after text, clear of it (a filter group): the text before it is lifted': {
      html: box(
        'padding:8px',
        '<div>Before</div><div style="display:flex;margin:16px 0 0 8px;padding:4px;box-shadow:0 2px 4px rgba(0,0,0,0.4);background:#fff">In the card</div>',
      ),
      lifted: 2,
    },
    'a box shadow drawn after text, over it: that text stays with resvg': {
      html: box(
        'padding:8px',
        '<div>Before</div><div style="display:flex;margin:2px 0 0 8px;padding:4px;box-shadow:0 -8px 16px rgba(0,0,0,0.6);background:#fff">In the card</div>',
      ),
      lifted: 1,
    },
    'underlined text: lifted, its line (drawn after it) clear of the glyphs': {
      html: box('', '<div style="text-decoration:underline">Under line</div>'),
      lifted: 1,
    },
    'a named colour other than white and black: only the text not under it': {
      html: box('', '<div>Black</div><div style="color:rebeccapurple">Named</div>'),
      lifted: 1,
    },
    'a blend mode anywhere': {
      html: box(
        '',
        '<div style="mix-blend-mode:multiply;width:20px;height:20px;background:red"></div><div>Text</div>',
      ),
      lifted: 0,
    },
    'a fractional scale': { html: box('', '<div>Scale 1.5</div>'), scale: 1.5, lifted: 0 },
  };
  for (const [name, { html, scale, lifted: count }] of Object.entries(cases)) {
    it(`${name}`, async () => {
      const svg = await svgOf(html, 300, 100);
      const lifted = liftTextLayer(svg, scale);
      expect(lifted?.layer.runs.length ?? 0).toBe(count);
      if (!lifted) return;
      const whole = rasterize(svg, scale);
      const split = rasterize(lifted.svg, scale);
      paintTextLayer(split, lifted.layer);
      expect(pixelDifference(whole.pixels, split.pixels).pixels).toBeLessThanOrEqual(SHARED_PIXELS);
    });
  }
});
