/** Input validation: strict types, no coercion; every message names the field and the rule. */
import { isAbsolute } from 'node:path';
import { PictorError } from './errors.js';
import { MAX_SCALE, MIN_SCALE, scaledPixels } from './raster/scale.js';
import type {
  DefaultFontFamily,
  FontSpec,
  ImageFormat,
  RenderInput,
  RenderLimits,
  TextPositioning,
} from './types.js';

import { DEFAULT_QUALITY, FORMATS, MIN_MAX_BYTES } from './formats.js';
import { DEFAULT_LIMITS, WALL_TIMEOUT_FACTOR } from './limits.js';

/** A render input after validation, with defaults applied. */
export interface ValidRenderInput {
  html: string;
  width: number | undefined;
  height: number | undefined;
  /** Device pixels per CSS pixel, 1–4 (default 1). */
  scale: number;
  format: ImageFormat;
  quality: number;
  /** Byte budget of the encoded image, when one was asked. */
  maxBytes: number | undefined;
  fonts: FontSpec[];
  baseUrl: string | undefined;
  /** As asked; undefined leaves it to the renderer. */
  textPositioning: TextPositioning | undefined;
  saveTo: string | undefined;
}

/** The values of `textPositioning`. */
export const TEXT_POSITIONINGS: readonly TextPositioning[] = ['auto', 'fractional', 'whole-pixel'];

/**
 * `textPositioning` checked (undefined stays undefined).
 * @throws PictorError INVALID_INPUT naming `field`
 */
export function checkTextPositioning(value: unknown, field = 'textPositioning'): TextPositioning | undefined {
  if (value === undefined) return undefined;
  if (!TEXT_POSITIONINGS.includes(value as TextPositioning)) {
    throw invalid(field, 'enum', `must be one of ${TEXT_POSITIONINGS.join(', ')}`);
  }
  return value as TextPositioning;
}

/** The values of `defaultFontFamily`. */
export const DEFAULT_FONT_FAMILIES: readonly DefaultFontFamily[] = ['serif', 'sans-serif', 'monospace'];

/**
 * `defaultFontFamily` checked (undefined stays undefined).
 * @throws PictorError INVALID_INPUT naming `field`
 */
export function checkDefaultFontFamily(
  value: unknown,
  field = 'defaultFontFamily',
): DefaultFontFamily | undefined {
  if (value === undefined) return undefined;
  if (!DEFAULT_FONT_FAMILIES.includes(value as DefaultFontFamily)) {
    throw invalid(field, 'enum', `must be one of ${DEFAULT_FONT_FAMILIES.join(', ')}`);
  }
  return value as DefaultFontFamily;
}

/** The fields of RenderInput: anything else is a typo the caller should hear about. */
export const RENDER_INPUT_FIELDS = [
  'html',
  'width',
  'height',
  'scale',
  'format',
  'quality',
  'maxBytes',
  'fonts',
  'baseUrl',
  'textPositioning',
  'saveTo',
] as const;

/**
 * Refuse fields `object` does not know, naming the first and the allowed ones (`widht: is not a known field
 * (allowed: html, width, …)`), as the HTTP API does: a typo would otherwise be ignored silently.
 * @throws PictorError INVALID_INPUT
 */
export function checkKnownFields(object: object, allowed: readonly string[], prefix = ''): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw invalid(`${prefix}${key}`, 'unknown', `is not a known field (allowed: ${allowed.join(', ')})`);
    }
  }
}

function invalid(field: string, rule: string, message: string): PictorError {
  return new PictorError('INVALID_INPUT', `${field}: ${message}`, { field, rule });
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** Merge partial limits over the defaults, checking each is a positive integer. @throws PictorError INVALID_INPUT */
export function resolveLimits(limits: Partial<RenderLimits> = {}): Required<RenderLimits> {
  const resolved: Required<RenderLimits> = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof Required<RenderLimits>)[]) {
    const value = limits[key];
    if (value === undefined) continue;
    if (!isInteger(value) || value < 1) throw invalid(`limits.${key}`, 'type', 'must be a positive integer');
    resolved[key] = value;
  }
  if (limits.wallTimeoutMs === undefined)
    resolved.wallTimeoutMs = Math.max(DEFAULT_LIMITS.wallTimeoutMs, WALL_TIMEOUT_FACTOR * resolved.timeoutMs);
  return resolved;
}

/** Check one optional dimension. */
function checkDimension(field: 'width' | 'height', value: unknown, limits: RenderLimits): number | undefined {
  if (value === undefined) return undefined;
  if (!isInteger(value) || value < 1 || value > limits.maxDimension) {
    throw invalid(field, 'range', `must be an integer from 1 to ${limits.maxDimension}`);
  }
  return value;
}

/** Check the optional device scale: a finite number from 1 to 4 (1.5 allowed), default 1. */
function checkScale(value: unknown): number {
  if (value === undefined) return 1;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < MIN_SCALE || value > MAX_SCALE) {
    throw invalid('scale', 'range', `must be a number from ${MIN_SCALE} to ${MAX_SCALE}`);
  }
  return value;
}

/**
 * Check the image's pixel size — each known CSS dimension times `scale`, as resvg rounds it — against the limits
 * (at scale 1 the dimensions themselves were checked already). Run on the requested size before rendering, and on
 * the laid-out size before raster.
 * @throws PictorError INVALID_INPUT naming scale, e.g. `width × scale: must be at most 4096 pixels, got 1200 × 4 = 4800`.
 */
export function checkScaledSize(
  width: number | undefined,
  height: number | undefined,
  scale: number,
  limits: RenderLimits,
): void {
  if (scale === 1) return;
  const tooLarge = (rule: string, message: string) =>
    new PictorError('INVALID_INPUT', message, { field: 'scale', rule });
  const pixelWidth = width === undefined ? undefined : scaledPixels(width, scale);
  const pixelHeight = height === undefined ? undefined : scaledPixels(height, scale);
  for (const [name, css, pixels] of [
    ['width', width, pixelWidth],
    ['height', height, pixelHeight],
  ] as const) {
    if (css !== undefined && pixels !== undefined && pixels > limits.maxDimension) {
      throw tooLarge(
        'maxDimension',
        `${name} × scale: must be at most ${limits.maxDimension} pixels, got ${css} × ${scale} = ${pixels}`,
      );
    }
  }
  if (pixelWidth !== undefined && pixelHeight !== undefined && pixelWidth * pixelHeight > limits.maxPixels) {
    throw tooLarge(
      'maxPixels',
      `(width × scale) × (height × scale): must be at most ${limits.maxPixels} pixels, got ${pixelWidth} × ${pixelHeight} = ${pixelWidth * pixelHeight}`,
    );
  }
}

/** Check the shape of custom font specs (loading and parsing happen later). */
export function checkFontSpecs(value: unknown, field = 'fonts'): FontSpec[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(field, 'type', 'must be an array of font objects');
  value.forEach((spec: unknown, index) => {
    const at = `${field}[${index}]`;
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
      throw invalid(at, 'type', 'must be an object');
    const font = spec as Record<string, unknown>;
    if (typeof font.family !== 'string' || font.family.trim() === '') {
      throw invalid(`${at}.family`, 'type', 'must be a non-empty string');
    }
    const hasUrl = font.url !== undefined;
    const hasData = font.data !== undefined;
    if (hasUrl === hasData) throw invalid(at, 'oneOf', 'must have exactly one of url and data');
    if (hasUrl && typeof font.url !== 'string') throw invalid(`${at}.url`, 'type', 'must be a string');
    if (hasData && typeof font.data !== 'string' && !(font.data instanceof Uint8Array)) {
      throw invalid(`${at}.data`, 'type', 'must be a base64 string or bytes');
    }
    if (font.weight !== undefined && (!isInteger(font.weight) || font.weight < 100 || font.weight > 900)) {
      throw invalid(`${at}.weight`, 'range', 'must be an integer from 100 to 900');
    }
    if (font.style !== undefined && font.style !== 'normal' && font.style !== 'italic') {
      throw invalid(`${at}.style`, 'enum', 'must be one of normal, italic');
    }
  });
  return value as FontSpec[];
}

/**
 * Validate a render input against the limits and apply defaults (format png, quality 80, scale 1).
 * @throws PictorError INVALID_INPUT, e.g. `width: must be an integer from 1 to 4096`.
 */
export function validateRenderInput(input: unknown, limits: RenderLimits): ValidRenderInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid('input', 'type', 'must be an object with an html string');
  }
  checkKnownFields(input, RENDER_INPUT_FIELDS);
  const value = input as Record<keyof RenderInput, unknown>;
  if (typeof value.html !== 'string') throw invalid('html', 'type', 'must be a string');
  if (value.html.length > limits.maxHtmlLength && markupLength(value.html) > limits.maxHtmlLength) {
    throw invalid(
      'html',
      'maxLength',
      `must be at most ${limits.maxHtmlLength} characters (inlined data: pictures and fonts not counted)`,
    );
  }
  const width = checkDimension('width', value.width, limits);
  const height = checkDimension('height', value.height, limits);
  if (width !== undefined && height !== undefined && width * height > limits.maxPixels) {
    throw invalid('width', 'maxPixels', `width × height must be at most ${limits.maxPixels} pixels`);
  }
  const scale = checkScale(value.scale);
  checkScaledSize(width, height, scale, limits);
  const format = value.format === undefined ? 'png' : value.format;
  if (!FORMATS.includes(format as ImageFormat))
    throw invalid('format', 'enum', `must be one of ${FORMATS.join(', ')}`);
  const quality = value.quality === undefined ? DEFAULT_QUALITY : value.quality;
  if (!isInteger(quality) || quality < 0 || quality > 100) {
    throw invalid('quality', 'range', 'must be an integer from 0 to 100');
  }
  const maxBytes = value.maxBytes;
  if (maxBytes !== undefined && (!isInteger(maxBytes) || maxBytes < MIN_MAX_BYTES)) {
    throw invalid('maxBytes', 'range', `must be an integer of at least ${MIN_MAX_BYTES}`);
  }
  if (value.baseUrl !== undefined && typeof value.baseUrl !== 'string') {
    throw invalid('baseUrl', 'type', 'must be a string');
  }
  const saveTo = value.saveTo;
  if (saveTo !== undefined && (typeof saveTo !== 'string' || !isAbsolute(saveTo) || saveTo.includes('\0'))) {
    throw invalid('saveTo', 'type', 'must be an absolute file path');
  }
  return {
    html: value.html,
    width,
    height,
    scale,
    format: format as ImageFormat,
    quality,
    maxBytes,
    fonts: checkFontSpecs(value.fonts),
    baseUrl: value.baseUrl as string | undefined,
    textPositioning: checkTextPositioning(value.textPositioning),
    saveTo,
  };
}

/** `url(data:…)` in CSS: a resource (a font, a picture) inlined, bounded by its own limits. */
const DATA_URL = /url\(\s*(["']?)data:[^"')]*\1\s*\)/gi;

/** An attribute whose value is a `data:` URL (`src="data:…"`, `href='data:…'`, unquoted): an inlined resource. */
const DATA_ATTRIBUTE = /=\s*(["']?)data:[^"'\s>]*\1/gi;

/** Characters in the matches of `pattern` in `text`, less `kept` per match: what an inlined resource does not count. */
function inlinedLength(text: string, pattern: RegExp, kept: number): number {
  let inlined = 0;
  for (const match of text.matchAll(pattern)) inlined += match[0].length - kept;
  return inlined;
}

/**
 * A sheet's characters as CSS: inlined `data:` resources count as their `url()` alone. Self-contained documents
 * (e-mail builders' and HTML-export output) inline their web fonts, and a few faces in base64 are megabytes that
 * cost no selector matching; the fonts' and pictures' own limits (`fetch.maxBytes` each) bound them.
 */
export function styleSheetLength(sheet: string): number {
  if (!sheet.includes('data:')) return sheet.length;
  return sheet.length - inlinedLength(sheet, DATA_URL, 'url()'.length);
}

/**
 * A document's characters as markup, what `maxHtmlLength` bounds: inlined `data:` resources — attribute values
 * (`<img src="data:…">`) and `url(data:…)` in style — count as nothing but their `=` or `url()`, as in
 * `styleSheetLength`. Each is bounded by `fetch.maxBytes`, and the whole request by the service's body limit.
 */
export function markupLength(html: string): number {
  if (!html.includes('data:')) return html.length;
  return html.length - inlinedLength(html, DATA_URL, 'url()'.length) - inlinedLength(html, DATA_ATTRIBUTE, 1);
}

/**
 * Bound what satori will lay out, before it runs: its time and memory grow with its text and its elements (10,000
 * empty ones take ~2 s), and the render's time limit is a guard, not an answer. Style sheets are not text: they
 * count against `maxStyleLength`.
 * @throws PictorError INVALID_INPUT `html: must contain at most N characters of text` / `… at most N elements` /
 * `… at most N characters of style sheets (<style>)…`.
 */
export function checkTreeSize(root: unknown, limits: RenderLimits): void {
  const maxText = limits.maxTextLength ?? DEFAULT_LIMITS.maxTextLength;
  const maxElements = limits.maxElements ?? DEFAULT_LIMITS.maxElements;
  const maxStyle = limits.maxStyleLength ?? DEFAULT_LIMITS.maxStyleLength;
  let text = 0;
  let style = 0;
  let elements = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') text += node.length;
    // One push per child: spreading an array of a few hundred thousand children overflows the call stack.
    else if (Array.isArray(node)) for (const child of node) stack.push(child);
    else if (typeof node === 'object' && node !== null) {
      elements++;
      const { type, props } = node as { type?: unknown; props?: { children?: unknown } };
      // A style sheet is CSS, not text to lay out: it has a limit of its own.
      if (type === 'style') {
        style += typeof props?.children === 'string' ? styleSheetLength(props.children) : 0;
        if (style > maxStyle) {
          throw invalid(
            'html',
            'maxStyleLength',
            `must contain at most ${maxStyle} characters of style sheets (<style>); trim unused CSS`,
          );
        }
        continue;
      }
      if (props?.children !== undefined) stack.push(props.children);
    }
    if (text > maxText)
      throw invalid('html', 'maxTextLength', `must contain at most ${maxText} characters of text`);
    if (elements > maxElements)
      throw invalid('html', 'maxElements', `must contain at most ${maxElements} elements`);
  }
}
