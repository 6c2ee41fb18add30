/**
 * A paragraph that keeps satori busy for seconds, for the tests of time and memory limits: 40,000 repeats (~1.36
 * million characters, under the 2 MiB markup limit) take about 4 s of layout here and more than a 64 MB worker heap
 * holds. It is over the default text limit (500,000 characters): a test that renders it raises
 * `limits.maxTextLength` to `SLOW_TEXT_LIMIT`. Each word ends in a combining accent, so the text goes through
 * Intl.Segmenter rather than the plain-text fast paths.
 * @param {number} [repeats]
 */
export function slowTextHtml(repeats = 40_000) {
  return `<div style="font-size:12px">${'busy words for the layout engine\u0301 '.repeat(repeats)}</div>`;
}

/** A `limits.maxTextLength` that lets slowTextHtml() through. */
export const SLOW_TEXT_LIMIT = 2_000_000;
