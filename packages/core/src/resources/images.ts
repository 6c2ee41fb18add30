/** Image inlining: every <img src> and CSS url() in the tree becomes a checked data: URI before satori sees it. */
import { PictorError } from '../errors.js';
import type { ResourceFetcher } from '../fetch/types.js';
import type { SatoriElement } from '../html/types.js';
import type { RenderLimits } from '../types.js';

/** What image inlining needs from the render. */
export interface InlineImagesContext {
  fetcher: ResourceFetcher;
  /** Relative URLs resolve against this http(s) URL. */
  baseUrl?: string;
  /** Without baseUrl, relative URLs are local files inside this folder (library use only). */
  baseDir?: string;
  limits: RenderLimits;
  /** Non-fatal notes are appended here. */
  warnings: string[];
}

/**
 * Replace every image URL in the tree (`<img src>`, `background`/`background-image` url(), url() in `<style>` text)
 * with a data: URI of checked bytes, so satori never fetches anything itself. Returns a new tree.
 * @throws PictorError `FETCH_ERROR` naming the URL when an image can't be fetched, isn't a supported image or is too large.
 */
export async function inlineImages(_root: SatoriElement, _ctx: InlineImagesContext): Promise<SatoriElement> {
  throw new PictorError('FETCH_ERROR', 'image inlining is not implemented yet');
}
