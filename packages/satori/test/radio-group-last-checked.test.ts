// Pictor change radio-group-last-checked: of a radio group's buttons marked `checked`, a browser checks only the last;
// the HTML stage marks the others `data-pictor-unchecked` (packages/core src/html/elements/radio-groups.ts), and such
// a button is drawn unchecked and never matches `:checked` (`[checked]` still matches it, as in a browser).
// Chromium repro: packages/core/test/repros/radio-group-last-checked.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, pixels, render } from './render.js';

async function radioPixels(props: Record<string, unknown>) {
  const svg = await render(
    h(
      'div',
      { display: 'flex', width: 30, height: 30, background: '#fff' },
      hp('input', { type: 'radio', ...props }),
    ) as never,
    { width: 30, height: 30 },
  );
  return pixels(svg);
}

describe('radio buttons a later checked one of their group unchecks', () => {
  it('are drawn as unchecked radio buttons', async () => {
    const unchecked = await radioPixels({});
    const checked = await radioPixels({ checked: '' });
    const overridden = await radioPixels({ checked: '', 'data-pictor-unchecked': '' });
    expect(checked.equals(unchecked)).toBe(false);
    expect(overridden.equals(unchecked)).toBe(true);
  });

  it('match [checked] but not :checked', async () => {
    const root = h(
      'div',
      { display: 'flex', flexDirection: 'column', width: 100, height: 200 },
      {
        type: 'style',
        props: {
          children:
            '.after { width: 10px; height: 10px } :checked ~ .after { height: 30px } [checked] ~ .after { width: 20px }',
        },
      },
      ...[{ checked: '' }, { checked: '', 'data-pictor-unchecked': '' }].map((props) =>
        h(
          'div',
          { display: 'flex' },
          hp('input', { type: 'radio', ...props }),
          hp('div', { className: 'after' }),
        ),
      ),
    );
    const { boxes: found } = await boxes(root as never, { width: 100, height: 200 });
    const after = found
      .filter((b) => (b as { props?: { className?: string } }).props?.className === 'after')
      .map((b) => [b.width, b.height]);
    expect(after).toEqual([
      [20, 30],
      [20, 10],
    ]);
  });
});
