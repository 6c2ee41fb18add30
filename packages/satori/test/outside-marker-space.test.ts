// Pictor change outside-marker-space (src/pictor-marker-space.ts): the text after an outside list marker starts its
// line, so its leading white space goes (`<li>\n  Text`, as Antwort's e-mails write lists); it set the text one space
// right of where Chrome starts it. Chromium repro: packages/core/test/repros/list-item-leading-space.html
// (html-chromium-repros.test.ts).
import { describe, expect, it } from 'vitest';
import { h, textPieces } from './render.js';

async function firstWordX(text: string, itemStyle: Record<string, unknown> = {}) {
  const tree = h(
    'div',
    { display: 'block', width: 300, fontSize: 16 },
    h('ol', { marginTop: 0 }, h('li', itemStyle, text)),
  );
  const pieces = await textPieces(tree, { width: 300, height: 60 });
  return pieces.find((p) => p.text.includes('Create'))?.x;
}

describe('white space after an outside list marker', () => {
  it('goes, as at the start of any line', async () => {
    expect(await firstWordX('\n      Create it\n    ')).toBe(await firstWordX('Create it'));
  });

  it('stays under white-space: pre-wrap', async () => {
    const pre = { whiteSpace: 'pre-wrap' };
    expect(await firstWordX('  Create it', pre)).toBeGreaterThan(
      (await firstWordX('Create it', pre)) as number,
    );
  });
});
