/** Layout and SVG: the only module that imports satori. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import satori, { type Font, type PictorTunings, setWasmFiles } from '@pictor/satori';
import { assetDir } from '../assets.js';
import type { SatoriElement } from '../html/types.js';
import { svgRootSize } from '../svg/root-size.js';
import type { GlyphRun } from './glyph-runs.js';
import type { LaidOutNode } from './overflow.js';

/** satori's WebAssembly modules in dist/assets/wasm (scripts/copy-assets.mjs), read when first instantiated. */
const WASM_FILES = { layout: 'layout.wasm', harfbuzz: 'hb.wasm' } as const;
setWasmFiles((name) => readFileSync(join(assetDir(), 'wasm', WASM_FILES[name])));

/** A font as satori takes it (name, data, weight, style, lang). */
export type SatoriFont = Font;

/** Resolves glyphs satori found no font for: `emoji` segments → image data: URI, other scripts → extra fonts. */
export type AssetLoader = (languageCode: string, segment: string) => Promise<string | SatoriFont[]>;

export interface LayoutOptions {
  /** Fixed width; omitted → the content's width. */
  width?: number;
  /** Fixed height; omitted → the content's height. */
  height?: number;
  /** The same array (and Buffers) on every render lets satori reuse parsed fonts. */
  fonts: SatoriFont[];
  loadAdditionalAsset?: AssetLoader;
  /** Unsupported or invalid CSS declarations, which satori then ignores. */
  onStyleError?: (error: Error) => void;
  /**
   * Round each glyph's advance to whole CSS pixels and draw glyphs at whole-pixel x, as Chromium on Linux lays text
   * out at device scale 1 (our satori change `glyph-advances-whole-pixels`, docs/layout-engine.md). Default true, at every scale: the layout is
   * the same at every scale, only drawn with more pixels. False gives satori's fractional advances.
   */
  wholePixelAdvances?: boolean;
  /**
   * Device pixels per CSS pixel of the raster (the render's `scale`): web faces' glyphs are hinted for that grid
   * (satori change `autohint-light`). Default 1.
   */
  hintScale?: number;
  /**
   * Hand text over as glyph runs (satori change `glyph-runs`): text paths' data are then tokens naming `runs` of the
   * result, to be painted by the text layer or written out by `expandGlyphRuns`. Default false: plain path data.
   */
  glyphRuns?: boolean;
  /** The document's quirks mode leaves empty inline boxes out of line heights (satori change `empty-inline-strut`). */
  lineHeightQuirk?: boolean;
  /** satori's speed-only switches, each on unless false (for measurement: the pixels are the same). */
  pictorTunings?: PictorTunings;
  /** Called with each element's box as satori lays it out (layout/overflow.ts). */
  onNode?: (node: LaidOutNode) => void;
  /** Runs a face's one-time set-up in satori (face-set-up-untimed), which a timed render leaves out of its limit. */
  faceSetUp?: <T>(work: () => T) => T;
}

/** The SVG document satori produced and its size in CSS pixels (possibly fractional when auto-sized). */
export interface LayoutResult {
  svg: string;
  width: number;
  height: number;
  /** The glyph runs the SVG's tokens name (empty without `glyphRuns`). */
  runs: GlyphRun[];
}

/** Lay out the tree and draw it as SVG (text as paths). */
export async function layoutToSvg(root: SatoriElement, options: LayoutOptions): Promise<LayoutResult> {
  const size: { width?: number; height?: number } = {};
  const runs: GlyphRun[] = [];
  if (options.width !== undefined) size.width = options.width;
  if (options.height !== undefined) size.height = options.height;
  const svg = await satori(root as unknown as Parameters<typeof satori>[0], {
    ...(size as { width: number; height: number }),
    fonts: options.fonts,
    ...(options.loadAdditionalAsset ? { loadAdditionalAsset: options.loadAdditionalAsset } : {}),
    ...(options.onStyleError ? { onStyleError: options.onStyleError } : {}),
    ...(options.onNode ? { onNodeDetected: options.onNode } : {}),
    // Options of our satori (packages/satori, docs/layout-engine.md).
    wholePixelAdvances: options.wholePixelAdvances !== false,
    ...(options.hintScale !== undefined ? { hintScale: options.hintScale } : {}),
    ...(options.glyphRuns ? { glyphRuns: runs as unknown[][] } : {}),
    ...(options.lineHeightQuirk ? { lineHeightQuirk: true } : {}),
    // The HTML stage hands each element's style attribute over as written (convert.ts, STYLE_TEXT_PROP).
    styleAttributeProp: true,
    ...(options.pictorTunings ? { pictorTunings: options.pictorTunings } : {}),
    ...(options.faceSetUp ? { faceSetUp: options.faceSetUp } : {}),
  });
  return { svg, ...svgRootSize(svg), runs };
}
