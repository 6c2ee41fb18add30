/**
 * Issue 41: `<font size color face>` are presentational hints, as in Chromium (font-attributes.ts). latex2html's
 * academic CVs size their headings with `<FONT SIZE="+2">`; Pictor drew them at the body's size. The repro
 * `font-attributes` checks the sizes against Chromium; here each attribute draws the same pixels as the CSS it
 * stands for, and the page's CSS wins over it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { legacyFontSize } from '../src/html/elements/font-attributes.js';
import { createRenderer } from '../src/index.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const png = async (body: string, css = '') =>
  (
    await renderer.render({
      html: `<!DOCTYPE html><html><head><style>body{margin:4px;font-family:sans-serif}${css}</style></head><body>${body}</body></html>`,
      width: 320,
      height: 70,
      format: 'png',
    })
  ).data;

describe('<font> attributes', () => {
  it('parse the size as the rules for parsing a legacy font size do', () => {
    expect([' 3', '+2', '-1', '7', '+9', '-5', '0', '4x', '+0'].map(legacyFontSize)).toEqual([
      3, 5, 2, 7, 7, 1, 1, 4, 3,
    ]);
    expect(legacyFontSize('big')).toBeUndefined();
    expect(legacyFontSize('')).toBeUndefined();
  });

  it('draw as the CSS they stand for: size → keyword, color, face → font-family', async () => {
    const hinted = await png('<font size="+2" color="#c03030" face="serif">Curriculum Vitae</font>');
    const styled = await png(
      '<span style="font-size:x-large;color:#c03030;font-family:serif">Curriculum Vitae</span>',
    );
    expect(hinted.equals(styled)).toBe(true);
    expect(hinted.equals(await png('<span>Curriculum Vitae</span>'))).toBe(false);
  });

  it('give way to the page’s CSS', async () => {
    const css = 'font{font-size:12px;color:#2a7a2a}';
    const hinted = await png('<font size="7" color="red">Vitae</font>', css);
    expect(hinted.equals(await png('<font>Vitae</font>', css))).toBe(true);
  });

  it('keep Chromium’s 13px fixed font for face="monospace"', async () => {
    expect((await png('<font face="monospace">code</font>')).equals(await png('<code>code</code>'))).toBe(
      true,
    );
  });
});
