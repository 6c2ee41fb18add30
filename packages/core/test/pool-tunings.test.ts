/**
 * RendererOptions.tunings (built package): every switch reaches the worker — the worker names the tunings that
 * changed a render in `tuningsUsed`, and with a switch off its tuning is not among them — and switching a tuning off
 * still renders the same picture within rounding (both PNGs decoded with sharp). These documents give every tuning
 * something to do: a card (a gradient filling the canvas, text, an avatar), a line with an emoji on whole pixels, and
 * a 1080×1080 page of rounded photos (masked pictures, photographs over a third of the canvas, rows over 3 MB), a
 * line of text on one colour and two boxes with blurred shadows.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderer, PictorError, type RenderResult, TUNING_NAMES, type Tunings } from '../dist/index.js';
import { avatarDataUri, referenceCardHtml } from './helpers/cards.js';
import { decodeImage } from './helpers/image-compare.js';

type Name = keyof Tunings;

/** A 640×480 photo-like JPEG as a data: URI (as the image-heavy card of the benchmarks). */
async function photoUri(): Promise<string> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + (i >> 7) * 11) % 251;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

type DocumentName = 'card' | 'photos' | 'emoji' | 'plain' | 'shadows' | 'filters' | 'triangles';

interface Document {
  html: string;
  width: number;
  height: number;
}

/** Which document gives each tuning something to do. */
const DOCUMENT_OF: Record<Name, DocumentName> = {
  gradientPatterns: 'card',
  imageMasks: 'photos',
  borderStrokes: 'triangles',
  canvasGradient: 'card',
  textLayer: 'card',
  solidCanvas: 'plain',
  canvasReuse: 'plain',
  prescaledImages: 'card',
  prescaledEmoji: 'emoji',
  pictureLayer: 'photos',
  shadowPictures: 'shadows',
  filterContentRegion: 'filters',
  pngWriter: 'card',
  pngPhotoRows: 'photos',
  deflateHalves: 'photos',
  heapGrowing: 'card',
  largePages: 'card',
  singleThreadedGc: 'card',
  baselineLargeFunctions: 'card',
  lateOptimization: 'card',
  encoderThreads: 'card',
  glyphRuns: 'card',
  glyphPathNumbers: 'card',
  glyphPathCache: 'card',
  noEnableBackgroundScan: 'card',
  plainTextGraphemes: 'card',
  plainTextWords: 'card',
  // Named whenever on, as satori's own are (the card has no style sheet: style-sheet-speed.test.ts compares pixels).
  styleSheetCache: 'card',
  styleSheetIndex: 'card',
  engineMemo: 'card',
  customPropertiesChain: 'card',
  overflowMaskAsClip: 'card',
  inlineTextCulling: 'card',
  compiledSheets: 'card',
  leafFilterRegion: 'card',
  shapedGlyphsDirect: 'card',
  skipInkBands: 'card',
  ancestorFilter: 'card',
  paragraphMeasureMemo: 'card',
  floatBandsIndex: 'card',
  fontFamilyMemo: 'card',
  fragmentCullFirst: 'card',
  alignmentTables: 'card',
  measureMemoWidthKnown: 'card',
  flowCut: 'card',
};

/** Tunings that work on what another one makes: off with it (the canvas gradient is read from an inlined gradient). */
const DEPENDENT: Partial<Record<Name, Name[]>> = {
  gradientPatterns: ['canvasGradient'],
  // The picture layer paints prepared pictures; once it took the card's avatar, what is left is one colour.
  prescaledImages: ['pictureLayer', 'solidCanvas', 'canvasReuse'],
  prescaledEmoji: ['pictureLayer'],
  pictureLayer: ['solidCanvas', 'canvasReuse'],
  solidCanvas: ['canvasReuse'],
  pngWriter: ['pngPhotoRows', 'deflateHalves'],
};

/** Mean difference per channel (0–255) and the share of pixels off by more than 24 levels in some channel. */
async function difference(a: RenderResult, b: RenderResult): Promise<{ mean: number; farShare: number }> {
  const [x, y] = await Promise.all([decodeImage(a.data), decodeImage(b.data)]);
  expect([y.format, y.width, y.height]).toEqual([x.format, x.width, x.height]);
  let sum = 0;
  let far = 0;
  for (let i = 0; i < x.pixels.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs((x.pixels[i + c] as number) - (y.pixels[i + c] as number));
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 24) far++;
  }
  return { mean: sum / x.pixels.length, farShare: far / (x.width * x.height) };
}

describe('tunings: one switch each, carried to the workers', () => {
  const documents: Record<DocumentName, Document> = {
    card: { html: '', width: 1200, height: 630 },
    photos: { html: '', width: 1080, height: 1080 },
    emoji: {
      html: '<div style="display:flex;width:100%;height:100%;padding:40px;background:#fff;font-size:40px">Launch 🚀</div>',
      width: 600,
      height: 315,
    },
    // Text on one colour: once the text layer takes the text, the canvas is that colour (solidCanvas).
    // Cards with blurred shadows (satori's filters, drawn as pictures by shadowPictures).
    shadows: {
      html: '<div style="display:flex;gap:40px;padding:40px;width:100%;height:100%;background:#f1f5f9"><div style="width:200px;height:120px;background:#fff;border-radius:12px;box-shadow:0 4px 16px rgba(0,0,0,0.2)"></div><div style="width:200px;height:120px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,0.3),0 0 0 1px rgba(0,0,0,0.05)"></div></div>',
      width: 600,
      height: 315,
    },
    plain: {
      html: '<div style="display:flex;flex-direction:column;box-sizing:border-box;width:100%;height:100%;padding:40px;background:#f0f4ff;color:#123;font-size:40px"><b>Release notes</b><span>Two lines of text on a plain card</span></div>',
      width: 600,
      height: 315,
    },
    // CSS triangles: boxes of no size with wide borders, one side coloured (borderStrokes).
    triangles: {
      html: '<div style="display:flex;gap:20px;width:100%;height:100%;background:#fff"><div style="width:0;height:0;border-left:300px solid transparent;border-right:300px solid transparent;border-bottom:200px solid #1fc2de"></div><div style="width:0;height:0;border-top:150px solid #303e48;border-right:250px solid transparent"></div></div>',
      width: 600,
      height: 315,
    },
    // A drop shadow on a wrapper whose text fills a narrow column (filterContentRegion).
    filters: {
      html: '<div style="display:flex;width:100%;height:100%;background:#fff"><div style="display:flex;flex-direction:column;width:100%;padding:60px 180px;font-size:24px;filter:drop-shadow(0 4px 3px rgba(0,0,0,.3)) drop-shadow(0 2px 2px rgba(0,0,0,.2))"><b>Shadowed</b><span>text in a column</span></div></div>',
      width: 600,
      height: 315,
    },
  };
  // Large pages (tuning largePages) only where resvg's allocator never gives memory back.
  const pool = { workers: 1, workerResvgPurgeDelayMs: -1 } as const;
  const allOn = createRenderer({ ...pool, startWorkers: 'eager' });
  const withAllOn: Partial<Record<DocumentName, RenderResult>> = {};
  afterAll(() => allOn.close());

  beforeAll(async () => {
    documents.card.html = referenceCardHtml(await avatarDataUri());
    const photo = `<img src="${await photoUri()}" width="532" height="420" style="width:532px;height:420px;object-fit:cover;border-radius:16px" />`;
    documents.photos.html = `<div style="display:flex;flex-wrap:wrap;gap:16px;box-sizing:border-box;width:1080px;height:1080px;background-color:#0f172a">${photo.repeat(4)}</div>`;
    for (const key of ['card', 'photos', 'emoji', 'plain', 'shadows', 'filters', 'triangles'] as const)
      withAllOn[key] = await allOn.render({ ...documents[key], format: 'png' });
  });

  it('knows every switch the type names, all on by default, and each one used on these documents', () => {
    expect([...TUNING_NAMES].sort()).toEqual(Object.keys(DOCUMENT_OF).sort());
    const used = new Set(Object.values(withAllOn).flatMap((result) => result.tuningsUsed ?? []));
    for (const name of TUNING_NAMES) expect(used, name).toContain(name);
  });

  it('refuses a switch it does not know and a value that is not true or false', () => {
    const refused = (tunings: unknown) => {
      try {
        createRenderer({ workers: 0, tunings: tunings as Tunings });
      } catch (error) {
        return error instanceof PictorError ? [error.code, error.details?.field] : error;
      }
      return 'accepted';
    };
    expect(refused({ textLayers: false })).toEqual(['INVALID_INPUT', 'tunings.textLayers']);
    expect(refused({ textLayer: 'no' })).toEqual(['INVALID_INPUT', 'tunings.textLayer']);
    expect(refused([false])).toEqual(['INVALID_INPUT', 'tunings']);
  });

  it.each([...TUNING_NAMES])('%s: off in the worker, the same picture within rounding', async (name) => {
    const key = DOCUMENT_OF[name];
    const renderer = createRenderer({ ...pool, tunings: { [name]: false } });
    try {
      const off = await renderer.render({ ...documents[key], format: 'png' });
      const on = withAllOn[key] as RenderResult;
      expect(on.tuningsUsed).toContain(name);
      expect(off.tuningsUsed).not.toContain(name);
      // Every other tuning still did its part (but those that work on what this one makes).
      const others = (on.tuningsUsed ?? []).filter((n) => n !== name && !DEPENDENT[name]?.includes(n));
      expect([...(off.tuningsUsed ?? [])].sort()).toEqual(others.sort());
      const { mean, farShare } = await difference(on, off);
      expect(mean).toBeLessThan(0.5);
      expect(farShare).toBeLessThan(0.001);
    } finally {
      await renderer.close();
    }
  });
});
