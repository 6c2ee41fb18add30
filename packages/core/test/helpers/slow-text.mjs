/**
 * A paragraph that keeps satori busy for seconds, for the tests of time and memory limits. Each word ends in a
 * combining accent: that sends the text through Intl.Segmenter, the slow part (plain text this long lays out in a
 * few hundred ms since the satori patch plain-text-graphemes). 580 repeats (~19,700 characters) are just under the
 * default text limit: 3–4 s of layout in a worker here, and more than a 64 MB worker heap holds.
 * @param {number} [repeats]
 */
export function slowTextHtml(repeats = 580) {
  return `<div style="font-size:12px">${'busy words for the layout engine\u0301 '.repeat(repeats)}</div>`;
}
