// Pictor change break-beside-atomic-inline: a line may break between an atomic inline (a picture, an inline-block)
// and a no-break space beside it, as in Chrome. Chromium repro: packages/core/test/repros/break-beside-atomic-inline.html
// (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, render, svgSize } from './render.js';

const cell = (...children: unknown[]) =>
  h('div', { display: 'block', width: 90, fontSize: 16, lineHeight: '20px' }, ...children);
const picture = h('span', { display: 'inline-block', width: 60, height: 20, backgroundColor: '#dc2626' });

describe('a break beside an atomic inline', () => {
  it('`<img>&nbsp;<b>Step&nbsp;1</b>` in a 90px cell wraps the label under the picture (two lines: 24px for the picture on the baseline, 20 for the label; one line is 24)', async () => {
    expect(svgSize(await render(cell(picture, '\u00a0', h('b', {}, 'Step\u00a01')))).height).toBe(44);
  });

  it('text followed by a no-break space still does not break there', async () => {
    expect(svgSize(await render(cell('xx\u00a0', h('b', {}, 'Step')))).height).toBe(20);
  });
});
