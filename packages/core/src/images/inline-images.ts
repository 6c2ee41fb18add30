/** Image inlining: every <img src> and CSS url() in the tree becomes a checked data: URI before satori sees it. */
import { PictorError, toPictorError } from '../errors.js';
import type { ResourceFetcher } from '../fetch/types.js';
import type { SatoriElement } from '../html/types.js';
import type { RenderLimits } from '../types.js';
import { DEFAULT_LIMITS } from '../limits.js';
import { LRUCache } from 'lru-cache';
import { isFragmentUrl } from './css-urls.js';
import { type CheckedImage, checkImage, ImageCheckError } from './image-check.js';
import { LocalFileError, MissingLocalFileError, readLocalFile } from './local-files.js';
import { collectImageUrls, replaceImageUrls } from './tree-urls.js';

/** What image inlining needs from the render. */
export interface InlineImagesContext {
  fetcher: ResourceFetcher;
  /** Relative URLs resolve against this http(s) URL. */
  baseUrl?: string;
  /** Without baseUrl, relative URLs are local files inside this folder (library use only). */
  baseDir?: string;
  limits: RenderLimits;
  /** Non-fatal notes are appended here. */
  warnings: string[];
  /** Each distinct `<style>` sheet's URLs found once per thread (tree-urls.ts). Default true. */
  sheetCache?: boolean;
}

/** Most distinct images of one render, and most fetched over the network. */
export const MAX_IMAGES_PER_RENDER = 256;
export const MAX_REMOTE_IMAGES_PER_RENDER = 32;
const FETCH_CONCURRENCY = 6;

/** A transparent 1×1 PNG: what a broken image draws. */
const NO_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==';

/** Checked data: URIs by the fetched Buffer (the fetcher's cache returns the same Buffer for a cached URL). */
/** A checked image: its data: URI, the pixels its limit was checked on, what of it is not drawn (SVG). */
type Checked = { uri: string; pixels: number; notDrawn?: string[] };
const checkedByBuffer = new WeakMap<Buffer, Checked>();

/** Checked images by their data: URI (per thread; key and value both count, about 2 bytes per character). */
const checkedDataUris = new LRUCache<string, Checked>({
  max: 128,
  maxSize: 64 * 1024 * 1024,
  ttl: 60 * 60_000,
});

/**
 * Replace every image URL in the tree (`<img src>`, SVG `<image>`/`<feImage>` href, `url()` in the background
 * and mask properties of inline styles and `<style>` text) with a data: URI of checked bytes, so satori never
 * fetches anything itself. `url()` in other properties becomes `none` (with a warning); `@font-face` and
 * `@import` rules are dropped from `<style>` text (satori applies neither). Returns a new tree.
 * A relative URL naming no file inside `baseDir`, or an SVG `<image>`'s fragment (`href="#x"`), is not loaded: a
 * warning, and a transparent pixel is drawn.
 * @throws PictorError `FETCH_ERROR` naming the URL when an image can't be fetched, isn't a supported image,
 *   is unsafe (SVG) or declares more than `limits.maxImagePixels` pixels.
 */
export async function inlineImages(root: SatoriElement, ctx: InlineImagesContext): Promise<SatoriElement> {
  const urls = collectImageUrls(root, ctx);
  if (urls.size > MAX_IMAGES_PER_RENDER) {
    throw new PictorError(
      'FETCH_ERROR',
      `the document references ${urls.size} distinct images; at most ${MAX_IMAGES_PER_RENDER} are allowed`,
      { rule: 'maxImages' },
    );
  }
  const resolved = new Map<string, string>();
  for (const url of urls) resolved.set(url, isFragmentUrl(url) ? url : resolveUrl(url, ctx));
  const remote = new Set([...resolved.values()].filter((url) => /^https?:/i.test(url)));
  if (remote.size > MAX_REMOTE_IMAGES_PER_RENDER) {
    throw new PictorError(
      'FETCH_ERROR',
      `the document references ${remote.size} distinct remote images; at most ${MAX_REMOTE_IMAGES_PER_RENDER} are fetched`,
      { rule: 'maxRemoteImages' },
    );
  }
  const inlined = new Map<string, string>();
  const queue = [...resolved];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [original, target] = next;
      inlined.set(original, await loadImage(original, target, ctx));
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, queue.length) }, worker));
  return replaceImageUrls(root, (url) => inlined.get(url) ?? url, ctx);
}

/** Where a URL of the document points: data: and http(s) URLs as they are, relative ones against the base. */
function resolveUrl(url: string, ctx: InlineImagesContext): string {
  if (/^data:/i.test(url)) return url;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return url;
  if (scheme) {
    throw new PictorError(
      'FETCH_ERROR',
      `image ${shorten(url)}: the ${scheme}: scheme is not allowed (use http, https or data:)`,
      {
        url: shorten(url),
      },
    );
  }
  if (ctx.baseUrl) {
    try {
      return new URL(url, ctx.baseUrl).href;
    } catch {
      throw new PictorError(
        'FETCH_ERROR',
        `image ${shorten(url)}: cannot be resolved against baseUrl ${ctx.baseUrl}`,
        {
          url: shorten(url),
        },
      );
    }
  }
  if (url.startsWith('//')) return `https:${url}`;
  if (ctx.baseDir) return `local:${url}`;
  throw new PictorError(
    'FETCH_ERROR',
    `image ${shorten(url)}: a relative URL needs a baseUrl (or use an absolute http(s) URL or a data: URI)`,
    { url: shorten(url) },
  );
}

/** Fetch (or read, or decode) one image, check it and return its data: URI. */
async function loadImage(original: string, target: string, ctx: InlineImagesContext): Promise<string> {
  const shown = shorten(original);
  const limit = ctx.limits?.maxImagePixels;
  const maxPixels = typeof limit === 'number' && limit > 0 ? limit : DEFAULT_LIMITS.maxImagePixels;
  // Pictor (fragment-image-source): an SVG `<image href="#x">` names the document itself, no picture: nothing is
  // drawn, with a warning, instead of an error.
  if (isFragmentUrl(target)) {
    const warning = `image ${shown} was not loaded: a fragment names no picture; nothing is drawn for it`;
    if (!ctx.warnings.includes(warning)) ctx.warnings.push(warning);
    return NO_IMAGE;
  }
  const isDataUri = target.startsWith('data:');
  if (isDataUri) {
    // The same data: URI (an avatar in a template, say) comes back render after render: check it once.
    const known = checkedDataUris.get(target);
    if (known && known.pixels <= maxPixels) return usedImage(known, shown, ctx);
  }
  let data: Buffer;
  if (target.startsWith('local:')) {
    try {
      data = await readLocalFile(target.slice(6), ctx.baseDir!);
    } catch (error) {
      if (!(error instanceof LocalFileError)) throw error;
      // Pictor (missing-local-image): a picture the page names but its folder lacks is drawn broken (nothing) by
      // Chromium; a path outside the folder or an unreadable file stays an error.
      if (error instanceof MissingLocalFileError) {
        const warning = `image ${shown} was not loaded: ${error.message}; nothing is drawn for it`;
        if (!ctx.warnings.includes(warning)) ctx.warnings.push(warning);
        return NO_IMAGE;
      }
      throw new PictorError('FETCH_ERROR', `image ${shown}: ${error.message}`, { url: shown });
    }
  } else {
    data = (await ctx.fetcher.fetch(target, 'image')).data;
  }
  const known = checkedByBuffer.get(data);
  if (known && known.pixels <= maxPixels) return usedImage(known, shown, ctx);
  let image: CheckedImage;
  try {
    image = await checkImage(data, maxPixels);
  } catch (error) {
    // Pictor (data-url-fragment): the part before an unescaped `#` is what Chromium reads, and a broken image
    // draws nothing there; it is not the document's error to report.
    if (error instanceof ImageCheckError && isDataUri && target.includes('#')) {
      const warning = `image ${shown}: its data ends at the unescaped "#" (as in browsers) and is ${error.message}; nothing is drawn for it`;
      if (!ctx.warnings.includes(warning)) ctx.warnings.push(warning);
      return NO_IMAGE;
    }
    // Pictor (broken-image-skipped): bytes that are no readable image (no known format, a corrupt raster, an SVG that
    // is not well-formed) are a broken image, which a browser draws as nothing: a warning names it and the render
    // goes on. An image refused for safety or over a limit is still an error.
    if (error instanceof ImageCheckError && error.broken) {
      const warning = `image ${shown} is broken and was skipped: ${error.message}; nothing is drawn for it`;
      if (!ctx.warnings.includes(warning)) ctx.warnings.push(warning);
      return NO_IMAGE;
    }
    if (error instanceof ImageCheckError) {
      throw new PictorError('FETCH_ERROR', `image ${shown}: ${error.message}`, { url: shown });
    }
    throw toPictorError(error, 'FETCH_ERROR', `image ${shown}: the image could not be checked`);
  }
  // Pictor (svg-picture-rasters): an SVG with raster pictures goes to satori as its canonical text (utf8), which
  // satori nests in the page's SVG; every other image as base64.
  const uri = image.nestable
    ? `data:image/svg+xml;utf8,${encodeURIComponent(image.nestable).replace(/['()]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`
    : `data:${image.mime};base64,${image.data.toString('base64')}`;
  const checked: Checked = {
    uri,
    pixels: image.pixels,
    ...(image.notDrawn ? { notDrawn: image.notDrawn } : {}),
  };
  checkedByBuffer.set(data, checked);
  if (isDataUri) checkedDataUris.set(target, checked, { size: 2 * (target.length + uri.length) });
  return usedImage(checked, shown, ctx);
}

/** A checked image's data: URI, with a warning (once per render) naming what of it is not drawn. */
function usedImage(checked: Checked, shown: string, ctx: InlineImagesContext): string {
  if (checked.notDrawn) {
    const warning = `image ${shown}: its ${checked.notDrawn.join(', ')} (HTML inside SVG) is not drawn; the rest of the image is`;
    if (!ctx.warnings.includes(warning)) ctx.warnings.push(warning);
  }
  return checked.uri;
}

function shorten(url: string): string {
  return url.length > 120 ? `${url.slice(0, 120)}…` : url;
}
