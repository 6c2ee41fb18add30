/**
 * Signed image URLs: `GET {baseUrl}/img/{urlKeyId}/{templateId}…` renders a published template once and is served
 * from storage afterwards. Built and signed here, in the caller's code, without calling the service.
 */
import { base64url } from './base64url.js';
import { signImageTarget } from './sign.js';

/** A variable's value: text is sent as is, numbers and booleans as their text, arrays as JSON. */
export type ImageVariable = string | number | boolean | readonly unknown[] | null | undefined;

/**
 * The output format; `jpeg` and `jpg` both give a `.jpg` URL. `auto` lets the server choose from the request's
 * `Accept`: AVIF or WebP for browsers that say they decode it, the template's format for the rest (crawlers).
 */
export type ImageUrlFormat = 'png' | 'jpeg' | 'jpg' | 'webp' | 'avif' | 'auto';

export interface ImageUrlOptions {
  /** Where the Pictor server is, e.g. `https://img.example.com` (a path of its own is kept; trailing `/` dropped). */
  baseUrl: string;
  /** The URL key id, `uk_…`. */
  keyId: string;
  /** The URL key's secret, `us_…`. Keep it on the server side. */
  secret: string;
  /** The template id. */
  template: string;
  /** Values of the template's variables by name; undefined and null are left out. */
  variables?: Readonly<Record<string, ImageVariable>>;
  /** Default `png`. */
  format?: ImageUrlFormat;
  /** CSS width (`_w`); default the template's. */
  width?: number;
  /** CSS height (`_h`); default the template's. */
  height?: number;
  /** Quality 0–100 for jpeg, webp and avif (`_q`). */
  quality?: number;
  /** Byte budget, at least 1,024 (`_bytes`): the highest quality (png: the most colours) whose file fits. */
  maxBytes?: number;
  /** Device pixels per CSS pixel, 1–4 (`_scale`): 2 gives a sharp image on high-density screens. */
  scale?: number;
  /** Pin a published revision (`_v`): the image never changes and may be cached for a year. */
  revision?: number;
  /** `path` (default): the parameters in the path, for caches that ignore query strings; `query`: a query string. */
  form?: 'path' | 'query';
}

const EXTENSIONS: Readonly<Record<ImageUrlFormat, string>> = {
  png: 'png',
  jpeg: 'jpg',
  jpg: 'jpg',
  webp: 'webp',
  avif: 'avif',
  auto: 'auto',
};
const encoder = new TextEncoder();

function positiveInteger(name: string, value: number): string {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name}: must be a positive integer, got ${value}`);
  return String(value);
}

/** The text of one variable value. */
function variableText(name: string, value: Exclude<ImageVariable, null | undefined>): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new TypeError(`variables.${name}: must be a finite number, got ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return JSON.stringify(value);
  throw new TypeError(`variables.${name}: must be a string, number, boolean or array, got ${typeof value}`);
}

/** The query string of the parameters (without `?` and without `sign`): sorted variables, then reserved ones. */
export function imageQuery(
  options: Omit<ImageUrlOptions, 'baseUrl' | 'keyId' | 'secret' | 'template'>,
): string {
  const pairs: string[] = [];
  const variables = options.variables ?? {};
  for (const name of Object.keys(variables).sort()) {
    if (name.startsWith('_')) {
      throw new TypeError(`variables.${name}: names starting with _ are reserved and cannot be set by URL`);
    }
    const value = variables[name];
    if (value === undefined || value === null) continue;
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(variableText(name, value))}`);
  }
  if (options.width !== undefined) pairs.push(`_w=${positiveInteger('width', options.width)}`);
  if (options.height !== undefined) pairs.push(`_h=${positiveInteger('height', options.height)}`);
  if (options.quality !== undefined) {
    const q = options.quality;
    if (!Number.isInteger(q) || q < 0 || q > 100)
      throw new RangeError(`quality: must be an integer from 0 to 100, got ${q}`);
    pairs.push(`_q=${q}`);
  }
  if (options.maxBytes !== undefined) {
    const b = options.maxBytes;
    if (!Number.isSafeInteger(b) || b < 1024)
      throw new RangeError(`maxBytes: must be an integer of at least 1024, got ${b}`);
    pairs.push(`_bytes=${b}`);
  }
  if (options.scale !== undefined) {
    const s = options.scale;
    if (!Number.isFinite(s) || s < 1 || s > 4)
      throw new RangeError(`scale: must be a number from 1 to 4, got ${s}`);
    pairs.push(`_scale=${s}`);
  }
  if (options.revision !== undefined) pairs.push(`_v=${positiveInteger('revision', options.revision)}`);
  return pairs.join('&');
}

/**
 * A signed image URL of a published template: rendered on its first request, then served from storage to every
 * later one (no render, no unit). Put it in `og:image`, `<img src>` or an e-mail.
 *
 * @example
 * const url = await imageUrl({
 *   baseUrl: 'https://img.example.com', keyId: 'uk_…', secret: process.env.PICTOR_URL_KEY_SECRET,
 *   template: 'blog-card', variables: { title: 'Hello' }, format: 'png',
 * });
 */
export async function imageUrl(options: ImageUrlOptions): Promise<string> {
  const format = options.format ?? 'png';
  const ext = EXTENSIONS[format];
  if (!ext) {
    throw new TypeError(
      `format: must be one of ${Object.keys(EXTENSIONS).join(', ')}, got ${String(format)}`,
    );
  }
  for (const name of ['baseUrl', 'keyId', 'secret', 'template'] as const) {
    if (typeof options[name] !== 'string' || options[name] === '')
      throw new TypeError(`${name}: is required`);
  }
  const base = options.baseUrl.replace(/\/+$/, '');
  const key = encodeURIComponent(options.keyId);
  const template = encodeURIComponent(options.template);
  const query = imageQuery(options);
  const target = `/img/${key}/${template}.${ext}${query === '' ? '' : `?${query}`}`;
  const signature = await signImageTarget(options.secret, target);
  if (options.form === 'query') return `${base}${target}${query === '' ? '?' : '&'}sign=${signature}`;
  const q = query === '' ? '-' : base64url(encoder.encode(query));
  return `${base}/img/${key}/${template}/${q}/${signature}.${ext}`;
}
