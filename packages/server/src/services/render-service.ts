/**
 * The two render operations without HTTP: template (or HTML) → variables → reserve a unit → render
 * (or reuse an identical stored object) → store → signed link → commit; the unit goes back on failure.
 */
import {
  type BudgetResult,
  CONTENT_TYPES,
  type ImageFormat,
  PictorError,
  type Renderer,
  type RenderTimings,
  roundMs,
  variantSize,
} from '@pictor/core';
import { performance } from 'node:perf_hooks';
import type { ServerLimits } from '../config.js';
import { apiError, isPictorError } from '../errors.js';
import type { ObjectStorage } from '../storage/types.js';
import type { Store, TemplateVersion } from '../db/types.js';
import type { HtmlRenderRequest, TemplateRenderRequest } from '../schemas/render.js';
import { createFileLink } from './links.js';
import { withReservedUnit } from './quota.js';
import {
  checkPixels,
  devicePixels,
  heldWaitMsOf,
  holdMsOf,
  objectKeyOf,
  type RenderJob,
  renderAndStore,
  usesRemoteResources,
  keepMsOf,
  stoppedByTimeLimit,
} from './render-job.js';
import type { TemplateService } from './template-service.js';
import type { TimeoutPenalty } from './timeout-penalty.js';
import { LRUCache } from 'lru-cache';

/** Who is rendering: the authenticated key. */
export interface RenderCaller {
  keyId: string;
  accountId: string;
  /** Fires when the client has gone: a render still queued is dropped, a finished one is not charged. */
  signal?: AbortSignal;
  /** Told what was rendered once the object is stored and linked (the HTTP layer logs it with the request). */
  report?: (render: RenderReport) => void;
}

/** What a render did, for the request's log line. */
export interface RenderReport {
  templateId: string | undefined;
  accountId: string;
  keyId: string;
  format: ImageFormat;
  width: number;
  height: number;
  bytes: number | undefined;
  /** True when an identical stored object was linked and nothing was rendered. */
  reused: boolean;
  /** The engine's stages (ms); absent when reused. */
  timings: RenderTimings | undefined;
  /**
   * The service's own waits around the render (ms): object lookup (touch + head) and the storage write (for local
   * disk, done by the render worker and counted in timings.total as timings.save).
   */
  server: { lookup: number; store: number };
}

export type { HtmlRenderRequest, TemplateRenderRequest };

/** What a successful render answers in `data`. */
export interface RenderedImage {
  /** Signed link, valid for `linkTtlSeconds`. */
  url: string;
  width: number;
  height: number;
  format: ImageFormat;
  contentType: string;
  /** ISO 8601 time the link stops working. */
  expiresAt: string;
  /** With `maxBytes`: the image's size in bytes. */
  bytes?: number;
  /** With `maxBytes`, jpeg, webp and avif: the quality the image was encoded at. */
  quality?: number;
  /** With `maxBytes`, png: the colours of the palette, when the lossless image did not fit. */
  colours?: number;
}

/** `data` of operation A with `variants`: one image per variant, in the order asked. */
export interface RenderedVariants {
  images: (RenderedImage & { variant: string })[];
}

/** What a render remembers of an image it stored, so an identical request can be answered without rendering. */
interface KnownImage {
  width: number;
  height: number;
  budget?: BudgetResult;
}

/** What `data` says of a byte budget: the bytes and the setting used (docs/contract/decisions.md "Formats and byte budgets"). */
function budgetFields(bytes: number | undefined, budget: BudgetResult | undefined): Partial<RenderedImage> {
  if (budget === undefined) return {};
  return {
    ...(bytes === undefined ? {} : { bytes }),
    ...(budget.quality === undefined ? {} : { quality: budget.quality }),
    ...(budget.colours === undefined ? {} : { colours: budget.colours }),
  };
}

export interface RenderServiceDeps {
  store: Store;
  storage: ObjectStorage;
  renderer: Renderer;
  templates: TemplateService;
  limits: ServerLimits;
  signingSecret: string;
  /** Origin of links (resolved after listen when the port is chosen by the OS). */
  publicUrl: () => string;
  /** Current time in ms. */
  now: () => number;
  /** Holds off accounts whose renders keep running into the time limit. */
  timeouts?: TimeoutPenalty;
}

export interface RenderService {
  /** Operation A. @throws ApiError, PictorError, NoResourcePackageError */
  renderTemplate(
    caller: RenderCaller,
    templateId: string,
    request: TemplateRenderRequest,
  ): Promise<RenderedImage | RenderedVariants>;
  /** Operation B. @throws ApiError, PictorError, NoResourcePackageError */
  renderHtml(caller: RenderCaller, request: HtmlRenderRequest): Promise<RenderedImage>;
}

/** The engine calls the HTML `html`; the API calls it `content`: say it in the caller's words. */
function renameHtmlField(error: unknown, name: string): unknown {
  if (!isPictorError(error) || error.code !== 'INVALID_INPUT' || !error.message.startsWith('html:'))
    return error;
  return new PictorError(error.code, `${name}${error.message.slice('html'.length)}`, error.details);
}

/** Create the service. */
export function createRenderService(deps: RenderServiceDeps): RenderService {
  const { store, storage, renderer, limits } = deps;
  const holdMs = holdMsOf(limits);
  const keepMs = keepMsOf(limits);
  /**
   * Sizes (and budgets' settings) of objects rendered by this process whose answer the request alone does not give
   * (auto-sized, or with a byte budget), so a reused object needs no render.
   */
  const sizes = new LRUCache<string, KnownImage>({ max: 10_000 });

  function remember(key: string, known: KnownImage): void {
    sizes.set(key, known);
  }

  function sizeOf(key: string, job: RenderJob): KnownImage | undefined {
    if (job.width !== undefined && job.height !== undefined && job.maxBytes === undefined)
      return { width: devicePixels(job.width, job.scale), height: devicePixels(job.height, job.scale) };
    return sizes.get(key);
  }

  /** Render (or reuse the identical stored object), store, and link. Runs with a unit reserved. */
  /**
   * The reuse window of a render that loads remote resources: its stored object is reused only until the window
   * ends, so a changed picture behind the same URL shows after at most `remoteReuseSeconds` (0: never reused).
   */
  function remoteEpoch(job: RenderJob): number | undefined {
    if (!usesRemoteResources(job)) return undefined;
    const windowMs = limits.remoteReuseSeconds * 1000;
    return windowMs === 0 ? deps.now() + Math.random() : Math.floor(deps.now() / windowMs);
  }

  async function produce(caller: RenderCaller, job: RenderJob): Promise<RenderedImage> {
    const objectKey = objectKeyOf(job, remoteEpoch(job));
    const keepUntil = new Date(deps.now() + keepMs);
    // The touch and the existence check run side by side. A touch that extended the object's existing row proves
    // no janitor was removing it (a removal holds the row: the touch would have waited and found it gone), so the
    // check stands and the janitor will now keep the object for this link's lifetime. A touch that had to create
    // the row may have waited for such a removal: look again.
    const lookupStarted = performance.now();
    const [extended, seen] = await Promise.all([
      store.touchObject(objectKey, keepUntil),
      storage.head(objectKey),
    ]);
    const existing = seen && !extended ? await storage.head(objectKey) : seen;
    const lookupMs = performance.now() - lookupStarted;
    let storeMs = 0;
    const known = existing ? sizeOf(objectKey, job) : undefined;
    let width: number;
    let height: number;
    let timings: RenderTimings | undefined;
    let bytes = existing?.size;
    let budget = known?.budget;
    if (known) {
      width = known.width;
      height = known.height;
    } else {
      const stored = await renderAndStore(renderer, storage, job, objectKey, caller.signal);
      const result = stored.result;
      storeMs = stored.storeMs;
      width = result.width;
      height = result.height;
      timings = result.timings;
      bytes = result.data.length;
      budget = result.budget;
      remember(objectKey, { width, height, ...(budget ? { budget } : {}) });
    }
    const link = createFileLink({
      publicUrl: deps.publicUrl(),
      secret: deps.signingSecret,
      objectKey,
      now: deps.now,
      ttlSeconds: limits.linkTtlSeconds,
    });
    caller.report?.({
      templateId: job.templateId,
      accountId: caller.accountId,
      keyId: caller.keyId,
      format: job.format,
      width,
      height,
      bytes,
      reused: known !== undefined,
      timings,
      server: { lookup: roundMs(lookupMs), store: roundMs(storeMs) },
    });
    return {
      url: link.url,
      width,
      height,
      format: job.format,
      contentType: CONTENT_TYPES[job.format],
      expiresAt: new Date(link.expires * 1000).toISOString(),
      ...budgetFields(bytes, budget),
    };
  }

  async function run(caller: RenderCaller, job: RenderJob): Promise<RenderedImage> {
    deps.timeouts?.check(caller.accountId);
    try {
      return await withReservedUnit(store, caller.accountId, () => produce(caller, job), {
        now: () => new Date(deps.now()),
        holdMs,
        heldWaitMs: heldWaitMsOf(limits),
        ...(caller.signal ? { signal: caller.signal } : {}),
        wanted: () => caller.signal?.aborted !== true,
      });
    } catch (error) {
      if (stoppedByTimeLimit(error)) await deps.timeouts?.record(caller.accountId);
      throw renameHtmlField(
        error,
        job.templateId === undefined ? 'content' : 'content (with the variables filled in)',
      );
    }
  }

  return {
    async renderTemplate(caller, templateId, request) {
      if (request.variant !== undefined && request.variants !== undefined) {
        throw apiError('INVALID_PARAMETER', 'variant and variants: give one of them, not both');
      }
      const { version, fill } = await deps.templates.resolve(
        caller.accountId,
        templateId,
        request.useDraft === true,
      );
      if (request.variants !== undefined) {
        // Every name is checked before anything renders: an unknown one is refused whole.
        for (const [i, name] of request.variants.entries())
          variantSize(version.variants, name, `variants[${i}]`);
        const html = await fill(request.variables);
        const images = await Promise.all(
          request.variants.map(async (variant) => {
            const size = variantSize(version.variants, variant);
            const job = templateJob(caller, templateId, request, version, size);
            checkPixels(job.width, job.height, job.scale, limits);
            job.content = html;
            return { variant, ...(await run(caller, job)) };
          }),
        );
        return { images };
      }
      const size = request.variant === undefined ? version : variantSize(version.variants, request.variant);
      const job = templateJob(caller, templateId, request, version, size);
      checkPixels(job.width, job.height, job.scale, limits);
      job.content = await fill(request.variables);
      return run(caller, job);
    },
    async renderHtml(caller, request) {
      checkPixels(request.width, request.height, request.scale, limits);
      return run(caller, {
        accountId: caller.accountId,
        templateId: undefined,
        content: request.content,
        width: request.width,
        height: request.height,
        format: request.format ?? 'webp',
        quality: request.quality,
        ...(request.maxBytes === undefined ? {} : { maxBytes: request.maxBytes }),
        scale: request.scale,
        ...(request.textPositioning === undefined ? {} : { textPositioning: request.textPositioning }),
        fonts: request.fonts ?? [],
      });
    },
  };
}

/** Operation A's job for one size (the template's, or a variant's), before its HTML is filled in. */
function templateJob(
  caller: RenderCaller,
  templateId: string,
  request: TemplateRenderRequest,
  version: TemplateVersion,
  size: { width: number; height: number },
): RenderJob {
  return {
    accountId: caller.accountId,
    templateId,
    content: '',
    width: request.width ?? size.width,
    height: request.height ?? size.height,
    format: request.format ?? version.format,
    quality: request.quality ?? version.quality ?? undefined,
    ...(request.maxBytes === undefined ? {} : { maxBytes: request.maxBytes }),
    scale: request.scale,
    ...(request.textPositioning === undefined ? {} : { textPositioning: request.textPositioning }),
    fonts: [],
  };
}
