// Pictor change break-all-newlines: under `word-break: break-all` (or `line-break: anywhere`), a line break kept by
// `white-space: pre` (pre-wrap, pre-line) still ends its line, as in Chromium; satori ran all the lines of such a
// block into one (Vivliostyle's code blocks: `pre { word-break: break-all }`). Chromium repro:
// packages/core/test/repros/break-all-newlines.html.
import { describe, expect, it } from 'vitest';
import { boxes, h } from './render.js';

async function height(style: Record<string, unknown>, text: string) {
  const block = h('div', { display: 'flex', lineHeight: '20px', fontSize: 14, ...style }, text);
  const { boxes: found } = await boxes(h('div', { display: 'flex', alignItems: 'flex-start' }, block), {
    width: 400,
    height: 200,
  });
  return found[1].height;
}

describe('kept line breaks under break-all', () => {
  it('end their lines with white-space: pre', async () => {
    expect(
      await height({ whiteSpace: 'pre', wordBreak: 'break-all' }, 'int main(void)\n{\n  return 0;\n}'),
    ).toBe(80);
  });

  it('end their lines with pre-wrap and line-break: anywhere', async () => {
    expect(await height({ whiteSpace: 'pre-wrap', lineBreak: 'anywhere' }, 'first line\nsecond line')).toBe(
      40,
    );
  });
});
