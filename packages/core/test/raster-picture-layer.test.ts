/**
 * raster/picture-layer.ts: pictures composited from their decoded pixels over resvg's raster must give the picture
 * resvg gives when it draws them itself (the `pictureLayer` switch off), decoded and compared pixel by pixel —
 * rounded corners, object-fit, opacity, text over a picture, a box drawn over one, pictures cut by the canvas edge,
 * transparent pictures, emoji, at scale 1 and 2 — and everything it cannot paint exactly must be left to resvg.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderer, type RenderResult } from '../src/index.js';
import { liftPictureLayer } from '../src/raster/picture-layer.js';
import { PrescaledImageCache, prescaleImages } from '../src/raster/prescaled-images.js';
import { decodeImage, pixelDifference } from './helpers/image-compare.js';

/** A photo-like JPEG (a gradient with noise) as a data: URI. */
async function photo(width: number, height: number, seed: number): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        const at = (y * width + x) * 3 + c;
        pixels[at] =
          (((x * (c + 1) * 255) / width + (y * 97) / height + seed * 40) ^ ((at * 2654435761) >>> 28)) & 255;
      }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** A PNG with transparency: a soft disc over nothing. */
async function disc(size: number): Promise<string> {
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const at = (y * size + x) * 4;
      const r = Math.hypot(x - size / 2, y - size / 2) / (size / 2);
      pixels[at] = 220;
      pixels[at + 1] = (x * 255) / size;
      pixels[at + 2] = 40;
      pixels[at + 3] = Math.max(0, Math.min(255, Math.round((1 - r) * 400)));
    }
  const png = await sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const on = createRenderer({ workers: 0 });
const off = createRenderer({ workers: 0, tunings: { pictureLayer: false } });
afterAll(async () => {
  await Promise.all([on.close(), off.close()]);
});

const card = (inner: string, style = 'background:#f1f5f9') =>
  `<div style="display:flex;flex-wrap:wrap;align-items:flex-start;box-sizing:border-box;width:100%;height:100%;padding:10px;${style}">${inner}</div>`;

interface Case {
  html: () => string;
  width?: number;
  height?: number;
  /**
   * Whether the layer takes some picture (else every picture stays with resvg): at both scales or never.
   */
  lifted: 'always' | 'never';
}

const sources: Record<'small' | 'large' | 'wide' | 'alpha', string> = {
  small: '',
  large: '',
  wide: '',
  alpha: '',
};
beforeAll(async () => {
  [sources.small, sources.large, sources.wide, sources.alpha] = await Promise.all([
    photo(64, 64, 1),
    photo(400, 400, 2),
    photo(480, 240, 3),
    disc(160),
  ]);
});

const img = (src: keyof typeof sources, style: string, size = 'width="64" height="64"') =>
  `<img src="${sources[src]}" ${size} style="${style}" />`;

const cases: Record<string, Case> = {
  'a grid of pictures at their own size': {
    html: () =>
      card(Array.from({ length: 12 }, () => img('small', 'width:64px;height:64px;margin:6px')).join('')),
    lifted: 'always',
  },
  'pictures drawn larger than they are (drawn so by resvg once), smooth and pixelated': {
    html: () =>
      card(
        img('small', 'width:128px;height:128px;margin:8px;border-radius:16px') +
          img('small', 'width:96px;height:160px;margin:8px;image-rendering:pixelated'),
      ),
    lifted: 'always',
  },
  'pictures drawn smaller than they are, with rounded corners and a circle': {
    html: () =>
      card(
        img('large', 'width:120px;height:120px;border-radius:24px;margin:8px') +
          img('large', 'width:100px;height:100px;border-radius:50%;margin:8px') +
          img('wide', 'width:150px;height:75px;border-radius:10px 30px;margin:8px'),
      ),
    lifted: 'always',
  },
  'object-fit cover and contain, and a position': {
    html: () =>
      card(
        img('wide', 'width:120px;height:120px;object-fit:cover;margin:8px') +
          img('wide', 'width:120px;height:120px;object-fit:contain;margin:8px;background:#fde68a') +
          img(
            'wide',
            'width:90px;height:120px;object-fit:cover;object-position:left top;margin:8px;border-radius:16px',
          ),
      ),
    lifted: 'always',
  },
  'pictures with opacity, and a transparent picture on colour': {
    html: () =>
      card(
        img('large', 'width:120px;height:120px;opacity:0.5;margin:8px') +
          img('large', 'width:100px;height:100px;opacity:0.35;border-radius:20px;margin:8px') +
          img('alpha', 'width:80px;height:80px;margin:8px'),
        'background:#1e3a8a',
      ),
    lifted: 'always',
  },
  'text over a picture, a box drawn over another': {
    html: () =>
      `<div style="display:flex;position:relative;width:100%;height:100%;background:#fff">
        ${img('large', 'position:absolute;left:20px;top:20px;width:200px;height:160px')}
        <div style="position:absolute;left:30px;top:60px;font-size:32px;font-weight:700;color:#fff">Over the photo</div>
        ${img('wide', 'position:absolute;left:240px;top:20px;width:140px;height:100px')}
        <div style="position:absolute;left:280px;top:60px;width:100px;height:80px;background:rgba(255,0,0,0.4)"></div>
      </div>`,
    lifted: 'always',
  },
  'pictures cut by the canvas edge': {
    html: () =>
      `<div style="display:flex;position:relative;width:100%;height:100%;background:#ecfeff">
        ${img('large', 'position:absolute;left:-40px;top:-30px;width:120px;height:120px;border-radius:30px')}
        ${img('wide', 'position:absolute;left:330px;top:150px;width:120px;height:90px')}
      </div>`,
    lifted: 'always',
  },
  'emoji in a line of text': {
    html: () =>
      card('<div style="display:flex;font-size:40px;color:#111">Launch 🚀 now ✨</div>', 'background:#fff'),
    lifted: 'always',
  },
  'object-fit contain leaving a picture off whole pixels': {
    // 121 × 60.5 px, 30.25 px from the top of its box: resvg samples it at both scales.
    html: () => card(img('wide', 'width:121px;height:121px;object-fit:contain')),
    lifted: 'never',
  },
  'a rotated picture': {
    html: () => card(img('large', 'width:120px;height:120px;margin:30px;transform:rotate(20deg)')),
    lifted: 'never',
  },
};

async function both(
  html: string,
  scale: number,
  width = 400,
  height = 200,
): Promise<{ with: RenderResult; without: RenderResult }> {
  const input = { html, width, height, scale, format: 'png' as const };
  const [a, b] = [await on.render(input), await off.render(input)];
  return { with: a, without: b };
}

describe('pictures composited from their pixels', () => {
  for (const [name, test] of Object.entries(cases)) {
    it.each([1, 2])(`${name}, scale %i: the same picture as resvg draws`, async (scale) => {
      const { with: a, without: b } = await both(test.html(), scale, test.width, test.height);
      const [x, y] = await Promise.all([decodeImage(a.data), decodeImage(b.data)]);
      expect([x.width, x.height]).toEqual([y.width, y.height]);
      const lifted = test.lifted === 'always';
      expect(a.tuningsUsed?.includes('pictureLayer'), 'pictures taken by the layer').toBe(lifted);
      expect(b.tuningsUsed).not.toContain('pictureLayer');
      // Within rounding: no channel off by more than 2 levels.
      const difference = pixelDifference(x.pixels, y.pixels, 2);
      expect(difference).toEqual({ max: expect.any(Number), pixels: 0 });
      expect(difference.max).toBeLessThanOrEqual(2);
    });
  }
});

describe('liftPictureLayer', () => {
  const cache = new PrescaledImageCache(64 << 20);
  const svgOf = (body: string, defs = '') =>
    `<svg width="200" height="100" viewBox="0 0 200 100" xmlns="http://www.w3.org/2000/svg">${defs}<rect x="0" y="0" width="200" height="100" fill="#fff"/>${body}</svg>`;
  const tag = (x: number, attributes = '') =>
    `<image x="${x}" y="10" width="64" height="64" href="${sources.small}" preserveAspectRatio="none"${attributes}/>`;
  const lift = async (svg: string, scale = 1) => {
    const prescaled = await prescaleImages(svg, scale, cache, { pictures: true, emoji: true, bytes: false });
    return { prescaled, lifted: liftPictureLayer(prescaled, scale) };
  };

  it('takes pictures out of the SVG and the SVG as it came, leaving the rest', async () => {
    const { prescaled, lifted } = await lift(
      svgOf(`${tag(0)}<rect x="120" y="0" width="10" height="10"/>${tag(100)}`),
    );
    expect(lifted?.layer.pictures.map((picture) => picture.left)).toEqual([0, 100]);
    expect(lifted?.rest.svg).not.toContain('<image');
    expect(lifted?.rest.original).not.toContain('<image');
    expect(lifted?.rest.svg).toContain('<rect x="120" y="0" width="10" height="10"/>');
    expect(lifted?.rest.pictures.size).toBe(0);
    expect(prescaled.pictures.size).toBe(2);
  });

  it('leaves a picture with whatever is drawn over it after, and those before it', async () => {
    const { lifted } = await lift(
      svgOf(
        `${tag(0)}${tag(100)}<rect x="150" y="50" width="10" height="10" fill="red"/>${tag(130, ' opacity="0.5"')}`,
      ),
    );
    // The second is covered by the rect; the third has an attribute the layer does not apply; the first is clear.
    expect(lifted?.layer.pictures.map((picture) => picture.left)).toEqual([0]);
    expect(lifted?.rest.svg.match(/<image/g)).toHaveLength(2);
  });

  it('stops at what it cannot bound: a transformed group after the pictures', async () => {
    const { lifted } = await lift(
      svgOf(`${tag(0)}<g transform="rotate(5)"><rect x="150" y="80" width="10" height="10"/></g>`),
    );
    expect(lifted).toBeUndefined();
  });

  it('applies a group opacity only to a picture that is all the group paints', async () => {
    const alone = await lift(svgOf(`<g opacity="0.5">${tag(0)}</g>`));
    expect(alone.lifted?.layer.pictures[0]?.opacity).toBe(0.5);
    const shared = await lift(
      svgOf(`<g opacity="0.5"><rect x="0" y="0" width="5" height="5"/>${tag(0)}</g>`),
    );
    expect(shared.lifted).toBeUndefined();
  });
});
