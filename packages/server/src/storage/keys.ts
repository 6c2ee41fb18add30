/** Object key rules shared by every storage driver: no path separators, no traversal, a known shape. */

/** 4 to 200 characters of `[A-Za-z0-9_-]`, then optionally one `.ext` of 1 to 8 lowercase letters or digits. */
const OBJECT_KEY = /^[A-Za-z0-9_-]{4,200}(\.[a-z0-9]{1,8})?$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** True when `key` is acceptable to every driver. */
export function isValidStorageKey(key: string): boolean {
  return OBJECT_KEY.test(key);
}

/** @throws TypeError when the key is not acceptable (the message shows the rule). */
export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) {
    throw new TypeError(
      `storage key ${JSON.stringify(key).slice(0, 80)}: must be 4-200 characters of A-Z a-z 0-9 _ - and an optional .ext`,
    );
  }
}

/** The content type for a key's extension (`.png` → `image/png`), or `application/octet-stream`. */
export function contentTypeOfKey(key: string): string {
  const dot = key.lastIndexOf('.');
  return (dot >= 0 && CONTENT_TYPES[key.slice(dot + 1)]) || 'application/octet-stream';
}
