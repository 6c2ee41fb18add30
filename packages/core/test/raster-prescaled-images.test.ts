import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Region } from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { assetDir } from '../src/assets.js';
import { createRenderer } from '../src/index.js';
import { loadEmoji } from '../src/fonts/emoji.js';
import { PrescaledImageCache, prescaleImages } from '../src/raster/prescaled-images.js';
import { rasterize } from '../src/raster/resvg.js';
import { pixelDifference } from './helpers/image-compare.js';

const repros = join(import.meta.dirname, 'repros');

/** A `width` × `height` JPEG of noise (every pixel differs from its neighbours), as a data: URI. */
async function noiseJpeg(width: number, height: number): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

const svgOf = (body: string) =>
  `<svg width="400" height="300" viewBox="0 0 400 300" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
const imageTag = (href: string, attributes = 'x="10" y="10" width="100" height="75"') =>
  `<image ${attributes} href="${href}" preserveAspectRatio="none"/>`;

describe('prescaleImages', () => {
  let cache = new PrescaledImageCache(64 << 20);
  beforeEach(() => {
    cache = new PrescaledImageCache(64 << 20);
  });

  it('replaces a picture drawn smaller than it is by a reference to a copy of exactly the pixels it covers', async () => {
    const source = await noiseJpeg(400, 300);
    for (const scale of [1, 2]) {
      const { svg, images } = await prescaleImages(svgOf(imageTag(source)), scale, cache);
      expect(svg).not.toContain('data:image/jpeg');
      expect([...images.keys()]).toHaveLength(1);
      const [href, png] = [...images][0] as [string, Buffer];
      expect(svg).toContain(`href="${href}"`);
      expect(svg).toContain('x="10" y="10" width="100" height="75"');
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 100 * scale, 75 * scale]);
    }
  });

  it('adds up the area the raster pictures cover, inline ones and unreadable ones too', async () => {
    const source = await noiseJpeg(40, 30);
    const svg = svgOf(
      `${imageTag(source)}${imageTag(source, 'x="0" y="150" width="200" height="150"')}${imageTag('data:image/png;base64,AAAA', 'x="300" y="0" width="10" height="10"')}`,
    );
    expect((await prescaleImages(svg, 1, cache)).pictureArea).toBe(100 * 75 + 200 * 150 + 10 * 10);
    expect((await prescaleImages(svgOf('<rect width="400" height="300"/>'), 1, cache)).pictureArea).toBe(0);
  });

  it('scales a picture once: the next render gets the same bytes from the cache', async () => {
    const source = await noiseJpeg(400, 300);
    const first = await prescaleImages(svgOf(imageTag(source)), 1, cache);
    const second = await prescaleImages(svgOf(`<rect width="5" height="5"/>${imageTag(source)}`), 1, cache);
    expect([...second.images.values()][0]).toBe([...first.images.values()][0]);
  });

  it('keeps at most its size in bytes, dropping the least recently used first; size 0 keeps nothing', async () => {
    const entry = (bytes: number) => ({ image: null, bytes });
    const small = new PrescaledImageCache(100);
    small.set('a', entry(40));
    small.set('b', entry(40));
    small.get('a'); // a is now more recent than b
    small.set('c', entry(40));
    expect([
      small.get('a') !== undefined,
      small.get('b') !== undefined,
      small.get('c') !== undefined,
    ]).toEqual([true, false, true]);
    expect(small.bytes).toBe(80);
    small.set('huge', entry(101));
    expect(small.get('huge')).toBeUndefined();

    const none = new PrescaledImageCache(0);
    const source = await noiseJpeg(400, 300);
    const first = await prescaleImages(svgOf(imageTag(source)), 1, none);
    const second = await prescaleImages(svgOf(imageTag(source)), 1, none);
    const [a, b] = [first, second].map((result) => [...result.images.values()][0] as Buffer);
    expect(a).not.toBe(b);
    expect(a?.equals(b as Buffer)).toBe(true);
    expect(none.bytes).toBe(0);
  });

  it('hands pictures drawn at their size, off whole pixels or transformed, over decoded at their own size', async () => {
    const source = await noiseJpeg(100, 75);
    const large = await noiseJpeg(400, 300);
    const cases: [string, number, number][] = [
      [svgOf(imageTag(source)), 100, 75], // its own size
      [svgOf(imageTag(source, 'x="0.5" y="0" width="200" height="150"')), 100, 75], // enlarged, off whole pixels
      [svgOf(imageTag(large, 'x="0" y="0" width="50" height="50" transform="rotate(30)"')), 400, 300],
      [svgOf(`<g transform="scale(4)">${imageTag(large)}</g>`), 400, 300],
    ];
    for (const [svg, width, height] of cases) {
      const result = await prescaleImages(svg, 1, cache);
      expect(result.svg).not.toContain('data:image/jpeg');
      const meta = await sharp([...result.images.values()][0]).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
      // Decoded once: the pixels are the JPEG's as sharp decodes it.
      const [ours, decoded] = await Promise.all(
        [[...result.images.values()][0] as Buffer, Buffer.from(source.split(',')[1] as string, 'base64')].map(
          (bytes) => sharp(bytes).raw().toBuffer(),
        ),
      );
      if (width === 100) expect(ours?.equals(decoded as Buffer)).toBe(true);
    }
  });

  it('hands a picture drawn larger than it is on whole pixels over as resvg draws it there, once', async () => {
    // A PNG, which resvg and sharp decode alike: resvg enlarging it in the page is the reference.
    const png = await sharp(Buffer.from((await noiseJpeg(100, 75)).split(',')[1] as string, 'base64'))
      .png()
      .toBuffer();
    const source = `data:image/png;base64,${png.toString('base64')}`;
    for (const [attributes, scale, width, height] of [
      ['x="10" y="20" width="200" height="150"', 1, 200, 150],
      ['x="10" y="20" width="200" height="50"', 1, 200, 50], // enlarged one way
      ['x="10" y="20" width="100" height="75"', 2, 200, 150], // its own size, at scale 2
      ['x="10.5" y="20" width="150" height="75" image-rendering="optimizeSpeed"', 2, 300, 150],
    ] as const) {
      const svg = svgOf(`<rect width="400" height="300" fill="#fff"/>${imageTag(source, attributes)}`);
      const result = await prescaleImages(svg, scale, cache);
      const meta = await sharp([...result.images.values()][0]).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
      const { max, pixels } = pixelDifference(rasterize(svg, scale).pixels, rasterize(result, scale).pixels);
      expect({ attributes, scale, max, pixels }).toEqual({
        attributes,
        scale,
        max: expect.any(Number),
        pixels: 0,
      });
    }
  });

  it('leaves unreadable pictures, and large ones it would not scale down, inline', async () => {
    const flat = await sharp({ create: { width: 2100, height: 2100, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const unchanged = [
      svgOf(imageTag('data:image/png;base64,bm90IGEgcGljdHVyZQ==')), // "not a picture"
      svgOf(imageTag(`data:image/jpeg;base64,${flat.toString('base64')}`, 'width="2100" height="2100"')),
    ];
    for (const svg of unchanged) {
      const result = await prescaleImages(svg, 1, cache);
      expect(result.svg).toBe(svg);
      expect(result.images.size).toBe(0);
    }
    // A background picture's tile and a mask-image: resvg would not offer them to be resolved.
    for (const container of [
      'pattern id="p" patternUnits="userSpaceOnUse" width="100" height="75"',
      'mask id="m"',
    ]) {
      const name = container.split(' ')[0];
      const svg = svgOf(`<${container}>${imageTag(await noiseJpeg(400, 300))}</${name}>`);
      expect((await prescaleImages(svg, 1, cache)).svg).toBe(svg);
    }
    // At scale 2 a picture of 150 × 112 drawn at 100 × 75 user units covers 200 × 150 pixels: enlarged by resvg.
    const small = svgOf(imageTag(await noiseJpeg(150, 112)));
    for (const [scale, width] of [
      [2, 200],
      [1, 100],
    ] as const) {
      const result = await prescaleImages(small, scale, cache);
      expect((await sharp([...result.images.values()][0]).metadata()).width).toBe(width);
    }
  });
});

describe('rasterize with prescaled pictures', () => {
  it('draws the SVG as it came when resvg does not offer a referenced picture to be resolved', async () => {
    const original = svgOf(
      `<rect width="400" height="300" fill="#fff"/>${imageTag(await noiseJpeg(100, 75), 'x="0" y="0" width="400" height="300"')}`,
    );
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    // The referenced picture sits in a mask, where resvg resolves none: drawn so, the page would lose its picture.
    const svg = svgOf(`<mask id="m"><image width="4" height="4" href="https://x.invalid/0.png"/></mask>`);
    const fallback = rasterize({ svg, images: new Map([['https://x.invalid/0.png', png]]), original }, 1);
    expect(fallback.pixels.equals(rasterize(original, 1).pixels)).toBe(true);
  });
});

describe('SVG pictures (emoji)', () => {
  /** Twemoji's grinning face and red heart, as satori draws an emoji: an SVG data: URI in a taller box. */
  const emoji = (text: string) => loadEmoji(text) as string;
  const page = (body: string) => svgOf(`<rect width="400" height="300" fill="#fef3c7"/>${body}`);
  const emojiTag = (href: string, attributes: string) => `<image href="${href}" ${attributes}/>`;

  /** Pixels that differ by more than 2 levels between resvg drawing the SVG as it came and with its pictures prescaled. */
  async function differences(svg: string, scale: number) {
    const prescaled = await prescaleImages(svg, scale, new PrescaledImageCache(64 << 20));
    const { max, pixels } = pixelDifference(rasterize(svg, scale).pixels, rasterize(prescaled, scale).pixels);
    return { max, pixels, prescaled: prescaled.images.size };
  }

  /** The CSS pixels of the three emoji boxes below. */
  const EMOJI_AREA = 30 * 40 + 75 * 75 + 60 * 60;

  it('are drawn once at their size and look as resvg draws them inline, at scale 1, 2 and 3', async () => {
    const svg = page(
      emojiTag(emoji('😀'), 'x="20" y="20" width="30" height="40"') +
        emojiTag(emoji('❤️'), 'x="120" y="100" width="75" height="75"') +
        emojiTag(emoji('😀'), 'x="200" y="10" width="60" height="60" preserveAspectRatio="xMinYMin meet"'),
    );
    for (const scale of [1, 2, 3]) {
      const { max, pixels, prescaled } = await differences(svg, scale);
      expect(prescaled).toBe(3);
      // resvg's 4×4 coverage samples fall a little differently on an outline drawn at another place: a few edge
      // pixels differ by a sample or three (16–48 levels); the rest within PNG's straight-alpha rounding.
      expect(max, `scale ${scale}`).toBeLessThanOrEqual(48);
      expect(pixels, `scale ${scale}`).toBeLessThanOrEqual(0.005 * EMOJI_AREA * scale * scale);
    }
  });

  it('fill their box exactly: the prescaled picture is drawn without fitting again', async () => {
    const { svg, images } = await prescaleImages(
      page(emojiTag(emoji('😀'), 'x="20" y="20" width="30" height="40"')),
      2,
      new PrescaledImageCache(64 << 20),
    );
    expect(svg).toMatch(
      /<image preserveAspectRatio="none" image-rendering="optimizeSpeed" href="https:\/\/prescaled\.pictor\.invalid\/0\.png" x="20" y="20" width="30" height="40"\/>/,
    );
    const meta = await sharp([...images.values()][0] as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([60, 80]);
    // Its own fitting and filtering attributes are replaced, not repeated (a repeated attribute is malformed XML).
    const fitted = await prescaleImages(
      page(
        emojiTag(
          emoji('😀'),
          'x="20" y="20" width="30" height="40" preserveAspectRatio="xMidYMid slice" image-rendering="optimizeQuality"',
        ),
      ),
      1,
      new PrescaledImageCache(64 << 20),
    );
    expect(fitted.svg.match(/preserveAspectRatio=/g)).toHaveLength(1);
    expect(fitted.svg.match(/image-rendering=/g)).toHaveLength(1);
    expect(rasterize(fitted, 1).width).toBe(400);
  });

  it('stay inline off whole device pixels, under a transform, or over 4 million pixels', async () => {
    const cache = new PrescaledImageCache(64 << 20);
    for (const body of [
      emojiTag(emoji('😀'), 'x="20.5" y="20" width="30" height="40"'),
      emojiTag(emoji('😀'), 'x="20" y="20" width="30" height="40" transform="rotate(10)"'),
      `<g transform="scale(2)">${emojiTag(emoji('😀'), 'x="20" y="20" width="30" height="40"')}</g>`,
      // A box of over 4 million device pixels (most of it off the canvas) is not drawn on its own.
      emojiTag(emoji('😀'), 'x="0" y="0" width="2100" height="2100"'),
    ]) {
      const result = await prescaleImages(page(body), 1, cache);
      expect(result.images.size, body.slice(0, 60)).toBe(0);
      expect(result.svg).toContain('data:image/svg+xml');
    }
  });
});

describe('renderer option prescaledImageCacheMb', () => {
  it('takes 0 to 65,536 MB and refuses anything else naming the option', () => {
    for (const prescaledImageCacheMb of [0, 1, 65_536]) createRenderer({ workers: 0, prescaledImageCacheMb });
    for (const prescaledImageCacheMb of [-1, 65_537, 1.5, '64']) {
      expect(() => createRenderer({ workers: 0, prescaledImageCacheMb } as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_INPUT',
          message: expect.stringContaining('prescaledImageCacheMb'),
        }),
      );
    }
  });
});

describe('pictures drawn smaller than they are, rendered', () => {
  const renderer = createRenderer({ workers: 0, baseDir: assetDir() });
  afterAll(() => renderer.close());

  /** Mean absolute channel difference between our render and Chromium's in one region. */
  async function meanDifference(ours: Buffer, theirs: Buffer, region: Region): Promise<number> {
    const [a, b] = await Promise.all(
      [ours, theirs].map((png) => sharp(png).extract(region).removeAlpha().raw().toBuffer()),
    );
    let sum = 0;
    for (let i = 0; i < (a as Buffer).length; i++) sum += Math.abs((a as Buffer)[i]! - (b as Buffer)[i]!);
    return sum / (a as Buffer).length;
  }

  it('are filtered to even tones as Chromium draws them, not sampled into moiré', async () => {
    // A 1 px checkerboard PNG and a 1 px stripes JPEG, 400 × 300 each, drawn about 3 × smaller.
    const html = readFileSync(join(repros, 'img-downscaled-fine-detail.html'), 'utf8');
    const result = await renderer.render({ html, width: 330, height: 140, format: 'png' });
    const chromium = readFileSync(join(repros, 'img-downscaled-fine-detail.chromium.png'));
    // Point-sampled (resvg's own bicubic on the whole picture): 30 and 37 levels off.
    expect(
      await meanDifference(result.data, chromium, { left: 20, top: 20, width: 130, height: 97 }),
    ).toBeLessThan(2);
    expect(
      await meanDifference(result.data, chromium, { left: 170, top: 20, width: 133, height: 100 }),
    ).toBeLessThan(15);
  });

  it('keep their place and size: a cover-fitted photo with rounded corners clips as before', async () => {
    const source = await noiseJpeg(640, 480);
    const html = `<div style="display:flex;width:300px;height:200px;background:#102030;padding:20px">
      <img src="${source}" style="width:200px;height:120px;object-fit:cover;border-radius:30px"></div>`;
    const { data } = await renderer.render({ html, width: 300, height: 200, format: 'png' });
    const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...pixels.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    // Background outside the picture and in its clipped corner; noise inside it.
    expect(at(10, 10)).toEqual([0x10, 0x20, 0x30]);
    expect(at(221, 21)).toEqual([0x10, 0x20, 0x30]);
    expect(at(230, 100)).toEqual([0x10, 0x20, 0x30]);
    const inside = [at(120, 80), at(121, 80), at(122, 80), at(120, 81)].map((p) => p.join());
    expect(new Set(inside).size).toBeGreaterThan(1);
    expect(at(120, 80)).not.toEqual([0x10, 0x20, 0x30]);
  });
});
