/**
 * Embeddable image URLs (docs/contract/decisions.md "Embeddable image URLs"): a signed GET renders a template's image
 * once, stores it, and serves the stored image to every later request without a render or a unit. Every request is
 * checked in full — signature, URL key, template status — so revoking a key or unpublishing a template stops serving
 * at once.
 */
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerLimits } from '../config.js';
import { apiError } from '../errors.js';
import type { ObjectStorage, StoredObjectInfo } from '../storage/types.js';
import type { Store, TemplateVersion } from '../db/types.js';
import {
  CONTENT_TYPES,
  type ImageFormat,
  type Renderer,
  type RenderTimings,
  variantSize,
} from '@pictor/core';
import { serverTiming } from './server-timing.js';
import { negotiateFormat } from './format-negotiation.js';
import { LRUCache } from 'lru-cache';
import { type ImageUrlParams, parseImageParams, typeVariables } from './image-url-params.js';
import {
  AUTO_EXTENSION,
  type ImageUrlTarget,
  parseImageTarget,
  verifyImageTarget,
} from './image-url-target.js';
import { withReservedUnit } from './quota.js';
import {
  checkPixels,
  heldWaitMsOf,
  holdMsOf,
  objectKeyOf,
  type RenderJob,
  renderAndStore,
  stoppedByTimeLimit,
} from './render-job.js';
import type { TimeoutPenalty } from './timeout-penalty.js';
import type { TemplateForRender, TemplateService } from './template-service.js';
import { deriveUrlKeySecret } from './url-keys.js';
import { windowCounters } from './window-counter.js';

/** How often a process waiting for another one's render looks for the stored image. */
const CLAIM_POLL_MS = 100;

/** URLs whose image is remembered per template revision (the first described dropped first). */
const MAX_DESCRIBED_PER_TEMPLATE = 1000;
/** Template revisions whose URLs' descriptions are kept. */
const MAX_DESCRIBED_TEMPLATES = 500;

/** The image an URL names, once its variables were checked and filled in. */
interface Described {
  objectKey: string;
  etag: string;
  contentType: string;
}

/** `Cache-Control` of an image whose URL pins a published revision (`_v`): a year, immutable. */
export const PINNED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ImageUrlServiceDeps {
  store: Store;
  storage: ObjectStorage;
  renderer: Renderer;
  templates: TemplateService;
  limits: ServerLimits;
  signingSecret: string;
  /** Current time in ms. */
  now: () => number;
  /** Count the render limit in the store, across every node on the database (PostgreSQL); else in memory. */
  sharedLimits?: boolean;
  /** Holds off accounts whose renders keep running into the time limit. */
  timeouts?: TimeoutPenalty;
  /** Told about a failure no request is waiting for (refreshing a stored image's retention, releasing a claim). */
  onBackgroundError?: (error: unknown) => void;
}

/** What to answer an image URL with. */
export interface ImageAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  /** The bytes (GET of a stored or just rendered image); undefined for HEAD and 304. */
  body: Readable | Buffer | undefined;
}

export interface ImageRequest {
  /** The raw request target as received (`request.raw.url`): path and query, still percent-encoded. */
  target: string;
  head: boolean;
  ifNoneMatch: string | undefined;
  /** The request's `Accept` header: it chooses the format of an `.auto` URL. */
  accept?: string | undefined;
}

/** A render an image URL waited for: its bytes and the engine's timings (for `Server-Timing`). */
interface RenderedBytes {
  data: Buffer;
  timings: RenderTimings;
}

export interface ImageUrlService {
  /**
   * @throws ApiError (and engine/quota errors the error handler maps) with the codes of docs/contract/decisions.md
   * "Error codes"
   */
  answer(request: ImageRequest): Promise<ImageAnswer>;
}

/**
 * The render an image URL asks for: the published version's defaults under the URL's reserved parameters, its
 * variables typed, checked and filled in.
 * @throws ApiError INVALID_PARAMETER (pixel limits), PictorError VARIABLE_INVALID
 */
async function jobFor(
  accountId: string,
  target: ImageUrlTarget,
  format: ImageFormat,
  params: ImageUrlParams,
  version: TemplateVersion,
  fill: TemplateForRender['fill'],
  limits: Pick<ServerLimits, 'maxDimension' | 'maxPixels'>,
): Promise<RenderJob> {
  const size =
    params.variant === undefined ? version : variantSize(version.variants, params.variant, '_variant');
  const width = params.width ?? size.width;
  const height = params.height ?? size.height;
  checkPixels(width, height, params.scale, limits, { width: '_w', height: '_h', scale: '_scale' });
  return {
    accountId,
    templateId: target.templateId,
    content: await fill(typeVariables(params.text, version.variables)),
    width,
    height,
    format,
    quality: params.quality ?? version.quality ?? undefined,
    ...(params.maxBytes === undefined ? {} : { maxBytes: params.maxBytes }),
    scale: params.scale,
    fonts: [],
  };
}

/** True when an `If-None-Match` value lists `etag` (weak or strong) or is `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Create the service. */
export function createImageUrlService(deps: ImageUrlServiceDeps): ImageUrlService {
  const { store, storage, renderer, limits } = deps;
  const holdMs = holdMsOf(limits);
  // A claim outlives the render's time limit and a queue wait; a claimant that died is taken over after it.
  const claimMs = limits.renderWallTimeoutMs + 60_000;
  const retentionMs = limits.imgRetentionSeconds * 1000;
  const renders = windowCounters(
    store,
    deps.sharedLimits === true,
    deps.now,
  )(limits.imgRenderRateMax, limits.imgRenderRateWindowMs);
  /** Renders in flight in this process by object key: requests for the same new image wait for one render. */
  const flights = new Map<string, Promise<RenderedBytes | null>>();
  /** When this process last extended a stored image's retention, by object key (bounded). */
  const retained = new LRUCache<string, number>({ max: 100_000 });
  /** What each URL of a template revision names (object key, ETag), by key and signature; recent revisions only. */
  const descriptions = new LRUCache<string, LRUCache<string, Described>>({ max: MAX_DESCRIBED_TEMPLATES });
  function remember(templateKey: string, urlId: string, described: Described): void {
    let map = descriptions.get(templateKey);
    if (!map) {
      map = new LRUCache({ max: MAX_DESCRIBED_PER_TEMPLATE });
      descriptions.set(templateKey, map);
    }
    map.set(urlId, described);
  }
  /** Derived URL key secrets by key id (bounded): one HMAC saved per request. */
  const secrets = new LRUCache<string, string>({ max: 10_000 });

  function secretOf(keyId: string): string {
    let secret = secrets.get(keyId);
    if (secret === undefined) {
      secret = deriveUrlKeySecret(deps.signingSecret, keyId);
      secrets.set(keyId, secret);
    }
    return secret;
  }

  /** Keep a stored image for `imgRetentionSeconds` after its last request; one store write per key a day at most. */
  function retain(objectKey: string): void {
    const now = deps.now();
    const last = retained.get(objectKey);
    if (last !== undefined && now - last < Math.min(86_400_000, retentionMs / 2)) return;
    retained.set(objectKey, now);
    store.touchObject(objectKey, new Date(now + retentionMs)).catch((error: unknown) => {
      retained.delete(objectKey);
      deps.onBackgroundError?.(error);
    });
  }

  /**
   * Wait until this caller holds the render claim of `objectKey` (true), or the image is stored (false): of many
   * processes asked for one new image, one renders it and the others serve what it stored.
   */
  async function claimOrWait(objectKey: string): Promise<boolean> {
    const deadline = performance.now() + claimMs;
    for (;;) {
      const now = deps.now();
      if (await store.claimRender(objectKey, new Date(now), new Date(now + claimMs))) {
        // Stored by the claim's previous holder between our look and our claim: nothing to render.
        if (!(await storage.head(objectKey))) return true;
        await store.releaseRenderClaim(objectKey);
        return false;
      }
      if (await storage.head(objectKey)) return false;
      if (performance.now() > deadline) {
        throw apiError(
          'OVERLOADED',
          'the image is being rendered by another server and is not ready yet; retry shortly',
          {
            'retry-after': '2',
          },
        );
      }
      await sleep(CLAIM_POLL_MS);
    }
  }

  /**
   * Render the image once and store it: the bytes, or null when another process stored it meanwhile. The row that
   * keeps the object is written first, so the janitor cannot take the image between its write and its first serve.
   */
  async function renderOnce(accountId: string, keyId: string, job: RenderJob, objectKey: string) {
    const now = deps.now();
    const [extended, seen] = await Promise.all([
      store.touchObject(objectKey, new Date(now + retentionMs)),
      storage.head(objectKey),
    ]);
    retained.set(objectKey, now);
    // A touch that created the row may have waited for a removal of the object: look again (see render-service).
    if (seen && (extended || (await storage.head(objectKey)))) return null;
    if (!(await claimOrWait(objectKey))) return null;
    try {
      const allowed = await renders.take(`img:${keyId}`);
      if (!allowed.ok) {
        throw apiError(
          'RATE_LIMITED',
          `rate limit: at most ${limits.imgRenderRateMax} new images per ${limits.imgRenderRateWindowMs / 1000} s for this URL key; stored images are not limited; retry after ${allowed.retryAfterSeconds} s`,
          { 'retry-after': String(allowed.retryAfterSeconds) },
        );
      }
      deps.timeouts?.check(accountId);
      const stored = await withReservedUnit(
        store,
        accountId,
        () => renderAndStore(renderer, storage, job, objectKey),
        { now: () => new Date(deps.now()), holdMs, heldWaitMs: heldWaitMsOf(limits) },
      ).catch(async (error: unknown) => {
        if (stoppedByTimeLimit(error)) await deps.timeouts?.record(accountId);
        throw error;
      });
      return { data: stored.result.data, timings: stored.result.timings };
    } finally {
      await store.releaseRenderClaim(objectKey).catch((error: unknown) => deps.onBackgroundError?.(error));
    }
  }

  return {
    async answer(request) {
      const bytes = Buffer.byteLength(request.target, 'utf8');
      if (bytes > limits.maxUrlBytes) {
        throw apiError('URL_TOO_LONG', `URL: must be at most ${limits.maxUrlBytes} bytes, got ${bytes}`);
      }
      const target = parseImageTarget(request.target);
      verifyImageTarget(target, secretOf(target.keyId));
      const urlKey = await store.getUrlKey(target.keyId);
      if (!urlKey || urlKey.revokedAt !== null) {
        throw apiError('LINK_INVALID', `URL key ${JSON.stringify(target.keyId)}: unknown or revoked`);
      }
      const params = parseImageParams(target.query, limits);
      const {
        version,
        key: templateKey,
        fill,
      } = await deps.templates.resolvePublished(urlKey.accountId, target.templateId, params.revision);
      // `.auto`: the format the request's Accept asks for; each format is its own stored image.
      const negotiated = target.format === AUTO_EXTENSION;
      const format =
        target.format === AUTO_EXTENSION ? negotiateFormat(request.accept, version.format) : target.format;
      // The same URL of the same compiled revision always names the same image: skip filling and hashing it again.
      // Its verified signature identifies the URL (with its key) in 43 characters, whatever the URL's length.
      const urlId = `${target.keyId}\u0000${target.sign}${negotiated ? `\u0000${format}` : ''}`;
      let described = descriptions.get(templateKey)?.get(urlId);
      let job: RenderJob | undefined;
      if (!described) {
        job = await jobFor(urlKey.accountId, target, format, params, version, fill, limits);
        const objectKey = objectKeyOf(job);
        described = {
          objectKey,
          etag: `"${objectKey.slice(0, objectKey.indexOf('.'))}"`,
          contentType: CONTENT_TYPES[job.format],
        };
        remember(templateKey, urlId, described);
      }
      const { objectKey, etag } = described;
      const headers: Record<string, string> = {
        'content-type': described.contentType,
        etag,
        'cache-control':
          params.revision === undefined ? `public, max-age=${limits.imgMaxAgeSeconds}` : PINNED_CACHE_CONTROL,
        // Whether this answer was rendered for the request (miss) or served from storage (hit).
        'x-pictor-cache': 'hit',
        ...(negotiated ? { vary: 'Accept' } : {}),
      };
      if (matchesEtag(request.ifNoneMatch, etag)) {
        return { status: 304, headers, body: undefined };
      }

      const serveStored = async (): Promise<ImageAnswer | null> => {
        const found: (StoredObjectInfo & { body?: Readable }) | null = request.head
          ? await storage.head(objectKey)
          : await storage.get(objectKey);
        if (!found) return null;
        retain(objectKey);
        headers['content-length'] = String(found.size);
        headers['server-timing'] = serverTiming({});
        return { status: 200, headers, body: found.body };
      };
      // A render of this image in flight here: wait for it rather than look in storage while it is being written.
      let flight = flights.get(objectKey);
      if (!flight) {
        const stored = await serveStored();
        if (stored) return stored;
        flight = flights.get(objectKey);
      }
      if (!flight) {
        // Not stored (evicted since it was described): the job again, for the render.
        job ??= await jobFor(urlKey.accountId, target, format, params, version, fill, limits);
        flight = renderOnce(urlKey.accountId, urlKey.id, job, objectKey).finally(() =>
          flights.delete(objectKey),
        );
        flights.set(objectKey, flight);
      }
      const rendered = await flight;
      if (rendered === null) {
        const again = await serveStored();
        if (again) return again;
        throw apiError('INTERNAL', 'the stored image vanished while it was read; request it again');
      }
      headers['content-length'] = String(rendered.data.length);
      headers['x-pictor-cache'] = 'miss';
      headers['server-timing'] = serverTiming({ render: rendered.timings });
      return { status: 200, headers, body: request.head ? undefined : rendered.data };
    },
  };
}
