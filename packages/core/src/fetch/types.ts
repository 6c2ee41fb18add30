/** The contract of the one guarded fetcher every remote image, font and stylesheet goes through. */

/** What a resource is fetched for; named in error messages (`image https://…: …`). */
export type ResourceKind = 'image' | 'font' | 'stylesheet';

/** A fetched response body with where it finally came from. */
export interface FetchedResource {
  /** The URL asked for (after WHATWG normalisation). */
  url: string;
  /** The URL the body came from, after redirects. */
  finalUrl: string;
  /** `Content-Type` of the response without parameters, lower-case; `''` when absent. */
  contentType: string;
  data: Buffer;
}

/** Fetches http(s) resources under the SSRF rules and limits of `FetchOptions`, with a bounded cache. */
export interface ResourceFetcher {
  /**
   * Fetch one resource.
   * @throws PictorError `FETCH_ERROR` whose message names the kind, the URL and the reason,
   *   e.g. `image https://x/y.png: address 10.0.0.5 is private and not allowed (add it to the fetch allow-list to permit it)`.
   */
  fetch(url: string, kind: ResourceKind): Promise<FetchedResource>;
}
