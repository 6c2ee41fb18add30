/**
 * The format of an `.auto` image URL (docs/contract/decisions.md "Formats and byte budgets"): AVIF when the request's `Accept` names
 * `image/avif`, else WebP when it names `image/webp`, else the template's own format. Browsers that decode AVIF or
 * WebP say so in `Accept` on image requests; crawlers often send none and get the template's format.
 */
import type { ImageFormat } from '@pictor/core';

/** The formats `Accept` can ask for, best first. */
const NEGOTIATED: readonly { format: ImageFormat; type: string }[] = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
];

/** True when `accept` names `type` with a quality above 0 (`image/avif;q=0` refuses it). */
function names(accept: string, type: string): boolean {
  return accept.split(',').some((entry) => {
    const [range = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (range !== type) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The format to answer an `.auto` URL with. */
export function negotiateFormat(accept: string | undefined, templateFormat: ImageFormat): ImageFormat {
  if (accept === undefined) return templateFormat;
  return NEGOTIATED.find(({ type }) => names(accept, type))?.format ?? templateFormat;
}
