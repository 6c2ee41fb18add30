// Pictor change inherit-after-shorthand: `inherit` on an inherited longhand after its shorthand in the same block wins,
// as any later declaration does. Font Awesome 4: `.fa { font: normal normal normal 14px/1 FontAwesome; font-size:
// inherit }` (gentelella-invoice's globe in a 36 px heading was 14 px). Chromium repro:
// packages/core/test/repros/inherit-after-shorthand.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

/** The box of a one-letter span styled `style` under a 36 px bold parent. */
async function icon(style: Record<string, unknown>) {
  const root = h(
    'div',
    { display: 'flex', fontFamily: 'Inter', fontSize: 36, fontWeight: 700, lineHeight: 2 },
    h('span', { display: 'flex', ...style }, 'W'),
  );
  const { boxes: found } = await boxes(root, { width: 300, height: 100 });
  return found.find((b) => b.type === 'span')!;
}

describe('inherit after a shorthand', () => {
  it("font-size: inherit after font takes the parent's size", async () => {
    const box = await icon({ font: 'normal normal normal 14px/1 Inter', fontSize: 'inherit' });
    expect(box.height).toBe(36);
  });

  it('a font shorthand after font-size: inherit still wins', async () => {
    const box = await icon({ fontSize: 'inherit', font: 'normal normal normal 14px/1 Inter' });
    expect(box.height).toBe(14);
  });

  it("font-weight and line-height: inherit after font take the parent's", async () => {
    const bold = await icon({ fontSize: 20, fontWeight: 700, lineHeight: 1 });
    const inherited = await icon({ font: '14px/1 Inter', fontSize: 20, fontWeight: 'inherit' });
    expect(inherited.width).toBe(bold.width);
    const tall = await icon({ font: '14px/1 Inter', lineHeight: 'inherit' });
    expect(tall.height).toBe(28);
  });
});
