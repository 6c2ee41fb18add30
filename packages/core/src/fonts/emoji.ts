/**
 * Colour emoji from Twemoji (CC-BY 4.0), handed to satori as data: URIs of the SVG images. The images ship as one
 * file, dist/assets/twemoji.json (file name → SVG text), read on the first emoji.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assetDir } from '../assets.js';

let images: Map<string, string> | undefined;
const uriCache = new Map<string, string | null>();

function emojiImages(): Map<string, string> {
  images ??= new Map(
    Object.entries(
      JSON.parse(readFileSync(join(assetDir(), 'twemoji.json'), 'utf8')) as Record<string, string>,
    ),
  );
  return images;
}

/**
 * Twemoji file names tried for a grapheme, best first: the code points in lowercase hex joined by `-`.
 * Twemoji keeps U+FE0F inside ZWJ sequences only for some files, so try the sequence as written, then
 * without any U+FE0F (how twemoji names every non-ZWJ emoji and many ZWJ ones).
 */
export function emojiFileCandidates(segment: string): string[] {
  const points = [...segment].map((char) => (char.codePointAt(0) ?? 0).toString(16));
  const full = points.join('-');
  const stripped = points.filter((point) => point !== 'fe0f').join('-');
  return full === stripped ? [`${full}.svg`] : [`${full}.svg`, `${stripped}.svg`];
}

/** The data: URI of the twemoji SVG for one grapheme, or undefined when twemoji has no image for it. Cached. */
export function loadEmoji(segment: string): string | undefined {
  const cached = uriCache.get(segment);
  if (cached !== undefined) return cached ?? undefined;
  const files = emojiImages();
  const file = emojiFileCandidates(segment).find((name) => files.has(name));
  const uri = file
    ? `data:image/svg+xml;base64,${Buffer.from(files.get(file) as string).toString('base64')}`
    : null;
  if (uriCache.size < 4096) uriCache.set(segment, uri);
  return uri ?? undefined;
}
