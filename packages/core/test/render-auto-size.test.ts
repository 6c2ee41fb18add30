/** Auto size: an omitted dimension is the content's own size (shrink-to-fit), within the limits. */
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { decodeImage, expectFormatAndSize } from './helpers/image-compare.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

describe('auto size', () => {
  it('a fragment gets no margin: a 300×100 div alone is exactly 300×100', async () => {
    const result = await renderer.render({
      html: '<div style="width:300px;height:100px;background:#e11d48">x</div>',
    });
    expect([result.width, result.height]).toEqual([300, 100]);
    const { pixels } = await expectFormatAndSize(result.data, { format: 'png', width: 300, height: 100 });
    // Red reaches every corner: no margin anywhere.
    for (const offset of [0, 299 * 4, 99 * 1200, 99 * 1200 + 299 * 4]) {
      expect([...pixels.subarray(offset, offset + 4)]).toEqual([225, 29, 72, 255]);
    }
  });

  it('a full document keeps the 8px body margin', async () => {
    const result = await renderer.render({
      html: '<!doctype html><html><body><div style="width:300px;height:100px;background:#e11d48"></div></body></html>',
    });
    expect([result.width, result.height]).toEqual([316, 116]);
    const { pixels } = await decodeImage(result.data);
    expect(pixels[3]).toBe(0);
    expect([...pixels.subarray(8 * 316 * 4 + 8 * 4, 8 * 316 * 4 + 8 * 4 + 4)]).toEqual([225, 29, 72, 255]);
  });

  it('width only: the height is the content height', async () => {
    const html =
      '<div style="display:flex;flex-direction:column"><div style="height:40px;background:#000"></div><div style="height:70px;background:#444"></div></div>';
    const result = await renderer.render({ html, width: 200 });
    expect([result.width, result.height]).toEqual([200, 110]);
    await expectFormatAndSize(result.data, { format: 'png', width: 200, height: 110 });
  });

  it('width only: wrapped text sets the height', async () => {
    const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3);
    const narrow = await renderer.render({ html: `<div style="font-size:20px">${text}</div>`, width: 200 });
    const wide = await renderer.render({ html: `<div style="font-size:20px">${text}</div>`, width: 800 });
    expect(narrow.height).toBeGreaterThan(wide.height * 2);
  });

  it('height only: the width is the content width', async () => {
    const html =
      '<div style="display:flex"><div style="width:120px;height:20px;background:#000"></div><div style="width:80px;height:20px;background:#444"></div></div>';
    const result = await renderer.render({ html, height: 50, format: 'webp' });
    expect([result.width, result.height]).toEqual([200, 50]);
    await expectFormatAndSize(result.data, { format: 'webp', width: 200, height: 50 });
  });

  it('neither: text is measured (no guess) and rounded up to whole pixels', async () => {
    const short = await renderer.render({ html: '<div style="font-size:32px">Hi</div>', format: 'jpeg' });
    const long = await renderer.render({ html: '<div style="font-size:32px">Hi there, how are you?</div>' });
    expect(short.height).toBe(long.height);
    expect(short.width).toBeGreaterThan(20);
    expect(long.width).toBeGreaterThan(short.width * 4);
    await expectFormatAndSize(short.data, { format: 'jpeg', width: short.width, height: short.height });
  });

  it('content wider than the limit wraps at the limit', async () => {
    const small = createRenderer({ workers: 0, limits: { maxDimension: 400 } });
    const text = 'wrap me please '.repeat(20);
    const result = await small.render({ html: `<div style="font-size:20px">${text}</div>` });
    expect(result.width).toBe(400);
    expect(result.height).toBeGreaterThan(50);
    await small.close();
  });

  it('content taller than the limit is cut at the limit with a warning', async () => {
    const small = createRenderer({ workers: 0, limits: { maxDimension: 400 } });
    const result = await small.render({
      html: '<div style="width:100px;height:1000px;background:#000"></div>',
    });
    expect([result.width, result.height]).toEqual([100, 400]);
    expect(result.warnings.join('\n')).toMatch(/1000 pixels tall; cut at 400/);
    await small.close();
  });

  it('over the pixel limit, the measured dimension is cut, never the one asked for', async () => {
    const small = createRenderer({ workers: 0, limits: { maxPixels: 20_000 } });
    const block = '<div style="width:300px;height:300px;background:#000"></div>';
    const tall = await small.render({ html: block, width: 100 });
    expect([tall.width, tall.height]).toEqual([100, 200]);
    const wide = await small.render({
      html: '<div style="width:500px;height:50px;background:#000"></div>',
      height: 50,
    });
    expect([wide.width, wide.height]).toEqual([400, 50]);
    const both = await small.render({ html: block });
    expect([both.width, both.height]).toEqual([300, 66]);
    expect(both.warnings.join('\n')).toMatch(/300×300 pixels; cut at 300×66/);
    await small.close();
  });

  it('an element of 1e9 pixels is bounded before resvg sees it', async () => {
    const result = await renderer.render({
      html: '<div style="display:flex;width:1e9px;height:10px;background:#000">x</div>',
    });
    expect([result.width, result.height]).toEqual([4096, 10]);
  });

  it('content without size in an auto dimension is an input error', async () => {
    await expect(renderer.render({ html: '' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(renderer.render({ html: '<div></div>', height: 10 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^width: the content has no width/),
    });
  });
});
