// Pictor change vertical-horizontal-inside: a block in `writing-mode: horizontal-tb` inside vertical writing (an
// orthogonal flow, which Chromium lays out horizontally, as wide as its text) is not laid out horizontally: its
// text is set in the columns, and satori reports it through onStyleError (a warning of the render) instead of
// saying nothing.
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { h, render } from './render.js';

const text = { fontFamily: 'Noto Sans JP', fontSize: 20, lineHeight: 1.5, color: 'black' };

describe('horizontal-tb inside vertical writing', () => {
  it('is reported, once per block', async () => {
    const errors: string[] = [];
    const element = h(
      'div',
      { ...text, writingMode: 'vertical-rl', height: 115 },
      '縦書き',
      h('div', { writingMode: 'horizontal-tb' }, 'Horizontal'),
      h('div', {}, '続き'),
    );
    await render(element, {
      fonts: jp,
      width: 200,
      height: 120,
      onStyleError: (error: Error) => errors.push(error.message),
    });
    expect(errors).toEqual([
      'writing-mode: horizontal-tb inside vertical writing is not laid out horizontally; its text is set in the vertical columns',
    ]);
  });
});
