/** Public types of the engine: render inputs and results, fonts, templates and renderer options. */
import type { PictorError } from './errors.js';

/** Output formats. */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'avif';

/** A custom font. Exactly one of `url` and `data` is given. TTF, OTF, WOFF and WOFF2 are accepted. */
export interface FontSpec {
  /** CSS family name the HTML refers to, e.g. `"Brand Sans"`. */
  family: string;
  /** http(s) URL, fetched through the guarded fetcher and cached by URL. */
  url?: string;
  /** Font file bytes, or a base64 string of them. */
  data?: string | Uint8Array;
  /**
   * 100..900, default 400. A variable font (with a `wght` axis) given without a weight serves every weight of its
   * axis; with one, only that weight (bold then synthesized, as for an `@font-face` rule with one weight).
   */
  weight?: number;
  /** Default `normal`. */
  style?: 'normal' | 'italic';
}

/**
 * How glyphs are positioned along a line (docs/api.md "Text positioning"). `'auto'` (default): as Chromium sets them
 * for each font's source — fractional advances for web fonts (the `fonts` option and the document's `@font-face`
 * rules), whole-pixel advances for the built-in faces (as Chromium on Linux sets local fonts under full hinting, the
 * project's reference setup). `'fractional'`: every font fractional, as on macOS and Windows and in Chromium on Linux
 * with slight hinting (most desktop distributions). `'whole-pixel'`: every advance rounded to whole pixels.
 */
export type TextPositioning = 'auto' | 'fractional' | 'whole-pixel';

/**
 * The built-in family that text whose CSS names no font family is set in (docs/api.md "Default font"), and that a
 * `font-family` list none of whose families is available falls back to. `'serif'` (default): Noto Serif, as Chromium's
 * standard font is a serif; under `lang="ja"`, `ko`, `zh-Hant` or `zh-Hans` the language's face of @pictor/fonts-cjk,
 * as in Chromium. `'sans-serif'`: Inter (Pictor's default before 0.x). `'monospace'`: JetBrains Mono.
 */
export type DefaultFontFamily = 'serif' | 'sans-serif' | 'monospace';

/** One render from an HTML string. */
export interface RenderInput {
  /** HTML fragment or complete document. */
  html: string;
  /** Width in CSS pixels (1..4096; the image has `scale` times as many). Omitted: the content's own width. */
  width?: number;
  /** Height in CSS pixels (1..4096; the image has `scale` times as many). Omitted: the content's own height. */
  height?: number;
  /**
   * Device scale, a number from 1 to 4 (1.5 allowed), default 1: the layout is computed at `width` × `height` CSS
   * pixels and drawn at `scale` times as many pixels, for images that stay sharp on high-density screens (`scale: 2`
   * on a 1200×630 card gives 2400×1260). The result's `width` and `height` are that pixel size, and the pixel limits
   * (`maxDimension`, `maxPixels`) apply to it.
   */
  scale?: number;
  /** Default `png` for the library (the HTTP API defaults to webp itself). */
  format?: ImageFormat;
  /** 0..100 integer, for jpeg, webp and avif; ignored for png. Default 80. */
  quality?: number;
  /**
   * Byte budget, an integer ≥ 1,024: the image is encoded at the highest quality not above `quality` whose file fits
   * (a png that does not fit losslessly gets a palette of as many colours as fit, at most 256). What was chosen is in
   * the result's `budget`. @throws PictorError RENDER_FAILED (`details.rule` `maxBytes`) when even the lowest
   * setting does not fit.
   */
  maxBytes?: number;
  /** Extra fonts for this render, on top of the renderer's fonts and the built-in defaults. */
  fonts?: FontSpec[];
  /** Base URL that relative URLs in the document (images, stylesheets, @font-face) resolve against. */
  baseUrl?: string;
  /** Glyph positions along a line (TextPositioning); default the renderer's `textPositioning`, else `'auto'`. */
  textPositioning?: TextPositioning;
  /**
   * Absolute path of a file to write the image to, in the rendering thread, before the render resolves,
   * atomically (a temporary file beside it, then renamed; the folder is made when missing; not flushed to the disk
   * with fsync). Saves the caller a second thread hop per image. `data` is returned all the same.
   */
  saveTo?: string;
}

/** The encoded image and what is known about it. */
export interface RenderResult {
  data: Buffer;
  /** Size of the image in pixels: the CSS size times `scale`, rounded as the rasteriser does. */
  width: number;
  height: number;
  format: ImageFormat;
  /** `image/png`, `image/jpeg`, `image/webp` or `image/avif`. */
  contentType: string;
  /** With `maxBytes`: the setting the image was encoded at and how many encodes it took to find it. */
  budget?: BudgetResult;
  /** Things that did not stop the render but the caller should know (a stylesheet that failed to load...). */
  warnings: string[];
  /** Milliseconds spent in each stage (parse, resources, layout, raster, encode) and in the queue. */
  timings: RenderTimings;
  /**
   * The tunings (RendererOptions.tunings) that changed how this render was made — each one on and with something
   * to do here (a gradient to inline, text to paint, an opaque PNG to write…), and those of the worker that made it.
   * For measuring.
   */
  tuningsUsed?: (keyof Tunings)[];
}

/** How a byte budget (`maxBytes`) was met. */
export interface BudgetResult {
  /** jpeg, webp, avif: the quality used (the asked one when it fits). */
  quality?: number;
  /** png: the colours of the palette used; absent when the lossless png fits. */
  colours?: number;
  /** Encodes run to find the setting (1 when the first fits). */
  encodes: number;
}

export interface RenderTimings {
  queue: number;
  parse: number;
  /**
   * Loading the font sets the text needs (the CJK faces) into the worker the first time: not counted against the
   * time limit; 0 once they are loaded.
   */
  fonts: number;
  resources: number;
  layout: number;
  raster: number;
  encode: number;
  /** Writing the file of `saveTo` (0 without it); the file is opened while the encoder runs, within `encode`. */
  save: number;
  total: number;
}

/** Variable types of template definitions (docs/contract/decisions.md "Variable definitions"). */
export type VariableType = 'string' | 'number' | 'integer' | 'boolean' | 'color' | 'url' | 'image' | 'array';

/** Definition of one template variable (docs/contract/decisions.md "Variable definitions"). */
export interface VariableDefinition {
  type: VariableType;
  required?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  /** For arrays: the definition of each item (an object of definitions is allowed for arrays of objects). */
  items?: VariableDefinition | { type: 'object'; properties: Record<string, VariableDefinition> };
  maxItems?: number;
  /** When true, `{{{name}}}` inserts the value unescaped. */
  raw?: boolean;
  description?: string;
}

/** A named size of a template (`variants`): CSS pixels, as `width` and `height`. */
export interface TemplateVariant {
  width: number;
  height: number;
}

/** A template as stored: Mustache HTML plus defaults and variable definitions. */
export interface TemplateDefinition {
  /** Mustache HTML. */
  content: string;
  variables?: Record<string, VariableDefinition>;
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  /**
   * Named sizes (names of 1–32 `a-z`, `0-9`, `-`), e.g. `{og: {width: 1200, height: 630}, square: {width: 1080,
   * height: 1080}}`: a render names one with `variant`; `@media` queries lay the content out for each.
   */
  variants?: Record<string, TemplateVariant>;
  fonts?: FontSpec[];
}

/** A template compiled once (Mustache parsed, JSON Schema compiled by ajv) and reused for every render. */
export interface CompiledTemplate {
  readonly definition: Readonly<TemplateDefinition>;
  /** JSON Schema the variables are validated against. */
  readonly schema: Record<string, unknown>;
  /**
   * Validate `variables` (defaults applied, unknown names ignored) and return the filled-in HTML.
   * @throws PictorError `VARIABLE_INVALID` naming the variable and rule, e.g. `variables.title: must NOT have more than 80 characters`.
   */
  fill(variables: Record<string, unknown>): string;
}

/** A render from a template. Request values override the template defaults. */
export interface TemplateRenderInput {
  template: CompiledTemplate | TemplateDefinition;
  variables: Record<string, unknown>;
  /** A variant of the template: its size (explicit `width`/`height` still win). @throws PictorError INVALID_INPUT when it has none of that name */
  variant?: string;
  width?: number;
  height?: number;
  /** As in RenderInput (a request value; templates have no default scale). */
  scale?: number;
  format?: ImageFormat;
  quality?: number;
  /** As in RenderInput. */
  maxBytes?: number;
  fonts?: FontSpec[];
  baseUrl?: string;
  /** As in RenderInput. */
  textPositioning?: TextPositioning;
  /** As in RenderInput. */
  saveTo?: string;
}

/** Limits that bound every render; each has a safe default. */
export interface RenderLimits {
  /** Max width and height, default 4096 (of the image, in pixels: times `scale`). */
  maxDimension: number;
  /** Max width × height of the image in pixels (times `scale`²), default 16,777,216. */
  maxPixels: number;
  /** Max HTML length in characters, default 2 MiB. */
  maxHtmlLength: number;
  /**
   * CPU time one render may use, in ms, default 10,000: what its content costs, not how busy the machine is
   * (counted in the worker's CPU time on Linux, by the clock elsewhere; loading a font set such as the CJK faces is
   * not counted). The worker is replaced when it is exceeded.
   */
  timeoutMs: number;
  /**
   * Wall time one render may take whatever it used, in ms: the backstop for a stuck or starved worker. Default the
   * larger of 60,000 and 6 × `timeoutMs`.
   */
  wallTimeoutMs?: number;
  /** Max decoded pixels of one embedded image, default 25,000,000. */
  maxImagePixels: number;
  /**
   * Max characters of text in one render, default 500,000: about what a 4096×4096 canvas can show at a legible size,
   * so a long document renders while a text that could never be seen gets a clear error before layout.
   */
  maxTextLength?: number;
  /** Max elements in one render, default 10,000 (satori takes ~2 s for that many). */
  maxElements?: number;
  /**
   * Characters of `<style>` sheets (their own limit: they are not text). Default 2,000,000: framework sheets are
   * large (Bulma 1.0.4 minified is ~690 KB) and must render. Resources inlined as `url(data:…)` (web fonts of a
   * self-contained document) are not counted: their own limits bound them.
   */
  maxStyleLength?: number;
  /**
   * How deep `@import` rules of the document's sheets are followed, default 4 (1: only the sheets the document's
   * `<style>` and `<link>` sheets import). A deeper import is skipped with a warning.
   */
  maxImportDepth?: number;
  /**
   * Sheets `@import` rules load in one render, in all, default 32; each is bounded by `fetch.maxBytes` and goes
   * through the guarded fetcher (data: URLs too). One more is skipped with a warning.
   */
  maxImportedSheets?: number;
}

/** Settings of the one guarded fetcher used for every remote image, font and stylesheet. */
export interface FetchOptions {
  /** Max bytes of one response, default 10 MiB. */
  maxBytes?: number;
  /** Time limit for one fetch (connect to last byte), default 5,000 ms. */
  timeoutMs?: number;
  /** Max redirects followed, default 5 (each hop checked again). */
  maxRedirects?: number;
  /**
   * Hosts (exact names), IP addresses or CIDR ranges allowed even when they are loopback/private,
   * for self-hosted assets, e.g. `['assets.internal', '10.0.0.0/8', '127.0.0.1']`.
   */
  allowList?: string[];
  /** Entries kept in the in-memory response cache, default 256 (and at most 64 MiB in all). */
  cacheEntries?: number;
}

/** Minimal logger interface (pino-compatible). The engine never calls `console`. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a render worker is: a child process of its own, or a worker thread in this process (RendererOptions). */
export type WorkerIsolation = 'process' | 'thread';

/**
 * Switches of the performance tunings (RendererOptions.tunings), **for measuring**: every one is on by default,
 * and each makes renders faster with the same pixels (within rounding); switching one off shows what it earns
 * (`node benchmarks/render/fresh.mjs --only tunings`). A service has no reason to switch one off. Per-process
 * switches (`heapGrowing`, `largePages`, `singleThreadedGc`, `baselineLargeFunctions`, `lateOptimization`,
 * `encoderThreads`) apply to worker processes; with `isolation: 'thread'` the last five do nothing, and without
 * workers none of the six does.
 */
export interface Tunings {
  /** satori's single-tile gradient `<pattern>`s replaced by the gradient itself. */
  gradientPatterns?: boolean;
  /** The overflow mask of a clipped picture dropped where it changes no pixel. */
  imageMasks?: boolean;
  /** satori's strokes of border sides wider than their box (CSS triangles) trimmed to it; transparent ones dropped. */
  borderStrokes?: boolean;
  /** A linear gradient filling the canvas painted under resvg's raster by table lookups, not by resvg. */
  canvasGradient?: boolean;
  /** Text nothing later covers painted over resvg's raster from glyph masks kept per worker. */
  textLayer?: boolean;
  /** A raster of one opaque colour (what is left once the painters took text and gradients) filled without resvg. */
  solidCanvas?: boolean;
  /** The buffer of a one-colour raster (`solidCanvas`) kept for the next render of the thread once encoded. */
  canvasReuse?: boolean;
  /** Raster pictures decoded once per worker and scaled to the device pixels they cover. */
  prescaledImages?: boolean;
  /** SVG pictures (emoji) on whole pixels drawn once per worker on a canvas of their box. */
  prescaledEmoji?: boolean;
  /**
   * Prepared pictures (`prescaledImages`, `prescaledEmoji`) lying on whole device pixels composited from their
   * pixels over resvg's raster, instead of handed to resvg as PNGs.
   */
  pictureLayer?: boolean;
  /** Box shadows blurred by libvips and handed to resvg as pictures, instead of as SVG filters resvg computes. */
  shadowPictures?: boolean;
  /** satori's drop shadows and blurs of a group filtered over the box of what the group draws, not the whole image. */
  filterContentRegion?: boolean;
  /** Opaque PNGs written by Pictor's writer (rows packed to RGB, Node's zlib) instead of sharp. */
  pngWriter?: boolean;
  /** PNGs mostly of photographs written with the Sub filter at zlib level 1 (with `pngWriter`). */
  pngPhotoRows?: boolean;
  /** PNG rows of 3 MB and more deflated as two halves at once (with `pngWriter`). */
  deflateHalves?: boolean;
  /** Workers set V8's heap growing factor to `heapGrowingPercent` (off: V8's own). */
  heapGrowing?: boolean;
  /**
   * Worker processes allow resvg's allocator large OS pages (`MIMALLOC_ALLOW_LARGE_OS_PAGES=1`) where it never gives
   * memory back (`workerResvgPurgeDelayMs: -1`; not with the default).
   */
  largePages?: boolean;
  /** Worker processes run V8's garbage collector on their own thread (`--single-threaded-gc`). */
  singleThreadedGc?: boolean;
  /**
   * Worker processes leave functions of more than 20,000 bytes of bytecode (satori's `layout`) to V8's baseline code
   * instead of optimizing them (`--max-optimized-bytecode-size`).
   */
  baselineLargeFunctions?: boolean;
  /**
   * Worker processes have V8 optimize a function only after four times its usual budget of bytecode ran
   * (`--interrupt-budget`): fewer functions compiled, and recompiled, on a page's first renders.
   */
  lateOptimization?: boolean;
  /** Workers encode with one libvips thread per operation and no libvips operation cache. */
  encoderThreads?: boolean;
  /** satori hands text over as glyph runs instead of path data. */
  glyphRuns?: boolean;
  /** Each distinct style sheet parsed once per worker (the HTML stage's and satori's), kept in a bounded cache. */
  styleSheetCache?: boolean;
  /** Style rules matched through an index by their rightmost compound (id, class, tag), not one by one. */
  styleSheetIndex?: boolean;
  // satori's own tunings (packages/satori, its option `pictorTunings`).
  /** satori writes glyph coordinates from integers (its patch `glyph-path-numbers`). */
  glyphPathNumbers?: boolean;
  /** satori keeps each glyph's path data per size and sub-pixel offset (its patch `glyph-path-cache`). */
  glyphPathCache?: boolean;
  /** satori does not search the document for `BackgroundImage` (its patch `no-enable-background-scan`). */
  noEnableBackgroundScan?: boolean;
  /** satori splits plain text into characters without `Intl.Segmenter` (its patch `plain-text-graphemes`). */
  plainTextGraphemes?: boolean;
  /** satori splits plain ASCII text into words without `Intl.Segmenter` (its patch `plain-text-words`). */
  plainTextWords?: boolean;
  /** satori makes one font engine per font setting and render, not one per text node (its patch `engine-memo`). */
  engineMemo?: boolean;
  /** satori layers an element's own custom properties over the inherited ones, not a copy (`custom-properties-chain`). */
  customPropertiesChain?: boolean;
  /** satori writes no content mask that only repeats an overflow box's clip path (`overflow-mask-as-clip`). */
  overflowMaskAsClip?: boolean;
  /** satori draws no text of mixed inline paragraphs on lines outside of the image (`inline-text-culling`). */
  inlineTextCulling?: boolean;
  /** satori keeps the rules compiled from the same style sheets at the same viewport (`compiled-sheets`). */
  compiledSheets?: boolean;
  /** satori filters an element without drawn descendants over its own paint area, not the image (`leaf-filter-region`). */
  leafFilterRegion?: boolean;
  /** satori reads HarfBuzz's shaped glyphs from its memory, not through JSON text (`shaped-glyphs-direct`). */
  shapedGlyphsDirect?: boolean;
  /** satori flattens for skip-ink only the glyphs and segments that reach an underline's band (`skip-ink-bands`). */
  skipInkBands?: boolean;
  /** satori skips selectors that need an ancestor's tag, id or class the element's ancestors lack (`ancestor-filter`). */
  ancestorFilter?: boolean;
  /** satori keeps each paragraph's sizes by the width it measured them at, within a render (`paragraph-measure-memo`). */
  paragraphMeasureMemo?: boolean;
  /** satori lists the floats of each formatting context once per layout for its float-band check (`float-bands-index`). */
  floatBandsIndex?: boolean;
  /** satori parses each distinct `font-family` value once per process (`font-family-memo`). */
  fontFamilyMemo?: boolean;
  /** satori culls an inline box's fragment outside the image before copying its style (`fragment-cull-first`). */
  fragmentCullFirst?: boolean;
  /** satori reads the alignment properties' values from tables made once (`alignment-tables`). */
  alignmentTables?: boolean;
  /** satori keeps one size per width for a paragraph without floats, known or available (`measure-memo-width-known`). */
  measureMemoWidthKnown?: boolean;
  /** satori lays out only the part of a long document's block flow that can reach the image (`flow-cut`). */
  flowCut?: boolean;
}

/** Options of a renderer: its own fonts, limits, pool and fetcher. */
export interface RendererOptions {
  /** Render workers; default one per core. `0` renders on the calling thread (no isolation, for tests and tools). */
  workers?: number;
  /**
   * When workers start. `'lazy'` (default): none until the first render, then one more whenever renders wait and
   * every started worker is busy, up to `workers` — a script's single render starts one worker, not one per core.
   * `'eager'`: all at once when the renderer is created (a server, so its first requests find them ready).
   */
  startWorkers?: 'lazy' | 'eager';
  /**
   * What a worker is. `'process'` (default): a child process of its own — a crash in native code (rasteriser,
   * encoder) ends only that worker, a render over its time limit is killed at once even inside native code, and
   * each worker's garbage collection runs on its own thread (`--single-threaded-gc`). `'thread'`: a worker thread
   * in this process (lighter: about 110 MiB less memory per worker; libuv's and libvips' threads are shared).
   */
  isolation?: WorkerIsolation;
  /** Renders waiting for a worker before `OVERLOADED` is thrown; default 1,000. */
  maxQueue?: number;
  /** Longest wait for a worker (ms) before a render fails with `OVERLOADED`; default no limit. */
  maxQueueWaitMs?: number;
  /** How tenants share the queue and the workers (RenderOptions.tenant). */
  fairness?: FairnessOptions;
  /**
   * Heap limit of each worker in MB, default 2,048. A render that needs more fails with `RENDER_FAILED` and only
   * its worker is replaced (without workers, it would take the process down).
   */
  workerMemoryLimitMb?: number;
  /**
   * Resident memory (MB) of a worker process over which it is replaced by a fresh one once its render has answered,
   * default 512; 0: never. Memory a worker took for one large render (allocator arenas, grown caches, the layout
   * engine's WebAssembly memories, which never shrink) goes back to the system instead of staying with the worker.
   * No render fails or waits longer for it; the new worker loads optional font sets as its renders need them.
   * Worker processes only (`isolation: 'process'`): threads share one process's memory.
   */
  workerMaxRssMb?: number;
  /**
   * glibc's malloc arenas in each worker process (`MALLOC_ARENA_MAX`, unless the environment sets it), default 2;
   * 0 leaves glibc's own (8 per core). Each thread that allocates (libvips', libuv's) otherwise gets an arena that
   * keeps what it freed: 100–140 MiB per worker after a few dozen mixed renders, 20 with two. Worker processes only.
   */
  workerMallocArenas?: number;
  /**
   * V8's largest semi-space (MB) in each worker process (`--max-semi-space-size`), default 2; 0 leaves V8's own (16).
   * The young generation is two semi-spaces: with V8's own, a worker rendering cards held ~25–30 MiB more for no
   * CPU saved. Worker processes only.
   */
  workerSemiSpaceMb?: number;
  /**
   * How long (ms) resvg's allocator (mimalloc, inside @resvg/resvg-js) keeps pages it freed before giving them back
   * to the system (`MIMALLOC_PURGE_DELAY` of each worker process, unless the environment sets it), default 0: at
   * once. With mimalloc's own 10 ms an idle worker kept the pixmaps of its last renders (a 2400×1260 one is 12 MB,
   * and resvg copies it once more); with large OS pages (tuning `largePages`) it never gave them back. -1: never
   * purge, and large OS pages allowed (the tuning `largePages`: fewer page faults per render, 50–110 MiB more per
   * worker that drew large images). Worker processes only.
   */
  workerResvgPurgeDelayMs?: number;
  /**
   * glibc's mmap threshold (KiB) in each worker process (`MALLOC_MMAP_THRESHOLD_`, unless the environment sets
   * it), default 256: a block of this size or more (pixel buffers, encoded images) gets its own mapping and goes back
   * to the system when freed. glibc's own threshold rises to the largest block freed (up to 32 MiB), after which
   * such buffers came from the heap and what was freed there stayed resident (45–75 MiB per worker after
   * 2400×1260 renders). 0 leaves glibc's own; at most 32768. Worker processes only.
   */
  workerMallocMmapThresholdKb?: number;
  /**
   * Each worker frees the raster of a render of at least this many megapixels as soon as it is of no more use,
   * default 2 (a 2400×1260 image, a 1200×630 card at scale 2); 0: never. Rasters are memory held by small JavaScript
   * objects that V8 does not weigh: a worker kept the rasters of one or more earlier large renders until a collection
   * happened to find them. resvg's own copy and parsed SVG go by a minor garbage collection (a scavenge of V8's young
   * generation, ~1 ms) right after drawing, before the encode; the pixels once encoded (their ArrayBuffer detached:
   * tuning/release-buffers.ts). Workers only.
   */
  workerGcAfterMegapixels?: number;
  /**
   * During a render of at least `workerGcAfterMegapixels` whose width and height are given, each worker process has
   * V8 start marking its old generation (the full collection V8 runs anyway) once it is this percent of the way from
   * the last full collection to the next, default 60; 0: V8's own timing. A worker's peak memory is reached inside
   * its large renders, on top of the garbage the old generation holds before a collection. Worker processes only.
   */
  workerEarlyMarkingPercent?: number;
  /**
   * Directory where worker processes keep a V8 code cache of the worker bundle, made by the first worker and used by
   * every later one (a fresh worker then compiles nothing: a shorter cold start). Default: `pictor-code-cache-<uid>`
   * in the system's temporary directory; `false`: none. It must be a directory only this user can write to (else no
   * cache is used); a missing, stale or corrupt cache is ignored and remade. Worker processes only.
   */
  workerCodeCache?: string | false;
  /**
   * Start worker processes from the startup snapshot the build left in `dist/` (the worker bundle evaluated, its code
   * compiled: a shorter cold start), when there is one for this Node version and the workers' flags (made with the
   * default worker options); otherwise, or with `false`, they start from the bundle and the code cache. Default true.
   * Worker processes only.
   */
  workerSnapshot?: boolean;
  /**
   * Worker processes end with this process by the kernel's parent-death signal (Linux, set by util-linux's `setpriv
   * --pdeathsig` as it starts node), default true: killed the moment this process ends, even mid-render, with nothing
   * running in them for it. Without it (`false`, or where there is no such setpriv) each worker runs a watchdog
   * thread that looks at its parent process every 250 ms: a second V8 isolate in each worker, ~9 MiB. Worker
   * processes only.
   */
  workerParentDeathSignal?: boolean;
  /**
   * Nice value of the worker processes (every thread of them) or of the worker threads and libvips' encoder
   * threads (Linux; 0 = normal priority, 19 = lowest), default 0. A higher value lets the thread that owns the
   * renderer (an HTTP server's event loop) run before renders when it wakes — for a host that runs nothing else:
   * nice is relative to every process on the host, so on a shared host it starves renders behind the neighbours.
   */
  workerNice?: number;
  /**
   * V8's heap growing factor, as a percentage, set by each worker when it starts (for its process): a heap
   * may grow to (1 + p/100) × its live size before the next full collection. Default 100 (twice the live size): a
   * render makes several strings of 100+ KB (the SVG and its rewrites) that go straight to the old generation, and
   * with V8's own factor each worker ran a full collection every few renders (measured: benchmarks/RESULTS.md,
   * "Tunings that earn their place (issue 21)"). Lower trades CPU for memory: more full collections keep a worker's
   * peak lower (benchmarks/render/RESULTS.md, "Memory, fifth pass: V8's heap growing factor, and what did not
   * help"). 0 leaves V8's choice. V8 flags belong to a process: with
   * `isolation: 'thread'` this applies to every thread of this process; not used without workers.
   */
  heapGrowingPercent?: number;
  /**
   * MB of decoded pictures each worker (or, without workers, the renderer) keeps, default 64. A raster picture is
   * decoded once (and, drawn smaller than it is, scaled once to the pixels it covers), and later renders with the
   * same picture (a logo, an avatar) reuse it. 0 prepares it every time.
   */
  prescaledImageCacheMb?: number;
  /**
   * MB of raster buffers each worker (or, without workers, the renderer) keeps for its next renders (tuning
   * `canvasReuse`), default 4: a 1200×630 card's raster (2.9 MiB) is filled again rather than allocated afresh (its
   * page faults, ~1.7 ms); a larger raster (a 2400×1260 card is 12 MB) is not kept, so a worker does not hold it
   * between renders, and a worker frees the kept ones before it draws such a raster. 0 keeps none.
   */
  keptCanvasMb?: number;
  /** Switches of the performance tunings, all on by default: for measuring what each earns (Tunings). */
  tunings?: Tunings;
  limits?: Partial<RenderLimits>;
  fetch?: FetchOptions;
  /** Fonts available to every render of this renderer, loaded once per worker. */
  fonts?: FontSpec[];
  /** Glyph positions of renders that do not choose (RenderInput.textPositioning); default `'auto'`. */
  textPositioning?: TextPositioning;
  /** The family of text whose CSS names none (DefaultFontFamily); default `'serif'`, as in Chromium. */
  defaultFontFamily?: DefaultFontFamily;
  /** Local folder that relative URLs resolve against when no baseUrl is given (library use only). */
  baseDir?: string;
  logger?: Logger;
}

/** How one render waits for a worker. */
export interface RenderOptions {
  /**
   * Who the render is for (an account, a customer). Renders of different tenants take turns for the workers, and
   * each tenant's share of the queue and, while others wait, of the workers is capped (RendererOptions.fairness).
   * Renders without a tenant share one.
   */
  tenant?: string;
  /** Abort: a render still waiting for a worker is dropped with `ABORTED` (one already running completes). */
  signal?: AbortSignal;
}

/** How a renderer closes. */
export interface CloseOptions {
  /** `'finish'` (default): queued renders still run; `'reject'`: they fail with `CLOSED` at once (a shutdown). */
  queued?: 'finish' | 'reject';
}

/** Fair sharing of the workers between tenants (RenderOptions.tenant). */
export interface FairnessOptions {
  /** Renders one tenant may have waiting; more fail with `TENANT_BUSY`. Default a quarter of `maxQueue`. */
  maxQueuedPerTenant?: number;
  /** Workers one tenant may occupy while another tenant's render waits. Default half the workers, at least 1. */
  maxRunningPerTenant?: number;
}

/** One item of `renderMany`: an HTML render or a template render. */
export type RenderManyItem = RenderInput | TemplateRenderInput;

/** The outcome of one item of `renderMany`, in input order: its result or its error. */
export type RenderManyResult =
  | { index: number; item: RenderManyItem; result: RenderResult; error?: undefined }
  | { index: number; item: RenderManyItem; result?: undefined; error: PictorError };

/** Counts of `renderMany` after each item ended. */
export interface RenderManyProgress {
  done: number;
  failed: number;
  /** Items read from the input so far. */
  started: number;
}

export interface RenderManyOptions {
  /** Renders in flight at once. Default the renderer's workers (at least 1). */
  concurrency?: number;
  /** Stop: no new item starts; renders still waiting for a worker are dropped; the iteration throws the reason. */
  signal?: AbortSignal;
  /** Told after each item ended (in the order they end). */
  onProgress?: (progress: RenderManyProgress) => void;
  /** As RenderOptions.tenant. */
  tenant?: string;
}

/** A renderer owns a worker pool, fonts and a fetcher cache. Close it when done. */
export interface Renderer {
  /** Render an HTML string. @throws PictorError */
  render(input: RenderInput, options?: RenderOptions): Promise<RenderResult>;
  /** Fill a template with variables and render it. @throws PictorError */
  renderTemplate(input: TemplateRenderInput, options?: RenderOptions): Promise<RenderResult>;
  /**
   * Render many items (HTML or template renders), at most `concurrency` at once (default: the workers), yielding each
   * item's result or error in input order; the input is read lazily.
   * @example for await (const { index, result, error } of renderer.renderMany(items, { concurrency: 4 })) …
   */
  renderMany(
    items: Iterable<RenderManyItem> | AsyncIterable<RenderManyItem>,
    options?: RenderManyOptions,
  ): AsyncIterable<RenderManyResult>;
  /**
   * Fill a template in a worker, in the tenant's turn and under the time limit, and return the HTML: a template
   * compiled or filled on a server's own thread would hold its event loop (a large one takes a second). `key` names
   * this exact definition; each worker compiles it once per key.
   * @throws PictorError TEMPLATE_INVALID, VARIABLE_INVALID, INVALID_INPUT, RENDER_TIMEOUT
   */
  fillTemplate(
    template: { key: string; definition: TemplateDefinition },
    variables: Record<string, unknown>,
    options?: RenderOptions,
  ): Promise<string>;
  /** Check in a worker that a template definition compiles (as fillTemplate). @throws PictorError TEMPLATE_INVALID */
  checkTemplate(definition: TemplateDefinition, options?: RenderOptions): Promise<void>;
  /** Counters of the pool, for health checks and metrics. */
  stats(): RendererStats;
  /** Stop taking renders; wait for in-flight ones (and queued ones, unless told to reject them); stop the workers. */
  close(options?: CloseOptions): Promise<void>;
}

export interface RendererStats {
  workers: number;
  busy: number;
  queued: number;
  completed: number;
  failed: number;
  timedOut: number;
  /** Workers stopped and replaced after a time-out or a crash. */
  workersReplaced: number;
  /** Worker processes replaced, between renders, because their memory was over `workerMaxRssMb`. */
  workersRecycled: number;
}
