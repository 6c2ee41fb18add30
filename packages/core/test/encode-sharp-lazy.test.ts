// sharp loads on first use (encode/sharp-module.ts): a render that writes an opaque PNG — most cards — never loads it
// (libvips and its native module were a good part of a fresh worker's start); a WebP, a PNG with alpha or a picture
// loads it, configured as the worker asked before it loaded.
import sharpForTest from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { configureEncoder } from '../src/encode/sharp.js';
import { loadSharp, sharpLoaded } from '../src/encode/sharp-module.js';
import { createRenderer } from '../src/index.js';

const renderer = createRenderer({ workers: 0 });
afterAll(() => renderer.close());

const card = (background: string) =>
  `<div style="display:flex;width:240px;height:80px;background:${background};color:#fff;font-size:32px">Hello card</div>`;

describe('sharp loaded on first use', () => {
  it('writes an opaque PNG card without loading sharp, then loads it for a WebP, configured', async () => {
    configureEncoder();
    const png = await renderer.render({ html: card('#123'), format: 'png' });
    expect(sharpLoaded()).toBe(false);
    // The PNG is right (decoded by the test's own sharp, not the encoder's module state).
    const { data, info } = await sharpForTest(png.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([240, 80, 3]);
    expect([...data.subarray(0, 3)]).toEqual([0x11, 0x22, 0x33]);

    const webp = await renderer.render({ html: card('#123'), format: 'webp' });
    expect(sharpLoaded()).toBe(true);
    expect((await sharpForTest(webp.data).metadata()).format).toBe('webp');
    // configureEncoder's settings, applied when sharp loaded.
    const sharp = await loadSharp();
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ files: { max: 0 }, items: { max: 0 } });
  });
});
