/**
 * Pictor change select-author-face (src/pictor-select-face.ts): a drop-down <select> the page gives a background or
 * border of its own (`border: 0`, a border colour or width, a radius, `background-image: none`) is painted by its
 * CSS in Chromium (the `menulist-button` appearance): its face is html.css's rgb(239, 239, 239), where the untouched
 * control is white. satori kept it white (tacit's `select { border: 0 }`). Padding or colour alone keep the white
 * face; so does a list box. Measured in Chromium (the face's pixel). Chromium repro:
 * packages/core/test/repros/select-author-face.html.
 */
import { describe, expect, it } from 'vitest';
import { h, hp, pixels, render } from './render.js';

/** The red channel of the select's face, 3 px in from its top left corner. */
async function face(style: Record<string, unknown>, props: Record<string, unknown> = {}) {
  const root = h(
    'div',
    {
      display: 'flex',
      alignItems: 'flex-start',
      width: 200,
      height: 60,
      backgroundColor: 'white',
      fontFamily: 'Inter',
    },
    hp('select', { ...props, style }, hp('option', {}, 'Option')),
  );
  const rgba = await pixels(await render(root, { width: 200, height: 60 }));
  return rgba[(3 * 200 + 3) * 4];
}

describe('a drop-down select with a border or background of the page', () => {
  it.each([
    ['border: 0', { border: 0 }],
    ['border-color', { borderColor: '#767676' }],
    ['border-width', { borderWidth: 2 }],
    ['border-radius', { borderRadius: 4 }],
    ['background-image: none', { backgroundImage: 'none' }],
  ])('has a grey face with %s', async (_, style) => {
    expect(await face(style)).toBe(239);
  });

  it.each([
    ['nothing', {}],
    ['padding', { padding: 2 }],
    ['color', { color: '#333' }],
  ])('keeps the white face with %s', async (_, style) => {
    expect(await face(style)).toBe(255);
  });

  it('takes the page background colour', async () => {
    expect(await face({ border: 0, backgroundColor: '#fde68a' })).toBe(0xfd);
  });

  it('leaves a list box white', async () => {
    expect(await face({ border: 0 }, { size: 3 })).toBe(255);
  });
});
