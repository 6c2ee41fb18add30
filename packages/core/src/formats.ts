/** The output formats' facts shared by the engine and the service (no engine code: cheap to import). */
import type { ImageFormat } from './types.js';

/** The output formats. */
export const FORMATS: readonly ImageFormat[] = Object.freeze(['png', 'jpeg', 'webp']);

/** Quality of jpeg and webp when none is given. */
export const DEFAULT_QUALITY = 80;

/** MIME type of each output format. */
export const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = Object.freeze({
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
});

/** A duration in ms as timings report it: rounded to 0.01 ms. */
export function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}
