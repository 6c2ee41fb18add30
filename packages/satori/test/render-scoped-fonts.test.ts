// Pictor change render-scoped-fonts: fonts a render adds through loadAdditionalAsset stay with that render. They were
// added to the loader cached for the font list, so a later render of the same list drew with them: its output
// depended on what the process had rendered before.
import { describe, expect, it } from 'vitest';
import { jp } from './cjk-fonts.js';
import { fonts, h, pixels, render } from './render.js';

/** Dark pixels of `text` drawn at 40 px with the test fonts; `extra` is what loadAdditionalAsset answers. */
async function darkPixels(text: string, extra: unknown[]) {
  const element = h(
    'div',
    { display: 'flex', width: 200, height: 60, backgroundColor: '#fff' },
    h('div', { display: 'flex', fontSize: 40, color: '#000' }, text),
  );
  const svg = await render(element, {
    width: 200,
    height: 60,
    fonts,
    loadAdditionalAsset: async (code: string) => (code === 'emoji' ? [] : extra),
  });
  const rgba = await pixels(svg);
  let dark = 0;
  for (let i = 0; i < rgba.length; i += 4)
    if ((rgba[i + 3] as number) > 200 && (rgba[i] as number) < 80) dark++;
  return dark;
}

describe('fonts added by a render', () => {
  it('are not used by a later render of the same font list', async () => {
    // Kana with no font for it: nothing (or Inter's .notdef boxes) is drawn.
    const alone = await darkPixels('あいう', []);
    // A render whose text asked for the Japanese face...
    expect(await darkPixels('日本語', jp)).toBeGreaterThan(500);
    // ...leaves the next render of the same fonts as it was.
    expect(await darkPixels('あいう', [])).toBe(alone);
    // The kana drawn by the face differ from those drawn without it (the check above can fail).
    expect(await darkPixels('あいう', jp)).not.toBe(alone);
  });
});
