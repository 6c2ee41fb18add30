// Pictor change select-intrinsic-width: a select without a page width or min width is never narrower than its
// options, however narrow its container (Chromium's min-content width of a select is its intrinsic width): a flex
// item `flex: 1` holding one kept it, where Pictor shrank it to its arrow. A page width or min width still wins.
// Chromium repro: packages/core/test/repros/select-intrinsic-width.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp } from './render.js';

const option = (label: string) => hp('option', {}, label);

async function selectWidth(container: Record<string, unknown>, css = '') {
  const root = h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      width: 300,
      height: 200,
      fontSize: 16,
    },
    { type: 'style', props: { children: css } },
    h('div', container, hp('select', {}, option('Here you are long'), option('Short'))),
    hp('select', {}, option('Here you are long'), option('Short')),
  );
  const { boxes: found } = await boxes(root as never, { width: 300, height: 200 });
  const [inside, free] = found.filter((b) => b.type === 'select');
  return { inside: inside!.width, free: free!.width };
}

describe('a select is as wide as its options', () => {
  it('in a container narrower than it', async () => {
    const { inside, free } = await selectWidth({ width: 20 });
    expect(free).toBeGreaterThan(100);
    expect(inside).toBe(free);
  });

  it('a page width, max-width or min-width wins', async () => {
    expect((await selectWidth({ width: 20 }, 'div > select { width: 50px }')).inside).toBe(50);
    // Never wider than a page max-width (Chromium's 60 here: still shrunk to the box, as before).
    expect((await selectWidth({ width: 20 }, 'div > select { max-width: 60px }')).inside).toBeLessThanOrEqual(
      60,
    );
    const { inside } = await selectWidth(
      { display: 'flex', width: 20 },
      'div > select { min-width: 0; flex-shrink: 1 }',
    );
    expect(inside).toBeLessThanOrEqual(20);
  });
});
