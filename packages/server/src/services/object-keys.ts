/**
 * Content-derived object keys: identical render requests map to the same key (`{sha256 hex}.{ext}`),
 * so a request whose object still exists can be answered without rendering again.
 */
import { createHash } from 'node:crypto';
import { EXTENSION_OF_FORMAT, type ImageExtension, type ImageFormat } from '@pictor/core';
import { splitImageKey } from '../storage/keys.js';

/** Bump when the rendering or the key's layout changes in a way that must not reuse older objects. */
const KEY_SCHEME = 'pictor-object-v2';

/** A SHA-256 digest in lowercase hex: the name part of an object key. */
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface ObjectKeyInput {
  /** The HTML as rendered: after the template was filled in. */
  content: string;
  /** null/undefined for an auto-sized dimension. */
  width?: number | null;
  height?: number | null;
  format: ImageFormat;
  /** null/undefined when not applicable (png) or the default. */
  quality?: number | null;
  /** Fingerprints of the request's custom fonts, in request order (see {@link fontFingerprint}). */
  fonts?: readonly string[];
  /** Anything else that changes the pixels (engine version, base URL…), as plain JSON values. */
  extra?: Readonly<Record<string, string | number | boolean | null>>;
}

/** Stable fingerprint of a custom font: family, weight, style and the SHA-256 of its bytes. */
export function fontFingerprint(family: string, weight: number, style: string, bytes: Uint8Array): string {
  const digest = createHash('sha256').update(bytes).digest('hex');
  return `${family}\u0000${weight}\u0000${style}\u0000${digest}`;
}

/**
 * Canonical JSON of everything but the HTML: fixed field order, sorted `extra` keys, explicit nulls. JSON escapes
 * control characters, so it never contains a raw NUL: the NUL after it unambiguously starts the HTML.
 */
function canonicalParameters(input: ObjectKeyInput): string {
  const extra = Object.entries(input.extra ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    KEY_SCHEME,
    input.width ?? null,
    input.height ?? null,
    input.format,
    input.format === 'png' ? null : (input.quality ?? null),
    [...(input.fonts ?? [])],
    extra,
  ]);
}

/**
 * The object key for a render: `{64 hex}.{png|jpg|webp|avif}`. Also a valid storage key and the
 * `{key}.{ext}` part of a file link. The HTML (often tens of KB with inline images) is hashed as it is, not
 * JSON-escaped first: about half the cost per request.
 *
 * @example deriveObjectKey({ content: '<div>Hi</div>', width: 300, height: 100, format: 'jpeg', quality: 80 }) // "9b1f….jpg"
 */
export function deriveObjectKey(input: ObjectKeyInput): string {
  const hash = createHash('sha256')
    .update(canonicalParameters(input), 'utf8')
    .update('\u0000', 'utf8')
    .update(input.content, 'utf8')
    .digest('hex');
  return `${hash}.${EXTENSION_OF_FORMAT[input.format]}`;
}

/** Split an object key (`{hash}.{ext}`) into its parts, or null when it is not one this service makes. */
export function parseObjectKey(
  key: string,
): { hash: string; ext: ImageExtension; format: ImageFormat } | null {
  const image = splitImageKey(key);
  if (!image || !SHA256_HEX.test(image.name)) return null;
  return { hash: image.name, ext: image.ext, format: image.format };
}
