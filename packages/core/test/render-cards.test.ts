/** Pixel tests of the card set against reference PNGs (rendered on the calling thread). */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { avatarDataUri, CARDS, referenceCardHtml } from './helpers/cards.js';
import { expectImageToMatch } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

describe('card set', () => {
  for (const [name, card] of Object.entries(CARDS)) {
    it(`renders ${name} like its reference`, async () => {
      const result = await renderer.render({ html: card.html, width: card.width, height: card.height });
      // Five cards were written with width: 100% and padding in content-box: their boxes reach past the canvas (the
      // references show the cut), which the overflow warning now says. No other warning.
      expect(result.warnings.filter((w) => !w.startsWith('content overflows the image'))).toEqual([]);
      await expectImageToMatch(result.data, 'cards', name, {
        format: 'png',
        width: card.width,
        height: card.height,
      });
    });
  }

  it('renders the reference card (1200×630, gradient, two-line title, avatar, badge)', async () => {
    const html = referenceCardHtml(await avatarDataUri());
    const result = await renderer.render({ html, width: 1200, height: 630 });
    await expectImageToMatch(result.data, 'cards', 'reference-card', {
      format: 'png',
      width: 1200,
      height: 630,
    });
    for (const stage of ['parse', 'resources', 'layout', 'raster', 'encode', 'total'] as const) {
      expect(result.timings[stage]).toBeGreaterThanOrEqual(0);
    }
    expect(result.timings.total).toBeGreaterThanOrEqual(result.timings.layout + result.timings.raster);
  });

  it('draws text whose CSS names no family in serif, as Chromium does (its standard font)', async () => {
    const plain = await renderer.render({
      html: '<div style="font-size:40px">Hamburg</div>',
      width: 240,
      height: 60,
    });
    const sans = await renderer.render({
      html: '<div style="font-size:40px;font-family:sans-serif">Hamburg</div>',
      width: 240,
      height: 60,
    });
    const serif = await renderer.render({
      html: '<div style="font-size:40px;font-family:serif">Hamburg</div>',
      width: 240,
      height: 60,
    });
    expect(plain.data.equals(serif.data)).toBe(true);
    expect(plain.data.equals(sans.data)).toBe(false);
  });
});
