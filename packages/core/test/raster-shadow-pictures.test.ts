/**
 * Box shadows drawn as pictures (raster/shadow-pictures.ts, tuning `shadowPictures`): each of satori's shadow filters
 * becomes a picture the size of its region, and the page's pixels stay those resvg's filters draw.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from '../src/index.js';
import { drawShadowPictures } from '../src/raster/shadow-pictures.js';
import { decodeImage, distanceFromReference } from './helpers/image-compare.js';

const on = createRenderer({ workers: 0 });
const off = createRenderer({ workers: 0, tunings: { shadowPictures: false } });
afterAll(() => Promise.all([on.close(), off.close()]));

/** satori's markup for a 200×100 box at (50, 40) with `box-shadow: 0 4px 16px <colour>` (σ 8, region grown by 24). */
function shadowSvg(colour: string, x = 50): string {
  const shape = `<rect x="${x}" y="44" width="200" height="100" fill="#fff" stroke="#fff" stroke-width="0"/>`;
  return `<svg width="400" height="300" viewBox="0 0 400 300" xmlns="http://www.w3.org/2000/svg"><mask id="satori_ms-id-0" maskUnits="userSpaceOnUse"><rect x="0" y="0" width="400" height="300" fill="#fff"/><rect x="${x}" y="40" width="200" height="100" fill="#000"/></mask><defs><filter id="satori_s-id-0" x="-12%" y="-24%" width="124%" height="148%"><feGaussianBlur stdDeviation="8" result="b"/><feFlood flood-color="${colour}" in="SourceGraphic" result="f"/><feComposite in="f" in2="b" operator="in"/></filter></defs><g mask="url(#satori_ms-id-0)" filter="url(#satori_s-id-0)">${shape}</g></svg>`;
}

describe('box shadows as pictures', () => {
  it("replaces the filter by a picture covering the shadow's region, not the canvas", async () => {
    const svg = shadowSvg('rgba(0,0,0,0.2)');
    const out = await drawShadowPictures({ svg, images: new Map(), original: svg }, 1);
    expect(out.svg).not.toContain('<filter');
    const image =
      /<g mask="url\(#satori_ms-id-0\)"><image x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(
        out.svg,
      );
    // The box (50, 44, 200×100) grown by the filter's region: 24 px each side across, 24 up and down.
    expect(image?.slice(1).map(Number)).toEqual([26, 20, 248, 148]);
    const png = out.images.values().next().value as Buffer;
    const { width, height, pixels } = await decodeImage(png);
    expect([width, height]).toEqual([248, 148]);
    // Under the box the shadow is the full colour (alpha 0.2), far out it has faded.
    expect(pixels[(74 * width + 124) * 4 + 3]).toBe(51);
    expect(pixels[(2 * width + 2) * 4 + 3]).toBeLessThanOrEqual(1);
    // The same pixels as resvg's filter, within 2 levels.
    const { Resvg } = await import('@resvg/resvg-js');
    const filtered = new Resvg(svg).render().pixels;
    const renderer = new Resvg(out.svg);
    for (const [href, bytes] of out.images) renderer.resolveImage(href, bytes);
    const pictured = renderer.render().pixels;
    let worst = 0;
    for (let i = 0; i < filtered.length; i++)
      worst = Math.max(worst, Math.abs((filtered[i] as number) - (pictured[i] as number)));
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('drops a transparent shadow and one wholly off the canvas, and leaves what it does not read to resvg', async () => {
    for (const svg of [shadowSvg('hsla(0,0%,20%,0)'), shadowSvg('rgba(0,0,0,0.2)', -400)]) {
      const out = await drawShadowPictures({ svg, images: new Map(), original: svg }, 1);
      expect(out.svg).not.toContain('satori_s-id-0');
      expect(out.images.size).toBe(0);
    }
    const unknown = shadowSvg('color-mix(in srgb, red, blue)');
    const kept = await drawShadowPictures({ svg: unknown, images: new Map(), original: unknown }, 1);
    expect(kept.svg).toBe(unknown);
  });

  it.each(['box-shadows', 'shadow-wide-blur', 'box-shadow-em'])(
    "repro %s: as near Chromium's reference as resvg's filters are, or nearer",
    async (name) => {
      const dir = join(import.meta.dirname, 'repros');
      const { width, height } = JSON.parse(readFileSync(join(dir, 'repros.json'), 'utf8'))[name];
      const html = readFileSync(join(dir, `${name}.html`), 'utf8');
      const reference = readFileSync(join(dir, `${name}.chromium.png`));
      const a = await on.render({ html, width, height, format: 'png' });
      const b = await off.render({ html, width, height, format: 'png' });
      expect(a.tuningsUsed).toContain('shadowPictures');
      expect(b.tuningsUsed).not.toContain('shadowPictures');
      const [pictures, filters] = await Promise.all([
        distanceFromReference(a.data, reference),
        distanceFromReference(b.data, reference),
      ]);
      // resvg cuts a filter's region to whole pixels: a shadow at a fractional offset loses its antialiased edge.
      expect(pictures.mean).toBeLessThanOrEqual(filters.mean + 0.02);
      expect(pictures.far).toBeLessThanOrEqual(filters.far);
    },
  );
});
