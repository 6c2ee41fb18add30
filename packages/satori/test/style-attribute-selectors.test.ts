// Pictor change style-attribute-selectors (src/handler/stylesheet.ts `getAttribute`, STYLE_TEXT_PROP): attribute
// selectors on `style` compare with the attribute as written (@pictor/core hands it over in `data-pictor-style`, and
// says so with the `styleAttributeProp` option: an element without the prop then has none), as Expressive Code colours its tokens with `span[style^='--']`; they never matched (the
// style prop is parsed declarations). Chromium repro: packages/core/test/repros/style-attribute-selectors.html.
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const css =
  "[style^='--'] { height: 20px } [style*='width'] { height: 30px } [style=''] { height: 40px } [style] { min-height: 5px }";

/** The heights of blocks with these `data-pictor-style` props (none for undefined), under `css`. */
async function heights(styleAttributeProp: boolean, ...texts: (string | undefined)[]) {
  const tree = h(
    'div',
    { display: 'flex', flexDirection: 'column', width: 200, height: 200 },
    hp('style', {}, css),
    ...texts.map((text) =>
      hp('div', {
        ...(text === undefined ? {} : { 'data-pictor-style': text }),
        style: { display: 'block' },
      }),
    ),
  );
  const { boxes: found } = await boxes(tree, { width: 200, height: 200, styleAttributeProp });
  return found
    .filter((b) => b.type === 'div')
    .slice(1)
    .map((b) => b.height);
}

describe('attribute selectors on style', () => {
  it('match the attribute as written', async () => {
    expect(await heights(true, '--c: red', 'max-width: 10px', '')).toEqual([20, 30, 40]);
    expect(await heights(false, '--c: red')).toEqual([20]);
  });

  it('do not match an element without the attribute, whose style is the engine’s', async () => {
    expect(await heights(true, undefined)).toEqual([0]);
  });

  it('without the option (satori used directly), an element with a style prop has an empty attribute', async () => {
    expect(await heights(false, undefined)).toEqual([40]);
  });
});
