/** Guard rails before satori and resvg: sizes, text and element counts, absurd geometry (NOTES.md traps). */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { boundEffectRegions } from '../src/raster/resvg.js';
import { checkTreeSize, markupLength, styleSheetLength } from '../src/validate.js';
import { DEFAULT_LIMITS } from '../src/limits.js';
import { expectFormatAndSize } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

describe('bounds before satori', () => {
  it('more elements than limits.maxElements → INVALID_INPUT before layout', async () => {
    const small = createRenderer({ workers: 0, limits: { maxElements: 100 } });
    // The tree-size check's own answer (rule maxElements): satori never saw the tree. How fast it answers is a
    // benchmark's question (benchmarks/guards), not a test's.
    await expect(
      small.render({
        html: `<div style="display:flex">${'<i></i>'.repeat(200)}</div>`,
        width: 10,
        height: 10,
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'html: must contain at most 100 elements',
      details: { rule: 'maxElements' },
    });
    await small.close();
  });

  it('the default element limit stops 100,000 elements before layout', async () => {
    await expect(
      renderer.render({
        html: `<div style="display:flex">${'<i></i>'.repeat(100_000)}</div>`,
        width: 10,
        height: 10,
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'html: must contain at most 10000 elements',
      details: { rule: 'maxElements' },
    });
  });
  // As many siblings as the 2 MiB content limit holds: one spread of them overflowed the call stack (RangeError,
  // 403 / 20105 at the server) before the element limit was reached.
  const PIXEL =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  it.each([
    ['at the top', '<i></i>'.repeat(299_000)],
    [
      'in a line of pictures',
      `<div><img src="${PIXEL}" width="1" height="1">${'<i></i>'.repeat(299_000)}</div>`,
    ],
    ['in a table row', `<table><tr>${'<td></td>'.repeat(200_000)}</tr></table>`],
    // Refused before conversion: matching these 40,000 rules against 100,000 elements took ~5 minutes.
    [
      'under a large sheet',
      `<style>${'i.a{color:red}'.repeat(40_000)}</style><div>${'<i class=a></i>'.repeat(100_000)}</div>`,
    ],
  ])(
    'hundreds of thousands of elements %s → INVALID_INPUT naming the element limit',
    async (_where, html) => {
      await expect(renderer.render({ html, width: 10, height: 10 })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: 'html: must contain at most 10000 elements',
      });
    },
  );
});

describe('bounds before resvg', () => {
  // Each of these made resvg spin for minutes or abort the process (tiny-skia panic) before the bounds.
  for (const style of [
    'box-shadow:0 0 1e9px 1e9px red',
    'box-shadow:inset 0 0 1e9px 1e9px red',
    'text-shadow:1e9px 1e9px 1e9px red',
    'border:100000000px solid red;border-radius:1e9px',
  ]) {
    // Unbounded, the render aborts this process or outlasts the suite's hang guard; how fast it is bounded is
    // measured in benchmarks/guards.
    it(`${style}: renders at the asked size`, async () => {
      const result = await renderer.render({
        html: `<div style="display:flex;${style}">Hello</div>`,
        width: 120,
        height: 60,
      });
      await expectFormatAndSize(result.data, { format: 'png', width: 120, height: 60 });
    });
  }

  it('bounds absurd filter regions and strokes to the canvas, and leaves sane ones byte for byte', () => {
    const absurd =
      '<svg width="120" height="60" xmlns="http://www.w3.org/2000/svg"><defs><filter id="s" x="-208333334166666700%" y="-1315789478947368400%" width="416666668333333440%" height="2631578957894737000%"><feGaussianBlur stdDeviation="500000000"/></filter></defs><g filter="url(#s)"><rect x="0" y="0" width="120" height="19" stroke-width="2000000000"/></g></svg>';
    const bounded = boundEffectRegions(absurd);
    expect(bounded).not.toContain('416666668333333440%');
    expect(bounded).toMatch(/<filter x="-30" y="-15" width="180" height="90" filterUnits="userSpaceOnUse"/);
    expect(bounded).not.toContain('stroke-width="2000000000"');
    const sane =
      '<svg width="120" height="60" xmlns="http://www.w3.org/2000/svg"><defs><filter id="s" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter></defs><g filter="url(#s)"><rect x="0" y="0" width="120" height="19" stroke-width="2"/></g></svg>';
    expect(boundEffectRegions(sane)).toBe(sane);
    // Each rewrite on its own: only the stroke, then only the region.
    const wideStroke = sane.replace('stroke-width="2"', 'stroke-width="2000000000"');
    expect(boundEffectRegions(wideStroke)).toBe(sane.replace('stroke-width="2"', 'stroke-width="100000"'));
    const wideRegion = sane.replace('width="200%"', 'width="416666668333333440%"');
    const onlyRegion = boundEffectRegions(wideRegion);
    expect(onlyRegion).toMatch(
      /<filter x="-30" y="-15" width="180" height="90" filterUnits="userSpaceOnUse"/,
    );
    expect(onlyRegion).toContain('stroke-width="2"');
  });
});

describe('style sheets have a limit of their own, not the text limit', () => {
  const renderer = createRenderer({ workers: 0 });
  afterAll(() => renderer.close());

  it('renders 150 characters of text with 22,000 characters of CSS (a compiled Tailwind page)', async () => {
    const css = '.a{color:red}'.repeat(1700);
    const result = await renderer.render({
      html: `<style>${css}</style><div style="display:flex">${'word '.repeat(30)}</div>`,
      width: 400,
      height: 100,
      format: 'png',
    });
    expect(result.width).toBe(400);
  });

  it('refuses style sheets over maxStyleLength with a message that names them', async () => {
    const small = createRenderer({ workers: 0, limits: { maxStyleLength: 1000 } });
    try {
      const error = await small
        .render({ html: `<style>${'.a{color:red}'.repeat(100)}</style><div>x</div>`, width: 100, height: 50 })
        .catch((e: unknown) => e);
      expect((error as { code: string }).code).toBe('INVALID_INPUT');
      expect((error as Error).message).toBe(
        'html: must contain at most 1000 characters of style sheets (<style>); trim unused CSS',
      );
    } finally {
      await small.close();
    }
  });

  it("admits a framework's whole style sheet by default (Bulma 1.0.4 minified: ~690 KB)", () => {
    const sheet = '.a{color:red}'.repeat(53_000); // 689,000 characters
    const tree = { type: 'div', props: { children: [{ type: 'style', props: { children: sheet } }, 'x'] } };
    expect(() => checkTreeSize(tree, DEFAULT_LIMITS)).not.toThrow();
    expect(() => checkTreeSize(tree, { ...DEFAULT_LIMITS, maxStyleLength: 500_000 })).toThrow(
      /at most 500000 characters of style/,
    );
  });

  it("counts a sheet's inlined data: fonts as their url() alone (self-contained documents inline their web fonts)", () => {
    const font = `data:font/woff2;base64,${'A'.repeat(3_000_000)}`;
    const css = (url: string) => `@font-face{font-family:X;src:url(${url}) format("woff2")}.a{font-family:X}`;
    const tree = (sheet: string) => ({
      type: 'div',
      props: { children: [{ type: 'style', props: { children: sheet } }, 'x'] },
    });
    expect(() => checkTreeSize(tree(css(font)), DEFAULT_LIMITS)).not.toThrow();
    expect(() => checkTreeSize(tree(css(`'${font}'`)), DEFAULT_LIMITS)).not.toThrow();
    expect(styleSheetLength(css(`"${font}"`))).toBe(css('').length);
    // 3 MB of rules is still refused, and so is a font that is not in a url().
    expect(() => checkTreeSize(tree('.a{color:red}'.repeat(231_000)), DEFAULT_LIMITS)).toThrow(
      /at most 2000000/,
    );
    expect(() => checkTreeSize(tree(`.a{content:"${font}"}`), DEFAULT_LIMITS)).toThrow(/at most 2000000/);
  });
});

describe('the HTML length limit counts markup, not inlined pictures and fonts', () => {
  it('counts data: attribute values and url(data:…) as nothing but their = and url()', () => {
    const payload = `data:image/png;base64,${'A'.repeat(1000)}`;
    expect(markupLength(`<img src="${payload}">`)).toBe('<img src=>'.length);
    expect(markupLength(`<img src='${payload}' alt=x>`)).toBe('<img src= alt=x>'.length);
    expect(markupLength(`<img src=${payload}>`)).toBe('<img src=>'.length);
    expect(markupLength(`<div style="background:url('${payload}')"></div>`)).toBe(
      '<div style="background:url()"></div>'.length,
    );
    // Text that only mentions data: is markup.
    expect(markupLength(`<p>${payload}</p>`)).toBe(`<p>${payload}</p>`.length);
  });

  it('renders a document over the limit only by its inlined picture, and still refuses one over it by markup', async () => {
    // 900×700 of noise: a PNG of ~1.9 MB, ~2.5 M characters in base64 — more than the 2 MiB default by itself.
    const noise = await sharp(randomBytes(900 * 700 * 3), { raw: { width: 900, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const src = `data:image/png;base64,${noise.toString('base64')}`;
    const html = `<div style="display:flex;width:100px;height:50px"><img src="${src}" style="width:50px;height:50px"><div style="width:50px;height:50px;background:#0000ff"></div></div>`;
    expect(html.length).toBeGreaterThan(DEFAULT_LIMITS.maxHtmlLength);
    const result = await renderer.render({ html, width: 100, height: 50, format: 'png' });
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 50]);
    const at = (x: number, y: number) => [
      ...data.subarray((y * 100 + x) * info.channels, (y * 100 + x) * info.channels + 3),
    ];
    expect(at(75, 25)).toEqual([0, 0, 255]);
    // The picture is drawn: its noise is not one flat colour.
    expect(new Set([at(5, 5), at(20, 30), at(40, 10)].map(String)).size).toBeGreaterThan(1);

    const padded = `${html}<!--${'x'.repeat(DEFAULT_LIMITS.maxHtmlLength)}-->`;
    await expect(renderer.render({ html: padded, width: 100, height: 50 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { rule: 'maxLength' },
    });
  });
});

describe('what satori does not draw is named', () => {
  const renderer = createRenderer({ workers: 0 });
  afterAll(() => renderer.close());

  it('lays out vertical-rl, vertical-lr, upright and combined text without a warning', async () => {
    const result = await renderer.render({
      html:
        '<style>.v{text-orientation:upright}.t{text-combine-upright:all}</style>' +
        '<div class="v" style="display:flex;writing-mode:vertical-rl">縦書き<span class="t">12</span></div>' +
        '<div style="-webkit-writing-mode:vertical-lr">縦</div>',
      width: 100,
      height: 100,
      format: 'png',
    });
    expect(result.warnings).toEqual([]);
  });

  it('does not judge a writing mode given by a custom property (the engine resolves it)', async () => {
    const result = await renderer.render({
      html:
        '<style>:root{--mode:vertical-rl}p{writing-mode:var(--vs-writing-mode);text-orientation:var(--o, mixed)}' +
        'div{writing-mode:var(--mode)}</style><p>12</p><div style="text-combine-upright:var(--none)">縦</div>',
      width: 100,
      height: 100,
      format: 'png',
    });
    expect(result.warnings).toEqual([]);
  });

  it('warns about writing modes it does not lay out, in a style attribute and in a sheet', async () => {
    const result = await renderer.render({
      html:
        '<style>.v{text-orientation:sideways-left}</style><div class="v" style="display:flex;writing-mode:sideways-rl">縦書き</div>' +
        '<div style="writing-mode:vertical-rl;text-combine-upright:digits 2">12月</div>',
      width: 100,
      height: 100,
      format: 'png',
    });
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        'writing-mode: sideways-rl is not supported; the text is laid out horizontally',
        'text-orientation: sideways-left is not supported; laid out as text-orientation: mixed',
        'text-combine-upright: digits 2 is not supported (Chrome ignores it too); the characters are set one by one',
      ]),
    );
  });

  it('draws initial-letter drop caps without a warning, and warns for raised caps and the -webkit- form', async () => {
    const result = await renderer.render({
      html:
        '<style>p::first-letter{initial-letter:2}div::first-letter{initial-letter:normal}' +
        'h2::first-letter{initial-letter:3 1}h3::first-letter{-webkit-initial-letter:2}</style>' +
        '<p>Drop cap</p><div>Plain</div><h2>Raised</h2><h3>Prefixed</h3>',
      width: 100,
      height: 200,
      format: 'png',
    });
    expect(result.warnings).toEqual([
      "initial-letter: 3 1 is drawn only as a drop cap (a whole number of lines, sunk as many: initial-letter: 3); this letter keeps the text's size",
      "-webkit-initial-letter is Safari's prefixed form and is not drawn (Chrome ignores it too); write initial-letter: 2",
    ]);
  });

  it('lays multi-column boxes out without a warning, and warns where a flex container is kept in one column', async () => {
    const plain = await renderer.render({
      html:
        '<style>.c{-webkit-columns:2;columns:2}.g{display:grid;column-gap:4px;grid-template-columns:1fr 1fr}</style>' +
        '<ul class="c" style="margin:0"><li>a</li></ul><div class="g"><b>x</b><b>y</b></div>' +
        '<div style="column-count:3">z</div><div style="columns:auto">w</div>',
      width: 100,
      height: 100,
      format: 'png',
    });
    expect(plain.warnings).toEqual([]);
    // Chromium breaks the flex column between its items; Pictor keeps it in the first column.
    const kept = await renderer.render({
      html: `<div style="columns:2;width:200px"><div style="display:flex;flex-direction:column">${'<b>x</b>'.repeat(6)}</div></div>`,
      width: 200,
      height: 150,
      format: 'png',
    });
    expect(kept.warnings).toEqual([
      'CSS ignored: breaks inside a flex or grid container or a table in a multi-column box (it is kept in one column; Chromium may break it between columns)',
    ]);
  });
});
