/**
 * Issue 40 (items 5 and 6) and 41: the font of text whose CSS names no family. Chromium's initial `font-family` is its
 * standard font, a serif (Noto Serif with Pictor's fonts); Pictor follows it by default (the repro `default-font`,
 * checked against Chromium by html-chromium-repros.test.ts, has the per-language faces too). The renderer option
 * `defaultFontFamily` chooses another built-in family for it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { PictorError } from '../src/errors.js';

const serifRenderer = createRenderer({ workers: 0 });
const sansRenderer = createRenderer({ workers: 0, defaultFontFamily: 'sans-serif' });
afterAll(() => Promise.all([serifRenderer.close(), sansRenderer.close()]));

const page = (style = '') => `<div style="font-size:30px;${style}">Acme Cloud</div>`;
const png = async (renderer: typeof serifRenderer, html: string) =>
  (await renderer.render({ html, width: 240, height: 60, format: 'png' })).data;

describe('the default font', () => {
  it('is serif, as Chromium’s standard font, also for a family list with no available family', async () => {
    const none = await png(serifRenderer, page());
    expect(none.equals(await png(serifRenderer, page('font-family:serif')))).toBe(true);
    expect(none.equals(await png(serifRenderer, page('font-family:sans-serif')))).toBe(false);
    expect(none.equals(await png(serifRenderer, page('font-family:Georgia')))).toBe(true);
  });

  it('is the renderer’s defaultFontFamily when given', async () => {
    const none = await png(sansRenderer, page());
    expect(none.equals(await png(sansRenderer, page('font-family:sans-serif')))).toBe(true);
    expect(none.equals(await png(sansRenderer, page('font-family:Georgia')))).toBe(true);
    expect(none.equals(await png(sansRenderer, page('font-family:serif')))).toBe(false);
  });

  it('refuses a defaultFontFamily that is not a built-in generic family', () => {
    let error: unknown;
    try {
      createRenderer({ workers: 0, defaultFontFamily: 'Comic Sans' as never });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PictorError);
    expect((error as PictorError).code).toBe('INVALID_INPUT');
    expect((error as PictorError).message).toBe(
      'renderer.defaultFontFamily: must be one of serif, sans-serif, monospace',
    );
  });
});
