/**
 * Pictor (pre-wrap-hanging-spaces): under `white-space: pre-wrap` the preserved spaces at a soft wrap hang (CSS Text 3
 * §4.1.3), as in Chrome: a word fits on a line when it fits without the spaces after it. docutils' inline literals
 * (`pre-wrap`) broke a word early. Under `break-spaces` the spaces take room and wrap.
 */
import { describe, expect, it } from 'vitest';
import { fonts, h, render } from './render.js';

/** The x where a red box after `text` starts: the text's advance. */
async function advance(text: string) {
  const svg = await render(
    h('div', { display: 'flex', fontSize: 16, fontFamily: 'Inter' }, [
      h('span', { whiteSpace: 'pre' }, text),
      h('div', { width: 10, height: 10, backgroundColor: 'red' }),
    ]),
    { width: 400, height: 40, fonts },
  );
  return Number(svg.match(/<rect [^>]*x="([\d.]+)"[^>]*fill="red"/)?.[1]);
}

/** The height of a paragraph (an inline box with a background: laid out inline) of `text` `width` px wide with `whiteSpace`, 20 px lines. */
async function height(text: string, width: number, whiteSpace: string) {
  const svg = await render(
    h('div', { display: 'flex', flexDirection: 'column', width: 400, fontSize: 16, fontFamily: 'Inter' }, [
      h('div', { width, lineHeight: '20px', whiteSpace }, [
        h('span', {}, 'x '),
        h('span', { whiteSpace, backgroundColor: '#eee' }, text),
      ]),
      h('div', { width: 10, height: 10, backgroundColor: 'red' }),
    ]),
    { width: 400, height: 200, fonts },
  );
  return Number(svg.match(/<rect [^>]*y="([\d.]+)"[^>]*fill="red"/)?.[1]);
}

describe('preserved spaces at a soft wrap', () => {
  it('hang under pre-wrap: the word before them fits', async () => {
    // Room for "x aaaa bbbb" and not for its space after.
    const width = (await advance('x aaaa bbbb')) + 1;
    expect(await advance('x aaaa bbbb ')).toBeGreaterThan(width);
    expect(await height('aaaa bbbb cccc', width, 'pre-wrap')).toBe(40);
  });

  it('take room under break-spaces', async () => {
    const width = (await advance('x aaaa bbbb')) + 1;
    // "bbbb " takes its space's room: it goes to the next line, and the long word after it to a third.
    expect(await height('aaaa bbbb cccccccccccc', width, 'break-spaces')).toBe(60);
    expect(await height('aaaa bbbb cccccccccccc', width, 'pre-wrap')).toBe(40);
  });
});
