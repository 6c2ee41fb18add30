/** Colour emoji from @twemoji/svg, handed to satori as data: URIs of the SVG files. */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

let emojiDir: string | undefined;
let fileNames: Set<string> | undefined;
const uriCache = new Map<string, string | null>();

function listFiles(): Set<string> {
  if (!fileNames) {
    emojiDir = dirname(require.resolve('@twemoji/svg/package.json'));
    fileNames = new Set(readdirSync(emojiDir).filter((name) => name.endsWith('.svg')));
  }
  return fileNames;
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
  const files = listFiles();
  const file = emojiFileCandidates(segment).find((name) => files.has(name));
  const uri = file
    ? `data:image/svg+xml;base64,${readFileSync(join(emojiDir as string, file)).toString('base64')}`
    : null;
  if (uriCache.size < 4096) uriCache.set(segment, uri);
  return uri ?? undefined;
}
