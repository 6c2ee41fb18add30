// Pictor change progress-value: a `<progress>` the page styles (appearance: none, or its own background or border)
// shows Chromium's shadow parts: `::-webkit-progress-bar` (grey, the whole box) holding `::-webkit-progress-value`
// (green, value / max of the width), each with the page's rules for it; fallback text is not drawn. satori drew the
// box alone: JSON Resume theme relaxed's skill bars were grey where Chromium fills them green.
// Chromium repro: packages/core/test/repros/progress-value.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });
const BAR = 'progress { display: block; width: 200px; height: 10px; border: 0; background-color: #808080 }';

/** The rects drawn and the laid-out boxes of a progress element under `css`. */
async function progress(css: string, attributes: Record<string, unknown>) {
  const { svg, boxes: found } = await boxes(
    h(
      'div',
      { display: 'flex', width: 220, height: 20 },
      sheet(css),
      hp('progress', attributes, 'fallback'),
    ) as never,
    { width: 220, height: 20 },
  );
  const fills = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"[^>]*fill="([^"]+)"/g)].map((m) => [
    Number(m[1]),
    m[2],
  ]);
  return { svg, fills, found };
}

describe('<progress> styled by the page', () => {
  it('value 30 of 120: the user-agent bar (gray) with a green value a quarter as wide', async () => {
    const { fills, svg } = await progress(BAR, { value: '30', max: '120' });
    expect(fills).toContainEqual([200, 'gray']);
    expect(fills).toContainEqual([50, 'green']);
    expect(svg).not.toContain('fallback');
  });

  it("the page's rules for the parts replace the user-agent colours", async () => {
    const css = `${BAR} progress::-webkit-progress-bar { background-color: #eee } progress::-webkit-progress-value { background-color: #008000 }`;
    const { fills } = await progress(css, { value: '1' });
    expect(fills).toContainEqual([200, '#eee']);
    expect(fills).toContainEqual([200, '#008000']);
  });

  it('indeterminate (no value): the bar alone', async () => {
    const { fills } = await progress(BAR, {});
    expect(fills).toContainEqual([200, 'gray']);
    expect(fills.some(([, fill]) => fill === 'green')).toBe(false);
  });

  it('not styled by the page: no parts', async () => {
    const { fills } = await progress('progress { display: block; width: 200px; height: 10px }', {
      value: '1',
    });
    expect(fills.some(([, fill]) => fill === 'green' || fill === 'gray')).toBe(false);
  });
});
