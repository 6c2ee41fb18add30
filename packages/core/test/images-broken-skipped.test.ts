/**
 * broken-image-skipped: an image whose bytes are no readable picture (an SVG that is not well-formed XML, a corrupt
 * PNG, bytes of no known format) failed the whole render with FETCH_ERROR. A browser draws nothing for a broken image
 * and the rest of the page as usual; so does Pictor now, with a warning naming the image, on every path an image
 * takes: `<img>`, a background (inline style and style sheet), a mask (the element is hidden, as Chromium hides it),
 * an SVG `<image>`. Refusals for safety (entities, external references) and over a limit stay errors.
 * Repro `broken-image-skipped`, compared with Chromium here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { distanceFromReference } from './helpers/image-compare.js';

const dir = join(import.meta.dirname, 'repros');
const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
afterAll(() => renderer.close());

const uri = (type: string, data: string | Buffer) =>
  `data:${type};base64,${Buffer.from(data).toString('base64')}`;
const BROKEN_SVG = uri(
  'image/svg+xml',
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect fill="blue"></svg>',
);
const BROKEN_PNG = uri(
  'image/png',
  Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(20)]),
);
const NO_PICTURE = uri('image/jpeg', 'this is no picture');

/** The RGB of a pixel of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i], data[i + 1], data[i + 2]] as number[];
}

/** The page (white) with a 40×40 box at 0,0 and a black 20×20 square below it, rendered 60×80. */
async function render(box: string, sheet = '') {
  const html = `<html style="background:#fff"><style>body{margin:0}${sheet}</style><body>${box}<div style="width:20px;height:20px;background:#000"></div></body></html>`;
  const result = await renderer.render({ html, width: 60, height: 80, format: 'png' });
  return { warnings: result.warnings, at: (x: number, y: number) => pixel(result.data, x, y) };
}

const warning = (image: string, reason: string) =>
  `image ${image.length > 120 ? `${image.slice(0, 120)}…` : image} is broken and was skipped: ${reason}; nothing is drawn for it`;
const NOT_WELL_FORMED = 'the SVG image is not well-formed XML (unexpected close tag.)';
const CORRUPT_PNG = 'the PNG image is corrupt (Input buffer has corrupt header:)';
const NO_FORMAT =
  'not a supported image (PNG, JPEG, GIF, WebP or SVG expected; the data starts with 0x74686973)';

describe('a broken image is skipped with a warning, and the rest of the page is drawn', () => {
  for (const [name, image, reason] of [
    ['an SVG that is not well-formed', BROKEN_SVG, NOT_WELL_FORMED],
    ['a corrupt PNG', BROKEN_PNG, CORRUPT_PNG],
    ['bytes of no known format', NO_PICTURE, NO_FORMAT],
  ] as const) {
    it(`${name} as <img>: its box keeps its size, nothing drawn in it`, async () => {
      const { warnings, at } = await render(
        `<img src="${image}" width="40" height="40" style="display:block;background:#f00">`,
      );
      expect(warnings).toEqual([warning(image, reason)]);
      // The img's own background shows through (nothing is drawn over it); the square after it is in its place.
      expect(await at(20, 20)).toEqual([255, 0, 0]);
      expect(await at(10, 50)).toEqual([0, 0, 0]);
    });

    it(`${name} as a background (inline style): the colour stays`, async () => {
      const { warnings, at } = await render(
        `<div style="width:40px;height:40px;background:#0f0 url('${image}')"></div>`,
      );
      expect(warnings).toEqual([warning(image, reason)]);
      expect(await at(20, 20)).toEqual([0, 255, 0]);
      expect(await at(10, 50)).toEqual([0, 0, 0]);
    });

    it(`${name} as a background layer in a style sheet: the other layers stay`, async () => {
      const { warnings, at } = await render(
        '<div class="a"></div>',
        `.a{width:40px;height:40px;background-image:url("${image}"),linear-gradient(#00f,#00f)}`,
      );
      expect(warnings).toEqual([warning(image, reason)]);
      expect(await at(20, 20)).toEqual([0, 0, 255]);
      expect(await at(10, 50)).toEqual([0, 0, 0]);
    });

    it(`${name} as a mask: the element is hidden, as in Chromium`, async () => {
      const { warnings, at } = await render(
        `<div style="width:40px;height:40px;background:#0f0;mask-image:url('${image}')"></div>`,
      );
      expect(warnings).toEqual([warning(image, reason)]);
      expect(await at(20, 20)).toEqual([255, 255, 255]);
      expect(await at(10, 50)).toEqual([0, 0, 0]);
    });

    it(`${name} as an SVG <image>: nothing drawn, the rest of the SVG is`, async () => {
      const { warnings, at } = await render(
        `<svg width="40" height="40" style="display:block"><rect width="40" height="40" fill="#00f"/><image href="${image}" width="40" height="40"/></svg>`,
      );
      expect(warnings).toEqual([warning(image, reason)]);
      expect(await at(20, 20)).toEqual([0, 0, 255]);
      expect(await at(10, 50)).toEqual([0, 0, 0]);
    });
  }

  it('an SVG with entities is still refused (FETCH_ERROR), never skipped', async () => {
    const svg = uri(
      'image/svg+xml',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a;</text></svg>',
    );
    await expect(
      renderer.render({ html: `<img src="${svg}">`, width: 20, height: 20, format: 'png' }),
    ).rejects.toMatchObject({ code: 'FETCH_ERROR', message: expect.stringMatching(/DOCTYPE or entities/) });
  });

  it('the repro page draws like Chromium (less its broken-image icons), a warning per broken image', async () => {
    const html = readFileSync(join(dir, 'broken-image-skipped.html'), 'utf8');
    const result = await renderer.render({ html, width: 480, height: 240, format: 'png' });
    expect(result.warnings).toHaveLength(4);
    for (const w of result.warnings) expect(w).toMatch(/^image data:image\/.* is broken and was skipped: /);
    const { mean, far } = await distanceFromReference(
      result.data,
      readFileSync(join(dir, 'broken-image-skipped.chromium.png')),
    );
    expect(mean).toBeLessThan(4);
    expect(far).toBeLessThan(0.01);
  });
});
