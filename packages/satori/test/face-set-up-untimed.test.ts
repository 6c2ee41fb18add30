// Pictor change face-set-up-untimed: a face's one-time set-up at its first use in the process (its copy into
// HarfBuzz's memory, its glyph script table for the autohinter) runs through the render's `faceSetUp`, so that a timed
// caller (core's worker pool) leaves it out of the render's time limit, as it leaves out loading the font.
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

describe('a face set up at its first use', () => {
  it('runs through faceSetUp once per face; the output is the same with and without a runner', async () => {
    const calls: string[] = [];
    const faceSetUp = <T>(work: () => T): T => {
      calls.push('set-up');
      return work();
    };
    const card = (text: string) =>
      h('div', { display: 'flex', width: 200, height: 40, fontFamily: 'Inter', fontSize: 20 }, text);
    // A web face (fractional advances) is hinted: both set-ups run.
    const options = { width: 200, height: 40, fonts: fonts.map((f) => ({ ...f })), hintScale: 1 };
    const first = await render(card('Hinted text'), { ...options, faceSetUp });
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const seen = calls.length;
    const again = await render(card('Hinted text'), { ...options, faceSetUp });
    // Nothing is set up again for the same faces.
    expect(calls.length).toBe(seen);
    expect(again).toBe(first);
    expect(await render(card('Hinted text'), options)).toBe(first);
  });
});
