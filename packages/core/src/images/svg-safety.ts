/**
 * SVG images are rendered by resvg inside the card: refuse what could make that dangerous: DOCTYPE and
 * entities (billion laughs), references outside the image (files, URLs), an attribute given twice, and `<use>`
 * chains that expand to millions of elements (or loop). Also reads the image's declared size and lists the pictures
 * embedded in it (for the pixel limit).
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { findCssUrls, isFragmentUrl } from './css-urls.js';
import { pictorSvgImageLength } from '@pictor/satori';

/** Most elements an SVG image may expand to once every `<use>` is instantiated. */
export const MAX_SVG_ELEMENTS = 20_000;
/** Deepest element nesting accepted in an SVG image (the checks and resvg recurse per level). */
export const MAX_SVG_DEPTH = 256;

/**
 * A reason an SVG image was refused. `broken`: it is no SVG image at all (not well-formed XML, no `<svg>` root), which
 * a browser draws as nothing, rather than one refused for safety.
 */
export class UnsafeSvgError extends Error {
  constructor(
    message: string,
    readonly broken = false,
  ) {
    super(message);
  }
}

/** Namespaces whose attributes resvg reads as SVG attributes (by local name): none, SVG, XLink and XML. */
const READ_NAMESPACES = new Set([
  '',
  'http://www.w3.org/2000/svg',
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/XML/1998/namespace',
]);

/** An attribute as written: every one is kept, also when another has the same name. */
interface SvgAttribute {
  /** Local name, lower-case (`href` for `xlink:href` and `HREF`). */
  name: string;
  /** Read by resvg as an SVG attribute (no namespace, or SVG, XLink or XML). */
  read: boolean;
  value: string;
}

interface SvgNode {
  name: string;
  attributes: SvgAttribute[];
  children: SvgNode[];
}

/** The value of an attribute resvg reads, by lower-case local name (at most one: repeats are refused). */
function attributeOf(node: SvgNode, name: string): string | undefined {
  return node.attributes.find((attribute) => attribute.read && attribute.name === name)?.value;
}

/**
 * The attributes of a tag, each checked to be the only one of its name among those resvg reads: `href` and
 * `xlink:href`, or `href` and `HREF`, on one element are refused, so no reading (resvg's, the check's) can take
 * another one than the other.
 */
function attributesOf(tag: SaxesTagNS): SvgAttribute[] {
  const attributes: SvgAttribute[] = [];
  const seen = new Map<string, string>();
  for (const attribute of Object.values(tag.attributes)) {
    // Namespace declarations are not attributes of the image.
    if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
    const name = attribute.local.toLowerCase();
    const read = READ_NAMESPACES.has(attribute.uri);
    if (read) {
      const earlier = seen.get(name);
      if (earlier !== undefined) {
        throw new UnsafeSvgError(
          `the SVG image gives <${tag.name}> the attribute ${name} twice (${earlier} and ${attribute.name}); keep one`,
        );
      }
      seen.set(name, attribute.name);
    }
    attributes.push({ name, read, value: attribute.value });
  }
  return attributes;
}

/**
 * Parse the image as strict XML (saxes, the same well-formedness rules as resvg's own parser: closing tags must
 * match, only the five predefined entities, CDATA is text) into elements and every one of their attributes, known by
 * local name, so a prefix bound to any namespace cannot hide an `href` or a `<use>`. The text of `<style>` elements
 * (CDATA included) is collected into `styles`. Anything else resvg might read differently is refused: a DOCTYPE (and
 * with it every entity definition), an attribute given twice, and any XML error.
 */
function parseSvg(text: string, styles: string[]): SvgNode {
  const root: SvgNode = { name: '#document', attributes: [], children: [] };
  const stack = [root];
  let elements = 0;
  let styleDepth = 0;
  const parser = new SaxesParser({ xmlns: true, position: false });
  parser.on('doctype', () => {
    throw new UnsafeSvgError('SVG images with a DOCTYPE or entities are not allowed');
  });
  parser.on('opentag', (tag) => {
    if (++elements > MAX_SVG_ELEMENTS) {
      throw new UnsafeSvgError(`the SVG image has more than ${MAX_SVG_ELEMENTS} elements`);
    }
    const node: SvgNode = { name: tag.local.toLowerCase(), attributes: attributesOf(tag), children: [] };
    (stack[stack.length - 1] as SvgNode).children.push(node);
    stack.push(node);
    if (node.name === 'style') styleDepth++;
    if (stack.length > MAX_SVG_DEPTH + 1) {
      throw new UnsafeSvgError(`the SVG image nests elements deeper than ${MAX_SVG_DEPTH} levels`);
    }
  });
  parser.on('closetag', () => {
    const node = stack.pop();
    if (node?.name === 'style') styleDepth--;
  });
  const collect = (chunk: string) => {
    if (styleDepth > 0) styles.push(chunk);
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof UnsafeSvgError) throw error;
    throw new UnsafeSvgError(
      `the SVG image is not well-formed XML (${firstLine((error as Error).message)})`,
      true,
    );
  }
  return root;
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

/** A reference an SVG image may hold: inside itself, or an embedded raster image. */
function isInternalReference(url: string): boolean {
  return isFragmentUrl(url) || /^data:image\/(png|jpeg|gif|webp)[;,]/i.test(url.trim());
}

/** Declared size of an SVG image, if it states one (width/height in px or unitless, else the viewBox). */
export interface SvgSize {
  width?: number;
  height?: number;
}

/** What the check of an SVG image tells: its declared size and the pictures embedded in it. */
export interface SvgCheck extends SvgSize {
  /** The distinct `data:` URIs of raster pictures the image references (attributes and CSS), to be checked too. */
  pictures: string[];
  /**
   * Elements the image holds that are not drawn (`<foreignObject>`: HTML inside SVG, which resvg does not lay out),
   * each named once: the caller warns; the rest of the image is drawn.
   */
  notDrawn: string[];
}

/**
 * A DOCTYPE that only names the SVG DTD (`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "…svg11.dtd">`, as
 * drawing programs write it) at the start of the image, with no internal subset: it defines no entity and nothing
 * reads the DTD it names.
 */
const EXTERNAL_DOCTYPE =
  /^(\ufeff?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*)<!DOCTYPE\s+svg\b[^[\]<>]*>/i;

/**
 * The image without a DOCTYPE that only names the SVG DTD (the image is unchanged otherwise): Chromium draws such an
 * image, and once it is gone the check refuses any DOCTYPE left (one with entities).
 */
export function withoutExternalDoctype(text: string): string {
  return text.replace(EXTERNAL_DOCTYPE, '$1');
}

/**
 * Check an SVG image and return its declared size and embedded pictures. Every attribute is examined, under any
 * prefix.
 * @throws UnsafeSvgError when it has a DOCTYPE/entities, an external reference, an attribute given twice, or
 *   expands past MAX_SVG_ELEMENTS.
 */
export function checkSvg(text: string): SvgCheck {
  const styles: string[] = [];
  const document = parseSvg(text, styles);
  const svg = document.children.find((node) => node.name === 'svg');
  if (!svg) throw new UnsafeSvgError('the SVG image has no <svg> root element', true);
  const ids = new Map<string, SvgNode>();
  const pictures = new Set<string>();
  const notDrawn = new Set<string>();
  const reference = (url: string) => {
    if (!isInternalReference(url)) {
      throw new UnsafeSvgError(
        `the SVG image references "${shorten(url)}" (only #fragments and data: images allowed)`,
      );
    }
    if (!isFragmentUrl(url)) pictures.add(url.trim());
  };
  const visit = (node: SvgNode) => {
    for (const { name, read, value } of node.attributes) {
      if (name === 'id' && read) ids.set(value, node);
      if ((name === 'href' || name === 'src') && value.trim()) reference(value);
      if (/url\(|@import/i.test(value)) checkCssText(value, reference);
    }
    if (node.name === 'script') throw new UnsafeSvgError('SVG images may not contain <script>');
    // Pictor (svg-foreign-object): HTML inside an SVG image is not drawn (resvg skips it) and fetches nothing (its
    // references are checked like the rest); Chromium draws it. A warning says so instead of failing the render.
    if (node.name === 'foreignobject') notDrawn.add('<foreignObject>');
    node.children.forEach(visit);
  };
  visit(svg);
  for (const style of styles) checkCssText(style, reference);
  checkUseExpansion(svg, ids);
  return { ...declaredSize(svg), pictures: [...pictures], notDrawn: [...notDrawn] };
}

function checkCssText(css: string, reference: (url: string) => void): void {
  if (/@import/i.test(css)) throw new UnsafeSvgError('SVG images may not @import style sheets');
  for (const url of findCssUrls(css)) reference(url);
}

/** Count elements with every `<use>` instantiated (memoised); a `<use>` loop or a runaway count is refused. */
function checkUseExpansion(root: SvgNode, ids: Map<string, SvgNode>): void {
  const sizes = new Map<SvgNode, number>();
  const active = new Set<SvgNode>();
  const size = (node: SvgNode): number => {
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (active.has(node)) throw new UnsafeSvgError('the SVG image has a <use> that references itself');
    active.add(node);
    let total = 1;
    for (const child of node.children) total += size(child);
    if (node.name === 'use') {
      const href = attributeOf(node, 'href') ?? '';
      const target = href.startsWith('#') ? ids.get(href.slice(1)) : undefined;
      if (target) total += size(target);
    }
    active.delete(node);
    if (total > MAX_SVG_ELEMENTS) {
      throw new UnsafeSvgError(
        `the SVG image expands to more than ${MAX_SVG_ELEMENTS} elements through <use>`,
      );
    }
    sizes.set(node, total);
    return total;
  };
  size(root);
}

function declaredSize(svg: SvgNode): SvgSize {
  // The size satori gives the image (its units: absolute ones, and em/rem/ex of the image's own 16 px font).
  let width = pictorSvgImageLength(attributeOf(svg, 'width'));
  let height = pictorSvgImageLength(attributeOf(svg, 'height'));
  const viewBox = attributeOf(svg, 'viewbox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox?.length === 4 && viewBox.every(Number.isFinite)) {
    const [, , vw, vh] = viewBox as [number, number, number, number];
    if (width === undefined && height === undefined) [width, height] = [vw, vh];
    else if (width === undefined && height !== undefined && vh > 0) width = (height * vw) / vh;
    else if (height === undefined && width !== undefined && vw > 0) height = (width * vh) / vw;
  }
  return { width, height };
}

function shorten(value: string): string {
  return value.length > 80 ? `${value.slice(0, 80)}…` : value;
}
