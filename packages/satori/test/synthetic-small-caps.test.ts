// Pictor change synthetic-small-caps: `font-variant-caps: small-caps` (and `font-variant: small-caps`) in a face
// without `smcp` draws each character that changes when upper-cased as its capital at 0.7 of the size rounded to a
// whole pixel, as Chromium synthesises it (Blink's kSmallCapsFontSizeMultiplier); `all-small-caps` draws every
// character so. Latin Modern (latex.css) has no `smcp`. Chromium repro:
// packages/core/test/repros/web-font-small-caps.html (html-web-font-metrics.test.ts).
import { describe, expect, it } from 'vitest';
import { h, latinModern, render, svgSize } from './render.js';

const options = { fonts: [latinModern], height: 40 };
const width = async (style: Record<string, unknown>, text: string) =>
  svgSize(await render(h('div', { display: 'flex', fontFamily: 'Latin Modern', ...style }, text), options))
    .width;

describe('synthetic small capitals', () => {
  it('draws lower case as capitals at round(0.7 × size): 16px → 11px, 15px → 11px, 13px → 9px', async () => {
    for (const [size, small] of [
      [16, 11],
      [15, 11],
      [13, 9],
    ]) {
      expect(await width({ fontSize: size, fontVariantCaps: 'small-caps' }, 'aaaaaaaaaa')).toBe(
        await width({ fontSize: small }, 'AAAAAAAAAA'),
      );
    }
  });

  it('keeps capitals, figures and spaces at full size with small-caps, shrinks them all with all-small-caps', async () => {
    const full = await width({ fontSize: 16 }, 'A1 ');
    expect(await width({ fontSize: 16, fontVariant: 'small-caps' }, 'A1 ')).toBe(full);
    expect(await width({ fontSize: 16, fontVariantCaps: 'all-small-caps' }, 'Ab1 ')).toBe(
      await width({ fontSize: 11 }, 'AB1 '),
    );
  });
});
