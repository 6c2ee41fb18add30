/**
 * Where a satori tree refers to images, and rewriting those references: `<img src>`, SVG `<image>`/`<feImage>`
 * href, `url()` in the background and mask properties of inline styles and of `<style>` text.
 */
import path from 'node:path';
import { STYLESHEET_HREF_ATTR } from '../html/elements/convert.js';
import type { SatoriChild, SatoriElement } from '../html/types.js';
import { isImageProperty, kebabProperty, mapDeclarations } from './css-declarations.js';
import { sheetRewriteOnce, sheetUrlsOnce } from './sheet-url-cache.js';
import {
  cssString,
  findCssUrls,
  isFragmentUrl,
  replaceCssUrls,
  replaceCssUrlTokens,
  stripUnusedAtRules,
} from './css-urls.js';

/** What resolving a tree's image URLs needs from the render. */
export interface TreeUrlContext {
  /** A `<style>` filled from a linked sheet resolves its relative `url()`s against the sheet's URL on this base. */
  baseUrl?: string;
  /** Without baseUrl, a linked sheet's relative `url()`s stay paths inside this folder. */
  baseDir?: string;
  /** Notes about URLs that were dropped. */
  warnings: string[];
  /** Each distinct `<style>` sheet's URLs found once per thread (sheet-url-cache.ts; tunings `styleSheetCache`). Default true. */
  sheetCache?: boolean;
}

/** Every image URL the tree refers to (as written, unescaped; relative ones made relative to the document). */
export function collectImageUrls(root: SatoriElement, ctx: TreeUrlContext): Set<string> {
  const urls = new Set<string>();
  collect(root, urls, ctx);
  return urls;
}

/**
 * A new tree where every image URL found by `collectImageUrls` is replaced by `replace(url)`; `url()` in
 * properties satori draws no image from becomes `none` and Tailwind classes with `url()` are dropped (warnings).
 */
export function replaceImageUrls(
  root: SatoriElement,
  replace: (url: string) => string,
  ctx: TreeUrlContext,
): SatoriElement {
  return rewrite(root, replace, ctx) as SatoriElement;
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
 * An empty `url()` (`url()`, `url("")`: a template's `background-image: url({{picture}})` without a picture), which
 * CSS resolves to an invalid resource: no image is drawn for that layer, as `none`.
 */
const EMPTY_URL = /\burl\(\s*(?:""|'')?\s*\)/gi;

/**
 * Rewrite one style value: image URLs become their data: URIs, an empty `url()` becomes `none`; `url()` in any other property (cursor,
 * border-image...: nothing satori draws) becomes `none`, with a warning, so no URL is left.
 */
function rewriteStyleValue(
  property: string,
  value: string,
  replace: (url: string) => string,
  warnings: string[],
) {
  // Pictor (empty-url-no-image): satori throws on an image without a source.
  if (isImageProperty(property)) return replaceCssUrls(value.replace(EMPTY_URL, 'none'), replace);
  return replaceCssUrlTokens(value, (url) => {
    const warning = `url(${shorten(url)}) in "${property}" was not loaded (images are drawn from background, mask and list-style only)`;
    if (!warnings.includes(warning)) warnings.push(warning);
    return 'none';
  });
}

/** A `<style>` element's text, or a style attribute kept as a string: declarations walked, at-rules dropped. */
function sheetUrls(css: string, urls: Set<string>, cache = false): void {
  for (const url of sheetUrlsOnce(css, cache, scanSheetUrls)) urls.add(url);
}

function scanSheetUrls(css: string): string[] {
  const urls: string[] = [];
  mapDeclarations(stripUnusedAtRules(css), (property, value) => {
    urls.push(...styleValueUrls(property, value));
    return value;
  });
  return urls;
}

function collect(node: SatoriChild | SatoriChild[], urls: Set<string>, ctx: TreeUrlContext): void {
  if (Array.isArray(node)) {
    for (const child of node) collect(child, urls, ctx);
    return;
  }
  if (!isElement(node)) return;
  const { type, props } = node;
  for (const name of imageAttributes(type)) {
    const value = props[name];
    // A fragment in <feImage> names an element of the SVG (resvg draws it); in an SVG <image> it names no picture,
    // and inline-images.ts draws nothing for it (an <img src="#"> became an image without a source in convert.ts).
    if (typeof value === 'string' && value.trim() && (!isFragmentUrl(value) || type === 'image'))
      urls.add(value.trim());
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
      if (typeof child === 'string') sheetUrls(relativeTo(node, child, ctx), urls, ctx.sheetCache !== false);
    return;
  }
  for (const child of childrenOf(node)) collect(child, urls, ctx);
}

/**
 * A `<style>` filled from `<link rel="stylesheet" href>` (it carries the href): its relative `url()`s are
 * relative to the sheet, not the document, so they are made absolute against the sheet's own location.
 */
function relativeTo(style: SatoriElement, css: string, ctx: TreeUrlContext): string {
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
  ctx: TreeUrlContext,
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
  const sheet = (css: string, cache = false) =>
    sheetRewriteOnce(css, cache, replace, warnings, (text, replaceUrl, notes) =>
      mapDeclarations(stripUnusedAtRules(text), (property, value) =>
        rewriteStyleValue(property, value, replaceUrl, notes),
      ),
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
      typeof child === 'string' ? sheet(relativeTo(node, child, ctx), ctx.sheetCache !== false) : child,
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

function shorten(url: string): string {
  return url.length > 120 ? `${url.slice(0, 120)}…` : url;
}
