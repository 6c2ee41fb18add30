// Pictor change textarea-placeholder: an empty `<textarea>` shows its placeholder as Chrome draws it, in #757575 or
// the page's `::placeholder` colour, where the value would start (tacit's address field). Chromium repro:
// packages/core/test/repros/textarea-placeholder.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, hp, render } from './render.js';

const sheet = (css: string) => ({ type: 'style', props: { children: css } });

async function svgOf(css: string, textarea: ReturnType<typeof hp>) {
  return render(
    h('div', { display: 'flex', width: 240, height: 80, background: '#fff' }, sheet(css), textarea) as never,
    {
      width: 240,
      height: 80,
    },
  );
}

describe('textarea placeholder', () => {
  it('an empty textarea draws its placeholder in #757575', async () => {
    const svg = await svgOf('', hp('textarea', { placeholder: 'PO box is not allowed' }));
    expect(svg).toContain('#757575');
  });

  it("the page's ::placeholder colour applies", async () => {
    const svg = await svgOf(
      'textarea::placeholder { color: #123456 }',
      hp('textarea', { placeholder: 'Notes' }),
    );
    expect(svg).toContain('#123456');
  });

  it('a textarea with text shows the text, not the placeholder', async () => {
    const svg = await svgOf(
      'textarea::placeholder { color: #123456 }',
      hp('textarea', { placeholder: 'Notes' }, 'Some text'),
    );
    expect(svg).not.toContain('#123456');
  });
});
