/**
 * Pictor (justify-space-widened): `text-align: justify` widens the spaces of a line, as Chrome does: the widened
 * space is still the space, so the underline of a link (and its box) runs across it. satori moved the next word by
 * the gap and drew the underline under the words only, broken at every widened space.
 */
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

/** The underlines' [x1, x2, y] in the SVG. */
async function underlines(textAlign: string) {
  const svg = await render(
    h(
      'div',
      { display: 'block', width: 200, fontSize: 16, fontFamily: 'Inter', lineHeight: '24px', textAlign },
      [
        'aaaa ',
        h('span', { textDecoration: 'underline' }, 'bb cc dd'),
        ' eeee ffff gggg hhhh iiii jjjj kkkk',
      ],
    ),
    { width: 220, height: 120, fonts },
  );
  return [...svg.matchAll(/<line [^>]*x1="([\d.]+)"[^>]*y1="([\d.]+)"[^>]*x2="([\d.]+)"/g)].map((m) => [
    Number(m[1]),
    Number(m[3]),
    Number(m[2]),
  ]);
}

/** The underlined length on the first line, and the gaps between its pieces. */
function covered(lines: number[][]) {
  const y = Math.min(...lines.map((l) => l[2]!));
  const first = lines.filter((l) => l[2] === y).sort((a, b) => a[0]! - b[0]!);
  let gaps = 0;
  for (let i = 1; i < first.length; i++) gaps += Math.max(0, first[i]![0]! - first[i - 1]![1]!);
  return { from: first[0]![0]!, to: first.at(-1)![1]!, gaps };
}

describe('a justified line', () => {
  it('underlines across its widened spaces', async () => {
    const justified = covered(await underlines('justify'));
    const left = covered(await underlines('left'));
    expect(justified.gaps).toBeLessThan(0.01);
    // Wider than the same words set flush left: the spaces were widened, and the underline with them.
    expect(justified.to - justified.from).toBeGreaterThan(left.to - left.from + 2);
  });
});
