// Pictor change gradient-line-breaks (src/handler/expand.ts `checkImages`): a gradient written over several lines is
// one value, its line breaks white space like any other. Shower's slide themes write `background-image:
// linear-gradient(\n to top,\n currentcolor 0.05em,\n transparent 0.05em\n)`; the gradient parsers match their
// arguments with `.`, which stops at a line break, and the whole render failed ("object null is not iterable").
// Chromium repro: packages/core/test/repros/gradient-line-breaks.html.
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

const box = (backgroundImage: string) => h('div', { width: 100, height: 40, backgroundImage });

describe('a gradient over several lines', () => {
  it('draws a linear gradient', async () => {
    const svg = await render(box('linear-gradient(\n\t\tto top,\n\t\tred 50%,\n\t\tblue 50%\n\t)'));
    expect(svg).toContain('<linearGradient');
  });

  it('draws a radial gradient', async () => {
    const svg = await render(box('radial-gradient(\n  circle at 30% 40%,\n  gold 20%,\n  blue 60%\n)'));
    expect(svg).toContain('<radialGradient');
  });

  it('keeps a line break inside a url() as it is', async () => {
    // Not a gradient: left alone (an SVG data URI may hold line breaks in its text).
    const svg = await render(
      box(
        'url(\'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n<rect width="10" height="10" fill="red"/></svg>\')',
      ),
    );
    expect(svg).toContain('<image');
  });
});
