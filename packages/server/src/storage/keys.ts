/**
 * Object keys, the one grammar: what every storage driver accepts (no path separators, no traversal, a known shape)
 * and, within it, the keys the service makes (`{sha256 hex}.{png|jpg|webp|avif}`), with each extension's format and
 * MIME (the extension↔format map itself is core's, shared with image URLs and the CLI).
 */
import {
  CONTENT_TYPES,
  EXTENSION_OF_FORMAT,
  formatOfExtension,
  type ImageExtension,
  type ImageFormat,
} from '@pictor/core';

/** 4 to 200 characters of `[A-Za-z0-9_-]` (the name), then optionally one `.ext` of 1 to 8 lowercase letters or digits. */
const STORAGE_KEY = /^([A-Za-z0-9_-]{4,200})(?:\.([a-z0-9]{1,8}))?$/;

/** True when `key` is acceptable to every driver. */
export function isValidStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

/** @throws TypeError when the key is not acceptable (the message shows the rule). */
export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) {
    throw new TypeError(
      `storage key ${JSON.stringify(key).slice(0, 80)}: must be 4-200 characters of A-Z a-z 0-9 _ - and an optional .ext`,
    );
  }
}

/** The name and image format of a storage key whose extension is a format's (`jpg` → jpeg), or null. */
export function splitImageKey(
  key: string,
): { name: string; ext: ImageExtension; format: ImageFormat } | null {
  const match = STORAGE_KEY.exec(key);
  const format = match?.[2] === undefined ? undefined : formatOfExtension(match[2]);
  if (!match || format === undefined) return null;
  return { name: match[1] as string, ext: EXTENSION_OF_FORMAT[format], format };
}

/** The content type for a key's extension (`.png` → `image/png`), or `application/octet-stream`. */
export function contentTypeOfKey(key: string): string {
  const image = splitImageKey(key);
  return image ? CONTENT_TYPES[image.format] : 'application/octet-stream';
}
