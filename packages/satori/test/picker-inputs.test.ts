// Pictor change picker-inputs: date and time fields, file inputs and colour wells have Chromium's look (a
// monospace field with the locale's text and an icon, a "Choose File" button with "No file chosen", a 50 × 27
// button with a swatch); satori drew nothing for them, zero-sized. Chromium repro:
// packages/core/test/repros/picker-inputs.html (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { boxes, h, hp, textPieces } from './render.js';

const row = (...children: unknown[]) =>
  h('div', { display: 'block', width: 600, height: 60, fontSize: 16, lineHeight: '24px' }, ...children);

async function inputBox(props: Record<string, unknown>) {
  const { boxes: found } = await boxes(row(hp('input', props)) as never, { width: 600, height: 60 });
  return found.find((b) => b.type === 'input');
}

describe('picked inputs', () => {
  it('a date field: 24 px tall, as wide as ten monospace characters and 44 px', async () => {
    const box = await inputBox({ type: 'date', value: '2024-05-06' });
    expect(box?.height).toBe(24);
    expect(Math.abs((box?.width ?? 0) - 124.33)).toBeLessThanOrEqual(1);
  });

  it("shows the date as the locale writes it, and the empty field's pattern", async () => {
    const text = (await textPieces(row(hp('input', { type: 'date', value: '2024-05-06' })) as never))
      .map((p: { text: string }) => p.text)
      .join('');
    expect(text).toContain('05/06/2024');
    const time = (await textPieces(row(hp('input', { type: 'time', value: '13:45' })) as never))
      .map((p: { text: string }) => p.text)
      .join('');
    expect(time.replace(/\s/g, '')).toBe('01:45PM');
  });

  it("a file input: the button and 'No file chosen'", async () => {
    const text = (await textPieces(row(hp('input', { type: 'file' })) as never))
      .map((p: { text: string }) => p.text)
      .join(' ');
    expect(text).toContain('Choose');
    expect(text).toContain('chosen');
  });

  it('a colour well: 50 × 27', async () => {
    const box = await inputBox({ type: 'color', value: '#3366cc' });
    expect([box?.width, box?.height]).toEqual([50, 27]);
  });
});
