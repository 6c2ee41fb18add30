/** The output formats' facts shared by the engine and the service (no engine code: cheap to import). */
import type { ImageFormat, RenderTimings } from './types.js';

/** The output formats. */
export const FORMATS: readonly ImageFormat[] = Object.freeze(['png', 'jpeg', 'webp', 'avif']);

/** Quality of jpeg, webp and avif when none is given. */
export const DEFAULT_QUALITY = 80;

/** The smallest byte budget (`maxBytes`) accepted: below it no image of any size is worth encoding. */
export const MIN_MAX_BYTES = 1024;

/** MIME type of each output format. */
export const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = Object.freeze({
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
});

/** A file extension of an output format, as links, image URLs, storage keys and archives write it. */
export type ImageExtension = 'png' | 'jpg' | 'webp' | 'avif';

/** File extension of each format (`jpeg` → `jpg`): the one map every layer uses. */
export const EXTENSION_OF_FORMAT: Readonly<Record<ImageFormat, ImageExtension>> = Object.freeze({
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  avif: 'avif',
});

const FORMAT_OF_EXTENSION: ReadonlyMap<string, ImageFormat> = new Map(
  Object.entries(EXTENSION_OF_FORMAT).map(([format, ext]) => [ext, format as ImageFormat]),
);

/** The format an extension names (`jpg` → jpeg), or undefined for any other text (`jpeg` included). */
export function formatOfExtension(ext: string): ImageFormat | undefined {
  return FORMAT_OF_EXTENSION.get(ext);
}

/** The stages of a render in the order they run (`RenderTimings` has each, with `queue` before and `total`). */
export const RENDER_STAGES: readonly Exclude<keyof RenderTimings, 'queue' | 'total'>[] = Object.freeze([
  'parse',
  'fonts',
  'resources',
  'layout',
  'raster',
  'encode',
  'save',
]);

/** A duration in ms as timings report it: rounded to 0.01 ms. */
export function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}
