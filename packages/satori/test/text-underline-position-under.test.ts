// Pictor change text-underline-position-under: `text-underline-position: under` puts the underline's top a pixel
// below the bottom of the em box (Blink's typo metrics normalised to one em: Inter 0.199 em under the baseline,
// floored), and skips no ink; `text-underline-offset` adds to it. satori 0.63.2 ignored the property: JSON Resume
// theme relaxed's links were underlined 1 px under the baseline with gaps at every descender, Chromium's 3–4 px
// lower and whole. Chromium repro: packages/core/test/repros/text-underline-position-under.html.
import { describe, expect, it } from 'vitest';
import { h, render } from './render.js';

/** The `<line>`s of an underlined span: their count and the y of the first (the line's centre). */
async function underline(fontSize: number, style: Record<string, unknown>) {
  const svg = await render(
    h(
      'div',
      { display: 'flex', fontSize, width: 400 },
      h('span', { textDecoration: 'underline', ...style }, 'gappy quays'),
    ),
    { width: 400, height: 60 },
  );
  const lines = [...svg.matchAll(/<line [^>]*y1="([\d.]+)"/g)].map((m) => Number(m[1]));
  return { count: lines.length, y: lines[0] };
}

describe('text-underline-position: under', () => {
  it('Inter 16 px: top 4 px under the baseline (16), one line without skip-ink gaps', async () => {
    const { count, y } = await underline(16, { textUnderlinePosition: 'under' });
    expect(y).toBe(20.5);
    expect(count).toBe(1);
  });

  it('Inter 13.33 px: 3 px under the baseline (13); 28 px: 6 px under (27)', async () => {
    expect((await underline(13.3333, { textUnderlinePosition: 'under' })).y).toBe(16.5);
    // 28 px: the auto thickness is 2 px, its centre 1 px under the top (33).
    expect((await underline(28, { textUnderlinePosition: 'under' })).y).toBe(34);
  });

  it('text-underline-offset adds to it', async () => {
    expect((await underline(16, { textUnderlinePosition: 'under', textUnderlineOffset: 3 })).y).toBe(23.5);
  });

  it('auto stays a pixel under the baseline, with gaps at the descenders', async () => {
    const { count, y } = await underline(16, {});
    expect(y).toBe(17.5);
    expect(count).toBeGreaterThan(1);
  });
});
