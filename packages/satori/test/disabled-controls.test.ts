// Pictor change disabled-controls: a disabled text field, text area, date field or select has Chromium's html.css
// look (grey text, a faint face and frame; a select at 0.7 opacity); satori drew it as an enabled one. Chromium
// repro: packages/core/test/repros/disabled-controls.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, pixels, render } from './render.js';

async function frameAndText(props: Record<string, unknown>) {
  const root = h(
    'div',
    { display: 'flex', width: 200, height: 40, backgroundColor: 'white', padding: 10 },
    hp('input', { type: 'text', value: '██████', style: { width: 120 }, ...props }),
  );
  const rgba = await pixels(await render(root as never, { width: 200, height: 40 }));
  const at = (x: number, y: number) => {
    const i = (y * 200 + x) * 4;
    return [rgba[i], rgba[i + 1], rgba[i + 2]];
  };
  // The frame's left side, and the darkest pixel of the text.
  let darkest = 255;
  for (let y = 10; y < 30; y++) for (let x = 14; x < 60; x++) darkest = Math.min(darkest, at(x, y)[0]);
  return { frame: at(10, 20), darkest };
}

describe('a disabled text field', () => {
  it('has a faint frame and grey text (Chromium rgba(118, 118, 118, 0.3) over white, rgb(84, 84, 84))', async () => {
    const { frame, darkest } = await frameAndText({ disabled: true });
    expect(frame[0]).toBeGreaterThan(200);
    expect(darkest).toBeGreaterThan(70);
    expect(darkest).toBeLessThan(100);
  });

  it('an enabled one: the #767676 frame, black text', async () => {
    const { frame, darkest } = await frameAndText({});
    expect(frame).toEqual([118, 118, 118]);
    expect(darkest).toBeLessThan(20);
  });
});
