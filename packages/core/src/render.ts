/**
 * The render pipeline, stage by stage with timings: parse → resources → layout (satori, in CSS pixels) → raster
 * (resvg, at `scale` × the CSS size) → encode (sharp, at the raster's pixel size).
 */
import { performance } from 'node:perf_hooks';
import { type EncodeChoice, encodeImage, CONTENT_TYPES } from './encode/sharp.js';
import { pngRowsFor } from './encode/png.js';
import { type BudgetedImage, encodeWithinBudget } from './encode/budget.js';
import { PictorError, toPictorError } from './errors.js';
import { createFetcher, type ResourceFetcher } from './fetch/index.js';
import { type LoadedFont, loadFontSpecs } from './fonts/custom.js';
import { type FontSet, fontSetsFor, loadFontSets, unloadedFontSets } from './fonts/font-sets.js';
import { FontRegistry, STANDARD_FAMILY } from './fonts/registry.js';
import { parseHtml } from './html/parse.js';
import { DEFAULT_KEPT_CANVAS_MB, DEFAULT_LIMITS } from './limits.js';
import { describeStyleError } from './html/style-sheets/style-errors.js';
import type { ParsedHtml, SatoriElement } from './html/types.js';
import { loadDocumentResources } from './document-resources/load-document-resources.js';
import { inlineImages } from './images/inline-images.js';
import { type AtomicFile, openAtomicFile } from './output/atomic-file.js';
import {
  DEFAULT_PRESCALED_CACHE_MB,
  PrescaledImageCache,
  pictureBytes,
  prescaleImages,
} from './raster/prescaled-images.js';
import { liftPictureLayer, paintPictureLayer } from './raster/picture-layer.js';
import { drawShadowPictures } from './raster/shadow-pictures.js';
import { rasterize } from './raster/resvg.js';
import { releaseBuffer } from './tuning/release-buffers.js';
import { layoutWithAutoSize } from './size/auto-size.js';
import { paintsOpaqueCanvas } from './svg/opacity.js';
import { mayHaveOffCanvasLayers } from './svg/offcanvas-layers.js';
import { boundFilterRegions } from './svg/filter-content-region.js';
import { liftCanvasGradient, paintCanvasGradient } from './raster/canvas-gradient.js';
import { liftTextLayer, paintTextLayer } from './raster/text-layer.js';
import { paintSolidCanvas } from './raster/solid-canvas.js';
import { dropKeptCanvases, giveBackCanvas, takeCanvas } from './raster/canvas-pool.js';
import { dropRedundantImageMasks, inlineGradientPatterns, trimBorderStrokes } from './tuning/svg-rewrites.js';
import { ALL_TUNINGS_ON, type ResolvedTunings, SATORI_TUNINGS, type TuningName } from './tuning/switches.js';
import { expandGlyphRuns } from './layout/glyph-runs.js';
import { layoutToSvg } from './layout/layout-to-svg.js';
import { keyElements, type LaidOutNode, overflowWarning } from './layout/overflow.js';
import type {
  FetchOptions,
  FontSpec,
  RenderLimits,
  RenderResult,
  RenderTimings,
  TextPositioning,
  DefaultFontFamily,
} from './types.js';
import { checkScaledSize, checkTreeSize, type ValidRenderInput } from './validate.js';
import { RENDER_STAGES, roundMs } from './formats.js';

/** What a thread needs to render: plain data, so it can be sent to a worker. */
export interface EnvironmentOptions {
  limits: RenderLimits;
  fetch?: FetchOptions;
  /** Fonts of the renderer, loaded once per thread. */
  fonts?: FontSpec[];
  baseDir?: string;
  /** Size of the cache of decoded pictures (RendererOptions.prescaledImageCacheMb). */
  prescaledImageCacheMb?: number;
  /** MB of raster buffers kept for later renders (RendererOptions.keptCanvasMb). */
  keptCanvasMb?: number;
  /** The tunings' switches (RendererOptions.tunings); default all on. */
  tunings?: ResolvedTunings;
  /** Glyph positions of renders that do not choose (RendererOptions.textPositioning). */
  textPositioning?: TextPositioning;
  /** The family of text whose CSS names none (RendererOptions.defaultFontFamily); default serif. */
  defaultFontFamily?: DefaultFontFamily;
}

/**
 * Per-thread state reused by every render: font registry, fetcher (and its cache), decoded pictures, the
 * renderer's fonts.
 */
export interface RenderEnvironment {
  readonly options: EnvironmentOptions;
  readonly registry: FontRegistry;
  readonly fetcher: ResourceFetcher;
  readonly prescaledImages: PrescaledImageCache;
  rendererFonts?: Promise<LoadedFont[]>;
  /** The tunings of the worker this environment lives in that are on (set by the worker; RenderResult.tuningsUsed). */
  workerTunings?: TuningName[];
}

/** Create the per-thread state. Fonts are read on first use, then shared by every render of the thread. */
export function createRenderEnvironment(options: EnvironmentOptions): RenderEnvironment {
  return {
    options,
    registry: new FontRegistry(),
    fetcher: createFetcher(options.fetch ?? {}),
    prescaledImages: new PrescaledImageCache(
      (options.prescaledImageCacheMb ?? DEFAULT_PRESCALED_CACHE_MB) * 1024 * 1024,
    ),
  };
}

/**
 * Start loading the renderer's own fonts (once per thread; a worker calls this at start so its first render does
 * not wait). A failed load is retried by the next render rather than kept.
 */
export function startLoadingRendererFonts(env: RenderEnvironment): void {
  const specs = env.options.fonts ?? [];
  if (specs.length === 0 || env.rendererFonts) return;
  const loading = loadFontSpecs(specs, env.fetcher, 'renderer.fonts');
  env.rendererFonts = loading;
  loading.catch(() => {
    if (env.rendererFonts === loading) env.rendererFonts = undefined;
  });
}

type StageTimings = Omit<RenderTimings, 'queue'>;

/** What the thread running a render lets it tell its time limit. */
export interface RenderHooks {
  /**
   * Run set-up the render needs but that is not its content's cost (loading a font set); the time limit does not
   * count it. Without hooks it simply runs.
   */
  untimed?(set: FontSet, work: () => Promise<void>): Promise<void>;
  /**
   * Run a face's one-time set-up inside the layout (its first shaping, its glyph script table: satori's
   * face-set-up-untimed), part of loading the face; the time limit does not count it. Synchronous.
   */
  untimedSync?<T>(work: () => T): T;
  /**
   * resvg drew a raster of `width` × `height` pixels: its own copy and parsed SVG are garbage now, before the encode
   * (a worker may collect them: `workerGcAfterMegapixels`).
   */
  afterResvg?(width: number, height: number): void;
  /**
   * Whether this thread frees a raster of `width` × `height` pixels as soon as the render is done with it (encoded,
   * or handed to the encoder as a copy; not kept for reuse): tuning/release-buffers.ts. Without hooks, never.
   */
  releasesRaster?(width: number, height: number): boolean;
}

/**
 * Render one validated input in this thread. `saveSuffix` names the temporary file of `saveTo` (random without it),
 * so a pool that stops this thread mid-render can release it.
 * @throws PictorError INVALID_INPUT (too much text, no size), FONT_ERROR, FETCH_ERROR, RENDER_FAILED, SAVE_FAILED.
 */
export async function renderHtml(
  env: RenderEnvironment,
  input: ValidRenderInput,
  saveSuffix?: string,
  hooks: RenderHooks = {},
): Promise<RenderResult> {
  const progress: RenderProgress = {
    stage: 'parse',
    timings: { parse: 0, fonts: 0, resources: 0, layout: 0, raster: 0, encode: 0, save: 0, total: 0 },
    started: performance.now(),
  };
  try {
    return await renderStages(env, input, saveSuffix, hooks, progress);
  } catch (error) {
    throw withFailureContext(toPictorError(error, 'RENDER_FAILED', 'render'), progress);
  }
}

/** Where a render is: the stage under way and the timings of those done. */
interface RenderProgress {
  stage: keyof StageTimings;
  timings: StageTimings;
  started: number;
}

/** The stages in the order they run (a lap ends one and starts the next). */
const STAGE_ORDER: readonly (keyof StageTimings)[] = RENDER_STAGES;

/**
 * The error with the stage it stopped in and the timings so far in its details (`stage`, `timings`), for logs: a
 * caller sees the message, an operator also where and after how long.
 */
function withFailureContext(error: PictorError, progress: RenderProgress): PictorError {
  const timings = { ...progress.timings, total: roundMs(performance.now() - progress.started) };
  return new PictorError(
    error.code,
    error.message,
    { ...error.details, stage: progress.stage, timings },
    {
      cause: error.cause ?? error,
    },
  );
}

async function renderStages(
  env: RenderEnvironment,
  input: ValidRenderInput,
  saveSuffix: string | undefined,
  hooks: RenderHooks,
  progress: RenderProgress,
): Promise<RenderResult> {
  const { limits } = env.options;
  const tunings = env.options.tunings ?? ALL_TUNINGS_ON;
  // The tunings that change this render (RenderResult.tuningsUsed).
  const used = new Set<TuningName>(env.workerTunings);
  const warnings: string[] = [];
  const { timings, started } = progress;
  let mark = started;
  const lap = (stage: keyof StageTimings): void => {
    const now = performance.now();
    timings[stage] = roundMs(now - mark);
    mark = now;
    progress.stage = STAGE_ORDER[STAGE_ORDER.indexOf(stage) + 1] ?? stage;
  };

  const parsed = stage('parse', () =>
    parseHtml(input.html, {
      // The standard font (fonts/registry.ts): serif, or the renderer's choice; a CJK face under lang=ja/ko/zh.
      defaultFontFamily: STANDARD_FAMILY,
      maxElements: limits.maxElements ?? DEFAULT_LIMITS.maxElements,
      viewport: { width: input.width, height: input.height, scale: input.scale },
      styleSheets: { cache: tunings.styleSheetCache, index: tunings.styleSheetIndex },
    }),
  );
  warnings.push(...parsed.warnings);
  checkTreeSize(parsed.root, limits);
  lap('parse');

  // Font sets the text needs (CJK) load outside the time limit; `fonts` stays 0 when there is nothing to load.
  const sets = fontSetsFor(input.html);
  const unloaded = unloadedFontSets(sets);
  for (const set of unloaded) {
    const load = () => loadFontSets([set]);
    await (hooks.untimed ? hooks.untimed(set, load) : load());
  }
  if (unloaded.length > 0) lap('fonts');
  else progress.stage = 'resources';

  const { root, customFonts } = await loadResources(env, input, parsed, warnings);
  lap('resources');

  const positioning = input.textPositioning ?? env.options.textPositioning ?? 'auto';
  const fonts = env.registry.fontsFor(customFonts, positioning, env.options.defaultFontFamily, sets);
  const loadAdditionalAsset = env.registry.assetLoader(warnings, positioning, sets);
  const onStyleError = (error: Error): void => {
    const note = describeStyleError(error);
    if (note && !warnings.includes(note)) warnings.push(note);
  };
  // Each element's box of the last layout pass, to say when content reaches past the canvas (layout/overflow.ts).
  keyElements(root);
  let boxes: LaidOutNode[] = [];
  const onNode = (node: LaidOutNode): void => {
    boxes.push(node);
  };
  const layout = await stageAsync('layout', () =>
    layoutWithAutoSize(
      (width, height) => {
        boxes = [];
        return layoutToSvg(root, {
          width,
          height,
          fonts,
          loadAdditionalAsset,
          onStyleError,
          // Faces carry their own setting (FontRegistry.fontsFor); this is for any face without one.
          wholePixelAdvances: positioning !== 'fractional',
          hintScale: input.scale,
          glyphRuns: tunings.glyphRuns,
          lineHeightQuirk: parsed.lineHeightQuirk,
          pictorTunings: Object.fromEntries(SATORI_TUNINGS.map((name) => [name, tunings[name]])),
          onNode,
          ...(hooks.untimedSync ? { faceSetUp: hooks.untimedSync } : {}),
        });
      },
      { width: input.width, height: input.height },
      limits,
      warnings,
      input.scale,
    ),
  );
  const overflow = overflowWarning(boxes, { width: input.width, height: input.height });
  if (overflow) warnings.push(overflow);
  // The laid-out size was bounded for the scale already (checked on the requested size, or cut when measured):
  // this only keeps an image over the limits from ever reaching resvg.
  checkScaledSize(layout.width, layout.height, input.scale, limits);
  lap('layout');

  // rasterize() bounds absurd effect regions and strokes first (resvg panics on them, aborting the process).
  // It draws at `scale` × the layout's size: `image` has the pixel size the result reports.
  // Rewrites that resvg draws faster with the same pixels (tuning/svg-rewrites.ts).
  let svg = layout.svg;
  if (layout.runs.length > 0) used.add('glyphRuns');
  // satori applies its own throughout a layout: named whenever they are on.
  for (const name of SATORI_TUNINGS) if (tunings[name]) used.add(name);
  if (tunings.gradientPatterns) svg = tuned('gradientPatterns', svg, inlineGradientPatterns(svg));
  if (tunings.imageMasks) svg = tuned('imageMasks', svg, dropRedundantImageMasks(svg, input.scale));
  if (tunings.borderStrokes) svg = tuned('borderStrokes', svg, trimBorderStrokes(svg));
  // A gradient filling the canvas is painted under resvg's raster rather than by resvg.
  const lifted = tunings.canvasGradient ? liftCanvasGradient(svg, input.scale) : undefined;
  if (lifted) used.add('canvasGradient');
  // Text nothing later covers is painted over resvg's raster from glyph masks kept in this worker; the rest of the
  // text comes as glyph runs (layout/glyph-runs.ts), written out as path data for resvg.
  const text = tunings.textLayer ? liftTextLayer(lifted?.svg ?? svg, input.scale, layout.runs) : undefined;
  if (text && text.layer.runs.length > 0) used.add('textLayer');
  const expanded = text?.svg ?? expandGlyphRuns(lifted?.svg ?? svg, layout.runs);
  // Drop shadows and blurs of a group filtered over what it draws, not the whole image (svg/filter-content-region.ts).
  const forResvg = tunings.filterContentRegion
    ? tuned('filterContentRegion', expanded, boundFilterRegions(expanded))
    : expanded;
  // A raster too large to be kept, in a thread that frees such rasters once encoded (workers): the canvases kept for
  // small cards are freed first, not held beside it and the encoder's copies (raster/canvas-pool.ts).
  const keptBytes = (env.options.keptCanvasMb ?? DEFAULT_KEPT_CANVAS_MB) << 20;
  const rasterWidth = Math.ceil(layout.width * input.scale);
  const rasterHeight = Math.ceil(layout.height * input.scale);
  if (
    rasterWidth * rasterHeight * 4 > keptBytes &&
    hooks.releasesRaster?.(rasterWidth, rasterHeight) === true
  )
    for (const buffer of dropKeptCanvases()) releaseBuffer(buffer);
  const { image, pictureArea, reusable } = await stageAsync('raster', async () => {
    // Raster pictures come decoded, and scaled down where drawn smaller: prepared once per environment.
    const all = await prescaleImages(forResvg, input.scale, env.prescaledImages, {
      pictures: tunings.prescaledImages,
      emoji: tunings.prescaledEmoji,
      bytes: false,
    });
    if (all.prepared.pictures > 0) used.add('prescaledImages');
    if (all.prepared.emoji > 0) used.add('prescaledEmoji');
    // Pictures on whole pixels are composited from their pixels over resvg's raster; resvg gets the others' PNGs.
    const pictures = tunings.pictureLayer ? liftPictureLayer(all, input.scale) : undefined;
    if (pictures) used.add('pictureLayer');
    const prescaled = await pictureBytes(pictures?.rest ?? all);
    // What is left for resvg may be one colour (the painters took the rest): filled without resvg.
    const solid =
      tunings.solidCanvas && prescaled.images.size === 0
        ? paintSolidCanvas(prescaled.svg, input.scale, tunings.canvasReuse ? takeCanvas : undefined)
        : undefined;
    if (solid) used.add('solidCanvas');
    if (solid && tunings.canvasReuse) used.add('canvasReuse');
    // Layers wholly off the canvas make resvg panic (svg/offcanvas-layers.ts): looked for only when the boxes or a
    // transform can put content there.
    const offCanvasLayers = solid
      ? false
      : mayHaveOffCanvasLayers(forResvg, boxes, layout.width, layout.height);
    // Box shadows blurred here rather than by resvg's filters (raster/shadow-pictures.ts).
    const shadows =
      tunings.shadowPictures && !solid ? await drawShadowPictures(prescaled, input.scale) : prescaled;
    if (shadows !== prescaled) used.add('shadowPictures');
    const raster = solid ?? rasterize(shadows, input.scale, { offCanvasLayers });
    if (!solid) hooks.afterResvg?.(raster.width, raster.height);
    if (lifted) paintCanvasGradient(raster, lifted.gradient);
    if (pictures) paintPictureLayer(raster, pictures.layer);
    if (text) paintTextLayer(raster, text.layer);
    return {
      image: raster,
      pictureArea: prescaled.pictureArea,
      reusable: solid !== undefined && tunings.canvasReuse,
    };
  });
  lap('raster');

  // An opaque root background makes every pixel opaque: then the encoder need not scan the raster for alpha. (The
  // PNG writer finds that out while packing the rows: no look at the SVG for it.)
  const knownOpaque = input.format !== 'png' && (lifted !== undefined || paintsOpaqueCanvas(svg));
  // A PNG mostly of photographs is filtered for them (encode/png.ts).
  const pngRows = tunings.pngPhotoRows ? pngRowsFor(pictureArea, layout.width * layout.height) : 'plain';
  // A raster the canvas pool will not keep, which this thread frees at once: the encoder may free it as soon as it
  // has its own copy (encode/sharp.ts), else it is freed after the encode. Not with a byte budget (it may encode
  // several times).
  const keepable = reusable && image.pixels.length <= keptBytes;
  const releasable =
    !keepable && input.maxBytes === undefined && hooks.releasesRaster?.(image.width, image.height) === true;
  const choice: EncodeChoice = {
    knownOpaque,
    ...(releasable ? { release: releaseBuffer } : {}),
    pngRows,
    pngWriter: tunings.pngWriter,
    deflateHalves: tunings.deflateHalves,
    onTuning: (name) => used.add(name),
  };
  const encoding = stageAsync('encode', async (): Promise<Partial<BudgetedImage> & { data: Buffer }> => {
    if (input.maxBytes === undefined) {
      return { data: await encodeImage(image, input.format, input.quality, choice) };
    }
    return encodeWithinBudget(image, input.format, input.quality, input.maxBytes, choice);
  });
  // The encoder runs on threads of its own: this thread opens the file of saveTo meanwhile.
  let file: AtomicFile | undefined;
  let data: Buffer;
  let budget: BudgetedImage['budget'] | undefined;
  try {
    if (input.saveTo !== undefined) file = openImageFile(input.saveTo, saveSuffix);
    ({ data, budget } = await encoding);
  } catch (error) {
    file?.discard();
    encoding.catch(() => undefined);
    throw error;
  }
  lap('encode');
  // Encoded: the raster is of no more use to this render (raster/canvas-pool.ts).
  if (keepable) giveBackCanvas(image.pixels, keptBytes);
  if (releasable) releaseBuffer(image.pixels);

  if (file !== undefined) {
    commitImageFile(file, input.saveTo as string, data);
    lap('save');
  }

  timings.total = roundMs(performance.now() - started);
  return {
    data,
    width: image.width,
    height: image.height,
    format: input.format,
    contentType: CONTENT_TYPES[input.format],
    ...(budget ? { budget } : {}),
    warnings,
    timings: { queue: 0, ...timings },
    tuningsUsed: [...used],
  };

  /** `after` (a tuning's rewrite of `before`), noting the tuning as used when it changed anything. */
  function tuned(name: TuningName, before: string, after: string): string {
    if (after !== before) used.add(name);
    return after;
  }
}

/**
 * Resources stage: the document's linked stylesheets (filled in place) and `@font-face` fonts, then every image
 * URL inlined as a checked data: URI (all remote bytes through the guarded fetcher), and in parallel the
 * renderer's fonts (once per thread) and the input's fonts (cached by content hash and URL).
 */
async function loadResources(
  env: RenderEnvironment,
  input: ValidRenderInput,
  parsed: ParsedHtml,
  warnings: string[],
): Promise<{ root: SatoriElement; customFonts: LoadedFont[] }> {
  startLoadingRendererFonts(env);
  const document = async (): Promise<{ root: SatoriElement; fonts: LoadedFont[] }> => {
    const loaded = await loadDocumentResources(parsed, {
      fetcher: env.fetcher,
      ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}),
      ...(env.options.baseDir ? { baseDir: env.options.baseDir } : {}),
      maxImportDepth: env.options.limits.maxImportDepth ?? DEFAULT_LIMITS.maxImportDepth,
      maxImportedSheets: env.options.limits.maxImportedSheets ?? DEFAULT_LIMITS.maxImportedSheets,
    });
    warnings.push(...loaded.warnings);
    const baseUrl = documentBase(input.baseUrl, parsed.baseHref);
    const root = await inlineImages(parsed.root, {
      fetcher: env.fetcher,
      limits: env.options.limits,
      warnings,
      sheetCache: (env.options.tunings ?? ALL_TUNINGS_ON).styleSheetCache,
      ...(baseUrl ? { baseUrl } : {}),
      ...(env.options.baseDir ? { baseDir: env.options.baseDir } : {}),
    });
    return { root, fonts: loaded.fonts };
  };
  const [{ root, fonts: documentFonts }, rendererFonts, inputFonts] = await Promise.all([
    document(),
    env.rendererFonts ?? [],
    input.fonts.length > 0 ? loadFontSpecs(input.fonts, env.fetcher, 'fonts') : [],
  ]);
  // Most specific first: the input's fonts, then the document's @font-face, then the renderer's.
  return { root, customFonts: [...inputFonts, ...documentFonts, ...rendererFonts] };
}

/** Open the file of `saveTo` (its temporary file). @throws PictorError SAVE_FAILED. */
function openImageFile(path: string, suffix: string | undefined): AtomicFile {
  try {
    return openAtomicFile(path, suffix);
  } catch (error) {
    throw saveFailed(path, error);
  }
}

/** Write the image into the file of `saveTo`. @throws PictorError SAVE_FAILED. */
function commitImageFile(file: AtomicFile, path: string, data: Uint8Array): void {
  try {
    file.commit(data);
  } catch (error) {
    throw saveFailed(path, error);
  }
}

/** SAVE_FAILED with the file-system error's code and text. */
function saveFailed(path: string, error: unknown): PictorError {
  const e = error as NodeJS.ErrnoException;
  return new PictorError('SAVE_FAILED', `saveTo: could not write the image to ${path}: ${e.message}`, {
    field: 'saveTo',
    ...(e.code ? { errno: e.code } : {}),
  });
}

/** The URL relative references resolve against: `<base href>` resolved against `baseUrl`, as in a browser. */
function documentBase(baseUrl: string | undefined, baseHref: string | undefined): string | undefined {
  if (!baseHref) return baseUrl;
  try {
    return new URL(baseHref, baseUrl).href;
  } catch {
    return baseUrl;
  }
}

const STAGE_NAMES = { parse: 'html', layout: 'layout', raster: 'raster', encode: 'encode' } as const;

function stage<T>(name: keyof typeof STAGE_NAMES, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw wrap(name, error);
  }
}

async function stageAsync<T>(name: keyof typeof STAGE_NAMES, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw wrap(name, error);
  }
}

function wrap(name: keyof typeof STAGE_NAMES, error: unknown): PictorError {
  if (error instanceof PictorError) return error;
  return toPictorError(error, name === 'parse' ? 'INVALID_INPUT' : 'RENDER_FAILED', STAGE_NAMES[name]);
}
