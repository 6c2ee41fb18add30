/** Image inlining: every <img src> and CSS url() in the tree becomes a checked data: URI before satori sees it. */
import path from 'node:path';
import { PictorError, toPictorError } from '../errors.js';
import type { ResourceFetcher } from '../fetch/types.js';
import { STYLESHEET_HREF_ATTR } from '../html/convert.js';
import type { SatoriChild, SatoriElement } from '../html/types.js';
import type { RenderLimits } from '../types.js';
import { isImageProperty, kebabProperty, mapDeclarations } from './css-declarations.js';
import {
  cssString,
  findCssUrls,
  replaceCssUrls,
  replaceCssUrlTokens,
  stripUnusedAtRules,
} from './css-urls.js';
import { type CheckedImage, checkImage, ImageCheckError } from './image-check.js';
import { LocalFileError, readLocalFile } from './local-files.js';

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
}

/** Most distinct images of one render, and most fetched over the network. */
export const MAX_IMAGES_PER_RENDER = 256;
export const MAX_REMOTE_IMAGES_PER_RENDER = 32;
const FETCH_CONCURRENCY = 6;
/** `limits.maxImagePixels` when the caller gives none (DECISIONS.md). */
const DEFAULT_MAX_IMAGE_PIXELS = 25_000_000;

/** Checked data: URIs by the fetched Buffer (the fetcher's cache returns the same Buffer for a cached URL). */
const checkedByBuffer = new WeakMap<Buffer, { uri: string; pixels: number }>();

/**
 * Replace every image URL in the tree (`<img src>`, SVG `<image>`/`<feImage>` href, `url()` in the background
 * and mask properties of inline styles and `<style>` text) with a data: URI of checked bytes, so satori never
 * fetches anything itself. `url()` in other properties becomes `none` (with a warning); `@font-face` and
 * `@import` rules are dropped from `<style>` text (satori applies neither). Returns a new tree.
 * @throws PictorError `FETCH_ERROR` naming the URL when an image can't be fetched, isn't a supported image,
 *   is unsafe (SVG) or declares more than `limits.maxImagePixels` pixels.
 */
export async function inlineImages(root: SatoriElement, ctx: InlineImagesContext): Promise<SatoriElement> {
  const urls = new Set<string>();
  collect(root, urls, ctx);
  if (urls.size > MAX_IMAGES_PER_RENDER) {
    throw new PictorError(
      'FETCH_ERROR',
      `the document references ${urls.size} distinct images; at most ${MAX_IMAGES_PER_RENDER} are allowed`,
      { rule: 'maxImages' },
    );
  }
  const resolved = new Map<string, string>();
  for (const url of urls) resolved.set(url, resolveUrl(url, ctx));
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
  return rewrite(root, (url) => inlined.get(url) ?? url, ctx) as SatoriElement;
}

/** Attribute names that hold an image URL, per element type. */
function imageAttributes(type: string): readonly string[] {
  if (type === 'img') return ['src'];
  // SVG <image> (satori fetches it) and <feImage> (resvg would read a local file path).
  if (type === 'image' || type === 'feImage' || type === 'feimage')
    return ['href', 'xlinkHref', 'xlink:href'];
  return [];
}

/** Children with nested arrays flattened (satori flattens them the same way). */
function childrenOf(element: SatoriElement): SatoriChild[] {
  const { children } = element.props;
  return Array.isArray(children)
    ? ((children as unknown[]).flat(Number.POSITIVE_INFINITY) as SatoriChild[])
    : children === undefined
      ? []
      : [children];
}

function isElement(node: unknown): node is SatoriElement {
  return typeof node === 'object' && node !== null && 'type' in node && 'props' in node;
}

/** The image URLs of one style value: only properties satori draws images from (and custom properties). */
function styleValueUrls(property: string, value: string): string[] {
  return isImageProperty(property) ? findCssUrls(value) : [];
}

/**
 * Rewrite one style value: image URLs become their data: URIs; `url()` in any other property (cursor,
 * list-style-image, border-image...: nothing satori draws) becomes `none`, with a warning, so no URL is left.
 */
function rewriteStyleValue(
  property: string,
  value: string,
  replace: (url: string) => string,
  warnings: string[],
) {
  if (isImageProperty(property)) return replaceCssUrls(value, replace);
  return replaceCssUrlTokens(value, (url) => {
    const warning = `url(${shorten(url)}) in "${property}" was not loaded (images are drawn from background and mask only)`;
    if (!warnings.includes(warning)) warnings.push(warning);
    return 'none';
  });
}

/** A `<style>` element's text, or a style attribute kept as a string: declarations walked, at-rules dropped. */
function sheetUrls(css: string, urls: Set<string>): void {
  mapDeclarations(stripUnusedAtRules(css), (property, value) => {
    for (const url of styleValueUrls(property, value)) urls.add(url);
    return value;
  });
}

function collect(node: SatoriChild | SatoriChild[], urls: Set<string>, ctx: InlineImagesContext): void {
  if (Array.isArray(node)) {
    for (const child of node) collect(child, urls, ctx);
    return;
  }
  if (!isElement(node)) return;
  const { type, props } = node;
  for (const name of imageAttributes(type)) {
    const value = props[name];
    if (typeof value === 'string' && value.trim() && !value.trim().startsWith('#')) urls.add(value.trim());
  }
  const style = props.style as unknown;
  if (typeof style === 'string') sheetUrls(style, urls);
  else if (style && typeof style === 'object') {
    for (const [key, value] of Object.entries(style)) {
      if (typeof value === 'string')
        for (const url of styleValueUrls(kebabProperty(key), value)) urls.add(url);
    }
  }
  if (type === 'style') {
    for (const child of childrenOf(node))
      if (typeof child === 'string') sheetUrls(relativeTo(node, child, ctx), urls);
    return;
  }
  for (const child of childrenOf(node)) collect(child, urls, ctx);
}

/**
 * A `<style>` filled from `<link rel="stylesheet" href>` (it carries the href): its relative `url()`s are
 * relative to the sheet, not the document, so they are made absolute against the sheet's own location.
 */
function relativeTo(style: SatoriElement, css: string, ctx: InlineImagesContext): string {
  const href = style.props[STYLESHEET_HREF_ATTR];
  if (typeof href !== 'string' || !href.trim() || /^data:/i.test(href.trim())) return css;
  const isRelative = (url: string) => !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url);
  let sheetUrl: URL | undefined;
  try {
    sheetUrl = new URL(href.trim(), ctx.baseUrl);
  } catch {
    sheetUrl = undefined;
  }
  if (sheetUrl && (sheetUrl.protocol === 'http:' || sheetUrl.protocol === 'https:')) {
    const base = sheetUrl;
    return replaceCssUrlTokens(
      css,
      (url) => `url(${cssString(isRelative(url) ? new URL(url, base).href : url)})`,
    );
  }
  if (!sheetUrl && ctx.baseDir) {
    // Local sheet: paths stay relative to baseDir (readLocalFile confines them to it).
    const folder = path.posix.dirname(
      `/${href
        .trim()
        .replace(/[?#].*$/s, '')
        .replace(/^\/+/, '')}`,
    );
    return replaceCssUrlTokens(
      css,
      (url) =>
        `url(${cssString(isRelative(url) && !url.startsWith('/') ? path.posix.join(folder, url) : url)})`,
    );
  }
  return css;
}

function rewrite(
  node: SatoriChild | SatoriChild[],
  replace: (url: string) => string,
  ctx: InlineImagesContext,
): SatoriChild | SatoriChild[] {
  const { warnings } = ctx;
  // satori flattens nested child arrays, so they are walked too.
  if (Array.isArray(node)) return node.map((child) => rewrite(child, replace, ctx)) as SatoriChild[];
  if (!isElement(node)) return node;
  const props: SatoriElement['props'] = { ...node.props };
  for (const name of imageAttributes(node.type)) {
    const value = props[name];
    if (typeof value === 'string' && value.trim()) props[name] = replace(value.trim());
  }
  if (typeof props.tw === 'string' && /url\(/i.test(props.tw))
    props.tw = withoutUrlClasses(props.tw, warnings);
  const sheet = (css: string) =>
    mapDeclarations(stripUnusedAtRules(css), (property, value) =>
      rewriteStyleValue(property, value, replace, warnings),
    );
  const style = props.style as unknown;
  if (typeof style === 'string') props.style = sheet(style) as never;
  else if (style && typeof style === 'object') {
    props.style = Object.fromEntries(
      Object.entries(style).map(([key, value]) => [
        key,
        typeof value === 'string' ? rewriteStyleValue(kebabProperty(key), value, replace, warnings) : value,
      ]),
    );
  }
  if (node.type === 'style') {
    props.children = childrenOf(node).map((child) =>
      typeof child === 'string' ? sheet(relativeTo(node, child, ctx)) : child,
    );
  } else if (props.children !== undefined) {
    const rewriteChild = (child: SatoriChild) => rewrite(child, replace, ctx);
    props.children = (
      Array.isArray(props.children) ? props.children.map(rewriteChild) : rewriteChild(props.children)
    ) as SatoriElement['props']['children'];
  }
  return { ...node, props };
}

/**
 * Tailwind classes given to satori's `tw` (`bg-[url(...)]`): satori 0.63 draws no image from them, and a later
 * version must not fetch one either, so such classes are dropped with a warning.
 */
function withoutUrlClasses(tw: string, warnings: string[]): string {
  return tw
    .split(/\s+/)
    .filter((name) => {
      if (!/url\((?!\s*['"]?#)/i.test(name)) return true;
      const warning = `class "${shorten(name)}" was ignored (images in Tailwind classes are not loaded; use a style)`;
      if (!warnings.includes(warning)) warnings.push(warning);
      return false;
    })
    .join(' ');
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
  let data: Buffer;
  if (target.startsWith('local:')) {
    try {
      data = await readLocalFile(target.slice(6), ctx.baseDir!);
    } catch (error) {
      if (!(error instanceof LocalFileError)) throw error;
      throw new PictorError('FETCH_ERROR', `image ${shown}: ${error.message}`, { url: shown });
    }
  } else {
    data = (await ctx.fetcher.fetch(target, 'image')).data;
  }
  const limit = ctx.limits?.maxImagePixels;
  const maxPixels = typeof limit === 'number' && limit > 0 ? limit : DEFAULT_MAX_IMAGE_PIXELS;
  const known = checkedByBuffer.get(data);
  if (known && known.pixels <= maxPixels) return known.uri;
  let image: CheckedImage;
  try {
    image = await checkImage(data, maxPixels);
  } catch (error) {
    if (error instanceof ImageCheckError) {
      throw new PictorError('FETCH_ERROR', `image ${shown}: ${error.message}`, { url: shown });
    }
    throw toPictorError(error, 'FETCH_ERROR', `image ${shown}: the image could not be checked`);
  }
  const uri = `data:${image.mime};base64,${image.data.toString('base64')}`;
  checkedByBuffer.set(data, { uri, pixels: (image.width ?? 0) * (image.height ?? 0) });
  return uri;
}

function shorten(url: string): string {
  return url.length > 120 ? `${url.slice(0, 120)}…` : url;
}
