/**
 * Files named by pictures nested in another picture, as resvg 2.6.2 draws them. Checked SVG pictures reach resvg only
 * nested in a `data:` image (satori's page, or drawn alone by prescaleImages). resvg loads no picture for an `<image>`
 * there — a second line behind the SVG check's reference rules, pinned here: if a resvg update starts loading them,
 * these tests fail. It does load the file an `<feImage>` names: for that the SVG check is the only line, and every
 * such picture is refused by it. A real file is given, and the raster resvg draws is read back.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrescaledImageCache, prescaleImages } from '../src/raster/prescaled-images.js';
import { type RasterImage, rasterize } from '../src/raster/resvg.js';
import { checkImage, ImageCheckError } from '../src/images/image-check.js';
import { solidImage } from './fixtures/images.js';

let folder: string;
let redFile: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'pictor-nested-'));
  redFile = path.join(folder, 'red.png');
  await writeFile(redFile, await solidImage(8, 8, 'png', '#ff0000'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svgOf = (body: string) => `<svg ${NS} width="8" height="8" viewBox="0 0 8 8">${body}</svg>`;
/** `svg` as satori writes a picture: an `<image>` whose href is a base64 data: URI. */
const nested = (svg: string) =>
  svgOf(
    `<image x="0" y="0" width="8" height="8" preserveAspectRatio="none" href="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"/>`,
  );

/** Pixels of the raster (RGBA, premultiplied) that show red. */
function redPixels(raster: RasterImage): number {
  let count = 0;
  for (let at = 0; at < raster.pixels.length; at += 4) {
    if ((raster.pixels[at] as number) > 128 && (raster.pixels[at + 3] as number) > 128) count++;
  }
  return count;
}

const references: [string, (file: string) => string][] = [
  ['<image href> with a path', (file) => `<image href="${file}" width="8" height="8"/>`],
  ['<image xlink:href> with a path', (file) => `<image xlink:href="${file}" width="8" height="8"/>`],
  ['<image href> with a file: URL', (file) => `<image href="file://${file}" width="8" height="8"/>`],
  // The repeated attribute that once slipped past the check: resvg reads `href` (names are case-sensitive to it).
  [
    '<image> with HREF, href, Href',
    (file) => `<image HREF="#a" href="${file}" Href="#b" width="8" height="8"/>`,
  ],
  [
    '<image> with xlink:HREF, xlink:href, xlink:Href',
    (file) => `<image xlink:HREF="#a" xlink:href="${file}" xlink:Href="#b" width="8" height="8"/>`,
  ],
];

const filter = (attributes: string) =>
  `<filter id="f" x="0" y="0" width="1" height="1"><feImage ${attributes} width="8" height="8"/></filter><rect width="8" height="8" filter="url(#f)"/>`;
const feImages: [string, (file: string) => string][] = [
  ['<feImage href> with a path', (file) => filter(`href="${file}"`)],
  ['<feImage xlink:href> with a path', (file) => filter(`xlink:href="${file}"`)],
  ['<feImage> with HREF, href, Href', (file) => filter(`HREF="#a" href="${file}" Href="#b"`)],
  [
    '<feImage> with xlink:HREF, xlink:href, xlink:Href',
    (file) => filter(`xlink:HREF="#a" xlink:href="${file}" xlink:Href="#b"`),
  ],
];

/** The SVG picture as the render checks it before resvg sees it: the reason it is refused, or `undefined`. */
async function refusal(svg: string): Promise<string | undefined> {
  try {
    await checkImage(Buffer.from(svg), 25_000_000);
    return undefined;
  } catch (error) {
    if (error instanceof ImageCheckError) return error.message;
    throw error;
  }
}

describe('resvg and files referenced by nested pictures', () => {
  it('the file is a picture resvg draws when it is given the SVG itself (the tests below can see it)', () => {
    const direct = rasterize(svgOf(`<image href="${redFile}" width="8" height="8"/>`));
    expect(redPixels(direct)).toBe(64);
  });

  it.each(references)('%s in a nested picture: not drawn', (_name, body) => {
    const raster = rasterize(nested(svgOf(body(redFile))));
    expect([raster.width, raster.height]).toEqual([8, 8]);
    expect(redPixels(raster)).toBe(0);
  });

  it.each(references)(
    '%s in a nested picture drawn alone by prescaleImages: not drawn',
    async (_name, body) => {
      const prescaled = await prescaleImages(
        nested(svgOf(body(redFile))),
        1,
        new PrescaledImageCache(1 << 20),
      );
      expect(prescaled.images.size).toBe(1);
      expect(redPixels(rasterize(prescaled))).toBe(0);
    },
  );

  it.each(feImages)(
    '%s in a nested picture is drawn by resvg 2.6.2, and refused by the SVG check',
    async (_name, body) => {
      const svg = svgOf(body(redFile));
      expect(redPixels(rasterize(nested(svg)))).toBe(64);
      expect(await refusal(svg)).toMatch(/references|twice/);
    },
  );

  it.each(references)('%s: refused by the SVG check as well', async (_name, body) => {
    expect(await refusal(svgOf(body(redFile)))).toMatch(/references|twice/);
  });

  it('a style sheet named by <?xml-stylesheet?>: accepted by the check, which reads no processing instruction, and never loaded by resvg 2.6.2', async () => {
    const sheet = path.join(folder, 'red.css');
    const rule = 'rect { fill: #ff0000 !important; }';
    await writeFile(sheet, rule);
    // The rule, written inside the SVG, paints the rect red: the checks below would see a loaded sheet.
    expect(
      redPixels(rasterize(svgOf(`<style>${rule}</style><rect width="8" height="8" fill="#0000ff"/>`))),
    ).toBe(64);
    for (const href of [sheet, `file://${sheet}`]) {
      const svg = `<?xml-stylesheet type="text/css" href="${href}"?>${svgOf('<rect width="8" height="8" fill="#0000ff"/>')}`;
      expect(await refusal(svg)).toBeUndefined();
      // Given the SVG itself, not even nested: if resvg ever reads the sheet, the check must refuse such instructions.
      expect(redPixels(rasterize(svg))).toBe(0);
      expect(redPixels(rasterize(nested(svg)))).toBe(0);
    }
  });

  it('two levels deep: not drawn either', () => {
    const raster = rasterize(nested(nested(svgOf(`<image href="${redFile}" width="8" height="8"/>`))));
    expect(redPixels(raster)).toBe(0);
  });
});
