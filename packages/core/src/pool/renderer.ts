/** createRenderer: validation, templates and logging in front of an executor (worker pool or calling thread). */
import { defaultCodeCacheDir } from './code-cache.js';
import { renderMany } from './render-many.js';
import { availableParallelism } from 'node:os';
import { PictorError } from '../errors.js';
import { createFetcher } from '../fetch/index.js';
import { compileTemplate } from '../templates/index.js';
import type {
  CompiledTemplate,
  FairnessOptions,
  RenderInput,
  RenderOptions,
  RenderResult,
  Renderer,
  RendererOptions,
  TemplateDefinition,
  TemplateRenderInput,
  WorkerIsolation,
} from '../types.js';
import {
  checkFontSpecs,
  checkKnownFields,
  checkTextPositioning,
  checkDefaultFontFamily,
  RENDER_INPUT_FIELDS,
  resolveLimits,
  validateRenderInput,
} from '../validate.js';
import type { RenderExecutor } from './executor.js';
import { DEFAULT_HEAP_GROWING_PERCENT, DEFAULT_WORKER_NICE } from '../tuning/index.js';
import {
  DEFAULT_MALLOC_ARENAS,
  DEFAULT_MALLOC_MMAP_THRESHOLD_KB,
  DEFAULT_RESVG_PURGE_DELAY_MS,
  MAX_MALLOC_MMAP_THRESHOLD_KB,
} from '../tuning/allocator.js';
import { DEFAULT_KEPT_CANVAS_MB, DEFAULT_PRESCALED_CACHE_MB } from '../limits.js';
import { resolveTunings } from '../tuning/switches.js';
import { DEFAULT_GC_AFTER_MEGAPIXELS } from '../tuning/native-collection.js';
import { DEFAULT_EARLY_MARKING_PERCENT } from '../tuning/early-marking.js';
import { LocalExecutor } from './local-executor.js';
import { WorkerPool } from './worker-pool.js';
import { variantSize } from '../templates/variants.js';

/** Heap limit of one worker: a render that needs more fails with RENDER_FAILED and its worker is replaced. */
export const WORKER_MEMORY_LIMIT_MB = 2048;
/**
 * Resident memory of a worker process (MB) over which it is replaced after its render (`workerMaxRssMb`): above what
 * a worker holds after ordinary cards, CJK text and framework pages (benchmarks/render/RESULTS.md, memory), so only
 * a worker that grew for an unusual render (a huge page, many large pictures) is started afresh.
 */
export const DEFAULT_WORKER_MAX_RSS_MB = 512;
/**
 * V8's largest semi-space in a worker process (MB; V8's own is 16): the young generation (two semi-spaces) of a
 * worker that renders cards settles at a few MB of live objects, and 16 MB semi-spaces held ~25–30 MiB more resident
 * memory per worker for no CPU saved; 2 MB ones hold ~6 less than 4 MB ones, at the same CPU per render (a render's
 * objects that outlive two scavenges go to the old generation either way; benchmarks/render/RESULTS.md, memory).
 */
export const DEFAULT_WORKER_SEMI_SPACE_MB = 2;
const DEFAULT_MAX_QUEUE = 1000;

/** Compiled templates by definition identity, so rendering the same definition object compiles it once. */
const compiledTemplates = new WeakMap<TemplateDefinition, CompiledTemplate>();

function isCompiled(template: CompiledTemplate | TemplateDefinition): template is CompiledTemplate {
  return typeof (template as CompiledTemplate).fill === 'function';
}

/** The compiled form of a template, compiling a definition once per object. @throws PictorError TEMPLATE_INVALID */
export function compiledTemplateOf(template: CompiledTemplate | TemplateDefinition): CompiledTemplate {
  if (typeof template !== 'object' || template === null) {
    throw new PictorError(
      'TEMPLATE_INVALID',
      'template: must be a template definition or a compiled template',
      {
        field: 'template',
      },
    );
  }
  if (isCompiled(template)) return template;
  let compiled = compiledTemplates.get(template);
  if (!compiled) {
    compiled = compileTemplate(template);
    compiledTemplates.set(template, compiled);
  }
  return compiled;
}

function checkCount(field: string, value: unknown, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new PictorError('INVALID_INPUT', `${field}: must be an integer of at least ${min}`, {
      field,
      rule: 'type',
    });
  }
  return value;
}

/** An integer option from `min` to `max`; `fallback` when absent. @throws PictorError INVALID_INPUT */
function checkInRange(field: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new PictorError('INVALID_INPUT', `${field}: must be an integer from ${min} to ${max}`, {
      field,
      rule: 'range',
    });
  }
  return value;
}

/** `isolation`: 'process' (default) or 'thread'. @throws PictorError INVALID_INPUT */
function checkIsolation(value: unknown): WorkerIsolation {
  if (value === undefined) return 'process';
  if (value === 'process' || value === 'thread') return value;
  throw new PictorError('INVALID_INPUT', "isolation: must be 'process' or 'thread'", {
    field: 'isolation',
    rule: 'enum',
  });
}

/** `fairness`: each limit an integer of at least 1; defaults from the pool's size and queue. */
function checkFairness(
  value: FairnessOptions | undefined,
  workers: number,
  maxQueue: number,
): Required<FairnessOptions> {
  if (value !== undefined && (typeof value !== 'object' || value === null)) {
    throw new PictorError('INVALID_INPUT', 'fairness: must be an object', {
      field: 'fairness',
      rule: 'type',
    });
  }
  checkKnownFields(value ?? {}, ['maxQueuedPerTenant', 'maxRunningPerTenant'], 'fairness.');
  return {
    maxQueuedPerTenant:
      checkCount('fairness.maxQueuedPerTenant', value?.maxQueuedPerTenant, 1) ??
      Math.max(1, Math.ceil(maxQueue / 4)),
    maxRunningPerTenant:
      checkCount('fairness.maxRunningPerTenant', value?.maxRunningPerTenant, 1) ??
      Math.max(1, Math.floor(workers / 2)),
  };
}

/** `maxQueueWaitMs`: a positive integer, or no limit. */
function checkQueueWait(value: unknown): number {
  return checkCount('maxQueueWaitMs', value, 1) ?? Number.POSITIVE_INFINITY;
}

/** `startWorkers`: 'lazy' (default) or 'eager'. @throws PictorError INVALID_INPUT */
/** `workerSnapshot`: a boolean, default true. @throws PictorError INVALID_INPUT */
function checkSnapshot(value: unknown): boolean {
  return checkBoolean('workerSnapshot', value, true);
}

/** A boolean option of createRenderer, `fallback` when not given. */
function checkBoolean(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new PictorError('INVALID_INPUT', `renderer.${name}: must be true or false, not ${typeof value}`, {
      field: `renderer.${name}`,
      rule: 'type',
    });
  }
  return value;
}

/** The worker processes' code cache directory: `workerCodeCache`, or one per user in the temporary directory. */
function checkCodeCache(value: unknown): string | undefined {
  if (value === false) return undefined;
  if (value === undefined) return defaultCodeCacheDir();
  if (typeof value !== 'string' || value === '') {
    throw new PictorError('INVALID_INPUT', 'renderer.workerCodeCache: must be a directory path or false', {
      field: 'renderer.workerCodeCache',
      rule: 'type',
    });
  }
  return value;
}

function checkStartWorkers(value: unknown): 'lazy' | 'eager' {
  if (value === undefined) return 'lazy';
  if (value !== 'lazy' && value !== 'eager') {
    throw new PictorError('INVALID_INPUT', "renderer.startWorkers: must be 'lazy' or 'eager'", {
      field: 'renderer.startWorkers',
      rule: 'enum',
    });
  }
  return value;
}

/** The options of createRenderer. */
const RENDERER_OPTIONS = [
  'workers',
  'startWorkers',
  'isolation',
  'maxQueue',
  'maxQueueWaitMs',
  'fairness',
  'workerMemoryLimitMb',
  'workerMaxRssMb',
  'workerMallocArenas',
  'workerSemiSpaceMb',
  'workerResvgPurgeDelayMs',
  'workerMallocMmapThresholdKb',
  'workerGcAfterMegapixels',
  'workerEarlyMarkingPercent',
  'workerCodeCache',
  'workerSnapshot',
  'workerParentDeathSignal',
  'workerNice',
  'heapGrowingPercent',
  'prescaledImageCacheMb',
  'keptCanvasMb',
  'tunings',
  'limits',
  'fetch',
  'fonts',
  'textPositioning',
  'defaultFontFamily',
  'baseDir',
  'logger',
] as const;
/** The fields of TemplateRenderInput. */
const TEMPLATE_INPUT_FIELDS = [
  'template',
  'variables',
  'variant',
  ...RENDER_INPUT_FIELDS.filter((f) => f !== 'html'),
];

/**
 * Create a renderer with its own worker pool (one worker per core by default), fonts, limits and fetcher.
 * Close it when done.
 *
 * @example
 * const renderer = createRenderer({ workers: 2, limits: { timeoutMs: 5000 } });
 * const { data } = await renderer.render({ html: '<div style="display:flex">Hi</div>', width: 600, height: 315, format: 'webp' });
 * await renderer.close();
 * @throws PictorError INVALID_INPUT for bad options.
 */
export function createRenderer(options: RendererOptions = {}): Renderer {
  checkKnownFields(options, RENDERER_OPTIONS, 'renderer.');
  const limits = resolveLimits(options.limits);
  const workers = checkCount('workers', options.workers, 0) ?? availableParallelism();
  const isolation = checkIsolation(options.isolation);
  const maxQueue = checkCount('maxQueue', options.maxQueue, 0) ?? DEFAULT_MAX_QUEUE;
  const setup = {
    limits,
    fonts: checkFontSpecs(options.fonts, 'renderer.fonts'),
    prescaledImageCacheMb: checkInRange(
      'prescaledImageCacheMb',
      options.prescaledImageCacheMb,
      0,
      65_536,
      DEFAULT_PRESCALED_CACHE_MB,
    ),
    keptCanvasMb: checkInRange('keptCanvasMb', options.keptCanvasMb, 0, 1024, DEFAULT_KEPT_CANVAS_MB),
    tunings: resolveTunings(options.tunings),
    ...(options.textPositioning !== undefined
      ? { textPositioning: checkTextPositioning(options.textPositioning, 'renderer.textPositioning') }
      : {}),
    ...(options.defaultFontFamily !== undefined
      ? {
          defaultFontFamily: checkDefaultFontFamily(options.defaultFontFamily, 'renderer.defaultFontFamily'),
        }
      : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.baseDir ? { baseDir: options.baseDir } : {}),
  };
  // Fail here, not in every worker: createFetcher checks the allow-list (INVALID_INPUT naming the entry).
  if (options.fetch) createFetcher(options.fetch);
  const executor: RenderExecutor =
    workers === 0
      ? new LocalExecutor(setup)
      : new WorkerPool({
          size: workers,
          eager: checkStartWorkers(options.startWorkers) === 'eager',
          isolation,
          maxQueue,
          ...checkFairness(options.fairness, workers, maxQueue),
          maxQueueWaitMs: checkQueueWait(options.maxQueueWaitMs),
          timeoutMs: limits.timeoutMs,
          wallTimeoutMs: limits.wallTimeoutMs,
          memoryLimitMb:
            checkCount('workerMemoryLimitMb', options.workerMemoryLimitMb, 64) ?? WORKER_MEMORY_LIMIT_MB,
          maxRssMb: checkCount('workerMaxRssMb', options.workerMaxRssMb, 0) ?? DEFAULT_WORKER_MAX_RSS_MB,
          mallocArenas: checkInRange(
            'workerMallocArenas',
            options.workerMallocArenas,
            0,
            1024,
            DEFAULT_MALLOC_ARENAS,
          ),
          semiSpaceMb: checkInRange(
            'workerSemiSpaceMb',
            options.workerSemiSpaceMb,
            0,
            1024,
            DEFAULT_WORKER_SEMI_SPACE_MB,
          ),
          resvgPurgeDelayMs: checkInRange(
            'workerResvgPurgeDelayMs',
            options.workerResvgPurgeDelayMs,
            -1,
            60_000,
            DEFAULT_RESVG_PURGE_DELAY_MS,
          ),
          mallocMmapThresholdKb: checkInRange(
            'workerMallocMmapThresholdKb',
            options.workerMallocMmapThresholdKb,
            0,
            MAX_MALLOC_MMAP_THRESHOLD_KB,
            DEFAULT_MALLOC_MMAP_THRESHOLD_KB,
          ),
          codeCacheDir: checkCodeCache(options.workerCodeCache),
          ...(checkSnapshot(options.workerSnapshot) ? {} : { snapshot: false as const }),
          parentDeathSignal: checkBoolean('workerParentDeathSignal', options.workerParentDeathSignal, true),
          setup: {
            environment: setup,
            gcAfterMegapixels: checkInRange(
              'workerGcAfterMegapixels',
              options.workerGcAfterMegapixels,
              0,
              1000,
              DEFAULT_GC_AFTER_MEGAPIXELS,
            ),
            earlyMarkingPercent: checkInRange(
              'workerEarlyMarkingPercent',
              options.workerEarlyMarkingPercent,
              0,
              100,
              DEFAULT_EARLY_MARKING_PERCENT,
            ),
            nice: checkInRange('workerNice', options.workerNice, 0, 19, DEFAULT_WORKER_NICE),
            heapGrowingPercent: checkInRange(
              'heapGrowingPercent',
              options.heapGrowingPercent,
              0,
              1000,
              DEFAULT_HEAP_GROWING_PERCENT,
            ),
          },
        });
  const logger = options.logger;

  async function render(input: RenderInput, renderOptions?: RenderOptions): Promise<RenderResult> {
    const valid = validateRenderInput(input, limits);
    try {
      const result = await executor.run(valid, renderOptions);
      logger?.debug(
        {
          format: result.format,
          width: result.width,
          height: result.height,
          bytes: result.data.length,
          ms: result.timings,
        },
        'pictor render',
      );
      return result;
    } catch (error) {
      if (error instanceof PictorError)
        logger?.debug({ code: error.code, err: error.message }, 'pictor render failed');
      throw error;
    }
  }

  const renderer: Renderer = {
    render: async (input, renderOptions) => render(input, renderOptions),
    renderMany: (items, manyOptions) =>
      renderMany(
        (item, renderOptions) =>
          'template' in item ? renderer.renderTemplate(item, renderOptions) : render(item, renderOptions),
        executor.stats().workers,
        items,
        manyOptions,
      ),
    async renderTemplate(input: TemplateRenderInput, renderOptions?: RenderOptions): Promise<RenderResult> {
      if (typeof input !== 'object' || input === null) {
        throw new PictorError('INVALID_INPUT', 'input: must be an object with template and variables', {
          field: 'input',
        });
      }
      checkKnownFields(input, TEMPLATE_INPUT_FIELDS);
      const compiled = compiledTemplateOf(input.template);
      const html = compiled.fill(input.variables ?? {});
      const def = compiled.definition;
      const size = input.variant === undefined ? def : variantSize(def.variants, input.variant);
      const fonts = [...(def.fonts ?? []), ...(input.fonts ?? [])];
      return render(
        {
          html,
          ...pick('width', input.width, size.width),
          ...pick('height', input.height, size.height),
          ...(input.scale !== undefined ? { scale: input.scale } : {}),
          ...pick('format', input.format, def.format),
          ...pick('quality', input.quality, def.quality),
          ...(input.maxBytes !== undefined ? { maxBytes: input.maxBytes } : {}),
          ...(fonts.length > 0 ? { fonts } : {}),
          ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl } : {}),
          ...(input.textPositioning !== undefined ? { textPositioning: input.textPositioning } : {}),
          ...(input.saveTo !== undefined ? { saveTo: input.saveTo } : {}),
        },
        renderOptions,
      );
    },
    async fillTemplate(template, variables, renderOptions) {
      checkTemplateRef(template);
      const html = await executor.runTemplate({ op: 'fill', template, variables }, renderOptions);
      return html ?? '';
    },
    async checkTemplate(definition, renderOptions) {
      checkTemplateRef({ key: '', definition });
      await executor.runTemplate({ op: 'check', template: { key: '', definition } }, renderOptions);
    },
    stats: () => executor.stats(),
    close: (closeOptions) => executor.close(closeOptions),
  };
  return renderer;
}

/** A template handed to a worker must be plain data with a string key and content. @throws PictorError TEMPLATE_INVALID */
function checkTemplateRef(template: { key: unknown; definition: unknown }): void {
  const definition = template?.definition as { content?: unknown } | null | undefined;
  if (typeof template?.key !== 'string' || typeof definition !== 'object' || definition === null) {
    throw new PictorError(
      'TEMPLATE_INVALID',
      'template: must be { key, definition } with a template definition',
      {
        field: 'template',
      },
    );
  }
  if (typeof definition.content !== 'string') {
    throw new PictorError('TEMPLATE_INVALID', 'content: must be a string of Mustache HTML', {
      field: 'content',
      rule: 'type',
    });
  }
}

/** `{ [key]: value }` from the request value, else the template default, else nothing. */
function pick<K extends string, V>(
  key: K,
  value: V | undefined,
  fallback: V | undefined,
): Partial<Record<K, V>> {
  const chosen = value !== undefined ? value : fallback;
  return chosen === undefined ? {} : ({ [key]: chosen } as Record<K, V>);
}
