/**
 * One render as the service runs it, whoever asked (operations A and B, or an image URL): its object key, the pixel
 * limits with device scale, and render → store (a local-disk object is written by the render worker itself).
 */
import { performance } from 'node:perf_hooks';
import {
  type FontSpec,
  type ImageFormat,
  type Renderer,
  type RenderResult,
  scaledPixels,
  type TextPositioning,
} from '@pictor/core';
import type { ServerLimits } from '../config.js';
import { apiError, isPictorError } from '../errors.js';
import type { ObjectStorage } from '../storage/types.js';
import { deriveObjectKey, fontFingerprint } from './object-keys.js';

/** What to render. */
export interface RenderJob {
  /**
   * The account the render is for: its turn in the render queue (renders of different accounts take turns), and part
   * of the object key, so an identical render of another account is never reused (no cross-account timing signal).
   */
  accountId: string;
  /** For the log line. */
  templateId: string | undefined;
  /** The HTML to render: operation B's `content`, or a template's content with the variables filled in. */
  content: string;
  /** CSS pixels; undefined follows the content. */
  width: number | undefined;
  height: number | undefined;
  format: ImageFormat;
  quality: number | undefined;
  /** Byte budget of the image (docs/contract/decisions.md "Formats and byte budgets"); undefined: none. */
  maxBytes?: number;
  /** Device pixels per CSS pixel (1 to 4); undefined is 1. */
  scale: number | undefined;
  /** Glyph positions (docs/api.md "Text positioning"); undefined is `auto`. */
  textPositioning?: TextPositioning;
  fonts: FontSpec[];
}

/**
 * How long a render's unit is held: its longest wait for a worker, its wall-clock limit, and 5 minutes for the storage
 * write and the answer. A hold that ends is given back by the janitor, so it must outlast the render it pays for.
 */
export function holdMsOf(limits: Pick<ServerLimits, 'renderWallTimeoutMs' | 'queueWaitMs'>): number {
  return limits.renderWallTimeoutMs + limits.queueWaitMs + 5 * 60_000;
}

/**
 * How long a request waits for units held by renders in progress before answering 503: the longest a holder can
 * take (its wait for a worker and its time limit) and a margin, so a held unit is either used or given back by then.
 * A holder may still be queued when the request starts waiting, so the time limit alone is not enough.
 */
export function heldWaitMsOf(limits: Pick<ServerLimits, 'renderWallTimeoutMs' | 'queueWaitMs'>): number {
  return limits.queueWaitMs + limits.renderWallTimeoutMs + 5_000;
}

/**
 * How long a stored object's row keeps it at least, counted from before its render: the longest wait and render,
 * the link's lifetime from the answer on, and 5 minutes for the write. The link is signed at the answer, so the
 * object always outlives it, and the janitor cannot remove the row of an object still being rendered.
 */
export function keepMsOf(
  limits: Pick<ServerLimits, 'renderWallTimeoutMs' | 'queueWaitMs' | 'linkTtlSeconds'>,
): number {
  return limits.queueWaitMs + limits.renderWallTimeoutMs + limits.linkTtlSeconds * 1000 + 5 * 60_000;
}

/** A render stopped by the time limit (it held a worker for all of it: see TimeoutPenalty). */
export function stoppedByTimeLimit(error: unknown): boolean {
  return isPictorError(error) && error.code === 'RENDER_TIMEOUT';
}

function fingerprints(fonts: FontSpec[]): string[] {
  return fonts.map((f) => {
    const source = f.url !== undefined ? `url:${f.url}` : `data:${typeof f.data === 'string' ? f.data : ''}`;
    const bytes = typeof f.data === 'string' || f.data === undefined ? Buffer.from(source) : f.data;
    return fontFingerprint(f.family, f.weight ?? 400, f.style ?? 'normal', bytes);
  });
}

/** Namespace URLs of inline SVG and MathML name no resource: they are not remote loads. */
const NAMESPACE_URLS = /https?:\/\/www\.w3\.org\//gi;
const REMOTE_URL = /https?:\/\//i;

/**
 * True when the render may load something over the network: an http(s) URL anywhere in the HTML (images, style
 * sheets, fonts, CSS `url()`) or a font given by URL. Conservative: a link's `href` counts too.
 */
export function usesRemoteResources(job: RenderJob): boolean {
  return (
    job.fonts.some((f) => f.url !== undefined) || REMOTE_URL.test(job.content.replace(NAMESPACE_URLS, ''))
  );
}

/**
 * The object key of a job: its content and its account (accounts never share stored objects).
 * `remoteEpoch`, when given, is part of the key: renders that load remote resources are reused only within it.
 */
export function objectKeyOf(job: RenderJob, remoteEpoch?: number): string {
  const scale = job.scale ?? 1;
  const extra: Record<string, number> = {};
  if (scale !== 1) extra.scale = scale;
  if (job.maxBytes !== undefined) extra.maxBytes = job.maxBytes;
  const keyed: Record<string, number | string> = extra;
  if (job.textPositioning !== undefined && job.textPositioning !== 'auto')
    keyed.textPositioning = job.textPositioning;
  if (remoteEpoch !== undefined) extra.remoteEpoch = remoteEpoch;
  // Hashed under the name `owner` since object keys began: renaming it would orphan every stored object.
  const owned: Record<string, string | number> = { ...keyed, owner: job.accountId };
  return deriveObjectKey({
    content: job.content,
    width: job.width ?? null,
    height: job.height ?? null,
    format: job.format,
    quality: job.quality ?? null,
    fonts: fingerprints(job.fonts),
    extra: owned,
  });
}

/** Device pixels of `css` CSS pixels at `scale`, exactly as the engine rasterises them. */
export function devicePixels(css: number, scale: number | undefined): number {
  return scale === undefined || scale === 1 ? css : scaledPixels(css, scale);
}

/**
 * 400 when a known dimension, or both together, at `scale` are over the pixel limits. `names` are the caller's words
 * for the three fields (`width`, `height`, `scale`, or the URL's `_w`, `_h`, `_scale`).
 */
export function checkPixels(
  width: number | undefined,
  height: number | undefined,
  scale: number | undefined,
  limits: Pick<ServerLimits, 'maxDimension' | 'maxPixels'>,
  names: { width: string; height: string; scale: string } = {
    width: 'width',
    height: 'height',
    scale: 'scale',
  },
): void {
  const s = scale ?? 1;
  const scaled = (name: string) => (s === 1 ? name : `${name} × ${names.scale}`);
  const shown = (css: number) => (s === 1 ? `${css}` : `${css} × ${s} = ${devicePixels(css, s)}`);
  for (const [name, css] of [
    [names.width, width],
    [names.height, height],
  ] as const) {
    if (css !== undefined && devicePixels(css, s) > limits.maxDimension) {
      throw apiError(
        'INVALID_PARAMETER',
        `${scaled(name)}: must be at most ${limits.maxDimension} pixels, got ${shown(css)}`,
      );
    }
  }
  if (width !== undefined && height !== undefined) {
    const pixels = devicePixels(width, s) * devicePixels(height, s);
    if (pixels > limits.maxPixels) {
      throw apiError(
        'INVALID_PARAMETER',
        `${names.width} × ${names.height}${s === 1 ? '' : ` × ${names.scale}²`}: must be at most ${limits.maxPixels} pixels, got ${devicePixels(width, s)} × ${devicePixels(height, s)} = ${pixels}`,
      );
    }
  }
}

/** A finished render with where its bytes went. */
export interface StoredRender {
  result: RenderResult;
  /** ms spent storing (for a local-disk object: the worker's write, inside the render's own time). */
  storeMs: number;
}

/**
 * Render `job` and store it under `objectKey`: a local-disk object is written by the render worker straight after
 * encoding (no second hop), anything else is put afterwards. The pixel limits were checked on the request
 * ({@link checkPixels}) and by the engine, which also caps an auto-sized render's laid-out size: not again here.
 */
export async function renderAndStore(
  renderer: Renderer,
  storage: ObjectStorage,
  job: RenderJob,
  objectKey: string,
  /** Fires when the caller has gone: a render still waiting for a worker is dropped. */
  signal?: AbortSignal,
): Promise<StoredRender> {
  const saveTo = storage.localPath?.(objectKey);
  const result = await renderer.render(
    {
      html: job.content,
      width: job.width,
      height: job.height,
      format: job.format,
      quality: job.format === 'png' ? undefined : job.quality,
      ...(job.maxBytes === undefined ? {} : { maxBytes: job.maxBytes }),
      fonts: job.fonts,
      ...(job.scale === undefined || job.scale === 1 ? {} : { scale: job.scale }),
      ...(job.textPositioning === undefined ? {} : { textPositioning: job.textPositioning }),
      ...(saveTo === undefined ? {} : { saveTo }),
    },
    { tenant: job.accountId, ...(signal ? { signal } : {}) },
  );
  if (saveTo !== undefined) return { result, storeMs: result.timings.save };
  const started = performance.now();
  await storage.put(objectKey, result.data, result.contentType);
  return { result, storeMs: performance.now() - started };
}
